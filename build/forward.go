package build

import (
	"math"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/maps"
)

// forward is one worker's scratch for Dijkstra searches from a source
// along a level's own edges: the distance rows of run-length tables where
// no hierarchy serves, the distance bound of plans, and (optimalMoves) the
// optimal moves of a fast run-length sample. Its nodes are
// plain int32s, so it serves levels of any size the loaders make, where
// the per-target search packs nodes in 16 bits.
type forward struct {
	g       *maps.Graph
	keys    []float64 // search key of each edge's cost
	dist    []float64
	reached []int32 // the nodes the last search reached, in the order it settled them
	heap    minheap.Heap
}

func newForward(g *maps.Graph, keys []float64) *forward {
	f := &forward{g: g, keys: keys, dist: make([]float64, g.Nodes())}
	for i := range f.dist {
		f.dist[i] = math.Inf(1)
	}
	return f
}

// run fills f.dist with the distances from s to every node, +Inf where
// there is no path. Each distance is the smallest sum over its in-edges of
// the tail's distance and the edge's key, however ties settle, so the
// floats are those of any exact Dijkstra search. O((V' + E') log V') for
// the V' nodes and E' edges it reaches, and those of the last search.
func (f *forward) run(s int32) {
	g, keys, dist := f.g, f.keys, f.dist
	f.start(s)
	for f.heap.Len() > 0 {
		u, key := f.heap.Pop()
		if !f.settles(u, key) {
			continue
		}
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if v, d := g.Targets[e], key+keys[e]; d < dist[v] {
				dist[v] = d
				f.heap.Push(v, d)
			}
		}
	}
}

// start forgets the last search, O(V') for the V' nodes it reached, and
// queues s at distance 0.
func (f *forward) start(s int32) {
	for _, v := range f.reached {
		f.dist[v] = math.Inf(1)
	}
	f.reached = f.reached[:0]
	f.dist[s] = 0
	f.heap.Reset()
	f.heap.Push(s, 0)
}

// settles reports whether u, popped at key, is settled by this entry, and
// then appends it to f.reached. O(1) amortized.
func (f *forward) settles(u int32, key float64) bool {
	if key > f.dist[u] {
		return false // superseded by a shorter path found later
	}
	// A node is pushed again only with a smaller key, so exactly one of
	// its entries comes off at its own distance.
	f.reached = append(f.reached, u)
	return true
}
