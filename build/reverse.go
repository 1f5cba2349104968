package build

import (
	"math"
	"slices"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
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
	// costs holds the search keys of the distinct edge costs in
	// increasing order when there are at most maxQueues of them;
	// revEdge.class indexes it. A key is the cost itself, or its exact
	// integer form on keyed octile levels (see table.OctileKey).
	costs []float64
	// keyed reports exact octile keys.
	keyed bool
	// exact is each entry of costs on octile levels too large for keys,
	// a + b·√2 packed as a<<32 | b: the search adds these up beside the
	// float64 sums, so every distance is stored exactly.
	exact []uint64
	// cost and costExact are the same per edge, for levels with too many
	// distinct costs for buckets.
	cost      []float64
	costExact []uint64
	// unreached and noMoves are a row of +Inf and a row of table.NoMove,
	// which each search copies to start from: a copy moves whole vectors
	// where a loop stores one value at a time.
	unreached []float64
	noMoves   []byte
	// near holds each node's in-edges and skip masks (see computeSkips),
	// for levels whose degrees are at most maxPruneDegree; nil otherwise.
	near []nearNode
}

// revEdge packs one reversed edge into 32 bits, so that a node's in-edges
// take half a cache line: bits 0-15 the tail of the original edge (the node
// the search reaches; table.MaxNodes keeps it in 16 bits), bits 16-23 the
// edge's slot in the tail's out-list (the tail's first move), bits 24-31
// its index into reverse.costs when costs != nil.
type revEdge uint32

func newRevEdge(from int32, slot uint8, class uint8) revEdge {
	return revEdge(uint32(from) | uint32(slot)<<16 | uint32(class)<<24)
}

func (e revEdge) from() int32  { return int32(e & 0xFFFF) }
func (e revEdge) slot() uint8  { return uint8(e >> 16) }
func (e revEdge) class() uint8 { return uint8(e >> 24) }

// newReverse builds the reversed graph in O(V + E), and its skip masks
// when prune is set, for a table whose distances are of the given kind.
// In-edges of each node are ordered by tail, then slot, which fixes the
// searches' tie-breaking.
func newReverse(g *maps.Graph, kind table.DistKind, prune bool) *reverse {
	n := g.Nodes()
	r := &reverse{offsets: make([]int32, n+1), edges: make([]revEdge, g.Edges())}
	for _, v := range g.Targets {
		r.offsets[v+1]++
	}
	for v := 0; v < n; v++ {
		r.offsets[v+1] += r.offsets[v]
	}
	r.unreached = make([]float64, n)
	r.noMoves = make([]byte, n)
	for i := range n {
		r.unreached[i], r.noMoves[i] = math.Inf(1), table.NoMove
	}
	fill := slices.Clone(r.offsets[:n])
	weights := make([]float64, g.Edges())
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			i := fill[v]
			fill[v]++
			r.edges[i] = newRevEdge(int32(u), uint8(e-g.Offsets[u]), 0)
			weights[i] = g.Weights[e]
		}
	}
	octile := g.Metric == maps.MetricOctile
	r.keyed = keyedOctile(octile, kind)
	costs := slices.Clone(weights)
	slices.Sort(costs)
	costs = slices.Compact(costs)
	if len(costs) > 0 && len(costs) <= maxQueues {
		for i, w := range weights {
			c, _ := slices.BinarySearch(costs, w)
			r.edges[i] |= revEdge(c) << 24
		}
		r.costs = r.keys(costs)
		if octile && !r.keyed {
			r.exact = make([]uint64, len(costs))
			for c, w := range costs {
				r.exact[c] = packOctile(w)
			}
		}
	} else {
		r.cost = r.keys(weights)
		if octile && !r.keyed {
			r.costExact = make([]uint64, len(weights))
			for i, w := range weights {
				r.costExact[i] = packOctile(w)
			}
		}
	}
	if prune {
		r.computeSkips(g) // after the classes, which it copies with the edges
	}
	return r
}

// keys returns the search key of each cost in costs, which it may reuse.
func (r *reverse) keys(costs []float64) []float64 {
	for i, w := range costs {
		costs[i] = searchKey(w, r.keyed)
	}
	return costs
}

// packOctile packs an octile edge cost a + b·√2 as a<<32 | b. Sums of
// packed costs stay exact while both parts stay below 2^32, which Plan
// checks before it picks an octile distance encoding.
func packOctile(w float64) uint64 {
	a, b, _ := table.SplitOctile(w) // Plan checked every cost
	return uint64(a)<<32 | uint64(b)
}

// edgeKey returns the search key of the cost of reversed edge i. O(1).
func (r *reverse) edgeKey(i int32) float64 {
	if r.costs != nil {
		return r.costs[r.edges[i].class()]
	}
	return r.cost[i]
}
