package lookup

import (
	"math"
	"slices"

	"github.com/pathtable/pathtable/table"
)

// Search finds a shortest path from from to to by A* over the table's own
// graph, ignoring the stored moves: the exact answer for a pair the table
// does not answer for the level (see Answers: a windowed table's pairs
// outside the window, or with no path inside it), and for any pair of any
// table. It
// appends the path, both ends included, to buf and returns it with its cost
// (summed as the table stores distances: exactly on integer and octile
// levels), or buf unchanged and false when there is no path. Grids search
// with the octile distance scaled by the level's cheapest straight and
// diagonal moves, graphs with no heuristic (Dijkstra). It is a search, not
// a lookup: O((V' + E') log V') for the V' nodes it reaches, and O(V)
// scratch taken from the table's pool (allocated on first use). Safe for
// concurrent use.
func (lt *Table) Search(buf []int, from, to int) ([]int, float64, bool) {
	if !lt.valid(from) || !lt.valid(to) {
		return buf, table.Unreachable, false
	}
	est := lt.estimator(to)
	sc := lt.getScratch()
	defer lt.putScratch(sc)
	sc.begin()
	t := lt.t
	off, targets, weights := t.Offsets, t.Targets, t.Weights
	ns := sc.at(int32(from))
	ns.g, ns.parent, ns.flags = 0, -1, reached
	sc.heap.Push(int32(from), est(from))
	found := false
	for sc.heap.Len() > 0 {
		u, _ := sc.heap.Pop()
		nu := &sc.node[u]
		if nu.flags&closed != 0 {
			continue // queued again with a smaller g, and expanded with it
		}
		nu.flags |= closed
		if int(u) == to {
			found = true
			break
		}
		gu := nu.g
		for e := off[u]; e < off[u+1]; e++ {
			v := targets[e]
			gv := gu + weights[e]
			nv := sc.at(v)
			if nv.flags&reached != 0 && gv >= nv.g {
				continue
			}
			if nv.flags&hSet == 0 {
				nv.h, nv.flags = est(int(v)), nv.flags|hSet
			}
			// The estimate is a hair below a consistent bound, so a
			// closed node comes back only through rounding; it is
			// expanded again with its smaller g.
			nv.g, nv.parent, nv.flags = gv, u, (nv.flags|reached)&^closed
			sc.heap.Push(v, gv+nv.h)
		}
	}
	if !found {
		return buf, table.Unreachable, false
	}
	start := len(buf)
	for u := int32(to); u >= 0; u = sc.node[u].parent {
		buf = append(buf, int(u))
	}
	slices.Reverse(buf[start:])
	cost := table.NewCostSum(&t.Header)
	for i := start + 1; i < len(buf); i++ {
		w, _ := t.EdgeCost(buf[i-1], buf[i])
		cost.Add(w)
	}
	return buf, cost.Value(), true
}

// estimator returns Search's heuristic toward to: a lower bound of the cost
// from a node to to. O(1) a call; the first call on a grid scans the edges
// once, O(E).
func (lt *Table) estimator(to int) func(u int) float64 {
	if lt.t.Kind != table.KindGrid {
		return func(int) float64 { return 0 }
	}
	mc := lt.moveCosts()
	straight, diagonal := mc.straight, mc.diagonal
	tx, ty, _ := lt.XY(to)
	return func(u int) float64 {
		x, y, _ := lt.XY(u)
		dx, dy := abs(x-tx), abs(y-ty)
		lo, hi := min(dx, dy), max(dx, dy)
		h := straight * float64(dx+dy)
		if diagonal < 2*straight {
			h = straight*float64(hi-lo) + diagonal*float64(lo)
		}
		// A hair below the bound, so that rounding never makes it
		// overestimate a cost summed in another order.
		return h * (1 - 1e-12)
	}
}

// moveCosts are the cheapest straight and diagonal move of a grid.
type moveCosts struct{ straight, diagonal float64 }

// buildMoveCosts sets the cheapest straight and diagonal move of the grid;
// +Inf for a kind of move the level does not make. O(E).
func (lt *Table) buildMoveCosts(mc *moveCosts) {
	t := lt.t
	mc.straight, mc.diagonal = math.Inf(1), math.Inf(1)
	for u := range t.Nodes {
		ux, uy, _ := lt.XY(u)
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			vx, vy, _ := lt.XY(int(t.Targets[e]))
			if ux != vx && uy != vy {
				mc.diagonal = min(mc.diagonal, t.Weights[e])
			} else {
				mc.straight = min(mc.straight, t.Weights[e])
			}
		}
	}
	if math.IsInf(mc.straight, 1) {
		mc.straight = 0 // no straight moves: a bound of 0 is still a bound
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
