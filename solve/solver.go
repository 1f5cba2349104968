package solve

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/maps"
)

// Algorithm chooses how a Solver searches.
type Algorithm uint8

const (
	// AStar searches toward the target with the level's admissible
	// heuristic (see the package comment).
	AStar Algorithm = iota
	// Dijkstra is A* with a zero heuristic.
	Dijkstra
)

func (a Algorithm) String() string {
	switch a {
	case AStar:
		return "A*"
	case Dijkstra:
		return "Dijkstra"
	}
	return fmt.Sprintf("Algorithm(%d)", a)
}

// Result is the answer to one query.
type Result struct {
	Cost      float64 // summed edge costs along Path in float64; +Inf when unreachable
	Path      []int32 // from .. to, both included; nil when unreachable or not asked for
	Reachable bool    // whether to can be reached from from
	Expanded  int     // nodes taken from the queue, the target included
}

// A Solver answers single-pair shortest-path queries on one graph. It keeps
// O(V) scratch between queries and resets it in O(1), so a query costs only
// the nodes it touches: O((V' + E') log V') for V' nodes reached.
//
// A Solver is not safe for concurrent use: make one per goroutine. Solvers
// of the same graph share nothing they write.
type Solver struct {
	g    *maps.Graph
	alg  Algorithm
	h    *heuristic
	comp []int32 // weakly connected component of each node, shared by clones

	node []nodeState // per node, valid where stamp == gen
	gen  uint32
	q    queue
}

// nodeState is what a query knows of one node, kept together so that
// touching a node costs one cache line.
type nodeState struct {
	cost   float64 // cost so far
	parent int32   // predecessor on the best path found, -1 for the source
	stamp  uint32  // query generation that last touched the node
}

// NewSolver returns a solver for g, which must be a valid graph (as the
// maps loaders return) and must not change while the solver is in use.
// It allocates O(V) and, for A*, computes the heuristic's parameters in
// O(V + E).
func NewSolver(g *maps.Graph, alg Algorithm) *Solver {
	n := g.Nodes()
	s := &Solver{
		g:    g,
		alg:  alg,
		h:    &heuristic{kind: hZero},
		node: make([]nodeState, n),
		q:    queue{pos: make([]int32, n)},
		comp: components(g),
	}
	if alg == AStar {
		s.h = newHeuristic(g)
	}
	return s
}

// components labels each node with a representative of its weakly
// connected component (edges taken as undirected): nodes with different
// labels cannot reach each other, which answers such queries without a
// search. Union-find, O((V + E) α(V)).
func components(g *maps.Graph) []int32 {
	n := g.Nodes()
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
	for u := range n {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			a, b := find(int32(u)), find(g.Targets[e])
			if a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	for u := range parent {
		parent[u] = find(int32(u))
	}
	return parent
}

// Clone returns a solver of the same graph and heuristic with its own
// scratch, for another goroutine. O(V).
func (s *Solver) Clone() *Solver {
	n := len(s.node)
	return &Solver{
		g: s.g, alg: s.alg, h: s.h, comp: s.comp,
		node: make([]nodeState, n),
		q:    queue{pos: make([]int32, n)},
	}
}

// Algorithm returns the search the solver runs.
func (s *Solver) Algorithm() Algorithm { return s.alg }

// Heuristic returns the solver's estimate of the cost from u to t: a lower
// bound on the true cost (up to float64 rounding), 0 for Dijkstra. O(1).
func (s *Solver) Heuristic(u, t int32) float64 {
	tx, ty := s.h.target(t)
	return s.h.estimate(u, tx, ty)
}

// Solve returns a shortest path from from to to and its cost. It stops as
// soon as to is taken from the queue, and does not search at all (Expanded
// is 0) when the two nodes are not even joined by undirected edges: O(1)
// then, O((V' + E') log V') for the V' nodes reached otherwise. from and to
// must be nodes of the graph (0 <= id < Nodes()); Solve panics otherwise.
// Once earlier queries have grown the solver's queue, it allocates only the
// returned path.
func (s *Solver) Solve(from, to int32) Result {
	r := s.SolveCost(from, to)
	if r.Reachable {
		k := 0
		for u := to; u >= 0; u = s.node[u].parent {
			k++
		}
		r.Path = make([]int32, k)
		for u := to; u >= 0; u = s.node[u].parent {
			k--
			r.Path[k] = u
		}
	}
	return r
}

// SolveCost is Solve without the path (Result.Path is nil), at Solve's cost
// less the path's: once warm, it allocates nothing.
func (s *Solver) SolveCost(from, to int32) Result {
	n := int32(len(s.node))
	if from < 0 || from >= n || to < 0 || to >= n {
		panic(fmt.Sprintf("solve: Solve(%d, %d) on a graph of %d nodes", from, to, n))
	}
	if s.comp[from] != s.comp[to] {
		return Result{Cost: math.Inf(1)}
	}
	s.gen++
	if s.gen == 0 { // wrapped: forget every stamp once every 2^32 queries
		clear(s.node)
		s.gen = 1
	}
	gen, node, h := s.gen, s.node, s.h
	off, targets, weights := s.g.Offsets, s.g.Targets, s.g.Weights
	tx, ty := h.target(to)
	q := &s.q
	q.reset()

	node[from] = nodeState{cost: 0, parent: -1, stamp: gen}
	q.push(entry{f: h.estimate(from, tx, ty), node: from})
	expanded := 0
	for q.len() > 0 {
		e := q.pop()
		expanded++
		u := e.node
		if u == to {
			return Result{Cost: node[u].cost, Reachable: true, Expanded: expanded}
		}
		gu := node[u].cost
		for i := off[u]; i < off[u+1]; i++ {
			v := targets[i]
			gv := gu + weights[i]
			nv := &node[v]
			if nv.stamp == gen {
				if gv >= nv.cost {
					continue
				}
				nv.cost, nv.parent = gv, u
				f := gv + h.estimate(v, tx, ty)
				if p := q.pos[v]; p >= 0 {
					q.lower(p, f, gv)
				} else {
					// Reopen a node already expanded. A consistent
					// heuristic never needs this but for float64
					// rounding, and then it keeps the answer exact.
					q.push(entry{f: f, g: gv, node: v})
				}
				continue
			}
			*nv = nodeState{cost: gv, parent: u, stamp: gen}
			q.push(entry{f: gv + h.estimate(v, tx, ty), g: gv, node: v})
		}
	}
	return Result{Cost: math.Inf(1), Expanded: expanded}
}
