package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// runWalker walks a run-length table (table.Runs) in rank space: a step
// is a binary search in the current node's row for the target's rank, and
// a hop by rank, so a path never leaves ranks until it appends a node. It
// stores no distances: a distance is the sum of the costs along the path,
// and an overlay's search gets its heuristic by walking stored paths. A
// node's baked distance to the target is the sum of the costs along its
// stored path; paths toward one target merge, so every walk stops at the
// first node the query knows already, and gives each node it passed its
// distance (a suffix sum), its status (does its path cross a change) and
// its successor, so a query walks each node at most once, and the
// answer's tail follows successors instead of walking again.
type runWalker struct {
	lt       *Table
	order    []int32  // node of each rank
	rank     []int32  // rank of each node
	rowStart []uint32 // the row of rank r is runs rowStart[r]..rowStart[r+1]
	code     table.RunCode
	// hops is Table.hops by rank: entry r<<hopShift | m is the rank that
	// move m leads to from the node of rank r.
	hops []int32
	// symRanks is table.MaxSymbolRank on a table with heuristic symbols,
	// whose moves SymbolBase.. are decoded by dirs and xy, and 0 otherwise.
	symRanks uint
	dirs     []table.SymbolDirs // each rank's moves as the symbols rank them
	xy       []int32            // each rank's cell: x at 2r, y at 2r+1
	// box is the open-box rule of a table whose encoding has it
	// (table.Boxes), nil otherwise: a target whose box with the node is
	// all open cells is answered by H_1, and the row is not read.
	box *boxRule
}

// newRunWalker is O(V·stride), and O(V + E) more for symbols.
func newRunWalker(lt *Table, r *table.Runs) *runWalker {
	w := &runWalker{lt: lt, order: r.Order, rank: r.Rank, rowStart: r.RowStart, code: r.Code,
		hops: rankHops(lt.hops, lt.hopShift, r.Order, r.Rank)}
	if t := lt.t; r.Code.Symbols && t.Kind == table.KindGrid {
		w.symRanks = table.MaxSymbolRank
		w.dirs, w.xy = make([]table.SymbolDirs, len(r.Order)), make([]int32, 2*len(r.Order))
		for k, u := range r.Order {
			// Decoding checked that every node's moves are distinct unit
			// moves; a node that somehow has others decodes no symbol.
			w.dirs[k], _ = table.GridSymbolDirs(t.Offsets, t.Targets, t.Cells, t.Width, u)
			c := int(t.Cells[u])
			w.xy[2*k], w.xy[2*k+1] = int32(c%t.Width), int32(c/t.Width)
		}
		w.box = newBoxRule(lt, r.Rank)
	}
	return w
}

// symbol decodes heuristic symbol m (SymbolBase..) of the row of rank r
// toward the target of rank t: the slot it names, or NoMove. O(1) for
// H_1 where the move toward the target's sign exists, O(degree²) else.
func (w *runWalker) symbol(r, t int32, m uint) uint {
	dx := int(w.xy[2*t]) - int(w.xy[2*r])
	dy := int(w.xy[2*t+1]) - int(w.xy[2*r+1])
	return uint(w.dirs[r].SymbolSlot(int(m)-table.SymbolBase+1, dx, dy))
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
	m := uint(w.code.Find(int(w.rowStart[r]), int(w.rowStart[r+1]), int(t)))
	if m-table.SymbolBase < w.symRanks {
		return w.symbol(r, t, m)
	}
	return m
}

// step returns the rank after rank r toward the target of rank t and the
// move taken, or -1. O(log runs in row).
func (w *runWalker) step(r, t int32) (int32, uint) {
	m := w.move(r, t)
	if m >= uint(1)<<w.lt.hopShift {
		return -1, m // no path, or a corrupt table's bad move
	}
	return w.hops[uint(r)<<w.lt.hopShift|m], m // -1: a move that names no edge
}

// next is O(log runs of from's row).
func (w *runWalker) next(from, to int) int {
	if from == to {
		return -1
	}
	if w.box != nil {
		s, t := &w.box.nodes[from], &w.box.nodes[to]
		return w.lt.hop(from, w.boxMove(s.rank, t.rank, s, t))
	}
	// By node, not by rank: one load fewer than step and order.
	return w.lt.hop(from, w.move(w.rank[from], w.rank[to]))
}

// dist walks the path and adds up its costs (table.CostSum): O(path length
// × log runs per row).
func (w *runWalker) dist(from, to int) (float64, bool) {
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

// heuristic sums the search's costs (keys when keyed) along walks.
func (w *runWalker) heuristic(t int32, keyed bool) heuristic {
	c := w.lt.costs()
	h := heuristic{mode: hWalk, w: c.w, rank: w.rank[t]}
	if keyed {
		h.w = c.key
	}
	return h
}

// walk follows the stored path from x toward t until it reaches t or a
// node this query has walked, then gives every node on the way its baked
// distance to t (hr.w's costs summed backward, exact on keys), its
// successor, and whether its path crosses a change. O(new nodes walked ×
// log runs per row).
func (w *runWalker) walk(o *view, sc *scratch, x, t int32, hr *heuristic) {
	lt := w.lt
	chain, steps := sc.chain[:0], sc.steps[:0]
	clean := true // the status of the node the walk ends at
	cut := -1     // chain[:cut+1] cross a change in steps the walk saw
	node, gen, mark := sc.node, sc.gen, o.mark
	shift := lt.hopShift
	r := w.rank[x]
	for {
		// Read before writing: a node this query has not met stays
		// untouched until the walk knows what to write.
		if n := &node[x]; n.stamp == gen && n.flags&walked != 0 {
			clean = n.flags&unchanged != 0
			break
		}
		if x == t {
			nx := sc.at(x)
			nx.h, nx.next, nx.flags = 0, -1, nx.flags|walked|unchanged|hSet
			break
		}
		var m uint
		r, m = w.step(r, hr.rank)
		if r < 0 || len(chain) >= lt.n { // no path, or a corrupt table's cycle
			nx := sc.at(x)
			nx.h, nx.next, nx.flags, clean = math.Inf(1), -1, nx.flags|walked|hSet, false
			break
		}
		v := w.order[r]
		chain = append(chain, x)
		steps = append(steps, hr.w[uint(x)<<shift|m])
		if mark[slot(x)]|mark[slot(v)] != 0 && o.stepChanged(lt.t.Offsets[x]+int32(m), x, v) {
			cut = len(chain) - 1
		}
		x = v
	}
	sc.chain, sc.steps = chain, steps
	h := node[x].h
	for i := len(chain) - 1; i >= 0; i-- {
		h += steps[i] // +Inf stays +Inf: no path
		n := sc.at(chain[i])
		n.h, n.next, n.flags = h, x, n.flags|walked|hSet
		if clean && i > cut {
			n.flags |= unchanged
		}
		x = chain[i]
	}
}

// fresh gives v its baked distance in the one step of its row when that
// step leads to a walked node and touches no change, else walks. O(log
// runs of v's row), or walk's cost.
func (w *runWalker) fresh(o *view, sc *scratch, n *searchNode, v, t int32, hr *heuristic) {
	shift := w.lt.hopShift
	if r, m := w.step(w.rank[v], hr.rank); r >= 0 {
		x := w.order[r]
		if nx := &sc.node[x]; nx.stamp == sc.gen && nx.flags&walked != 0 && o.mark[slot(v)]|o.mark[slot(x)] == 0 {
			n.h, n.next = hr.w[uint(v)<<shift|m]+nx.h, x
			n.flags |= walked | hSet | nx.flags&unchanged
			return
		}
	}
	w.walk(o, sc, v, t, hr)
}

// seed gives the nodes of stored[:cut] their distances to t and status
// without searching a row: on a grid, whose moves join distinct cells,
// the whole stored path's costs are summed backward from t, as a walk
// from its first node would (the path was just read, so a walk would read
// every row again); elsewhere, with one walk from stored[cut-1] and its
// prefix summed backward. O(len(stored) × degree), or O(cut × degree + the
// walk).
func (w *runWalker) seed(o *view, sc *scratch, stored []int, cut int, t int32, hr *heuristic) {
	if cut == 0 {
		return
	}
	k := cut
	if w.lt.t.Kind == table.KindGrid && int32(stored[len(stored)-1]) == t {
		k = len(stored)
	} else {
		w.walk(o, sc, int32(stored[k-1]), t, hr)
	}
	lt := w.lt
	last := int32(stored[k-1])
	n := sc.at(last)
	if k == len(stored) { // last is t
		n.h, n.next, n.flags = 0, -1, n.flags|walked|unchanged|hSet
	}
	h, clean := n.h, n.flags&unchanged != 0
	mark := o.mark
	for i := k - 2; i >= 0; i-- {
		u, v := int32(stored[i]), int32(stored[i+1])
		e := o.edgeTo(u, v)
		if e < 0 {
			return // not a path: leave the rest to their own walks
		}
		if clean && mark[slot(u)]|mark[slot(v)] != 0 && o.stepChanged(e, u, v) {
			clean = false
		}
		h += hr.w[uint(u)<<lt.hopShift|uint(e-lt.t.Offsets[u])]
		n := sc.at(u)
		n.h, n.next, n.flags = h, v, n.flags|walked|hSet
		if clean {
			n.flags |= unchanged
		}
	}
}

// tail follows the successors the walks of this query recorded: every
// node on a walked node's stored path was walked too. O(path length).
func (w *runWalker) tail(o *view, sc *scratch, buf []int, end, to int32) ([]int, bool) {
	limit := len(buf) + len(sc.node)
	for u := end; u != to; {
		n := &sc.node[u]
		if n.stamp != sc.gen || n.flags&walked == 0 || n.next < 0 || len(buf) >= limit {
			return buf, false
		}
		u = n.next
		buf = append(buf, int(u))
	}
	return buf, true
}
