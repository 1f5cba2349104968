package lookup

import "math"

// The level's parts: the weakly connected components of a view's level
// (moves taken either way, closed ones left out), labelled once per view
// and only where a change may cut the level: two nodes in different parts
// have no path between them, which a query then answers in O(1) instead
// of searching what one side can reach. It costs O(V + E) and 4 bytes a
// node, on the first query after a change that needs it.

// apart reports whether from and to certainly have no path between them
// on v's level. O(1) after the labelling.
func (v *view) apart(from, to int32) bool {
	if v.cuts == 0 {
		return false
	}
	of := *v.derived.parts.get(v.labelParts)
	return of[from] != of[to]
}

// labelParts labels each node with its part, the root of its union-find
// tree over the open moves. O(V + E).
func (v *view) labelParts(of *[]int32) {
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
	*of = up
}
