package build

import (
	"github.com/pathtable/pathtable/table"
)

// A finished row seeds the rows of its neighbours. If p has an edge to t,
// then d(s,p) + w(p→t) is the cost of a real walk from s to t that starts
// with s's first move toward p, so the least of these over the finished
// in-neighbours p of t bounds row t from above. The bound is exact for
// every s with a shortest path through one of them, and so for every s
// with a shortest path through a node where it is exact. So an inexact
// node's shortest path runs through inexact nodes only, and a search from
// t that follows only strict improvements (solve) finds them all while
// settling nothing else: about half of a maze instead of all of it.

// parentRow is a finished row of an in-neighbour p of the target: its
// stored first moves and distances, and the edge p→t.
type parentRow struct {
	row table.Row
	// keys, when set, holds the row's distances as search keys (+Inf
	// where unreached) in place of row.Dist.
	keys []float64
	node int32   // p
	slot uint8   // p's first move toward t: the slot of p→t
	key  float64 // search key of the cost of p→t
}

// seedable reports whether rows of kind, read back, give keys equal to
// the ones the search makes.
func (r *reverse) seedable(kind table.DistKind) bool {
	return exactKeys(r.keyed, kind)
}

// seed fills s.dist and first with the bound from the parents' rows, for
// solve to finish. O(V) per parent.
func (s *search) seed(t int32, first []byte, kind table.DistKind, parents []parentRow) {
	s.reset(first)
	for _, p := range parents {
		s.offer(p, first, kind)
	}
	// Each parent's own entry came from its row's 0 and NoMove: the walk
	// is the edge to t itself.
	for _, p := range parents {
		if first[p.node] == table.NoMove {
			first[p.node] = p.slot
		}
	}
}

// offer lowers s.dist and first to the walks through p where they are
// shorter. Ties keep the earlier parent, so the seed depends only on the
// order of t's in-edges. O(V), one branch per node that rarely changes
// direction along a row.
func (s *search) offer(p parentRow, first []byte, kind table.DistKind) {
	if p.keys != nil {
		s.offerKeys(p, first)
		return
	}
	dist, pf, pd := s.dist, p.row.First[:len(s.dist)], p.row.Dist
	switch kind {
	case table.DistOctile16:
		pd, _ := pd.Octile16()
		for i := range dist {
			a, b, ok := pd.At(i)
			if !ok {
				continue
			}
			if d := table.OctileKey(a, b) + p.key; d < dist[i] {
				dist[i], first[i] = d, pf[i]
			}
		}
	case table.DistU16, table.DistU32, table.DistU64:
		for i := range dist {
			if x, ok := pd.Int(i); ok {
				if d := float64(x) + p.key; d < dist[i] {
					dist[i], first[i] = d, pf[i]
				}
			}
		}
	}
}

// offerKeys is offer for a parent whose distances are search keys, over
// the nodes from s.lo to s.hi. O(hi - lo).
func (s *search) offerKeys(p parentRow, first []byte) {
	lo, hi := s.lo, s.hi
	dist, pf, pk := s.dist[lo:hi], p.row.First[lo:hi], p.keys[lo:hi]
	first = first[lo:hi]
	for i, k := range pk {
		if d := k + p.key; d < dist[i] {
			dist[i], first[i] = d, pf[i]
		}
	}
}
