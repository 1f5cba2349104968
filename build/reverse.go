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
	// a and b split each edge cost as a + b·√2 on octile levels (per edge),
	// nil otherwise.
	a, b []int64
}

type revEdge struct {
	from  int32   // tail of the original edge: the node this edge reaches in the search
	slot  uint8   // index of the original edge in from's out-list: from's first move
	class uint8   // index into reverse.costs, when costs != nil
	cost  float64 // the edge's cost
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
	octile := g.Metric == maps.MetricOctile
	if octile {
		r.a = make([]int64, g.Edges())
		r.b = make([]int64, g.Edges())
	}
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			i := fill[v]
			fill[v]++
			r.edges[i] = revEdge{from: int32(u), slot: uint8(e - g.Offsets[u]), cost: g.Weights[e]}
			if octile {
				r.a[i], r.b[i], _ = splitOctile(g.Weights[e]) // Plan checked every cost
			}
		}
	}

	costs := slices.Clone(g.Weights)
	slices.Sort(costs)
	costs = slices.Compact(costs)
	if len(costs) <= maxQueues {
		r.costs = costs
		for i := range r.edges {
			c, _ := slices.BinarySearch(costs, r.edges[i].cost)
			r.edges[i].class = uint8(c)
		}
	}
	return r
}
