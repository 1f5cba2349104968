package table

// A query's priority queue is a 4-ary min-heap of positions by key,
// indexed through each position's chNode, so that a position whose key
// drops moves up in place instead of being pushed again. A hierarchy
// search lowers keys often, and a heap without decrease-key pops each
// stale copy at O(log) cost.

type chItem struct {
	key uint64
	p   int32
}

// set inserts p with key, or lowers its key. O(log n).
func (s *chSearch) set(p int32, key uint64) {
	i := s.node[p].where
	if i < 0 {
		i = int32(len(s.heap))
		s.heap = append(s.heap, chItem{key, p})
	}
	s.up(int(i), chItem{key, p})
}

// up moves it up from index i to where it belongs and stores it.
func (s *chSearch) up(i int, it chItem) {
	items, node := s.heap, s.node
	for i > 0 {
		parent := (i - 1) / 4
		if items[parent].key <= it.key {
			break
		}
		items[i] = items[parent]
		node[items[i].p].where = int32(i)
		i = parent
	}
	items[i] = it
	node[it.p].where = int32(i)
}

// pop removes and returns the position of least key; the heap must not
// be empty. O(log n).
func (s *chSearch) pop() int32 {
	top := s.heap[0].p
	s.node[top].where = -1
	last := s.heap[len(s.heap)-1]
	s.heap = s.heap[:len(s.heap)-1]
	if len(s.heap) > 0 {
		s.down(last)
	}
	return top
}

// down sifts it down from the root and stores it.
func (s *chSearch) down(it chItem) {
	items, node := s.heap, s.node
	i, n := 0, len(items)
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		best := c
		for k := c + 1; k < min(c+4, n); k++ {
			if items[k].key < items[best].key {
				best = k
			}
		}
		if items[best].key >= it.key {
			break
		}
		items[i] = items[best]
		node[items[i].p].where = int32(i)
		i = best
	}
	items[i] = it
	node[it.p].where = int32(i)
}

// resetHeap empties the heap: where must be -1 for every position but
// those still on it. O(len(heap)).
func (s *chSearch) resetHeap() {
	for _, it := range s.heap {
		s.node[it.p].where = -1
	}
	s.heap = s.heap[:0]
}
