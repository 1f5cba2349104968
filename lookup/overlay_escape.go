package lookup

import "github.com/pathtable/pathtable/internal/minheap"

func (o *view) Nearest(u int) (int, bool) {
	if !o.lt.valid(u) {
		return -1, false
	}
	if !o.Blocked(u) {
		return u, true
	}
	t := o.lt.t
	dist := make(map[int32]float64)
	var h minheap.Heap
	h.Push(int32(u), 0)
	dist[int32(u)] = 0
	for h.Len() > 0 {
		x, d := h.Pop()
		if d > dist[x] {
			continue
		}
		if !o.Blocked(int(x)) {
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
