package table

import (
	"math"
	"sync"
)

// A query prunes by geometry: on a grid, any path from a cell dx and dy
// cells from another (M the larger gap, m the smaller) costs at least the
// least of m diagonal and M-m straight moves, M+m straight moves and M
// diagonal moves, each at the level's cheapest key of its kind (the
// bounds of a linear program whose integer points are the paths' move
// counts; m diagonal and M-m straight is the least wherever a diagonal
// costs between one and two straight moves). A node a search pops for
// no less than the best path so far, less that bound to the other end,
// lies on no shorter path, so its arcs are not followed. This cuts the
// searches' ring beyond half the best path's length, away from the line
// between the ends, which plain upward searches explore to the full
// length; the keys stay exact integers, so no answer changes.

// chBound is what the bound needs: each position's cell as x<<32 | y, and
// the least key of a straight and of a diagonal move; ok false where the
// level has no cells or an edge whose key is not its weight.
type chBound struct {
	once     sync.Once
	xy       []uint64
	straight uint64
	diagonal uint64
	ok       bool
}

// bound returns y's bound data for t, made on the first call: O(V + E).
func (y *Hierarchy) bound(t *Table) *chBound {
	b := &y.geo
	b.once.Do(func() { b.make(y, t) })
	return b
}

func (b *chBound) make(y *Hierarchy, t *Table) {
	if t.Cells == nil || t.Width <= 0 || len(t.Cells) != len(y.order) {
		return
	}
	b.straight, b.diagonal = chInf, chInf
	for u := range int32(len(t.Cells)) {
		ux, uy := t.Cells[u]%int32(t.Width), t.Cells[u]/int32(t.Width)
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v := t.Targets[e]
			dx, dy := abs32(ux-t.Cells[v]%int32(t.Width)), abs32(uy-t.Cells[v]/int32(t.Width))
			k, ok := y.edgeKey(t.Weights[e], dx == 1 && dy == 1)
			switch {
			case !ok || dx > 1 || dy > 1:
				return // no move of a grid: no bound
			case dx == 1 && dy == 1:
				b.diagonal = min(b.diagonal, k)
			default:
				b.straight = min(b.straight, k)
			}
		}
	}
	if b.straight == chInf {
		return
	}
	b.diagonal = min(b.diagonal, 2*b.straight)
	b.xy = make([]uint64, len(y.order))
	for p, x := range y.order {
		c := uint64(t.Cells[x])
		b.xy[p] = c%uint64(t.Width)<<32 | c/uint64(t.Width)
	}
	b.ok = true
}

// edgeKey returns the key of an edge of weight w, a diagonal move or
// not, and false where w is not what that key's value is.
func (y *Hierarchy) edgeKey(w float64, diagonal bool) (uint64, bool) {
	if w < 0 || w > math.MaxUint32 {
		return 0, false
	}
	k := uint64(math.Round(w))
	if y.octile {
		k = uint64(math.Round(w)) * octileS
		if diagonal {
			k = uint64(math.Round(w/math.Sqrt2)) * octileT
		}
	}
	return k, y.value(k) == w
}

// at returns the least key of a path from position p to the cell xy.
// O(1).
func (b *chBound) at(p int32, xy uint64) uint64 {
	c := b.xy[p]
	dx := abs64(int64(c>>32) - int64(xy>>32))
	dy := abs64(int64(c&0xFFFFFFFF) - int64(xy&0xFFFFFFFF))
	big, small := uint64(max(dx, dy)), uint64(min(dx, dy))
	return min(small*b.diagonal+(big-small)*b.straight, (big+small)*b.straight, big*b.diagonal)
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
