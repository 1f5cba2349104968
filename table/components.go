package table

import (
	"fmt"
	"sync"
)

// Components. In a run-length grid table whose FirstEnc has CompSuffix, a
// component is a set of nodes joined by edges, taken either way (a weakly
// connected component of the level): no path leaves one. The order lists
// each component at consecutive ranks, so that a row covers its source's
// component only and wraps within it, and a target in another component
// has no path whatever the row says. Every reader finds the components
// from the level's edges, which the table carries.

// compCache holds the component of each rank of a table whose rows cover
// their component, made once: at load, where a bad order is refused, or
// at the first query of a table New made (whose graph the caller sets
// after New).
type compCache struct {
	once  sync.Once
	start []int32
	err   error
}

// componentStarts returns, by rank of order, the first rank of the
// component of that rank's node, in the level whose edges are offsets and
// targets (as Table's), and an error where a component's ranks are not
// consecutive; then labels still, each rank's component's lowest node.
// O((V + E)·α(V)).
func componentStarts(offsets, targets, order []int32) ([]int32, error) {
	root := componentRoots(offsets, targets, len(order))
	start, seen := make([]int32, len(order)), make([]bool, len(order))
	prev := int32(-1)
	for r, u := range order {
		c := root[u]
		switch {
		case c == prev:
			start[r] = start[r-1]
		case seen[c]:
			for k, v := range order {
				start[k] = root[v]
			}
			return start, fmt.Errorf("order: the component of node %d comes back at rank %d after other nodes; its ranks must be consecutive", u, r)
		default:
			seen[c], start[r] = true, int32(r)
		}
		prev = c
	}
	return start, nil
}

// componentRoots returns the lowest node of the component of each of the n
// nodes of the level whose edges are offsets and targets: union-find over
// the edges, each joining its two ends. O((V + E)·α(V)).
func componentRoots(offsets, targets []int32, n int) []int32 {
	parent := make([]int32, n)
	for u := range parent {
		parent[u] = int32(u)
	}
	find := func(u int32) int32 {
		for parent[u] != u {
			parent[u] = parent[parent[u]] // path halving
			u = parent[u]
		}
		return u
	}
	for u := range int32(n) {
		for e := offsets[u]; e < offsets[u+1]; e++ {
			if a, b := find(u), find(targets[e]); a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	for u := range parent {
		parent[u] = find(int32(u))
	}
	return parent
}

// ComponentStarts returns, for a table whose rows cover their component
// (Header.RunComps), a label of the component of each rank: the first
// rank of the component, so nodes of ranks a and b are joined by a path
// only if their labels are equal; nil for any other table. O(1) after
// the first call, which may make it (O((V + E)·α(V))). A table whose
// order splits a component, which its load refuses, gets each rank's
// component's lowest node instead, labels that still tell components
// apart.
func (t *Table) ComponentStarts() []int32 {
	c := t.comps
	r, ok := t.payload.(*Runs)
	if c == nil || !ok {
		return nil
	}
	c.once.Do(func() { c.start, c.err = componentStarts(t.Offsets, t.Targets, r.Order) })
	return c.start
}

// checkComponents makes the components of t, a table whose rows cover
// their component, at load, and refuses an order that splits one. O((V +
// E)·α(V)).
func (t *Table) checkComponents() error {
	t.comps = &compCache{}
	t.ComponentStarts()
	return t.comps.err
}
