package lookup

import (
	"math"
	"sync/atomic"

	"github.com/pathtable/pathtable/table"
)

// A door shut in a corridor sends every journey through it a step aside,
// and an A* whose heuristic is the baked distance must close the whole
// corridor before it finds that step: every node of it ties with the old
// shortest length. across finds such answers from the rows of distances,
// without a search.
//
// On a grid every move joins cells at most a row and a column apart, so a
// path from a node above row Y to a node below it, between the last time
// it stands on row Y-1 (at p) and the first time it reaches row Y+1 (at
// q), runs along row Y alone. Its cost is thus at least
//
//	d(s, p) + the cost of that run, as changed + d(q, t)
//
// with d the baked distances, which changes only raise. The least of this
// over every p, run and q (one pass along the row: runs along a line are
// a line's shortest paths) bounds the changed level's distance from below.
// Where the stored paths from s to the best p and from the best q to t
// cross no change, they and the run are a path of the changed level of
// that cost: a shortest path. The row and the column through the change
// that the stored path crosses first are tried, each where s and t lie on
// either side of it.

// crossing is what across needs of one row or column of a view's level,
// whatever the query: its open cells in order, each with its neighbours on
// the lines either side and the keys of the moves among them, as changed.
type crossing struct {
	vertical bool // a column; else a row
	at       int  // its column or row
	cells    []lineCell
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

// crossReach is what one query knows of a cell of the crossing: the least key
// of a path from the source onto it that crosses the entry line last at
// from, or that comes along the crossing from cell prev (from is -1).
type crossReach struct {
	key  float64
	from int32
	prev int32
}

// crossings holds a view's crossings, built at the first query that
// needs each; at most maxCrossings are kept.
type crossings struct {
	set atomic.Pointer[[]*crossing]
}

const maxCrossings = 64

// across answers the query from s to t, whose stored path buf[start:]
// crosses a change in its step into buf[cut], on a flat grid table with
// exact keys, and appends a shortest path to buf[:start]; false where it
// cannot prove one (buf is then as given). O(cells of the lines tried)
// key reads, the walks of two stored paths, and O(W + H) the first time a
// view meets a line.
func (o *view) across(sc *scratch, buf []int, start, cut int, s, t int32) ([]int, float64, bool) {
	lt := o.lt
	if cut <= start || cut >= len(buf) || !o.acrossable() {
		return buf, 0, false
	}
	fw := lt.w.(*flatWalker)
	c := o.pivot(int32(buf[cut-1]), int32(buf[cut]))
	cx, cy, _ := lt.XY(int(c))
	sx, sy, _ := lt.XY(int(s))
	tx, ty, _ := lt.XY(int(t))
	if between(sy, cy, ty) {
		if out, cost, ok := o.acrossLine(sc, fw, o.crossing(false, cy), buf, start, s, t, sy > cy); ok {
			return out, cost, true
		}
	}
	if between(sx, cx, tx) {
		if out, cost, ok := o.acrossLine(sc, fw, o.crossing(true, cx), buf, start, s, t, sx > cx); ok {
			return out, cost, true
		}
	}
	return buf, 0, false
}

// acrossable reports whether across may answer on the view: a flat grid
// table with exact keys whose moves each cost what their reverse does and
// join neighbouring cells. O(1) after the table's first call.
func (o *view) acrossable() bool {
	lt := o.lt
	_, flat := lt.w.(*flatWalker)
	return flat && lt.t.Kind == table.KindGrid && o.inexact == 0 && lt.costs().key != nil &&
		lt.symmetric() && lt.adjacentMoves()
}

// between reports whether b lies strictly between a and c.
func between(a, b, c int) bool { return (a < b && b < c) || (c < b && b < a) }

// pivot returns the changed cell that the step from u to v crosses: v when
// it is blocked or raised, else a blocked corner the diagonal step cuts,
// else v (a raised edge). O(1).
func (o *view) pivot(u, v int32) int32 {
	if o.changedCell(v) {
		return v
	}
	ux, uy, _ := o.lt.XY(int(u))
	vx, vy, _ := o.lt.XY(int(v))
	for _, c := range [2][2]int{{vx, uy}, {ux, vy}} {
		if w, ok := o.lt.NodeAt(c[0], c[1]); ok && o.changedCell(int32(w)) {
			return int32(w)
		}
	}
	return v
}

// changedCell reports whether node u is blocked or its cell raised. O(1).
func (o *view) changedCell(u int32) bool {
	if !o.marked(u) {
		return false
	}
	_, b := o.blocked[u]
	_, r := o.cells[u]
	return b || r
}

// acrossLine is across over one crossing, entered from its higher side
// when fromHigh. O(its cells) and two walks.
func (o *view) acrossLine(sc *scratch, fw *flatWalker, l *crossing, buf []int, start int, s, t int32, fromHigh bool) ([]int, float64, bool) {
	in, out := 0, 1
	if fromHigh {
		in, out = 1, 0
	}
	fromS, ok1 := fw.f.DistRow(int(s)).Octile16() // d(p, s) = d(s, p): the table is symmetric
	toT, ok2 := fw.f.DistRow(int(t)).Octile16()
	if !ok1 || !ok2 {
		return buf, 0, false
	}
	inf := math.Inf(1)
	cells := l.cells
	rs := sc.reach[:0]
	for i := range cells {
		c := &cells[i]
		r := crossReach{key: inf, from: -1, prev: -1}
		for j, p := range c.side[in] {
			if p >= 0 && c.onto[in][j] != inf {
				if k := fromS.Key(int(p)) + c.onto[in][j]; k < r.key {
					r.key, r.from = k, p
				}
			}
		}
		rs = append(rs, r)
	}
	sc.reach = rs
	for i := 1; i < len(rs); i++ {
		if k := rs[i-1].key + cells[i-1].fwd; k < rs[i].key {
			rs[i] = crossReach{key: k, from: -1, prev: int32(i - 1)}
		}
	}
	for i := len(rs) - 2; i >= 0; i-- {
		if k := rs[i+1].key + cells[i].back; k < rs[i].key {
			rs[i] = crossReach{key: k, from: -1, prev: int32(i + 1)}
		}
	}
	best, bestAt, bestQ := inf, -1, int32(-1)
	for i := range cells {
		if rs[i].key == inf {
			continue
		}
		c := &cells[i]
		for j, q := range c.side[out] {
			if q < 0 || c.off[out][j] == inf {
				continue
			}
			if total := rs[i].key + c.off[out][j] + toT.Key(int(q)); total < best {
				best, bestAt, bestQ = total, i, q
			}
		}
	}
	if best == inf || best >= table.OctileKeyLimit {
		return buf, 0, false
	}
	// The run along the crossing, traced back from where it leaves.
	run := sc.chain[:0]
	i := bestAt
	for ; rs[i].from < 0; i = int(rs[i].prev) {
		run = append(run, cells[i].node)
	}
	run = append(run, cells[i].node)
	sc.chain = run
	mark := len(buf)
	buf, ok := fw.path(buf, int(s), int(rs[i].from))
	if !ok || o.Crosses(buf[mark:]) {
		return buf[:mark], 0, false
	}
	for i := len(run) - 1; i >= 0; i-- {
		buf = append(buf, int(run[i]))
	}
	leg := len(buf)
	buf, ok = fw.path(buf, int(bestQ), int(t))
	if !ok || o.Crosses(buf[leg:]) {
		return buf[:mark], 0, false
	}
	k := copy(buf[start:], buf[mark:])
	return buf[:start+k], keyCost(best), true
}

// crossing returns the view's crossing along column at (vertical) or row
// at, building it the first time. O(W + H) then, O(crossings) after.
func (o *view) crossing(vertical bool, at int) *crossing {
	old := o.crossings.set.Load()
	if old != nil {
		for _, l := range *old {
			if l.vertical == vertical && l.at == at {
				return l
			}
		}
	}
	l := o.buildCrossing(vertical, at)
	for old == nil || len(*old) < maxCrossings {
		var next []*crossing
		if old != nil {
			next = append(next, *old...)
		}
		next = append(next, l)
		if o.crossings.set.CompareAndSwap(old, &next) {
			break
		}
		old = o.crossings.set.Load()
	}
	return l
}

// buildCrossing lays out the open cells of a line with their neighbours
// and the keys of the moves among them. O(cells of the line).
func (o *view) buildCrossing(vertical bool, at int) *crossing {
	lt := o.lt
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
	l := &crossing{vertical: vertical, at: at}
	for a := range n {
		v := node(a, at)
		if v < 0 || o.marked(v) && o.Blocked(int(v)) {
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
	return l
}

// moveKey returns the key of the cheapest move from u to v as changed,
// +Inf where there is none or it is closed. O(degree of u).
func (o *view) moveKey(u, v int32) float64 {
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

// adjacentMoves reports whether every edge of the table's grid joins
// cells at most a row and a column apart, as the loaders make them (a
// table's bytes could say otherwise). O(E) the first time, then O(1).
func (lt *Table) adjacentMoves() bool {
	lt.adjacent.once.Do(func() {
		t := lt.t
		if t.Kind != table.KindGrid {
			return
		}
		for u := range lt.n {
			ux, uy, _ := lt.XY(u)
			for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
				vx, vy, _ := lt.XY(int(t.Targets[e]))
				if ux-vx > 1 || vx-ux > 1 || uy-vy > 1 || vy-uy > 1 {
					return
				}
			}
		}
		lt.adjacent.yes = true
	})
	return lt.adjacent.yes
}
