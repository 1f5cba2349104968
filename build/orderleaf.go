package build

import (
	"github.com/pathtable/pathtable/maps"
)

// stripLeaf is the most nodes of a leaf of the leaf-strip orders
// (leafStripOrder): parts of a cut order of at most this size are
// renumbered in strips.
const stripLeaf = 256

// leafStripOrder returns the cut order co with each of its leaves (the
// ranges of ranks that leaves bounds, cutOrderLeaves) renumbered
// depth-first with steps (a strip order within the leaf), each from its
// first node next to a node of an earlier leaf, or its first node. A cut
// keeps rooms together but numbers a room's inside in halves of halves,
// which splits a row's stretch of targets behind one door at every level
// of the cut; strips keep a room's rows (or columns) whole, as the strip
// orders do, while the cut above the leaves keeps the leaf's nodes in
// stripLeaf ranks. It is weighed as a strip order (stripCost) all the
// same: a leaf's strips still put a node's neighbours across a strip
// farther from it in rank than the cut does, and unweighed these orders
// took the place of strip orders with more runs (Berlin_1_256 8% more,
// AR0413SR 5%). nil for levels that are not grids. O(V + E).
func leafStripOrder(g *maps.Graph, co *runOrder, leaves []int32, steps []gridStep) *runOrder {
	if g.Grid == nil {
		return nil
	}
	n := g.Nodes()
	adj := stepAdj(g, steps)
	leaf := make([]int32, n) // 1 + the leaf of each node
	for i := range len(leaves) - 1 {
		for _, u := range co.node[leaves[i]:leaves[i+1]] {
			leaf[u] = int32(i) + 1
		}
	}
	o := &runOrder{node: make([]int32, 0, n), rank: make([]int32, n), compStart: co.compStart, compEnd: co.compEnd, strip: true}
	for i := range o.rank {
		o.rank[i] = -1
	}
	var stack []dfsFrame
	for i := range len(leaves) - 1 {
		part := co.node[leaves[i]:leaves[i+1]]
		root := part[0]
	entry:
		for _, u := range part {
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				if v := g.Targets[e]; leaf[v] <= int32(i) && o.rank[v] >= 0 {
					root = u
					break entry
				}
			}
		}
		o.node, stack = visitWithin(g.Offsets, adj, leaf, root, o.rank, o.node, stack)
		for _, u := range part {
			if o.rank[u] < 0 {
				o.node, stack = visitWithin(g.Offsets, adj, leaf, u, o.rank, o.node, stack)
			}
		}
	}
	return o
}
