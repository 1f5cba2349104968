package lookup

import (
	"math"
	"slices"

	"github.com/pathtable/pathtable/table"
)

// A door shut in a corridor sends every journey through it a step aside,
// and an A* whose heuristic is the baked distance must close the whole
// corridor before it finds that step: every node of it ties with the old
// shortest length. across finds such answers from the baked distances
// (a flat table's rows; on a run-length table, sums along stored paths),
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
//
// A crossing whose run includes a cell c costs at least d(s, c) + d(c,
// t), which is at least the octile length of the way through c (where
// every move costs at least its octile length) and at least |d(c, x) -
// d(s, x)| + |d(c, x) - d(x, t)| for x the changed cell on the line (the
// triangle inequality) where x is the changed cell on the line, on flat
// tables, and each of a few landmarks placed on the baked level once a
// table (bakedLandmarks) on tables that walk for their distances.
// Only the cells whose bound leaves them a chance of beating the baked
// distance, then the best crossing found, are read; where that is more
// than maxWalkedCells on a table that walks for its distances, the search
// answers instead.

// across answers the query from s to t, whose stored path buf[start:]
// crosses a change in its step into buf[cut], on a grid table searched on
// exact keys (see acrossable), and appends a shortest path to buf[:start];
// false where it cannot prove one (buf is then as given). O(cells read)
// distances (O(1) each from rows, else the walks of the nodes not yet
// walked), the paths it returns, and O(W + H) the first time a view meets
// a line.
func (q query) across(buf []int, start, cut int, s, t int32) ([]int, float64, bool) {
	o, lt := q.view, q.lt
	if cut <= start || cut >= len(buf) || !o.acrossable() {
		return buf, 0, false
	}
	c := o.pivot(int32(buf[cut-1]), int32(buf[cut]))
	cx, cy, _ := lt.XY(int(c))
	ends := o.pivotKeys(buf[start:], c)
	sx, sy, tx, ty := ends.sx, ends.sy, ends.tx, ends.ty
	if between(sy, cy, ty) {
		if out, cost, ok := q.acrossLine(o.crossing(false, c), buf, start, s, t, ends, sy > cy); ok {
			return out, cost, true
		}
	}
	if between(sx, cx, tx) {
		if out, cost, ok := q.acrossLine(o.crossing(true, c), buf, start, s, t, ends, sx > cx); ok {
			return out, cost, true
		}
	}
	return buf, 0, false
}

// acrossable reports whether across may answer on the view: a grid
// table of all pairs searched on exact keys, whose moves each cost what
// their reverse does and join neighbouring cells. O(1) after the table's
// first call.
func (o *view) acrossable() bool {
	lt := o.lt
	return o.st != nil && lt.t.Kind == table.KindGrid && o.inexact == 0 && lt.costs().key != nil &&
		lt.symmetric() && lt.gridMoves().adjacent
}

// between reports whether b lies strictly between a and c.
func between(a, b, c int) bool { return (a < b && b < c) || (c < b && b < a) }

// pivot returns the changed cell that the step from u to v crosses: v when
// it is blocked or raised, else a blocked corner the diagonal step cuts,
// else v (a raised edge). O(1).
func (o *changeSet) pivot(u, v int32) int32 {
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
func (o *changeSet) changedCell(u int32) bool {
	if !o.marked(u) {
		return false
	}
	_, b := o.blocked[u]
	_, r := o.cells[u]
	return b || r
}

// acrossLine is across over one crossing, entered from its higher side
// when fromHigh. It bounds every cell from below (see above), reads only
// the cells whose bound leaves them a chance to beat the baked distance,
// then the best crossing found, and returns the best crossing whose
// stored paths cross no change: O(cells) bounds, the distances of the
// cells read, and the paths it returns.
func (q query) acrossLine(l *crossing, buf []int, start int, s, t int32, ends pivotKeys, fromHigh bool) ([]int, float64, bool) {
	in, out := 0, 1
	if fromHigh {
		in, out = 1, 0
	}
	if len(l.cells) == 0 {
		return buf, 0, false
	}
	least := q.bound(l, s, t, ends)
	// d(p, s) = d(s, p): the table is symmetric. A table without rows
	// walks toward each end in a scratch of its own: the query's toward
	// the source, its partner toward the target, each line's walks afresh.
	sc := q.sc
	var own *scratch
	if !q.rows {
		own = sc.partner()
		sc.begin()
		own.begin()
		sc.hr, own.hr = q.heuristic(s, true), q.heuristic(t, true)
	}
	sc.walkBudget = maxWalkedPerStep * ends.steps
	fromS := endKeys{o: q.view, sc: sc, end: s, budget: &sc.walkBudget}
	toT := endKeys{o: q.view, sc: own, end: t, budget: &sc.walkBudget}
	best, ok := q.readCells(l.cells, in, out, max(ends.old, least), &fromS, &toT)
	if !ok || math.IsInf(best, 1) || best >= table.OctileKeyLimit {
		return buf, 0, false
	}
	return q.pickCrossing(l.cells, best, buf, start, &fromS, &toT)
}

// bound gives every cell of l its lower bound in sc.reach, and returns the
// least. O(cells × baked landmarks).
func (q query) bound(l *crossing, s, t int32, ends pivotKeys) float64 {
	cells := l.cells
	g := q.lt.crossGeometry(l, ends)
	var k, n int
	var marks []float64 // the baked landmarks' rows, where distances are walks
	if !q.rows {
		k, marks = q.lt.bakedLandmarks()
		n = q.lt.n
	}
	rs := q.sc.reach[:0]
	least := math.Inf(1)
	for i := range cells {
		b := g.bound(cells[i].pos)
		if ends.known && l.toPivot != nil {
			dp := l.toPivot[i]
			b = max(b, math.Abs(dp-ends.fromS)+math.Abs(dp-ends.toT))
		}
		for j := range k {
			row := marks[j*n : (j+1)*n]
			dc, ds, dt := row[cells[i].node], row[s], row[t]
			if !math.IsInf(ds, 1) && !math.IsInf(dt, 1) {
				b = max(b, math.Abs(dc-ds)+math.Abs(dc-dt))
			}
		}
		rs = append(rs, crossReach{bound: b, in: math.NaN(), out: math.NaN()})
		least = min(least, b)
	}
	q.sc.reach = rs
	return least
}

// readCells reads every cell whose bound is under the limit: first the
// baked distance (or, where no bound is under it, the least bound), then
// the best crossing found, until no cell left unread could beat it, and
// returns the best crossing's key; false where that is more than the
// layout may read (the search answers then). O(cells read), and their
// distances.
func (q query) readCells(cells []lineCell, in, out int, limit float64, fromS, toT *endKeys) (float64, bool) {
	rs := q.sc.reach
	most := len(cells) // cells read at most
	if !q.rows {
		most = maxWalkedCells
	}
	best, active := math.Inf(1), 0
	for read := false; ; read = true {
		added := false
		for i := range rs {
			if !rs[i].active && (rs[i].bound < limit || !read && rs[i].bound == limit) {
				rs[i].active, added = true, true
				active++
			}
		}
		if read && !added {
			return best, true
		}
		if active > most {
			return 0, false // too far to walk: the search answers
		}
		if !read && (!fromS.start() || !toT.start()) {
			return 0, false
		}
		best = runAlong(cells, rs, in, out, fromS, toT)
		if q.sc.walkBudget <= 0 {
			return 0, false // too far to walk: the search answers
		}
		limit = best
	}
}

// pickCrossing returns, appended to buf[:start], the path of a crossing
// of key best whose stored paths cross no change. Crossings tie often on
// grids, and one's stored paths may cross a change where another's do
// not: it tries a few. O(their path lengths).
func (q query) pickCrossing(cells []lineCell, best float64, buf []int, start int, fromS, toT *endKeys) ([]int, float64, bool) {
	rs := q.sc.reach
	tries := 0
	for i := range rs {
		if tries == maxCrossingTries {
			break
		}
		if !rs[i].active || rs[i].key+rs[i].out != best {
			continue
		}
		tries++
		if out, ok := q.crossingPath(cells, rs, i, buf, fromS, toT); ok {
			k := copy(out[start:], out[len(buf):])
			return out[:start+k], keyCost(best), true
		}
	}
	return buf, 0, false
}

// maxCrossingTries bounds how many of the best crossings, where several
// tie, across checks for stored paths clear of the changes.
const maxCrossingTries = 4

// crossingPath appends to buf the path of the crossing that leaves the
// line at cell i: the stored path from the source to its entry node, its
// run along the line, and the stored path from its exit node to the
// target; false where a stored path crosses a change (buf is then as
// given). O(path length).
func (q query) crossingPath(cells []lineCell, rs []crossReach, i int, buf []int, fromS, toT *endKeys) ([]int, bool) {
	o, sc := q.view, q.sc
	exit := rs[i].outTo
	if !toT.clean(exit) {
		return buf, false
	}
	run := sc.chain[:0]
	for ; rs[i].from < 0; i = int(rs[i].prev) {
		run = append(run, cells[i].node)
	}
	run = append(run, cells[i].node)
	sc.chain = run
	if !fromS.clean(rs[i].inFrom) {
		return buf, false
	}
	mark := len(buf)
	out, ok := fromS.pathFromEnd(buf, rs[i].inFrom)
	if !ok || o.crosses(out[mark:]) {
		return buf, false
	}
	for j := len(run) - 1; j >= 0; j-- {
		out = append(out, int(run[j]))
	}
	leg := len(out)
	out, ok = toT.pathToEnd(out, exit)
	if !ok || o.crosses(out[leg:]) {
		return buf, false
	}
	return out, true
}

// maxWalkedCells bounds the cells of a crossing read by walks (tables
// without rows of distances), and maxWalkedPerStep the nodes those walks
// take, per step of the stored path; past them the search answers.
const (
	maxWalkedCells   = 48
	maxWalkedPerStep = 8
)

// crossReach is what one query knows of a cell of a crossing.
type crossReach struct {
	bound  float64 // a lower bound of the key of any crossing through the cell
	active bool    // its distances are read, and crossings may run through it
	in     float64 // least key of a path from the source onto the cell from the entry line; NaN until read
	inFrom int32   // the entry node of that path
	out    float64 // least key of a path from the cell across the exit line to the target; NaN until read
	outTo  int32   // the exit node of that path

	// The least key of a path from the source onto the cell that crossed
	// the entry line last at from, or came along the crossing from cell
	// prev (from is -1).
	key        float64
	from, prev int32
}

// runAlong returns the key of the best crossing whose run stays among the
// active cells, +Inf when there is none, leaving each cell's best in rs.
// O(cells), and the walks of the ends' keys not yet read.
func runAlong(cells []lineCell, rs []crossReach, in, out int, fromS, toT *endKeys) float64 {
	inf := math.Inf(1)
	for i := range cells {
		r, c := &rs[i], &cells[i]
		r.key, r.from, r.prev = inf, -1, -1
		if !r.active {
			continue
		}
		if r.in != r.in { // NaN: not read yet
			r.in, r.inFrom = inf, -1
			for j, p := range c.side[in] {
				if p >= 0 && c.onto[in][j] != inf {
					if k := fromS.key(p) + c.onto[in][j]; k < r.in {
						r.in, r.inFrom = k, p
					}
				}
			}
		}
		r.key, r.from = r.in, r.inFrom
	}
	for i := 1; i < len(rs); i++ {
		if rs[i].active && rs[i-1].active {
			if k := rs[i-1].key + cells[i-1].fwd; k < rs[i].key {
				rs[i].key, rs[i].from, rs[i].prev = k, -1, int32(i-1)
			}
		}
	}
	for i := len(rs) - 2; i >= 0; i-- {
		if rs[i].active && rs[i+1].active {
			if k := rs[i+1].key + cells[i].back; k < rs[i].key {
				rs[i].key, rs[i].from, rs[i].prev = k, -1, int32(i+1)
			}
		}
	}
	best := inf
	for i := range cells {
		r, c := &rs[i], &cells[i]
		if r.key == inf {
			continue
		}
		if r.out != r.out {
			r.out, r.outTo = inf, -1
			for j, q := range c.side[out] {
				if q >= 0 && c.off[out][j] != inf {
					if k := c.off[out][j] + toT.key(q); k < r.out {
						r.out, r.outTo = k, q
					}
				}
			}
		}
		if total := r.key + r.out; total < best {
			best = total
		}
	}
	return best
}

// pivotKeys is what across knows of a query's baked distances: old, the
// distance from the source to the target (or a lower bound of it), and,
// where known, the distances from the source to the pivot and from the
// pivot to the target.
type pivotKeys struct {
	old, fromS, toT float64
	known           bool
	steps           int // the stored path's
	sx, sy, tx, ty  int // the source's and the target's cells
}

// pivotKeys returns the baked distances of the query whose stored path is
// stored, crossing the change at pivot: from a flat table's rows, O(1);
// elsewhere only old, the stored path's length where every move costs its
// octile length, O(len(stored)), else 0.
func (o *changeSet) pivotKeys(stored []int, pivot int32) pivotKeys {
	lt := o.lt
	s, t := stored[0], stored[len(stored)-1]
	k := pivotKeys{steps: len(stored)}
	k.sx, k.sy, _ = lt.XY(s)
	k.tx, k.ty, _ = lt.XY(t)
	if o.rows {
		rowT, _ := o.st.distRow(t)
		rowP, _ := o.st.distRow(int(pivot))
		toT, ok1 := rowT.Octile16()
		toP, ok2 := rowP.Octile16()
		if ok1 && ok2 {
			k.old, k.fromS, k.toT = toT.Key(s), toP.Key(s), toT.Key(int(pivot))
			k.known = !math.IsInf(k.fromS, 1) && !math.IsInf(k.toT, 1)
		}
		return k
	}
	if lt.gridMoves().octileExact {
		k.old = lt.octileLength(stored)
	}
	return k
}

// octileLength returns the octile length of path as a key, 0 past the
// keys' exact range. O(len(path)).
func (lt *Table) octileLength(path []int) float64 {
	cells, w := lt.t.Cells, int32(lt.t.Width)
	var straight, diagonal uint64
	for i := 1; i < len(path); i++ {
		switch cells[path[i]] - cells[path[i-1]] {
		case 1, -1, w, -w:
			straight++
		default:
			diagonal++
		}
	}
	if straight >= 1<<16 || diagonal >= 1<<16 {
		return 0
	}
	return table.OctileKey(straight, diagonal)
}

// endKeys reads the baked distances between one end of a query and the
// cells of a crossing, as keys: from the end's row of distances on a flat
// table, else summed along stored paths toward the end, walked once each
// (stored paths toward one end merge) in a scratch of the end's own.
type endKeys struct {
	o   *view
	sc  *scratch
	end int32
	row table.Octile16Row
	// budget counts down the nodes walks may still take, shared by both
	// ends of a query; once spent, key reads +Inf and the query gives up.
	budget *int
}

// start readies the keys: the end's row of distances; false where the
// table's rows are not keys. Without rows acrossLine readied the walks'
// scratch and its heuristic. O(1).
func (k *endKeys) start() bool {
	if !k.o.rows {
		return true
	}
	row, _ := k.o.st.distRow(int(k.end))
	var rowOK bool
	k.row, rowOK = row.Octile16()
	return rowOK
}

// clean reports whether u's stored path toward the end may cross no
// change: false where a walk found it crosses one, or, on a flat table,
// where a blocked node lies on a shortest path of the baked level from u
// to the end (mayMeetBlock): such a stored path nearly always crosses it,
// and walking it to find so costs more than the search it leaves. A hint
// for choosing among crossings; the path chosen is checked whole. O(1),
// or two row reads a blocked node on flat tables.
func (k *endKeys) clean(u int32) bool {
	if k.row != nil {
		return !k.mayMeetBlock(u)
	}
	n := &k.sc.node[u]
	return n.stamp != k.sc.gen || n.flags&unchanged != 0
}

// mayMeetBlock reports whether a blocked node c lies on a shortest path
// of the baked level from u to the end: d(u, c) + d(c, end) = d(u, end),
// read from the rows as exact keys; false past maxProbes blocked nodes
// (the walk tells then). O(blocked nodes): two row reads each.
func (k *endKeys) mayMeetBlock(u int32) bool {
	o := k.o
	if len(o.blocked) > maxProbes {
		return false
	}
	du := k.row.Key(int(u))
	for c := range o.blocked {
		row, _ := o.st.distRow(int(c))
		oc, _ := row.Octile16()
		if oc.Key(int(u))+k.row.Key(int(c)) <= du {
			return true
		}
	}
	return false
}

// pathToEnd appends a stored path from u to the end: the one the walks
// followed, on tables without rows. O(its length).
func (k *endKeys) pathToEnd(buf []int, u int32) ([]int, bool) {
	if k.row != nil {
		return k.o.lt.w.path(buf, int(u), int(k.end))
	}
	start, limit := len(buf), len(buf)+len(k.sc.node)
	buf = append(buf, int(u))
	for u != k.end {
		n := &k.sc.node[u]
		if n.stamp != k.sc.gen || n.flags&walked == 0 || n.next < 0 || len(buf) >= limit {
			return buf[:start], false
		}
		u = n.next
		buf = append(buf, int(u))
	}
	return buf, true
}

// pathFromEnd appends a shortest path of the baked level from the end to
// u: the path from u to the end reversed (the table is symmetric), which
// reads the end's row, as every other path toward the end does, and not
// a row of u's own. O(its length).
func (k *endKeys) pathFromEnd(buf []int, u int32) ([]int, bool) {
	start := len(buf)
	buf, ok := k.pathToEnd(buf, u)
	slices.Reverse(buf[start:])
	return buf, ok
}

// key returns the baked distance between u and the end, +Inf where there
// is none. O(1) from a row, else the walk of the nodes not yet walked.
func (k *endKeys) key(u int32) float64 {
	if k.row != nil {
		return k.row.Key(int(u))
	}
	n := k.sc.at(u)
	if n.flags&hSet == 0 {
		if *k.budget <= 0 {
			return math.Inf(1)
		}
		query{view: k.o, sc: k.sc}.setH(n, u, k.end)
		*k.budget -= len(k.sc.chain) + 1
	}
	return n.h
}

// crossGeometry is the octile geometry of a query and a crossing.
type crossGeometry struct {
	sx, sy, tx, ty, at int
	vertical, floor    bool
}

// crossGeometry returns the geometry of the query's ends and l. O(1).
func (lt *Table) crossGeometry(l *crossing, ends pivotKeys) crossGeometry {
	return crossGeometry{sx: ends.sx, sy: ends.sy, tx: ends.tx, ty: ends.ty,
		at: l.at, vertical: l.vertical, floor: lt.gridMoves().octileFloor}
}

// bound returns a lower bound of the key of any path from s to t through
// the crossing's cell at pos: its octile length through the cell where
// every move costs at least its own octile length (changes only raise
// costs), else 0. O(1).
func (g *crossGeometry) bound(pos int32) float64 {
	if !g.floor {
		return 0
	}
	x, y := int(pos), g.at
	if g.vertical {
		x, y = g.at, int(pos)
	}
	return octileKeyOf(g.sx-x, g.sy-y) + octileKeyOf(x-g.tx, y-g.ty)
}

// octileKeyOf returns the key of the octile length of a move of dx, dy.
func octileKeyOf(dx, dy int) float64 {
	dx, dy = abs(dx), abs(dy)
	return table.OctileKey(uint64(max(dx, dy)-min(dx, dy)), uint64(min(dx, dy)))
}
