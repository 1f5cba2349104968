package build

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// search is one worker's scratch for single-target Dijkstra runs on the
// reversed graph, reused across targets so that a run allocates nothing.
type search struct {
	r     *reverse
	dist  []float64
	root2 []int64 // √2 part of each dist on octile levels, else nil
	// The bucket search keeps one FIFO per distinct edge cost; headKey[k]
	// is the key at the head of queue k, +Inf when it is empty.
	queues  []fifo
	headKey []float64
	heap    minHeap // for levels with too many distinct costs
}

func newSearch(r *reverse) *search {
	n := len(r.offsets) - 1
	s := &search{r: r, dist: make([]float64, n)}
	if r.costs2 != nil || r.cost2 != nil {
		s.root2 = make([]int64, n)
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
	if s.root2 != nil {
		s.root2[t] = 0
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
	r, dist, root2 := s.r, s.dist, s.root2
	costs, costs2 := r.costs, r.costs2
	first = first[:len(dist)]
	for {
		best, key := 0, heads[0]
		for k := 1; k < len(heads); k++ {
			if heads[k] < key {
				best, key = k, heads[k]
			}
		}
		if math.IsInf(key, 1) {
			return
		}
		u := qs[best].pop(&heads[best])
		if key > dist[u] {
			continue // superseded by a shorter path found later
		}
		edges := r.edges[r.offsets[u]:r.offsets[u+1]]
		if root2 == nil {
			for _, e := range edges {
				if d := key + costs[e.class]; d < dist[e.from] {
					dist[e.from] = d
					first[e.from] = e.slot
					qs[e.class].push(e.from, d, &heads[e.class])
				}
			}
			continue
		}
		b := root2[u]
		for _, e := range edges {
			if d := key + costs[e.class]; d < dist[e.from] {
				dist[e.from] = d
				first[e.from] = e.slot
				root2[e.from] = b + costs2[e.class]
				qs[e.class].push(e.from, d, &heads[e.class])
			}
		}
	}
}

func (s *search) runHeap(t int32, first []byte) {
	h := &s.heap
	h.reset()
	h.push(t, 0)
	r, dist, root2 := s.r, s.dist, s.root2
	for h.len() > 0 {
		u, key := h.pop()
		if key > dist[u] {
			continue
		}
		for i := r.offsets[u]; i < r.offsets[u+1]; i++ {
			e := r.edges[i]
			if d := key + r.cost[i]; d < dist[e.from] {
				dist[e.from] = d
				first[e.from] = e.slot
				if root2 != nil {
					root2[e.from] = root2[u] + r.cost2[i]
				}
				h.push(e.from, d)
			}
		}
	}
}

// fifo is a queue of (node, key) pairs whose keys arrive in increasing
// order. Its storage is kept across runs; the caller's head key mirrors
// keys[head] for a fast scan over all queues.
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
