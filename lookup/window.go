package lookup

import "github.com/pathtable/pathtable/table"

// window is what a windowed table's queries need beside the table (see
// table.WindowBlock). A query (from, to) is covered when from lies in the
// window of to; its path walks to's block, one window cell a step, and
// lt.hops is indexed by direction (table.WindowStep) instead of edge slot.
type window struct {
	delta, side int
	w           *table.Window
}

// directionHops lays out, for every node, the node one move in each of the
// eight directions away, or -1 where there is no such edge: stride 8. Edges
// that are not single grid moves (only in a damaged table) are left out, so
// a path always moves one cell at a time and never leaves its window.
// O(V + E).
func directionHops(t *table.Table) ([]int32, uint) {
	hops := make([]int32, 8*t.Nodes)
	for i := range hops {
		hops[i] = -1
	}
	xy := func(u int32) (int, int) { c := int(t.Cells[u]); return c % t.Width, c / t.Width }
	for u := range int32(t.Nodes) {
		ux, uy := xy(u)
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v := t.Targets[e]
			vx, vy := xy(v)
			for m := range uint8(8) {
				if dx, dy := table.WindowStep(m); vx-ux == dx && vy-uy == dy {
					hops[int(u)<<3|int(m)] = v
				}
			}
		}
	}
	return hops, 3
}

// Window returns DELTA of a windowed table, 0 for a table of all pairs.
// O(1).
func (lt *Table) Window() int { return lt.t.Window }

// Covered reports whether the table answers queries from from to to: both
// nodes exist and, in a windowed table, from lies within DELTA cells of to
// in x and y. Next, Dist and Path report no path for a pair that is not
// covered; Covered tells that apart from a pair with no path, and Search
// answers any pair. O(1).
func (lt *Table) Covered(from, to int) bool {
	_, ok := lt.cover(from, to)
	return ok
}

// cover returns from's cell in to's window, and whether the pair is
// covered.
func (lt *Table) cover(from, to int) (int, bool) {
	if !lt.valid(from) || !lt.valid(to) {
		return 0, false
	}
	if lt.win == nil {
		return 0, true
	}
	fx, fy, _ := lt.XY(from)
	tx, ty, _ := lt.XY(to)
	return table.InWindow(lt.win.delta, fx, fy, tx, ty)
}

// windowNext is Next on a windowed table. O(1).
func (lt *Table) windowNext(from, to int) int {
	i, ok := lt.cover(from, to)
	if !ok {
		return -1
	}
	return lt.hop(from, uint(table.WindowMove(lt.win.w.Block(to), i)))
}

// windowPath is AppendPath on a windowed table: it walks to's block, one
// window cell a step, and stops with false on no move, on a move that
// names no edge or leaves the window, or after more steps than the window
// has cells (a cycle), which only a damaged table holds. O(path length).
func (lt *Table) windowPath(buf []int, from, to int) ([]int, bool) {
	i, ok := lt.cover(from, to)
	if !ok {
		return buf, false
	}
	side := lt.win.side
	wx, wy := i%side, i/side
	block := lt.win.w.Block(to)
	hops := lt.hops
	start := len(buf)
	limit := start + side*side
	buf = append(buf, from)
	for u := from; u != to; {
		i := wy*side + wx
		m := uint8(block[i>>1]>>(uint(i&1)<<2)) & 0xF
		if m >= 8 || len(buf) >= limit {
			return buf[:start], false
		}
		v := hops[uint(u)<<3|uint(m)]
		dx, dy := table.WindowStep(m)
		wx += dx
		wy += dy
		if v < 0 || uint(wx) >= uint(side) || uint(wy) >= uint(side) {
			return buf[:start], false
		}
		u = int(v)
		buf = append(buf, u)
	}
	return buf, true
}
