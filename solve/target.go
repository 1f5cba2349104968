package solve

import (
	"math"

	"github.com/pathtable/pathtable/maps"
)

// reversed is a graph with every edge turned around: the in-edges of each
// node. Immutable once built.
type reversed struct {
	offsets []int32
	tails   []int32 // tail of each original edge
	weights []float64
}

func reverseGraph(g *maps.Graph) *reversed {
	n := g.Nodes()
	r := &reversed{
		offsets: make([]int32, n+1),
		tails:   make([]int32, len(g.Targets)),
		weights: make([]float64, len(g.Targets)),
	}
	for _, v := range g.Targets {
		r.offsets[v+1]++
	}
	for v := 0; v < n; v++ {
		r.offsets[v+1] += r.offsets[v]
	}
	fill := make([]int32, n)
	copy(fill, r.offsets[:n])
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			i := fill[v]
			fill[v]++
			r.tails[i] = int32(u)
			r.weights[i] = g.Weights[e]
		}
	}
	return r
}

// A TargetSearch computes the cost of a shortest path from every node to
// one target: Dijkstra on the reversed graph. It is the fast way to check a
// whole target-major table row. Like a Solver, it keeps its scratch across
// runs and is not safe for concurrent use; Clone makes another for another
// goroutine.
type TargetSearch struct {
	r    *reversed
	dist []float64
	q    queue
}

// NewTargetSearch builds the reversed graph of g in O(V + E) and scratch
// for one search.
func NewTargetSearch(g *maps.Graph) *TargetSearch {
	r := reverseGraph(g)
	return newTargetSearch(r)
}

func newTargetSearch(r *reversed) *TargetSearch {
	n := len(r.offsets) - 1
	return &TargetSearch{r: r, dist: make([]float64, n), q: queue{pos: make([]int32, n)}}
}

// Clone returns a TargetSearch that shares the reversed graph and has its
// own scratch. O(V).
func (ts *TargetSearch) Clone() *TargetSearch { return newTargetSearch(ts.r) }

// Run returns, for every node s, the cost of a shortest path from s to
// target, +Inf where there is none. Costs are summed from the target
// backwards. The slice is reused by the next Run. O((V + E) log V).
func (ts *TargetSearch) Run(target int32) []float64 {
	dist, q, r := ts.dist, &ts.q, ts.r
	inf := math.Inf(1)
	for i := range dist {
		dist[i] = inf
	}
	q.reset()
	dist[target] = 0
	q.push(entry{node: target})
	for q.len() > 0 {
		e := q.pop()
		v := e.node
		dv := dist[v]
		for i := r.offsets[v]; i < r.offsets[v+1]; i++ {
			u := r.tails[i]
			du := dv + r.weights[i]
			if du >= dist[u] {
				continue
			}
			if math.IsInf(dist[u], 1) {
				dist[u] = du
				q.push(entry{f: du, g: du, node: u})
				continue
			}
			dist[u] = du
			if p := q.pos[u]; p >= 0 {
				q.lower(p, du, du)
			} else {
				q.push(entry{f: du, g: du, node: u})
			}
		}
	}
	return dist
}
