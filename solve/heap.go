package solve

// entry is one queued node with its priority f (cost so far plus estimate)
// and its cost so far g.
type entry struct {
	f, g float64
	node int32
}

// queue is an indexed binary min-heap of entries, ordered by f and, among
// equal f, by larger g first: on grids, where many nodes tie on f, this
// expands the node nearest the target first. pos[v] is the index of v's
// entry while v is queued and -1 once it has been popped, so a node's key
// can be lowered in place instead of queueing it twice. The caller sizes
// pos to the node count and decides when pos[v] is meaningful.
type queue struct {
	items []entry
	pos   []int32
}

func (q *queue) len() int { return len(q.items) }

func (q *queue) reset() { q.items = q.items[:0] }

// before reports whether a is popped before b.
func before(a, b *entry) bool {
	return a.f < b.f || a.f == b.f && a.g > b.g
}

// push queues e. O(log n).
func (q *queue) push(e entry) {
	q.items = append(q.items, e)
	q.up(len(q.items)-1, e)
}

// lower gives the entry at index i a smaller f (and g). O(log n).
func (q *queue) lower(i int32, f, g float64) {
	e := q.items[i]
	e.f, e.g = f, g
	q.up(int(i), e)
}

// pop removes and returns the first entry. O(log n).
func (q *queue) pop() entry {
	items := q.items
	top := items[0]
	last := items[len(items)-1]
	q.items = items[:len(items)-1]
	q.pos[top.node] = -1
	if len(q.items) > 0 {
		q.down(0, last)
	}
	return top
}

// up places e at index i or above, moving parents down. O(log n).
func (q *queue) up(i int, e entry) {
	items, pos := q.items, q.pos
	for i > 0 {
		p := (i - 1) / 2
		if !before(&e, &items[p]) {
			break
		}
		items[i] = items[p]
		pos[items[i].node] = int32(i)
		i = p
	}
	items[i] = e
	pos[e.node] = int32(i)
}

// down places e at index i or below, moving children up. O(log n).
func (q *queue) down(i int, e entry) {
	items, pos := q.items, q.pos
	n := len(items)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && before(&items[r], &items[c]) {
			c = r
		}
		if !before(&items[c], &e) {
			break
		}
		items[i] = items[c]
		pos[items[i].node] = int32(i)
		i = c
	}
	items[i] = e
	pos[e.node] = int32(i)
}
