package build

import (
	"math"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/maps"
)

// forward is one worker's scratch for Dijkstra searches from a source
// along a level's own edges, distances only: the rows of run-length tables
// where no hierarchy serves, and the distance bound of plans. Its nodes are
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
	g, keys, dist, h := f.g, f.keys, f.dist, &f.heap
	for _, v := range f.reached {
		dist[v] = math.Inf(1)
	}
	f.reached = f.reached[:0]
	dist[s] = 0
	h.Reset()
	h.Push(s, 0)
	for h.Len() > 0 {
		u, key := h.Pop()
		if key > dist[u] {
			continue // superseded by a shorter path found later
		}
		// A node is pushed again only with a smaller key, so exactly one
		// of its entries comes off at its own distance.
		f.reached = append(f.reached, u)
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if v, d := g.Targets[e], key+keys[e]; d < dist[v] {
				dist[v] = d
				h.Push(v, d)
			}
		}
	}
}
