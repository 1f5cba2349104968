package lookup

import "github.com/pathtable/pathtable/table"

// runWalker walks a run-length table (table.Runs) in rank space: a step
// is a binary search in the current node's row for the target's rank, and
// a hop by rank, so a path never leaves ranks until it appends a node. It
// stores no distances: a distance is the sum of the costs along the path,
// and an overlay's search reads its stored paths a step at a time (step)
// to sum its distances.
type runWalker struct {
	lt       *Table
	order    []int32  // node of each rank
	rank     []int32  // rank of each node
	rowStart []uint32 // the row of rank r is runs rowStart[r]..rowStart[r+1]
	code     table.RunCode
	// hops is Table.hops by rank: entry r<<hopShift | m is the rank that
	// move m leads to from the node of rank r.
	hops []int32
	// symRanks is table.MaxSymbolRank on a table with symbol moves (H_1..),
	// whose moves SymbolBase.. are decoded by dirs and xy, and 0 otherwise.
	symRanks uint
	dirs     []table.SymbolDirs // each rank's moves as the symbols rank them
	xy       []int32            // each rank's cell: x at 2r, y at 2r+1
	// box is the open-box rule of a table whose encoding has it
	// (table.Boxes), nil otherwise: a target whose box with the node is
	// all open cells is answered by H_1, and the row is not read.
	box *boxRule
	// comp is each rank's component (table.Table.ComponentStarts) on a
	// table whose rows cover their component, nil otherwise: a target in
	// another component has no path, and the row is not read. Walks check
	// it once, at their start: every step stays in the component.
	comp []int32
	// recs is what a path's step reads of each rank, where the table
	// has open boxes (newRankRecs), nil otherwise.
	recs []rankRec
	// nodes is what Next reads of each node, by node, where the table
	// has open boxes (newNodeRecs), nil otherwise.
	nodes []nodeRec
}

func init() {
	walkerMakers = append(walkerMakers, func(lt *Table, p table.Payload) walker {
		r, ok := p.(*table.Runs)
		if !ok {
			return nil
		}
		lt.hops, lt.hopShift = hopArray(lt.t.Offsets, lt.t.Targets)
		w := newRunWalker(lt, r)
		switch {
		case w.nodes != nil:
			return recWalker{w}
		case w.symRanks == 0 && w.box == nil && w.comp == nil:
			return litWalker{w}
		}
		return w
	})
}

// newRunWalker is O(V·stride), and O(V + E) more for symbols.
func newRunWalker(lt *Table, r *table.Runs) *runWalker {
	w := &runWalker{lt: lt, order: r.Order, rank: r.Rank, rowStart: r.RowStart, code: r.Code,
		hops: rankHops(lt.hops, lt.hopShift, r.Order, r.Rank), comp: lt.t.ComponentStarts()}
	if t := lt.t; r.Code.Symbols && t.Kind == table.KindGrid {
		w.symRanks = table.MaxSymbolRank
		w.dirs, w.xy = make([]table.SymbolDirs, len(r.Order)), make([]int32, 2*len(r.Order))
		jump := t.JumpMasks() // nil unless H_7's value is J
		for k, u := range r.Order {
			// Decoding checked that every node's moves are distinct unit
			// moves; a node that somehow has others decodes no symbol.
			w.dirs[k], _ = table.GridSymbolDirs(t.Offsets, t.Targets, t.Cells, t.Width, u)
			if jump != nil {
				w.dirs[k].SetJump(jump[u])
			}
			c := int(t.Cells[u])
			w.xy[2*k], w.xy[2*k+1] = int32(c%t.Width), int32(c/t.Width)
		}
		w.box = newBoxRule(lt, r.Rank)
		w.recs = newRankRecs(w)
		w.nodes = newNodeRecs(w)
	}
	return w
}

// decode returns the slot that move m stored in the row of rank r names
// toward the target of rank t: m itself for a slot or NoMove, symbolAt's
// for a symbol. O(1) for H_1 where the move toward
// the target's sign exists and for J and J_2, O(degree²) for the rest.
func (w *runWalker) decode(r, t int32, m uint) uint {
	if m-table.SymbolBase >= w.symRanks {
		return m
	}
	return w.symbol(r, t, m) // apart, so that decode inlines: literal rows pay no call
}

// symbol is decode of a symbol's value m.
func (w *runWalker) symbol(r, t int32, m uint) uint {
	dx := int(w.xy[2*t]) - int(w.xy[2*r])
	dy := int(w.xy[2*t+1]) - int(w.xy[2*r+1])
	s := &w.dirs[r]
	return w.symbolAt(r, s.Slot, s.Jump, m, dx, dy)
}

// rankHops renumbers a hop array by rank: entry r<<shift | m is the rank of
// the node that move m leads to from the node of rank r. O(V·stride).
func rankHops(hops []int32, shift uint, order, rank []int32) []int32 {
	out := make([]int32, len(hops))
	stride := 1 << shift
	for r, u := range order {
		for m := range stride {
			v := hops[int(u)<<shift|m]
			if v >= 0 {
				v = rank[v]
			}
			out[r<<shift|m] = v
		}
	}
	return out
}

// move returns the move stored in the row of rank r for the target of
// rank t, or H_1's where the open-box rule answers. O(log runs in row).
func (w *runWalker) move(r, t int32) uint {
	if w.box != nil {
		return w.rankMove(r, t)
	}
	m := w.runMove(w.rowStart[r], w.rowStart[r+1], t)
	return w.decode(r, t, m)
}

// runMove returns the move of the run that covers the target of rank t
// among runs lo up to hi (a row): a slot, a symbol's value, or NoMove.
// Every read of a run goes through it. O(log(hi - lo)).
func (w *runWalker) runMove(lo, hi uint32, t int32) uint {
	return uint(w.code.Find(int(lo), int(hi), int(t)))
}

// apart reports whether ranks r and t lie in different components of a
// table whose rows cover their component: no path joins them. O(1).
func (w *runWalker) apart(r, t int32) bool {
	return w.comp != nil && w.comp[r] != w.comp[t]
}

// step returns the rank after rank r toward the target of rank t, in r's
// component, and the move taken, or -1. O(log runs in row).
func (w *runWalker) step(r, t int32) (int32, uint) {
	m := w.move(r, t)
	if m >= uint(1)<<w.lt.hopShift {
		return -1, m // no path, or a corrupt table's bad move
	}
	return w.hops[uint(r)<<w.lt.hopShift|m], m // -1: a move that names no edge
}

// next is Next where the table has no node records (newNodeRecs;
// recWalker.next where it has). O(log runs of from's row).
func (w *runWalker) next(from, to int) int {
	if from == to || w.comp != nil && w.apart(w.rank[from], w.rank[to]) {
		return -1 // the rank loads only where components are
	}
	// By node, not by rank: one load fewer than step and order.
	return w.lt.hop(from, w.move(w.rank[from], w.rank[to]))
}

// dist walks the path and adds up its costs (table.CostSum): O(path length
// × log runs per row).
func (w *runWalker) dist(from, to int) (float64, bool) {
	if w.apart(w.rank[from], w.rank[to]) {
		return table.Unreachable, false
	}
	if w.box != nil {
		return w.boxDist(from, to)
	}
	t := w.lt.t
	sum := table.NewCostSum(&t.Header)
	target := w.rank[to]
	u := int32(from)
	for r, steps := w.rank[from], 0; r != target; steps++ {
		next, m := w.step(r, target)
		if next < 0 || steps >= w.lt.n {
			return table.Unreachable, false
		}
		sum.Add(t.Weights[t.Offsets[u]+int32(m)])
		r, u = next, w.order[next]
	}
	return sum.Value(), true
}

func (w *runWalker) covers(int, int) bool { return true }

// path is O(path length × log runs per row).
func (w *runWalker) path(buf []int, from, to int) ([]int, bool) {
	if w.apart(w.rank[from], w.rank[to]) {
		return buf, false
	}
	if w.box != nil {
		return w.boxPath(buf, from, to)
	}
	lt := w.lt
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := w.hops, lt.hopShift, uint(1)<<lt.hopShift
	target := w.rank[to]
	buf = append(buf, from)
	for r := w.rank[from]; r != target; {
		m := w.move(r, target)
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

// A run-length table stores no rows: distances are walks.
func (w *runWalker) firstRow(int) []byte               { return nil }
func (w *runWalker) distRow(int) (table.DistRow, bool) { return table.DistRow{}, false }

// position is the node's rank: steps go by rank. O(1).
func (w *runWalker) position(u int32) int32 { return w.rank[u] }

// advance is step, and the node it leads to. O(log runs in row).
func (w *runWalker) advance(r, rt int32) (int32, int32, uint) {
	if w.apart(r, rt) {
		return -1, -1, table.NoMove
	}
	next, m := w.step(r, rt)
	if next < 0 {
		return -1, -1, m
	}
	return next, w.order[next], m
}
