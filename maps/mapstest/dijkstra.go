package mapstest

import (
	"container/heap"
	"math"

	"github.com/pathtable/pathtable/maps"
)

// DistancesTo returns the cost of a shortest path from every node of g to
// target, +Inf where there is none: Dijkstra's algorithm on the reversed
// edges, written for obviousness with container/heap, for levels too
// large for FloydWarshall. It shares no code with the builder or the live
// solvers. O((V + E) log V) time, O(V + E) memory.
func DistancesTo(g *maps.Graph, target int32) []float64 {
	n := g.Nodes()
	// The reversed edges, by head: in[start[v]:start[v+1]] are the edges
	// into v, and tail[e] is where edge e starts.
	start := make([]int32, n+1)
	for _, v := range g.Targets {
		start[v+1]++
	}
	for v := range n {
		start[v+1] += start[v]
	}
	in, tail := make([]int32, g.Edges()), make([]int32, g.Edges())
	fill := append([]int32(nil), start[:n]...)
	for u := range n {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			in[fill[v]] = e
			fill[v]++
			tail[e] = int32(u)
		}
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = math.Inf(1)
	}
	d[target] = 0
	q := &pairHeap{{0, target}}
	for q.Len() > 0 {
		p := heap.Pop(q).(pair)
		if p.d > d[p.u] {
			continue
		}
		for _, e := range in[start[p.u]:start[p.u+1]] {
			if v, nd := tail[e], p.d+g.Weights[e]; nd < d[v] {
				d[v] = nd
				heap.Push(q, pair{nd, v})
			}
		}
	}
	return d
}

type pair struct {
	d float64
	u int32
}

type pairHeap []pair

func (h pairHeap) Len() int           { return len(h) }
func (h pairHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h pairHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pairHeap) Push(x any)        { *h = append(*h, x.(pair)) }
func (h *pairHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
