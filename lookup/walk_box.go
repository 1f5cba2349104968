package lookup

import (
	"github.com/pathtable/pathtable/internal/gridgraph"
	"github.com/pathtable/pathtable/table"
)

// The open-box rule on run-length tables (table.Boxes): from s toward t,
// when every cell of the box the two cells span is open, the answer is
// H_1 and the row is not read. H_1 leads to a cell whose box with t lies
// inside the first box, so once a walk stands in an open box every later
// step does too: a path or a distance finishes there without reading a
// row or testing a box again, along the moves H_1 takes, which depend only
// on the offset to t (boxRule.finish).

// boxRule is what the rule's queries read.
type boxRule struct {
	lt *Table
	// sums is the table's summed-area table of open cells
	// (gridgraph.OpenBoxes.Sums), stride entries a row.
	sums   []uint32
	stride int
	// By rank: each rank's arms, how many open cells follow its own in a
	// straight line east, west, south and north (bytes 0 to 3, armMax at
	// most). A box is open only if the source's arms reach across it,
	// which turns most closed boxes away before the summed-area test.
	// Its cell is runWalker.xy's; Next reads both from its node's record
	// (nodeRec).
	arms  []uint32
	eight bool // 8-connected: H_1 is the move toward the offset's sign
	width int
	// The cost of a straight and of a diagonal move: every cell costs 1.
	straight, diagonal float64
}

// armMax is an arm of armMax or more open cells.
const armMax = 0xFF

// newBoxRule returns the rule of lt's table, which has symbols, or nil
// when its encoding has none (table.Boxes). O(W·H) time; it keeps 4
// bytes a node beside the table's summed-area table.
func newBoxRule(lt *Table, rank []int32) *boxRule {
	t := lt.t
	ob := t.OpenBoxes()
	if ob == nil {
		return nil
	}
	sums, stride := ob.Sums()
	c1014 := t.Diagonal == "10/14"
	b := &boxRule{lt: lt, sums: sums, stride: stride, eight: t.Connect == 8, width: t.Width,
		straight: gridgraph.MoveCost(1, false, c1014), diagonal: gridgraph.MoveCost(1, true, c1014)}
	arms := nodeArms(lt)
	b.arms = make([]uint32, t.Nodes)
	for u := range t.Cells {
		b.arms[rank[u]] = arms[u]
	}
	return b
}

// nodeArms returns the arms (see boxRule) of every node of lt's grid
// table, whose cells are sorted (row-major). O(V), O(V log V) on a
// sparse grid's cell index.
func nodeArms(lt *Table) []uint32 {
	t := lt.t
	cells, w, n := t.Cells, int32(t.Width), t.Nodes
	arms := make([]uint32, n)
	// arm returns node v's arm at shift, one longer for the step to it.
	arm := func(v int32, shift uint) uint32 { return min(arms[v]>>shift&0xFF+1, armMax) << shift }
	for u := n - 1; u >= 0; u-- { // east and south: the nodes after u first
		c := cells[u]
		if c%w < w-1 && u+1 < n && cells[u+1] == c+1 {
			arms[u] |= arm(int32(u+1), 0)
		}
		if c/w < int32(t.Height)-1 {
			if v := lt.nodeOfCell(int(c + w)); v >= 0 {
				arms[u] |= arm(v, 16)
			}
		}
	}
	for u := range n { // west and north: the nodes before u first
		c := cells[u]
		if c%w > 0 && u > 0 && cells[u-1] == c-1 {
			arms[u] |= arm(int32(u-1), 8)
		}
		if c >= w {
			if v := lt.nodeOfCell(int(c - w)); v >= 0 {
				arms[u] |= arm(v, 24)
			}
		}
	}
	return arms
}

// reach reports whether arms reach across the offset (dx, dy), without
// a branch. O(1).
func reach(arms uint32, dx, dy int32) bool {
	// The arm's byte is 8 further on for a negative offset, 16 for y; an
	// offset of armMax or more reaches an arm of armMax, which may be
	// longer.
	mx, my := dx>>31, dy>>31
	ex, ey := int32(arms>>(uint32(mx)&8)&0xFF), int32(arms>>(16|uint32(my)&8)&0xFF)
	return ex-min((dx^mx)-mx, armMax)|ey-min((dy^my)-my, armMax) >= 0
}

// gap returns how many steps a walk to a target of arms at offset
// (dx, dy) from it must take, at least, before its box with the target
// can be open: the target's arms toward the walk must reach across the
// box, and a step shortens each side of the box by at most one. O(1).
func gap(arms uint32, dx, dy int32) int32 {
	mx, my := dx>>31, dy>>31
	ex, ey := int32(arms>>(uint32(mx)&8)&0xFF), int32(arms>>(16|uint32(my)&8)&0xFF)
	return max(min((dx^mx)-mx, armMax)-ex, min((dy^my)-my, armMax)-ey)
}

// sum reports whether the box of cells (x0, y0) and (x1, y1) of the grid
// is all open: the summed-area test, inline where OpenBoxes.Open is a
// call. O(1).
func (b *boxRule) sum(x0, y0, x1, y1 int32) bool {
	xa, xb, ya, yb := min(x0, x1), max(x0, x1)+1, min(y0, y1), max(y0, y1)+1
	a, c := b.sums[int(ya)*b.stride:], b.sums[int(yb)*b.stride:]
	return c[xb]-a[xb]-c[xa]+a[xa] == uint32((xb-xa)*(yb-ya))
}

// openAt reports whether the box of the cell of rank r and (tx, ty) is all
// open cells. O(1).
func (w *runWalker) openAt(r int32, tx, ty int32) bool {
	x, y := w.xy[2*r], w.xy[2*r+1]
	return reach(w.box.arms[r], tx-x, ty-y) && w.box.sum(x, y, tx, ty)
}

// rankMove is move under the rule by rank, for the overlay's walks,
// which stop at the first node they have walked and so rarely reach an
// open box: the row first, and the box only where the row does not say
// H_1 already (Next tests the box first, recWalker.next).
// O(log runs in row).
func (w *runWalker) rankMove(r, rt int32) uint {
	m := w.runMove(w.rowStart[r], w.rowStart[r+1], rt)
	if m != table.SymbolBase {
		x, y, tx, ty := w.xy[2*r], w.xy[2*r+1], w.xy[2*rt], w.xy[2*rt+1]
		// r == rt reads the row, as a table without the rule does.
		if reach(w.box.arms[r], tx-x, ty-y) && r != rt && w.box.sum(x, y, tx, ty) {
			m = table.SymbolBase
		}
	}
	return w.decode(r, rt, m)
}

// rowMove is move where the box is known closed. O(log runs in row).
func (w *runWalker) rowMove(r, rt int32) uint {
	m := w.runMove(w.rowStart[r], w.rowStart[r+1], rt)
	return w.decode(r, rt, m)
}

// steps returns how many straight and diagonal moves H_1 takes over the
// offset (dx, dy) in an open box.
func (b *boxRule) steps(dx, dy int32) (straight, diagonal int) {
	ax, ay := int(dx), int(dy)
	ax, ay = max(ax, -ax), max(ay, -ay)
	if b.eight {
		d := min(ax, ay)
		return ax + ay - 2*d, d
	}
	return ax + ay, 0
}

// boxPath is path under the rule: rows until the walk stands in an open
// box, then the finish. O(path length × log runs per row) at most, O(1) a
// step in the open box.
func (w *runWalker) boxPath(buf []int, from, to int) ([]int, bool) {
	if w.recs != nil {
		return w.recPath(buf, from, to)
	}
	lt, b := w.lt, w.box
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := w.hops, lt.hopShift, uint(1)<<lt.hopShift
	target := w.rank[to]
	tx, ty, tArms := w.xy[2*target], w.xy[2*target+1], b.arms[target]
	buf = append(buf, from)
	for r, closed := w.rank[from], int32(0); r != target; closed-- {
		// Test the box where it may be open: not within the target's gap.
		if closed <= 0 {
			x, y := w.xy[2*r], w.xy[2*r+1]
			if closed = gap(tArms, x-tx, y-ty); closed <= 0 && w.openAt(r, tx, ty) {
				if k, d := b.steps(tx-x, ty-y); len(buf)+k+d > limit {
					return buf[:start], false // only after a corrupt table's detour
				}
				return b.finish(buf, x, y, tx, ty), true
			}
		}
		m := w.rowMove(r, target)
		if m >= stride || len(buf) >= limit {
			return buf[:start], false // no path, a corrupt table's bad move, or a cycle
		}
		r = hops[uint(r)<<shift|m]
		if r < 0 {
			return buf[:start], false // a move that names no edge
		}
		buf = append(buf, int(w.order[r]))
	}
	return buf, true
}

// finish appends the nodes H_1 walks through from s to t in their open
// box: on 8-connected grids the diagonal moves, then the straight ones; on
// 4-connected grids the moves along the longer axis until the two are
// even, then one along each in turn, the tie's winner first. O(steps).
func (b *boxRule) finish(buf []int, sx, sy, tx, ty int32) []int {
	dx, dy := int(tx-sx), int(ty-sy)
	x, y := 1, b.width // one move along x, along y, in cells
	if dx < 0 {
		x, dx = -1, -dx
	}
	if dy < 0 {
		y, dy = -y, -dy
	}
	c := int(sy)*b.width + int(sx)
	long, ax, ay := x, dx, dy
	if ay > ax {
		long, ax, ay = y, ay, ax
	}
	// ax >= ay: the longer axis's move is long.
	if b.eight {
		buf, c = b.cells(buf, c, x+y, ay)
		buf, _ = b.cells(buf, c, long, ax-ay)
		return buf
	}
	buf, c = b.cells(buf, c, long, ax-ay)
	// Ties go to the lower direction code (N 0, E 2, S 4, W 6): E beats S,
	// N beats E and W, S beats W.
	first, second := y, x
	if x > 0 && y > 0 {
		first, second = x, y
	}
	for range ay {
		buf, c = b.cells(buf, c, first, 1)
		buf, c = b.cells(buf, c, second, 1)
	}
	return buf
}

// cells appends the nodes of the k cells after c, step cells apart, and
// returns the last. O(k), O(k log V) on a sparse grid's cell index.
func (b *boxRule) cells(buf []int, c, step, k int) ([]int, int) {
	if byCell := b.lt.byCell; byCell != nil {
		for range k {
			c += step
			buf = append(buf, int(byCell[c]))
		}
		return buf, c
	}
	for range k {
		c += step
		buf = append(buf, int(b.lt.nodeOfCell(c)))
	}
	return buf, c
}

// boxDist is dist under the rule: the costs along the rows until the walk
// stands in an open box, then the finish's, added in the order its moves
// take. O(path length × log runs per row) at most, O(1) a step in the
// open box.
func (w *runWalker) boxDist(from, to int) (float64, bool) {
	lt, b := w.lt, w.box
	sum := table.NewCostSum(&lt.t.Header)
	target := w.rank[to]
	tx, ty, tArms := w.xy[2*target], w.xy[2*target+1], b.arms[target]
	u := int32(from)
	for r, steps, closed := w.rank[from], 0, int32(0); r != target; steps, closed = steps+1, closed-1 {
		if closed > 0 {
			// within the target's gap: the box is closed
		} else if closed = gap(tArms, w.xy[2*r]-tx, w.xy[2*r+1]-ty); closed <= 0 && w.openAt(r, tx, ty) {
			k, d := b.steps(tx-w.xy[2*r], ty-w.xy[2*r+1])
			if steps+k+d > lt.n {
				return table.Unreachable, false // only after a corrupt table's detour
			}
			for range d {
				sum.Add(b.diagonal)
			}
			for range k {
				sum.Add(b.straight)
			}
			return sum.Value(), true
		}
		m := w.rowMove(r, target)
		if m >= uint(1)<<lt.hopShift || steps >= lt.n {
			return table.Unreachable, false // no path, a bad move, or a cycle
		}
		next := w.hops[uint(r)<<lt.hopShift|m]
		if next < 0 {
			return table.Unreachable, false
		}
		sum.Add(lt.t.Weights[lt.t.Offsets[u]+int32(m)])
		r, u = next, w.order[next]
	}
	return sum.Value(), true
}
