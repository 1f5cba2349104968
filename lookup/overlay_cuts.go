package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// judgeAround gives every blocked node in the 3×3 cells around grid node u
// (u included) its verdict again after u changed: whether it may cut the
// level. A cell's verdict depends only on what is blocked in its own 3×3,
// the only cells its ring of neighbours and their moves touch, so nothing
// farther can change. On graphs every blocked node may cut. O(1): at most
// nine rings of eight cells.
func (b *Batch) judgeAround(u int32) {
	o := b.c
	if o.lt.t.Kind != table.KindGrid {
		if cut, ok := o.blocked[u]; ok && !cut {
			o.blocked[u] = true
			o.cuts++
		}
		return
	}
	x, y, _ := o.lt.XY(int(u))
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			b, ok := o.lt.NodeAt(x+dx, y+dy)
			if !ok {
				continue
			}
			was, blocked := o.blocked[int32(b)]
			if !blocked {
				continue
			}
			cut := o.ringCut(int32(b))
			if cut != was {
				o.blocked[int32(b)] = cut
				if cut {
					o.cuts++
				} else {
					o.cuts--
				}
			}
		}
	}
}

// ringCut reports whether blocked grid node b may cut the level: whether
// b's open neighbours fail to reach each other through the open cells of
// b's ring (its eight neighbours) by moves the overlay leaves open. When
// they all reach each other, any path through b, or past its corners
// (between two of its neighbours), has a detour inside the ring. Grid moves
// go both ways, so one search from one neighbour decides. O(1).
func (o *changeSet) ringCut(b int32) bool {
	t := o.lt.t
	bx, by, _ := o.lt.XY(int(b))
	var ring [8]int32 // the ring's open nodes; seen[i] is ring[i]'s mark
	var seen [8]bool
	k := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if v, ok := o.lt.NodeAt(bx+dx, by+dy); ok && (dx != 0 || dy != 0) && !o.isBlocked(v) {
				ring[k] = int32(v)
				k++
			}
		}
	}
	at := func(v int32) int {
		for i := range k {
			if ring[i] == v {
				return i
			}
		}
		return -1
	}
	var stack [8]int32
	top := 0
	for e := t.Offsets[b]; e < t.Offsets[b+1] && top == 0; e++ {
		if i := at(t.Targets[e]); i >= 0 {
			seen[i] = true
			stack[0], top = ring[i], 1
		}
	}
	for top > 0 {
		top--
		u := stack[top]
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v := t.Targets[e]
			if i := at(v); i >= 0 && !seen[i] && !math.IsInf(o.weight(e, u, v), 1) {
				seen[i] = true
				stack[top] = v
				top++
			}
		}
	}
	for e := t.Offsets[b]; e < t.Offsets[b+1]; e++ {
		if i := at(t.Targets[e]); i >= 0 && !seen[i] {
			return true
		}
	}
	return false
}
