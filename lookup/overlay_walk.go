package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// A search's walks follow stored paths toward its target, through the
// layout's primitives (stepper), and give every node on the way what the
// search reads: whether its stored path crosses a change, its successor
// and its baked distance. Stored paths toward one target merge, so a walk
// stops at the first node the query has walked, and a query walks each
// node at most once. Where the layout stores rows, a node's distance is
// its row's and a walk stops at the first step that crosses a change;
// elsewhere its distance is the sum of the costs along its stored path
// (a suffix sum), and the walk goes on to the target or a walked node.

// walk follows the stored path from x toward t until it reaches t or a
// node this query has walked (or, with rows, a step that crosses a
// change), and marks every node on the way. O(new nodes walked), times
// the log of the runs per row on run-length tables.
func (q query) walk(x, t int32) {
	if q.rows {
		q.walkRows(x, t)
	} else {
		q.walkSums(x, t)
	}
}

// walkRows is walk where distances are the rows': it stops at the first
// step that crosses a change, since what lies beyond matters to the status
// of the nodes before it no more.
func (q query) walkRows(x, t int32) {
	o, sc, hr := q.view, q.sc, &q.sc.hr
	lt := o.lt
	chain := sc.chain[:0]
	clean := true // the status of the node the walk ends at
	cut := -1     // chain[:cut+1] cross a change in steps the walk saw
	for {
		// Read before writing: a node this query has not met stays
		// untouched until the walk knows what to write.
		if n := &sc.node[x]; n.stamp == sc.gen && n.flags&walked != 0 {
			clean = n.flags&unchanged != 0
			break
		}
		if x == t {
			nx := sc.at(x)
			nx.h, nx.next, nx.flags = 0, -1, nx.flags|walked|unchanged|hSet
			break
		}
		v := hr.step(lt, x)
		if v < 0 || len(chain) >= lt.n { // no path, or a corrupt table's cycle
			nx := sc.at(x)
			nx.h, nx.next, nx.flags, clean = math.Inf(1), -1, nx.flags|walked|hSet, false
			break
		}
		chain = append(chain, x)
		if (o.marked(x) || o.marked(v)) && o.stepCrosses(x, v) {
			cut = len(chain) - 1
			x = v
			break
		}
		x = v
	}
	sc.walkEnd = x
	sc.chain = chain
	sc.walks += len(chain) // the work a Planner counts
	if clean && cut < 0 && len(chain) > 0 {
		// The search walks only the node it expands, and returns it now
		// that its path is unchanged: the rest of the chain would be
		// marked for nothing (the path's tail reads it from sc.chain).
		n := sc.at(chain[0])
		n.flags |= walked | unchanged
		n.next = x
		if len(chain) > 1 {
			n.next = chain[1]
		}
		return
	}
	for i := len(chain) - 1; i >= 0; i-- {
		n := sc.at(chain[i])
		n.flags |= walked
		n.next = x
		if clean && i > cut {
			n.flags |= unchanged
		}
		x = chain[i]
	}
}

// walkSums is walk where distances are sums: it goes on to t or a walked
// node, then gives every node on the way its baked distance to t (hr.w's
// costs summed backward, exact on keys).
func (q query) walkSums(x, t int32) {
	o, sc, hr, st := q.view, q.sc, &q.sc.hr, q.st
	lt := o.lt
	chain, steps := sc.chain[:0], sc.steps[:0]
	clean := true // the status of the node the walk ends at
	cut := -1     // chain[:cut+1] cross a change in steps the walk saw
	node, gen, mark := sc.node, sc.gen, o.mark
	shift := lt.hopShift
	r := st.position(x)
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
		var v int32
		var m uint
		r, v, m = st.advance(r, hr.rank)
		if r < 0 || len(chain) >= lt.n { // no path, or a corrupt table's cycle
			nx := sc.at(x)
			nx.h, nx.next, nx.flags, clean = math.Inf(1), -1, nx.flags|walked|hSet, false
			break
		}
		chain = append(chain, x)
		steps = append(steps, hr.w[uint(x)<<shift|m])
		if mark[slot(x)]|mark[slot(v)] != 0 && o.stepChanged(lt.t.Offsets[x]+int32(m), x, v) {
			cut = len(chain) - 1
		}
		x = v
	}
	sc.chain, sc.steps = chain, steps
	sc.walks += len(chain) // the work a Planner counts, whoever walks
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

// fresh gives v (state n), met for the first time in this query, its
// baked distance where distances are sums: in the one step of its row
// when that step leads to a walked node and touches no change, else by a
// walk. O(log runs of v's row), or walk's cost.
func (q query) fresh(n *searchNode, v, t int32) {
	o, sc, hr := q.view, q.sc, &q.sc.hr
	shift := o.lt.hopShift
	if r, x, m := q.st.advance(q.st.position(v), hr.rank); r >= 0 {
		if nx := &sc.node[x]; nx.stamp == sc.gen && nx.flags&walked != 0 && o.mark[slot(v)]|o.mark[slot(x)] == 0 {
			n.h, n.next = hr.w[uint(v)<<shift|m]+nx.h, x
			n.flags |= walked | hSet | nx.flags&unchanged
			return
		}
	}
	q.walkSums(v, t)
}

// seed gives the nodes of stored, the stored path from the source to t
// whose prefix stored[:cut] ends with a step that crosses a change (see
// view.checked), their status without a walk each; it reads stored[:cut]
// only, except on grids. Where distances are the rows', the crossed nodes
// are walked: their status is that their path crosses a change. Where they
// are sums, their distances are summed without searching a row: on a grid, whose moves join distinct cells,
// the whole stored path's costs are summed backward from t, as a walk
// from its first node would (the path was just read, so a walk would read
// every row again); elsewhere, with one walk from stored[cut-1] and its
// prefix summed backward. O(len(stored) × degree), or O(cut × degree + the
// walk).
func (q query) seed(stored []int, cut int, t int32) {
	o, sc, hr := q.view, q.sc, &q.sc.hr
	if q.rows {
		for _, u := range stored[:cut] {
			sc.at(int32(u)).flags |= walked
		}
		return
	}
	if cut == 0 {
		return
	}
	k := cut
	if o.lt.t.Kind == table.KindGrid && int32(stored[len(stored)-1]) == t {
		k = len(stored)
	} else {
		q.walkSums(int32(stored[k-1]), t)
	}
	lt := o.lt
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

// heuristic reads the baked distance of any node to one target: in O(1)
// from the target's row of distances where the table stores one (as exact
// keys when keyed, integers or float64: the row's encoding), otherwise
// summed along walks of stored paths (hWalk): changeSet.heuristic makes it.
type heuristic struct {
	mode  hMode
	first []byte // the target's first-move row, nil without one
	oct   table.Octile16Row
	row   table.DistRow
	w     []float64 // hWalk: the search's costs by hop slot (keys when keyed), summed along walks
	rank  int32     // hWalk: the target's position in the walker's order (stepper.position)
}

type hMode uint8

const (
	hKeys  hMode = iota // octile keys from a DistOctile16 row
	hInt                // integer distances
	hFloat              // any other stored distance, as float64
	hWalk               // no row: summed along table paths
)

// at returns the baked distance of u, +Inf when unreachable; not for
// hWalk. O(1).
func (h *heuristic) at(u int32) float64 {
	switch h.mode {
	case hKeys:
		return h.oct.Key(int(u))
	case hInt:
		if x, ok := h.row.Int(int(u)); ok {
			return float64(x)
		}
		return math.Inf(1)
	}
	d, _ := h.row.At(int(u))
	return d
}

// step returns the node after u on the table path to the target, from
// the target's first-move row, or -1 without one.
// O(1); it inlines.
func (h *heuristic) step(lt *Table, u int32) int32 {
	if h.first == nil {
		return -1
	}
	return int32(lt.hop(int(u), uint(h.first[u])))
}

// warm reads one byte of each cache line of the target's rows that h
// reads, in order: a search that has grown large reads them out of order,
// a cold line for nearly every node it meets, where a pass along them
// costs a fraction of that (the hardware fetches ahead of it). It returns
// a sum of the bytes, for the caller to keep so that the reads stay.
// O(V/64).
func (h *heuristic) warm() byte { return warmBytes(h.oct) + warmBytes(h.first) }

// warmBytes sums one byte of each cache line of b, read in order.
// O(len(b)/64).
func warmBytes(b []byte) byte {
	var x byte
	for i := 0; i < len(b); i += 64 {
		x += b[i]
	}
	return x
}

// heuristic returns the baked distance to t as the search reads it: from
// the layout's rows where it stores them (as exact keys when keyed), else
// the search's costs (keys when keyed) to sum along walks. O(1).
func (o *changeSet) heuristic(t int32, keyed bool) heuristic {
	if !o.rows {
		c := o.lt.costs()
		h := heuristic{mode: hWalk, w: c.w, rank: o.st.position(t)}
		if keyed {
			h.w = c.key
		}
		return h
	}
	row, _ := o.st.distRow(int(t))
	h := heuristic{mode: hFloat, row: row, first: o.st.firstRow(int(t))}
	switch kind := o.lt.t.DistKind; {
	case keyed:
		h.mode = hKeys
		h.oct, _ = row.Octile16()
	case kind == table.DistU16 || kind == table.DistU32 || kind == table.DistU64:
		h.mode = hInt
	}
	return h
}

// setH gives node u (state n) its baked distance to t. O(1) from a row,
// else a walk.
func (q query) setH(n *searchNode, u, t int32) {
	if q.sc.hr.mode == hWalk {
		q.walkSums(u, t)
		return
	}
	n.h, n.flags = q.sc.hr.at(u), n.flags|hSet
}
