package build

import (
	"math"

	"github.com/pathtable/pathtable/maps"
)

// maxPruneDegree is the largest degree for which the search keeps skip
// masks: grids have at most 8 moves, so a mask is one byte.
const maxPruneDegree = 8

// computeSkips fills r.skip: for each node u and each way the search can
// reach it (the slot of u's first move toward its parent p), the in-edges
// of u whose relaxation can never improve anything. The in-edge from v is
// dominated when p has an edge from v too and
//
//	w(v→p) + margin < w(v→u) + w(u→p)
//
// because p, settled before u, already offered v a path through that edge
// that is shorter than any through u. The edge back to p itself is always
// dominated. Skipping only relaxations that cannot strictly lower a
// distance leaves every distance and first move exactly as the full search
// makes them, while on grids it drops about half of all edge checks (this
// is the one-step form of the canonical orderings of Sturtevant and Rabin).
// The margin, far above float64 rounding, keeps ties and near-ties out.
// It is O(E·d²) for degree d; levels with a degree above maxPruneDegree
// get no masks.
func (r *reverse) computeSkips(g *maps.Graph) {
	n := g.Nodes()
	maxW := 0.0
	for u := int32(0); int(u) < n; u++ {
		if g.OutDegree(u) > maxPruneDegree || r.offsets[u+1]-r.offsets[u] > maxPruneDegree {
			return
		}
	}
	for _, w := range g.Weights {
		maxW = max(maxW, w)
	}
	margin := 1e-9 * max(1, float64(n)*maxW)
	r.skip = make([]uint8, n*maxPruneDegree)
	for u := int32(0); int(u) < n; u++ {
		in := r.edges[r.offsets[u]:r.offsets[u+1]]
		for slot := int32(0); slot < g.Offsets[u+1]-g.Offsets[u]; slot++ {
			out := g.Offsets[u] + slot
			p, wUP := g.Targets[out], g.Weights[out]
			var mask uint8
			for i, e := range in {
				v := e.from()
				if v == p {
					mask |= 1 << i
					continue
				}
				wVU := g.Weights[g.Offsets[v]+int32(e.slot())]
				if wVP, ok := edgeCost(g, v, p); ok && wVP+margin < wVU+wUP {
					mask |= 1 << i
				}
			}
			r.skip[int(u)*maxPruneDegree+int(slot)] = mask
		}
	}
}

// edgeCost returns the cost of the edge u→v, if there is one. O(degree).
func edgeCost(g *maps.Graph, u, v int32) (float64, bool) {
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if g.Targets[e] == v {
			return g.Weights[e], true
		}
	}
	return math.Inf(1), false
}

// gatherNear copies each node's in-edges and skip masks into one record,
// for levels with skip masks, so that expanding a node reads one place
// instead of three arrays. It runs once the edges are final.
func (r *reverse) gatherNear() {
	if r.skip == nil {
		return
	}
	r.near = make([]nearNode, len(r.offsets)-1)
	for u := range r.near {
		nn := &r.near[u]
		in := r.edges[r.offsets[u]:r.offsets[u+1]]
		nn.deg = uint8(len(in))
		copy(nn.edges[:], in)
		copy(nn.skip[:], r.skip[u*maxPruneDegree:(u+1)*maxPruneDegree])
	}
}

// nearNode is everything the search reads about a node of degree at most
// maxPruneDegree: its in-edges and its skip masks.
type nearNode struct {
	edges [maxPruneDegree]revEdge
	skip  [maxPruneDegree]uint8
	deg   uint8
}
