package build

import (
	"slices"

	"github.com/pathtable/pathtable/maps"
)

// maxQueues is the most distinct edge costs the bucket search handles with
// one FIFO per cost; levels with more use the heap.
const maxQueues = 32

// reverse is the graph with every edge turned around, as the per-target
// searches walk it: the in-edges of v, each carrying the slot of that edge
// in its tail's out-list, which is the first move the tail takes.
type reverse struct {
	offsets []int32
	edges   []revEdge
	// costs holds the distinct edge costs in increasing order when there
	// are at most maxQueues of them; revEdge.class indexes it.
	costs []float64
	// costs2 is the √2 part of each entry of costs on octile levels: an
	// octile cost is a + b·√2, and the search tracks b so that a path's
	// exact cost can be recovered from its float64 sum.
	costs2 []int64
	// cost and cost2 are the same per edge, for levels with too many
	// distinct costs for buckets.
	cost  []float64
	cost2 []int64
}

type revEdge struct {
	from  int32 // tail of the original edge: the node this edge reaches in the search
	slot  uint8 // index of the original edge in from's out-list: from's first move
	class uint8 // index into reverse.costs, when costs != nil
}

// newReverse builds the reversed graph in O(V + E). In-edges of each node
// are ordered by tail, then slot, which fixes the searches' tie-breaking.
func newReverse(g *maps.Graph) *reverse {
	n := g.Nodes()
	r := &reverse{offsets: make([]int32, n+1), edges: make([]revEdge, g.Edges())}
	for _, v := range g.Targets {
		r.offsets[v+1]++
	}
	for v := 0; v < n; v++ {
		r.offsets[v+1] += r.offsets[v]
	}
	fill := slices.Clone(r.offsets[:n])
	weights := make([]float64, g.Edges())
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			i := fill[v]
			fill[v]++
			r.edges[i] = revEdge{from: int32(u), slot: uint8(e - g.Offsets[u])}
			weights[i] = g.Weights[e]
		}
	}
	octile := g.Metric == maps.MetricOctile

	costs := slices.Clone(weights)
	slices.Sort(costs)
	costs = slices.Compact(costs)
	if len(costs) <= maxQueues {
		r.costs = costs
		for i, w := range weights {
			c, _ := slices.BinarySearch(costs, w)
			r.edges[i].class = uint8(c)
		}
		if octile {
			r.costs2 = make([]int64, len(costs))
			for c, w := range costs {
				_, r.costs2[c], _ = splitOctile(w) // Plan checked every cost
			}
		}
		return r
	}
	r.cost = weights
	if octile {
		r.cost2 = make([]int64, len(weights))
		for i, w := range weights {
			_, b, _ := splitOctile(w)
			r.cost2[i] = b
		}
	}
	return r
}
