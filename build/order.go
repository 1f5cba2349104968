package build

import "github.com/pathtable/pathtable/maps"

// runOrder is the order in which a run-length table lists the targets of
// each row: a depth-first pre-order, which keeps nodes that are close in the
// level close in the order, so that the first move from a source stays the
// same over long stretches of targets. Each depth-first tree is a
// contiguous range of ranks; on a symmetric level (every edge has a
// reverse) those trees are exactly its connected components, so a row need
// only cover its source's component.
type runOrder struct {
	node []int32 // node at each rank
	rank []int32 // rank of each node
	// compEnd[r] is the rank just past the component of the node of rank
	// r, and compStart[r] its first rank, on symmetric levels; nil
	// otherwise.
	compStart, compEnd []int32
}

// newRunOrder numbers g's nodes depth-first from node 0, then from each
// node not yet reached, in index order; out-edges are followed in slot
// order. O(V + E).
func newRunOrder(g *maps.Graph) *runOrder {
	n := g.Nodes()
	o := &runOrder{node: make([]int32, 0, n), rank: make([]int32, n)}
	for i := range o.rank {
		o.rank[i] = -1
	}
	symmetric := isSymmetric(g)
	if symmetric {
		o.compStart, o.compEnd = make([]int32, n), make([]int32, n)
	}
	type frame struct{ u, e int32 } // node, next out-edge to look at
	var stack []frame
	for root := int32(0); int(root) < n; root++ {
		if o.rank[root] >= 0 {
			continue
		}
		start := int32(len(o.node))
		o.rank[root] = start
		o.node = append(o.node, root)
		stack = append(stack[:0], frame{root, g.Offsets[root]})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.e == g.Offsets[f.u+1] {
				stack = stack[:len(stack)-1]
				continue
			}
			v := g.Targets[f.e]
			f.e++
			if o.rank[v] < 0 {
				o.rank[v] = int32(len(o.node))
				o.node = append(o.node, v)
				stack = append(stack, frame{v, g.Offsets[v]})
			}
		}
		if symmetric {
			for r := start; int(r) < len(o.node); r++ {
				o.compStart[r], o.compEnd[r] = start, int32(len(o.node))
			}
		}
	}
	return o
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
