package build

import (
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// maxPruneDegree is the largest degree for which the search keeps skip
// masks: grids have at most 8 moves, so a mask is one byte.
const maxPruneDegree = 8

// computeSkips fills r.near: each node u's in-edges and, for each way the
// search can reach u (the slot of u's first move toward its parent p), the
// in-edges of u whose relaxation can never improve anything. The in-edge from v is
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
	r.near = make([]nearNode, n)
	for u := int32(0); int(u) < n; u++ {
		in := r.edges[r.offsets[u]:r.offsets[u+1]]
		nn := &r.near[u]
		nn.deg = uint8(len(in))
		copy(nn.edges[:], in)
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
				if wVP, ok := g.EdgeCost(v, p); ok && wVP+margin < wVU+wUP {
					mask |= 1 << i
				}
			}
			nn.skip[slot] = mask
		}
	}
}

// nearNode is everything the search reads about a node of degree at most
// maxPruneDegree, in one record so that expanding the node reads one place:
// its in-edges (as in reverse.edges) and, for each first move it may have,
// the mask of in-edges not to relax.
type nearNode struct {
	edges [maxPruneDegree]revEdge
	skip  [maxPruneDegree]uint8
	deg   uint8
}

// todo returns the mask of the in-edges to relax when the node was
// reached with first move slot: all of them, less those computeSkips
// proved useless.
func (nn *nearNode) todo(slot uint8) uint32 {
	all := uint32(1)<<nn.deg - 1
	if slot == table.NoMove {
		return all
	}
	return all &^ uint32(nn.skip[slot%maxPruneDegree])
}
