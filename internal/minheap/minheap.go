// Package minheap is the binary min-heap of (key, node) pairs that the
// builder's searches and the runtime's overlay searches share. It has no
// decrease-key: a search pushes a node again when its key improves and
// skips the stale entries it pops, which is cheaper than tracking
// positions. (The live solver in package solve keeps a heap of its own on
// purpose: it must share no code path with the builder.)
package minheap

// Heap holds (key, node) pairs; the zero value is an empty heap.
type Heap struct{ items []item }

type item struct {
	key  float64
	node int32
}

// Reset empties h and keeps its memory. O(1).
func (h *Heap) Reset() { h.items = h.items[:0] }

// Len returns the number of entries, stale ones included. O(1).
func (h *Heap) Len() int { return len(h.items) }

// MinKey returns the least key; h must not be empty. O(1).
func (h *Heap) MinKey() float64 { return h.items[0].key }

// Push adds node with key. O(log n).
func (h *Heap) Push(node int32, key float64) {
	h.items = append(h.items, item{})
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
	items[i] = item{key, node}
}

// Pop removes an entry of least key and returns it; h must not be empty.
// O(log n).
func (h *Heap) Pop() (node int32, key float64) {
	items := h.items
	top, last := items[0], items[len(items)-1]
	items = items[:len(items)-1]
	h.items = items
	n, i := len(items), 0
	if n == 0 {
		return top.node, top.key
	}
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
