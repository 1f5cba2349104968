package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// flatWalker walks a flat table (table.Flat): a whole path inside the
// target's row of first moves, each step the row's byte and a hop; O(1)
// distances from the target's row of distances, which an overlay's search
// reads as its heuristic.
type flatWalker struct {
	lt *Table
	f  *table.Flat
}

// next is O(1).
func (w *flatWalker) next(from, to int) int { return w.lt.hop(from, uint(w.f.Move(from, to))) }

// dist is O(1).
func (w *flatWalker) dist(from, to int) (float64, bool) { return w.f.Distance(from, to) }

func (w *flatWalker) covers(int, int) bool { return true }

// path walks the target's row: O(path length).
func (w *flatWalker) path(buf []int, from, to int) ([]int, bool) {
	lt := w.lt
	row := w.f.FirstRow(to)
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := lt.hops, lt.hopShift, uint(1)<<lt.hopShift
	buf = append(buf, from)
	for u := from; u != to; {
		m := uint(row[u])
		if m >= stride || len(buf) >= limit {
			return buf[:start], false // a corrupt table's bad move, or a cycle
		}
		v := hops[uint(u)<<shift|m]
		if v < 0 {
			return buf[:start], false // no path, or a move that names no edge
		}
		u = int(v)
		buf = append(buf, u)
	}
	return buf, true
}

// heuristic reads the target's row of distances: as exact keys when
// keyed (DistOctile16 rows), as integers or as float64 otherwise. O(1).
func (w *flatWalker) heuristic(t int32, keyed bool) heuristic {
	row := w.f.DistRow(int(t))
	h := heuristic{mode: hFloat, row: row, first: w.f.FirstRow(int(t))}
	switch kind := w.lt.t.DistKind; {
	case keyed:
		h.mode = hKeys
		h.oct, _ = row.Octile16()
	case kind == table.DistU16 || kind == table.DistU32 || kind == table.DistU64:
		h.mode = hInt
	}
	return h
}

// walk stops at the first step that crosses a change: what lies beyond
// matters to the status of the nodes before it no more, and their
// distances are the row's.
func (w *flatWalker) walk(o *view, sc *scratch, x, t int32, hr *heuristic) {
	lt := w.lt
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

func (w *flatWalker) fresh(*view, *scratch, *searchNode, int32, int32, *heuristic) {}

// seed marks the crossed nodes walked: their distances are the row's, and
// their status is that their path crosses a change.
func (w *flatWalker) seed(o *view, sc *scratch, stored []int, cut int, t int32, hr *heuristic) {
	for _, u := range stored[:cut] {
		sc.at(int32(u)).flags |= walked
	}
}

// tail goes on from where the walk that found end unchanged stopped,
// rather than walk that path again.
func (w *flatWalker) tail(o *view, sc *scratch, buf []int, end, to int32) ([]int, bool) {
	join := end
	if chain := sc.chain; len(chain) > 0 && chain[0] == end {
		for _, u := range chain[1:] {
			buf = append(buf, int(u))
		}
		join = sc.walkEnd
	} else {
		buf = buf[:len(buf)-1]
	}
	return w.path(buf, int(join), int(to))
}

// exact returns the stored distance from u to t as an exact number (an
// octile key, see table.OctileKey, or an integer), +Inf when there is no
// path; false where the row holds float64 or an integer too large for a
// float64. Sums of two stay exact below exactLimit. O(1).
func (w *flatWalker) exact(u, t int) (float64, bool) {
	row := w.f.DistRow(t)
	switch w.lt.t.DistKind {
	case table.DistOctile16:
		oct, _ := row.Octile16()
		return oct.Key(u), true
	case table.DistU16, table.DistU32, table.DistU64:
		x, ok := row.Int(u)
		if !ok {
			return math.Inf(1), true
		}
		if x >= 1<<53 {
			return 0, false
		}
		return float64(x), true
	}
	return 0, false
}

// exactLimit bounds the sums of two exact distances that compare exactly.
func (w *flatWalker) exactLimit() float64 {
	if w.lt.t.DistKind == table.DistOctile16 {
		return table.OctileKeyLimit
	}
	return 1 << 53
}
