package lookup

import "github.com/pathtable/pathtable/internal/minheap"

// Nearest returns the open node nearest to u, by the baked cost of the
// moves that reach it: u itself when it is open, else the way out for an
// agent standing on a node a change blocked (blocked nodes on the way are
// crossed, as the agent is already inside them). From there Next and
// AppendPath answer as usual. It returns false when u is not a node, or
// no open node is reachable. O(what it searches): a search of the nodes
// nearer than the answer.
func (o *Overlay) Nearest(u int) (int, bool) {
	v := o.load()
	if !v.lt.valid(u) {
		return -1, false
	}
	if !v.isBlocked(u) {
		return u, true
	}
	t := v.lt.t
	dist := make(map[int32]float64)
	var h minheap.Heap
	h.Push(int32(u), 0)
	dist[int32(u)] = 0
	for h.Len() > 0 {
		x, d := h.Pop()
		if d > dist[x] {
			continue
		}
		if !v.isBlocked(int(x)) {
			return int(x), true
		}
		for e := t.Offsets[x]; e < t.Offsets[x+1]; e++ {
			y := t.Targets[e]
			nd := d + t.Weights[e]
			if old, seen := dist[y]; !seen || nd < old {
				dist[y] = nd
				h.Push(y, nd)
			}
		}
	}
	return -1, false
}
