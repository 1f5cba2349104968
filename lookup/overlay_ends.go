package lookup

import (
	"math"
	"slices"

	"github.com/pathtable/pathtable/table"
)

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

// start readies the keys, forgetting what the scratch held; false where
// the table's rows are not keys. O(1).
func (k *endKeys) start() bool {
	if k.o.rows {
		row, _ := k.o.st.distRow(int(k.end))
		var rowOK bool
		k.row, rowOK = row.Octile16()
		return rowOK
	}
	k.sc.begin()
	k.sc.hr = k.o.heuristic(k.end, true)
	return true
}

// clean reports whether u's stored path toward the end may cross no
// change: false where a walk found it crosses one (a hint for choosing
// among crossings; the path chosen is checked whole). O(1).
func (k *endKeys) clean(u int32) bool {
	if k.row != nil {
		return true
	}
	n := &k.sc.node[u]
	return n.stamp != k.sc.gen || n.flags&unchanged != 0
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
// u: the stored one, or the walked path from u reversed (the table is
// symmetric). O(its length).
func (k *endKeys) pathFromEnd(buf []int, u int32) ([]int, bool) {
	if k.row != nil {
		return k.o.lt.w.path(buf, int(k.end), int(u))
	}
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
		query{k.o, k.sc}.setH(n, u, k.end)
		*k.budget -= len(k.sc.chain) + 1
	}
	return n.h
}
