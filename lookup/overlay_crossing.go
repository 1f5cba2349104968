package lookup

import (
	"math"
	"sync/atomic"

	"github.com/pathtable/pathtable/table"
)

// crossing is what across needs of one row or column of a view's level,
// whatever the query: its open cells in order, each with its neighbours on
// the lines either side and the keys of the moves among them, as changed.
type crossing struct {
	vertical bool  // a column; else a row
	at       int   // its column or row
	pivot    int32 // the changed cell on it that queries cross
	cells    []lineCell
	// toPivot holds the baked distance between each cell and the pivot,
	// as a key (+Inf where none), on flat tables: with the pivot's
	// distances to a query's ends it bounds a crossing there from below
	// where the cell's octile length does not (a cell beside the pivot on
	// the line but far from it round walls).
	toPivot []float64
}

// lineCell is one open cell of a crossing.
type lineCell struct {
	node int32
	pos  int32         // its position along the line
	side [2][3]int32   // the nodes beside it on the lower and the higher line, at pos-1, pos, pos+1; -1 where none
	onto [2][3]float64 // keys of the moves from those nodes onto this one, +Inf where none or closed
	off  [2][3]float64 // keys of the moves from this node onto those
	fwd  float64       // key of the move to the next cell, +Inf unless it lies at pos+1
	back float64       // key of the move from the next cell to this one, likewise
}

// crossings holds a view's crossings, built at the first query that
// needs each; at most maxCrossings are kept.
type crossings struct {
	set atomic.Pointer[[]*crossing]
}

const maxCrossings = 64

// crossing returns the view's crossing through pivot along its column
// (vertical) or row, building it the first time. O(W + H) then,
// O(crossings) after.
func (o *view) crossing(vertical bool, pivot int32) *crossing {
	old := o.derived.crossings.set.Load()
	if old != nil {
		for _, l := range *old {
			if l.vertical == vertical && l.pivot == pivot {
				return l
			}
		}
	}
	l := o.buildCrossing(vertical, pivot)
	for old == nil || len(*old) < maxCrossings {
		var next []*crossing
		if old != nil {
			next = append(next, *old...)
		}
		next = append(next, l)
		if o.derived.crossings.set.CompareAndSwap(old, &next) {
			break
		}
		old = o.derived.crossings.set.Load()
	}
	return l
}

// buildCrossing lays out the open cells of the line through pivot with
// their neighbours, the keys of the moves among them and, on flat tables,
// their distances to the pivot. O(cells of the line).
func (o *view) buildCrossing(vertical bool, pivot int32) *crossing {
	lt := o.lt
	px, py, _ := lt.XY(int(pivot))
	at := py
	if vertical {
		at = px
	}
	w, h := lt.t.Width, lt.t.Height
	n := w
	if vertical {
		n = h
	}
	node := func(a, b int) int32 { // position a along the line, b across it
		if a < 0 || a >= n || b < 0 || (vertical && b >= w) || (!vertical && b >= h) {
			return -1
		}
		if vertical {
			return lt.nodeOfCell(a*w + b)
		}
		return lt.nodeOfCell(b*w + a)
	}
	inf := math.Inf(1)
	l := &crossing{vertical: vertical, at: at, pivot: pivot}
	for a := range n {
		v := node(a, at)
		if v < 0 || o.marked(v) && o.isBlocked(int(v)) {
			continue
		}
		c := lineCell{node: v, pos: int32(a), fwd: inf, back: inf}
		for side, b := range [2]int{at - 1, at + 1} {
			for j := range 3 {
				x := node(a-1+j, b)
				c.side[side][j], c.onto[side][j], c.off[side][j] = x, inf, inf
				if x >= 0 {
					c.onto[side][j], c.off[side][j] = o.moveKey(x, v), o.moveKey(v, x)
				}
			}
		}
		if k := len(l.cells); k > 0 && l.cells[k-1].pos == c.pos-1 {
			p := &l.cells[k-1]
			p.fwd, p.back = o.moveKey(p.node, v), o.moveKey(v, p.node)
		}
		l.cells = append(l.cells, c)
	}
	// On tables without rows these would be walks from every cell of the
	// line, once a change: the table's baked landmarks bound the cells
	// there instead.
	keys := endKeys{o: o, end: pivot}
	if o.rows && keys.start() {
		l.toPivot = make([]float64, len(l.cells))
		for i := range l.cells {
			l.toPivot[i] = keys.key(l.cells[i].node) // d(c, pivot) = d(pivot, c): the table is symmetric
		}
	}
	return l
}

// moveKey returns the key of the cheapest move from u to v as changed,
// +Inf where there is none or it is closed. O(degree of u).
func (o *changeSet) moveKey(u, v int32) float64 {
	lt := o.lt
	base := uint(u) << lt.hopShift
	key := lt.costs().key
	best := math.Inf(1)
	changed := o.marked(u) || o.marked(v)
	for m, x := range lt.hops[base : base+uint(1)<<lt.hopShift] {
		if x < 0 {
			break
		}
		if x != v {
			continue
		}
		k := key[base+uint(m)]
		if changed {
			k = o.cost(lt.t.Offsets[u]+int32(m), u, v, true)
		}
		best = min(best, k)
	}
	return best
}

// gridMoves is what across needs to know of every move of a grid table.
type gridMoves struct {
	adjacent    bool // every move joins cells at most a row and a column apart
	octileFloor bool // every move's key is at least its octile length's
	octileExact bool // every move's key is its octile length's
}

// buildGridMoves reports in out on the moves of the table's grid, as the
// loaders make them (a table's bytes could say otherwise). O(E).
func (lt *Table) buildGridMoves(out *gridMoves) {
	t := lt.t
	if t.Kind != table.KindGrid {
		return
	}
	key := lt.costs().key
	m := gridMoves{adjacent: true, octileFloor: key != nil, octileExact: key != nil}
	for u := range lt.n {
		ux, uy, _ := lt.XY(u)
		base := u << lt.hopShift
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			vx, vy, _ := lt.XY(int(t.Targets[e]))
			if abs(ux-vx) > 1 || abs(uy-vy) > 1 {
				return
			}
			if m.octileFloor {
				k, geo := key[base+int(e-t.Offsets[u])], octileKeyOf(ux-vx, uy-vy)
				m.octileFloor = k >= geo
				m.octileExact = m.octileExact && k == geo
			}
		}
	}
	*out = m
}
