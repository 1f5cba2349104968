package gridgraph

import (
	"math"
	"math/bits"
)

// Matches reports whether g is, bit for bit, the graph Build makes of a
// w×h grid of costs under mv (g.Nodes is not compared and may be nil),
// without making it: where Build allocates the whole graph again, Matches
// holds only a cell-to-node index. O(w·h + E).
func Matches(g *Graph, w, h int, costs []uint8, mv Model) bool {
	nodes := make([]int32, w*h)
	n := 0
	for c, k := range costs {
		if k == 0 {
			nodes[c] = -1
			continue
		}
		if n >= len(g.Cells) || g.Cells[n] != int32(c) {
			return false
		}
		nodes[c] = int32(n)
		n++
	}
	if n != len(g.Cells) || len(g.Offsets) != n+1 || g.Offsets[0] != 0 || len(g.Targets) != len(g.Weights) {
		return false
	}
	step, cost := steps(w), moveCosts(mv)
	e := int32(0)
	for u, c := range g.Cells {
		for m := movesOf(w, h, costs, int(c), mv.Connect == 8); m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m)
			dest := int(c) + step[d]
			if int(e) >= len(g.Targets) || g.Targets[e] != nodes[dest] ||
				math.Float64bits(g.Weights[e]) != math.Float64bits(cost[d&1][min(costs[dest], MaxCost)]) {
				return false
			}
			e++
		}
		if g.Offsets[u+1] != e {
			return false
		}
	}
	return int(e) == len(g.Targets)
}
