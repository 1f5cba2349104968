package table

// chHeap is HierarchyTarget's priority queue: a 4-ary min-heap of
// positions by float64 key, indexed by its own where, as chSearch's heap
// is through its nodes.
type chHeap struct {
	items []chFItem
	where []int32 // index of each position in items, -1 when not in it
}

type chFItem struct {
	key float64
	p   int32
}

// set inserts p with key, or lowers its key. O(log n).
func (h *chHeap) set(p int32, key float64) {
	i := h.where[p]
	if i < 0 {
		i = int32(len(h.items))
		h.items = append(h.items, chFItem{key, p})
	}
	h.up(int(i), chFItem{key, p})
}

// up moves it up from index i to where it belongs and stores it.
func (h *chHeap) up(i int, it chFItem) {
	items := h.items
	for i > 0 {
		parent := (i - 1) / 4
		if items[parent].key <= it.key {
			break
		}
		items[i] = items[parent]
		h.where[items[i].p] = int32(i)
		i = parent
	}
	items[i] = it
	h.where[it.p] = int32(i)
}

// pop removes and returns the position of least key; the heap must not
// be empty. O(log n).
func (h *chHeap) pop() int32 {
	top := h.items[0].p
	h.where[top] = -1
	last := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	if len(h.items) > 0 {
		h.down(last)
	}
	return top
}

// down sifts it down from the root and stores it.
func (h *chHeap) down(it chFItem) {
	items := h.items
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
		h.where[items[i].p] = int32(i)
		i = best
	}
	items[i] = it
	h.where[it.p] = int32(i)
}

// reset empties the heap: where must be -1 for every position but those
// still in items. O(len(items)).
func (h *chHeap) reset() {
	for _, it := range h.items {
		h.where[it.p] = -1
	}
	h.items = h.items[:0]
}
