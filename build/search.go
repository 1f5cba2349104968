package build

import (
	"math"
	"math/bits"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/table"
)

// search is one worker's scratch for single-target Dijkstra runs on the
// reversed graph, reused across targets so that a run allocates nothing.
type search struct {
	r     *reverse
	dist  []float64
	exact []uint64 // each dist as a<<32 | b (a + b·√2) on octile levels, else nil
	// The bucket search keeps one FIFO per distinct edge cost; headKey[k]
	// is the key at the head of queue k, +Inf when it is empty.
	queues  []fifo
	headKey []float64
	heap    minheap.Heap // for levels with too many distinct costs
	// lo and hi bound the nodes a search starts afresh (every node unless
	// set): the nodes it can reach, when it searches one component of a
	// level whose components are ranges of node numbers.
	lo, hi int32
}

func newSearch(r *reverse) *search {
	n := len(r.offsets) - 1
	s := &search{r: r, dist: make([]float64, n), hi: int32(n)}
	if r.exact != nil || r.costExact != nil {
		s.exact = make([]uint64, n)
	}
	s.queues = make([]fifo, len(r.costs))
	s.headKey = make([]float64, len(r.costs))
	return s
}

// run fills first (row t of the first-move table) and s.dist with the
// shortest paths from every node to target t. With C distinct edge costs
// it takes O(E + V·C): each cost has its own FIFO, whose keys arrive in
// increasing order because nodes settle in increasing order, so the next
// node to settle is at the head of one of them. Other levels take
// O((V + E) log V) with a binary heap. Ties go to the first-relaxed edge
// (after a seed, to the seed): the result depends only on the graph and
// the seed, never on the worker.
func (s *search) run(t int32, first []byte) {
	s.reset(first)
	s.solve(t, first)
}

// reset makes every node from s.lo to s.hi unreached, with no move.
// O(hi - lo).
func (s *search) reset(first []byte) {
	lo, hi := s.lo, s.hi
	copy(s.dist[lo:hi], s.r.unreached[lo:hi])
	copy(first[lo:hi], s.r.noMoves[lo:hi])
}

// solve runs the search from t over whatever s.dist and first hold: +Inf
// and no moves for a fresh search, or a seed (see seed) whose every finite
// entry is the cost of a real walk to t starting with that first move. It
// only lowers entries, so it settles just the nodes whose seed was not
// already a shortest path.
func (s *search) solve(t int32, first []byte) {
	s.dist[t] = 0
	first[t] = table.NoMove
	if s.exact != nil {
		s.exact[t] = 0
	}
	if s.r.costs != nil {
		s.runBuckets(t, first)
	} else {
		s.runHeap(t, first)
	}
}

func (s *search) runBuckets(t int32, first []byte) {
	qs, heads := s.queues, s.headKey
	for k := range qs {
		qs[k].reset()
		heads[k] = math.Inf(1)
	}
	qs[0].push(t, 0, &heads[0])
	r, dist, exact := s.r, s.dist, s.exact
	costs, costsExact := r.costs, r.exact
	for {
		best, key := nearestHead(heads)
		if math.IsInf(key, 1) {
			return
		}
		u := qs[best].pop(&heads[best])
		if key > dist[u] {
			continue // superseded by a shorter path found later
		}
		// The two loops differ only in where the edges come from; the body
		// is written out twice because a call per edge costs more than it.
		if r.near != nil {
			nn := &r.near[u]
			for todo := nn.todo(first[u]); todo != 0; todo &= todo - 1 {
				e := nn.edges[bits.TrailingZeros32(todo)%maxPruneDegree]
				v, k := e.from(), e.class()
				if d := key + costs[k]; d < dist[v] {
					dist[v] = d
					first[v] = e.slot()
					if exact != nil {
						exact[v] = exact[u] + costsExact[k]
					}
					qs[k].push(v, d, &heads[k])
				}
			}
			continue
		}
		for _, e := range r.edges[r.offsets[u]:r.offsets[u+1]] {
			v, k := e.from(), e.class()
			if d := key + costs[k]; d < dist[v] {
				dist[v] = d
				first[v] = e.slot()
				if exact != nil {
					exact[v] = exact[u] + costsExact[k]
				}
				qs[k].push(v, d, &heads[k])
			}
		}
	}
}

func (s *search) runHeap(t int32, first []byte) {
	h := &s.heap
	h.Reset()
	h.Push(t, 0)
	r, dist := s.r, s.dist
	for h.Len() > 0 {
		u, key := h.Pop()
		if key > dist[u] {
			continue
		}
		lo, hi := r.offsets[u], r.offsets[u+1]
		if r.near == nil {
			for i := lo; i < hi; i++ {
				s.relaxHeap(u, i, key, first)
			}
			continue
		}
		for todo := r.near[u].todo(first[u]); todo != 0; todo &= todo - 1 {
			s.relaxHeap(u, lo+int32(bits.TrailingZeros32(todo)), key, first)
		}
	}
}

// relaxHeap offers the tail of reversed edge i the path through u.
func (s *search) relaxHeap(u, i int32, key float64, first []byte) {
	e := s.r.edges[i]
	v := e.from()
	if d := key + s.r.cost[i]; d < s.dist[v] {
		s.dist[v] = d
		first[v] = e.slot()
		if s.exact != nil {
			s.exact[v] = s.exact[u] + s.r.costExact[i]
		}
		s.heap.Push(v, d)
	}
}

// fifo is a queue of (node, key) pairs whose keys arrive in increasing
// order. Its storage is kept across runs; the caller's head key mirrors
// keys[head] for a fast scan over all queues.
// nearestHead returns the queue whose head has the smallest key, and that
// key: +Inf when every queue is empty. O(queues); it inlines.
func nearestHead(heads []float64) (best int, key float64) {
	best, key = 0, heads[0]
	for k := 1; k < len(heads); k++ {
		if heads[k] < key {
			best, key = k, heads[k]
		}
	}
	return best, key
}

type fifo struct {
	nodes []int32
	keys  []float64
	head  int
}

func (q *fifo) reset() { q.nodes, q.keys, q.head = q.nodes[:0], q.keys[:0], 0 }

func (q *fifo) push(v int32, key float64, headKey *float64) {
	if q.head == len(q.keys) {
		*headKey = key
	}
	q.nodes = append(q.nodes, v)
	q.keys = append(q.keys, key)
}

func (q *fifo) pop(headKey *float64) int32 {
	v := q.nodes[q.head]
	q.head++
	if q.head < len(q.keys) {
		*headKey = q.keys[q.head]
	} else {
		*headKey = math.Inf(1)
	}
	return v
}
