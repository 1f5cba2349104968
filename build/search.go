package build

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// search is one worker's scratch for single-target Dijkstra runs on the
// reversed graph, reused across targets so that a run allocates nothing.
type search struct {
	r      *reverse
	dist   []float64
	a, b   []int64 // octile parts of dist, when r.a != nil
	queues []fifo  // one per distinct edge cost (bucket search)
	heap   minHeap // when there are too many distinct costs
}

func newSearch(r *reverse) *search {
	n := len(r.offsets) - 1
	s := &search{r: r, dist: make([]float64, n)}
	if r.a != nil {
		s.a = make([]int64, n)
		s.b = make([]int64, n)
	}
	s.queues = make([]fifo, len(r.costs))
	return s
}

// run fills first (row t of the first-move table) and s.dist with the
// shortest paths from every node to target t. With C distinct edge costs
// it takes O(E + V·C): each cost class has its own FIFO, whose keys are
// pushed in increasing order because nodes settle in increasing order, so
// the next node to settle is at the head of one of them. Other levels take
// O((V + E) log V) with a binary heap. Ties go to the first-relaxed edge:
// the result depends only on the graph, never on the worker.
func (s *search) run(t int32, first []byte) {
	for i := range s.dist {
		s.dist[i] = math.Inf(1)
	}
	for i := range first {
		first[i] = table.NoMove
	}
	s.dist[t] = 0
	if s.a != nil {
		s.a[t], s.b[t] = 0, 0
	}
	if s.r.costs != nil {
		s.runBuckets(t, first)
	} else {
		s.runHeap(t, first)
	}
}

func (s *search) runBuckets(t int32, first []byte) {
	qs := s.queues
	for k := range qs {
		qs[k].reset()
	}
	qs[0].push(t, 0)
	r, dist := s.r, s.dist
	for {
		best, bestKey := -1, math.Inf(1)
		for k := range qs {
			if q := &qs[k]; q.head < len(q.keys) && q.keys[q.head] < bestKey {
				best, bestKey = k, q.keys[q.head]
			}
		}
		if best < 0 {
			return
		}
		u := qs[best].pop()
		if bestKey > dist[u] {
			continue // superseded by a shorter path found later
		}
		for i, e := range r.edges[r.offsets[u]:r.offsets[u+1]] {
			if d := bestKey + e.cost; d < dist[e.from] {
				dist[e.from] = d
				first[e.from] = e.slot
				if s.a != nil {
					j := int(r.offsets[u]) + i
					s.a[e.from], s.b[e.from] = s.a[u]+r.a[j], s.b[u]+r.b[j]
				}
				qs[e.class].push(e.from, d)
			}
		}
	}
}

func (s *search) runHeap(t int32, first []byte) {
	h := &s.heap
	h.reset()
	h.push(t, 0)
	r, dist := s.r, s.dist
	for h.len() > 0 {
		u, key := h.pop()
		if key > dist[u] {
			continue
		}
		for i, e := range r.edges[r.offsets[u]:r.offsets[u+1]] {
			if d := key + e.cost; d < dist[e.from] {
				dist[e.from] = d
				first[e.from] = e.slot
				if s.a != nil {
					j := int(r.offsets[u]) + i
					s.a[e.from], s.b[e.from] = s.a[u]+r.a[j], s.b[u]+r.b[j]
				}
				h.push(e.from, d)
			}
		}
	}
}

// fifo is a queue of (node, key) pairs whose keys arrive in increasing
// order. Its storage is kept across runs.
type fifo struct {
	nodes []int32
	keys  []float64
	head  int
}

func (q *fifo) reset() { q.nodes, q.keys, q.head = q.nodes[:0], q.keys[:0], 0 }

func (q *fifo) push(v int32, key float64) {
	q.nodes = append(q.nodes, v)
	q.keys = append(q.keys, key)
}

func (q *fifo) pop() int32 {
	v := q.nodes[q.head]
	q.head++
	return v
}

// minHeap is a binary min-heap of (key, node) with lazy deletion: a node
// may sit in it several times, and stale entries are skipped on pop.
type minHeap struct{ items []heapItem }

type heapItem struct {
	key  float64
	node int32
}

func (h *minHeap) reset()   { h.items = h.items[:0] }
func (h *minHeap) len() int { return len(h.items) }

// push is O(log n).
func (h *minHeap) push(v int32, key float64) {
	h.items = append(h.items, heapItem{key, v})
	items := h.items
	i := len(items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if items[p].key <= key {
			break
		}
		items[i] = items[p]
		i = p
	}
	items[i] = heapItem{key, v}
}

// pop removes the entry with the smallest key; O(log n).
func (h *minHeap) pop() (int32, float64) {
	items := h.items
	top := items[0]
	last := items[len(items)-1]
	items = items[:len(items)-1]
	h.items = items
	n := len(items)
	if n == 0 {
		return top.node, top.key
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && items[c+1].key < items[c].key {
			c++
		}
		if last.key <= items[c].key {
			break
		}
		items[i] = items[c]
		i = c
	}
	items[i] = last
	return top.node, top.key
}
