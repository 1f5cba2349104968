package lookup

import (
	"math"
	"sync"
)

// parts labels the weakly connected components of a view's level (moves
// taken either way, closed ones left out), once per view and only where a
// change may cut the level: two nodes in different parts have no path
// between them, which a query then answers in O(1) instead of searching
// what one side can reach. It costs O(V + E) and 4 bytes a node, on the
// first query after a change that needs it.
type parts struct {
	once sync.Once
	of   []int32 // a node's part: the root of its union-find tree
}

// apart reports whether from and to certainly have no path between them
// on v's level. O(1) after the labelling.
func (v *view) apart(from, to int32) bool {
	if v.cuts == 0 {
		return false
	}
	v.parts.once.Do(v.labelParts)
	return v.parts.of[from] != v.parts.of[to]
}

// labelParts fills v.parts by union-find over the open moves.
func (v *view) labelParts() {
	t := v.lt.t
	n := int32(t.Nodes)
	up := make([]int32, n)
	for u := range up {
		up[u] = int32(u)
	}
	find := func(u int32) int32 {
		for up[u] != u {
			up[u] = up[up[u]]
			u = up[u]
		}
		return u
	}
	inf := math.Inf(1)
	for u := range n {
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			w := t.Targets[e]
			if v.weight(e, u, w) == inf {
				continue
			}
			if a, b := find(u), find(w); a != b {
				up[max(a, b)] = min(a, b)
			}
		}
	}
	for u := range n {
		up[u] = find(u)
	}
	v.parts.of = up
}
