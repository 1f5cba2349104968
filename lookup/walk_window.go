package lookup

import "github.com/pathtable/pathtable/table"

// windowWalker walks a windowed table (table.Window). A query (from, to)
// is covered when from lies in the window of to; its path walks to's
// block, one window cell a step, through hops indexed by direction
// (table.WindowStep) instead of edge slot. It is not a stepper: its
// stored paths reach a target only from inside the target's window, so an
// overlay cannot bound or finish a search by them (NewOverlay refuses
// such tables).
type windowWalker struct {
	lt          *Table
	win         *table.Window
	delta, side int
	// hops[u<<3 | d] is the node one move in direction d away from u, or
	// -1 where there is no such edge.
	hops []int32
}

func init() {
	walkerMakers = append(walkerMakers, func(lt *Table, p table.Payload) walker {
		if win, ok := p.(*table.Window); ok {
			return newWindowWalker(lt, win)
		}
		return nil
	})
}

func newWindowWalker(lt *Table, win *table.Window) *windowWalker {
	return &windowWalker{lt: lt, win: win, delta: win.Delta(), side: table.WindowSide(win.Delta()),
		hops: directionHops(lt.t)}
}

// directionHops lays out, for every node, the node one move in each of the
// eight directions away, or -1 where there is no such edge: stride 8. Edges
// that are not single grid moves (only in a damaged table) are left out, so
// a path always moves one cell at a time and never leaves its window.
// O(V + E).
func directionHops(t *table.Table) []int32 {
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
	return hops
}

// cell returns from's cell in to's window, and whether the pair is
// covered. O(1).
func (w *windowWalker) cell(from, to int) (int, bool) {
	fx, fy, _ := w.lt.XY(from)
	tx, ty, _ := w.lt.XY(to)
	return table.InWindow(w.delta, fx, fy, tx, ty)
}

func (w *windowWalker) covers(from, to int) bool {
	_, ok := w.cell(from, to)
	return ok
}

// next is O(1).
func (w *windowWalker) next(from, to int) int {
	i, ok := w.cell(from, to)
	if !ok {
		return -1
	}
	m := table.WindowMove(w.win.Block(to), i)
	if m >= 8 {
		return -1
	}
	return int(w.hops[from<<3|int(m)])
}

// dist walks the confined path and adds up its costs: O(path length ×
// degree).
func (w *windowWalker) dist(from, to int) (float64, bool) { return w.lt.t.Distance(from, to) }

// path walks to's block, one window cell a step, and stops with no path
// on a pair not covered, no move, a move that names no edge or leaves the
// window, or after more steps than the window has cells (a cycle), which
// only a damaged table holds. O(path length).
func (w *windowWalker) path(buf []int, from, to int) ([]int, bool) {
	i, ok := w.cell(from, to)
	if !ok {
		return buf, false
	}
	side := w.side
	wx, wy := i%side, i/side
	block := w.win.Block(to)
	hops := w.hops
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
