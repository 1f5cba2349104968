package build

import (
	"slices"

	"github.com/pathtable/pathtable/maps"
)

// runOrder is the order in which a run-length table lists the targets of
// each row. It keeps nodes that are close in the level close in the order,
// so that the first move from a source stays the same over long stretches
// of targets. Each connected piece found depth-first is a contiguous range
// of ranks; on a symmetric level (every edge has a reverse) those pieces
// are exactly its connected components, so a row need only cover its
// source's component, and the largest component comes last, where its
// rows need no closing run.
type runOrder struct {
	node []int32 // node at each rank
	rank []int32 // rank of each node
	// compEnd[r] is the rank just past the component of the node of rank
	// r, and compStart[r] its first rank, on symmetric levels; nil
	// otherwise.
	compStart, compEnd []int32
	// strip: a strip order (dfsOrderBy), whose steps cost more (stripCost).
	strip bool
}

// dfsFrame is a depth-first walk's node and the next of its out-edges to
// look at.
type dfsFrame struct{ u, e int32 }

// dfsVisit ranks, depth-first from root over the arcs heads (by offsets),
// every node not yet ranked that root reaches, root first, appending them
// to node; it returns node and stack, kept for the next walk's reuse.
// rank[root] must be -1. O(the nodes and arcs it reaches).
func dfsVisit(offsets, heads []int32, root int32, rank, node []int32, stack []dfsFrame) ([]int32, []dfsFrame) {
	return visitWithin(offsets, heads, nil, root, rank, node, stack)
}

// visitWithin is dfsVisit over the nodes whose part (by node) is root's,
// or over every node where part is nil.
func visitWithin(offsets, heads, part []int32, root int32, rank, node []int32, stack []dfsFrame) ([]int32, []dfsFrame) {
	rank[root] = int32(len(node))
	node = append(node, root)
	stack = append(stack[:0], dfsFrame{root, offsets[root]})
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.e == offsets[f.u+1] {
			stack = stack[:len(stack)-1]
			continue
		}
		v := heads[f.e]
		f.e++
		if rank[v] < 0 && (part == nil || part[v] == part[root]) {
			rank[v] = int32(len(node))
			node = append(node, v)
			stack = append(stack, dfsFrame{v, offsets[v]})
		}
	}
	return node, stack
}

// newRunOrder numbers g's nodes depth-first from node 0, then from each
// node not yet reached, in index order; out-edges are followed in slot
// order. On symmetric levels the largest component (the first of the
// largest) then moves to the end. O(V + E).
func newRunOrder(g *maps.Graph) *runOrder {
	n := g.Nodes()
	o := &runOrder{node: make([]int32, 0, n), rank: make([]int32, n)}
	for i := range o.rank {
		o.rank[i] = -1
	}
	var stack []dfsFrame
	var starts []int32 // the first rank of each depth-first tree
	for root := int32(0); int(root) < n; root++ {
		if o.rank[root] >= 0 {
			continue
		}
		starts = append(starts, int32(len(o.node)))
		o.node, stack = dfsVisit(g.Offsets, g.Targets, root, o.rank, o.node, stack)
	}
	if !isSymmetric(g) {
		return o
	}
	starts = append(starts, int32(n))
	big := 0
	for c := range len(starts) - 1 {
		if starts[c+1]-starts[c] > starts[big+1]-starts[big] {
			big = c
		}
	}
	if len(starts) > 2 {
		lo, hi := starts[big], starts[big+1]
		o.node = slices.Concat(o.node[:lo], o.node[hi:], o.node[lo:hi])
		for c := big + 1; c < len(starts); c++ {
			starts[c] -= hi - lo
		}
		starts = append(slices.Delete(starts, big+1, big+2), int32(n))
		for r, u := range o.node {
			o.rank[u] = int32(r)
		}
	}
	o.compStart, o.compEnd = make([]int32, n), make([]int32, n)
	for c := range len(starts) - 1 {
		for r := starts[c]; r < starts[c+1]; r++ {
			o.compStart[r], o.compEnd[r] = starts[c], starts[c+1]
		}
	}
	return o
}

// hilbertOrder returns o with each component's nodes (or all of them on a
// level without components) sorted along a Hilbert curve over the grid's
// cells: on open levels, where depth-first paths snake through rooms, it
// keeps targets in compact blocks. nil for levels that are not grids.
// O(V log V).
func hilbertOrder(g *maps.Graph, o *runOrder) *runOrder {
	return hilbertOrderOf(g, o, false, false)
}

// transposedHilbertOrder is hilbertOrder along the curve with x and y
// swapped: the same curve, entered along the other axis, which cuts the
// level's rooms in other places (on random-32-32-10 it takes 1.3% fewer
// runs, on arena 0.6% more): one more candidate for the sample. O(V log V).
func transposedHilbertOrder(g *maps.Graph, o *runOrder) *runOrder {
	return hilbertOrderOf(g, o, true, false)
}

// flippedHilbertOrder is transposedHilbertOrder on the level mirrored left
// to right: the curve from another corner, whose quadrants split the level
// along other lines than the two above (the other two of the curve's
// mirror images number the level as these do, backwards). O(V log V).
func flippedHilbertOrder(g *maps.Graph, o *runOrder) *runOrder {
	return hilbertOrderOf(g, o, true, true)
}

// hilbertOrderOf is hilbertOrder, with x and y swapped when transposed,
// the level mirrored left to right first when flipped.
func hilbertOrderOf(g *maps.Graph, o *runOrder, transposed, flipped bool) *runOrder {
	if g.Grid == nil {
		return nil
	}
	side := 1
	for side < max(g.Grid.Width, g.Grid.Height) {
		side *= 2
	}
	key := make([]int64, g.Nodes())
	for u := range key {
		x, y := g.Grid.XY(int32(u))
		if flipped {
			x = side - 1 - x
		}
		if transposed {
			x, y = y, x
		}
		key[u] = hilbertIndex(side, x, y)
	}
	h := &runOrder{node: slices.Clone(o.node), rank: make([]int32, len(o.rank)), compStart: o.compStart, compEnd: o.compEnd}
	for lo := 0; lo < len(h.node); {
		hi := len(h.node)
		if h.compEnd != nil {
			hi = int(h.compEnd[lo])
		}
		slices.SortFunc(h.node[lo:hi], func(a, b int32) int { return int(key[a] - key[b]) })
		lo = hi
	}
	for r, u := range h.node {
		h.rank[u] = int32(r)
	}
	return h
}

// hilbertIndex returns the position of cell (x, y) along the Hilbert curve
// that fills a side×side square, side a power of two. O(log side).
func hilbertIndex(side, x, y int) int64 {
	var d int64
	for s := side / 2; s > 0; s /= 2 {
		rx, ry := 0, 0
		if x&s != 0 {
			rx = 1
		}
		if y&s != 0 {
			ry = 1
		}
		d += int64(s) * int64(s) * int64((3*rx)^ry)
		if ry == 0 { // rotate the quadrant so the curve joins up
			if rx == 1 {
				x, y = s-1-x, s-1-y
			}
			x, y = y, x
		}
	}
	return d
}

// isSymmetric reports whether every edge u→v of g has an edge v→u, so that
// reachability is a matter of connected components. O(E·d) for degree d.
func isSymmetric(g *maps.Graph) bool {
	for u := int32(0); int(u) < g.Nodes(); u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if _, ok := g.EdgeCost(g.Targets[e], u); !ok {
				return false
			}
		}
	}
	return true
}
