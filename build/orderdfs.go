package build

import (
	"slices"

	"github.com/pathtable/pathtable/maps"
)

// gridStep is a move on a grid, as the offset of its head from its tail.
type gridStep struct{ dx, dy int }

// columnSteps and rowSteps are the move orders of the two strip orders
// (dfsOrderBy): straight moves first, along the strips (a column, a row)
// then across, then the diagonals. columnSteps is the order in which the
// H-symbol CPD's depth-first order takes a cell's moves.
var (
	columnSteps = []gridStep{{0, -1}, {0, 1}, {1, 0}, {-1, 0}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}}
	rowSteps    = []gridStep{{-1, 0}, {1, 0}, {0, 1}, {0, -1}, {-1, 1}, {-1, -1}, {1, 1}, {1, -1}}
)

// stripOrders returns the two strip orders of g (dfsOrderBy with
// columnSteps and rowSteps), or none on a level that is not a grid.
// O(V + E).
func stripOrders(g *maps.Graph, o *runOrder) []*runOrder {
	if g.Grid == nil {
		return nil
	}
	return []*runOrder{dfsOrderBy(g, o, columnSteps), dfsOrderBy(g, o, rowSteps)}
}

// dfsOrderBy returns o with each component's nodes (or all of them on a
// level without components) renumbered depth-first from the component's
// first node, a node's moves taken in the order of steps (moves not in
// steps last, in slot order). With the straight moves first, a walk runs
// along a column (or row) to its end, then steps across and runs back,
// so that the order sweeps open ground in strips, where taking moves
// clockwise sends it off diagonally. nil for levels that are not grids.
// O(V + E).
func dfsOrderBy(g *maps.Graph, o *runOrder, steps []gridStep) *runOrder {
	if g.Grid == nil {
		return nil
	}
	n := g.Nodes()
	adj := stepAdj(g, steps)
	d := &runOrder{node: make([]int32, 0, n), rank: make([]int32, n), compStart: o.compStart, compEnd: o.compEnd, strip: true}
	for i := range d.rank {
		d.rank[i] = -1
	}
	var stack []dfsFrame
	// Roots in o's order: each component's first node, and on levels
	// without components every node not reached yet, as newRunOrder takes
	// them.
	for _, root := range o.node {
		if d.rank[root] >= 0 {
			continue
		}
		d.node, stack = dfsVisit(g.Offsets, adj, root, d.rank, d.node, stack)
	}
	return d
}

// stepAdj returns the heads of g's arcs (by g.Offsets) with each node's
// out-neighbours in the order of steps, moves not in steps last, in slot
// order. g must be a grid. O(E·len(steps)).
func stepAdj(g *maps.Graph, steps []gridStep) []int32 {
	adj := make([]int32, g.Edges())
	for u := range int32(g.Nodes()) {
		lo, hi := g.Offsets[u], g.Offsets[u+1]
		ux, uy := g.Grid.XY(u)
		k := lo
		for _, s := range steps {
			for e := lo; e < hi; e++ {
				if vx, vy := g.Grid.XY(g.Targets[e]); vx-ux == s.dx && vy-uy == s.dy {
					adj[k] = g.Targets[e]
					k++
				}
			}
		}
		for e := lo; e < hi; e++ {
			vx, vy := g.Grid.XY(g.Targets[e])
			if !slices.Contains(steps, gridStep{vx - ux, vy - uy}) {
				adj[k] = g.Targets[e]
				k++
			}
		}
	}
	return adj
}
