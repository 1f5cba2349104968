package build

import (
	"math"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Plan bounds distances by the longest simple path, steps·(largest edge
// cost), which on an octile level of more than 65,535 nodes no longer fits
// the 16-bit parts whose exact keys the hierarchy needs, even when every
// real distance is short. A run-length table stores no distances, so its
// plan may use the level's true reach instead (octileRuns).

// distanceBound returns a D with d(s, t) ≤ D for every pair s, t of g
// joined by a path, from one search along the edges and one against them
// per strongly connected component: through any node r of the component,
// d(s, t) ≤ d(s, r) + d(r, t). It returns false when some path leaves its
// component (the level is not a union of strongly connected parts), where
// no such bound holds. O((V + E) log V) and O(V + E) memory.
func distanceBound(g *maps.Graph) (float64, bool) {
	gt := transpose(g)
	out, in := newForward(g, g.Weights), newForward(gt, gt.Weights)
	done := make([]bool, g.Nodes())
	bound := 0.0
	for r := int32(0); int(r) < len(done); r++ {
		if done[r] {
			continue
		}
		out.run(r)
		in.run(r)
		if len(out.reached) != len(in.reached) {
			return 0, false
		}
		// Searches settle in increasing distance: the last is the farthest.
		far := out.dist[out.reached[len(out.reached)-1]] + in.dist[in.reached[len(in.reached)-1]]
		for _, v := range out.reached {
			if math.IsInf(in.dist[v], 1) {
				return 0, false
			}
			done[v] = true
		}
		bound = max(bound, far)
	}
	return bound, true
}

// octileRuns returns the distance kind of a run-length table of the octile
// level g whose steps bound asked for kind: table.DistOctile16 when every
// distance a + b·√2 provably has both parts within it (a and b are at most
// the distance itself), else kind. O((V + E) log V) when kind is wider.
func octileRuns(g *maps.Graph, kind table.DistKind) table.DistKind {
	if kind == table.DistOctile16 {
		return kind
	}
	// The searches add in floats: a relative margin far above their
	// rounding keeps the bound a bound.
	if d, ok := distanceBound(g); ok && d*(1+1e-6)+1 <= float64(table.DistOctile16.MaxExact()) {
		return table.DistOctile16
	}
	return kind
}
