package lookup

import (
	"github.com/pathtable/pathtable/table"
)

// Next returns the node after from on a shortest path to to through the
// overlay, or -1 when there is none (no path, from == to, a blocked end, or
// an index out of range). O(path length) when the table path is unchanged,
// a search otherwise; O(1) on an overlay with no changes.
func (o *Overlay) Next(from, to int) int {
	if o.changes == 0 {
		return o.lt.Next(from, to)
	}
	if !o.open(from, to) || from == to {
		return -1
	}
	if o.lt.directDist { // else the search's first walk is the check
		switch o.tablePath(int32(from), int32(to)) {
		case pathUnchanged:
			return o.lt.Next(from, to)
		case pathNone:
			return -1
		}
	}
	sc := o.lt.getScratch()
	defer o.lt.putScratch(sc)
	end, _ := o.search(sc, int32(from), int32(to), nil)
	if end < 0 {
		return -1
	}
	if end == int32(from) { // unchanged, found by a walk that summed distances
		return int(sc.node[end].next)
	}
	u := end
	for p := sc.node[u].parent; p != int32(from); p = sc.node[u].parent {
		u = p
	}
	return int(u)
}

// Dist returns the cost of a shortest path from from to to through the
// overlay, and false when there is none. O(path length) when the table path
// is unchanged, a search otherwise; as Table.Dist with no changes.
func (o *Overlay) Dist(from, to int) (float64, bool) {
	if o.changes == 0 {
		return o.lt.Dist(from, to)
	}
	if !o.open(from, to) {
		return table.Unreachable, false
	}
	if o.lt.directDist { // else the search's first walk is the check, and sums the distance
		switch o.tablePath(int32(from), int32(to)) {
		case pathUnchanged:
			return o.lt.Dist(from, to)
		case pathNone:
			return table.Unreachable, false
		}
	}
	_, cost, ok := o.find(nil, 0, from, to, false)
	return cost, ok
}

// AppendPath appends a shortest path from from to to through the overlay,
// both ends included, to buf and returns it, with true; or buf unchanged
// and false when there is none. It walks the table path and checks it:
// O(path length) when it is unchanged, a search otherwise. It allocates
// only when buf lacks capacity (and a search's first use of a scratch).
func (o *Overlay) AppendPath(buf []int, from, to int) ([]int, bool) {
	if o.changes == 0 {
		return o.lt.AppendPath(buf, from, to)
	}
	if !o.open(from, to) {
		return buf, false
	}
	start := len(buf)
	buf, state := o.appendChecked(buf, from, to)
	switch state {
	case pathUnchanged:
		return buf, true
	case pathNone:
		return buf[:start], false // no baked path means none now: costs only rose
	}
	buf, _, ok := o.find(buf, start, from, to, true)
	return buf, ok
}

// Path returns a shortest path from from to to through the overlay, both
// ends included, and its cost; ok is false when there is none. It costs
// what AppendPath does, and allocates the returned slice.
func (o *Overlay) Path(from, to int) (path []int, cost float64, ok bool) {
	if o.changes == 0 {
		return o.lt.Path(from, to)
	}
	if !o.open(from, to) {
		return nil, table.Unreachable, false
	}
	path, state := o.appendChecked(nil, from, to)
	switch state {
	case pathUnchanged:
		cost, _ = o.lt.Dist(from, to)
		return path, cost, true
	case pathNone:
		return nil, table.Unreachable, false
	}
	path, cost, ok = o.find(path, 0, from, to, true)
	if !ok {
		return nil, table.Unreachable, false
	}
	return path, cost, true
}

// open reports whether both ends are nodes and neither is blocked.
func (o *Overlay) open(from, to int) bool {
	return o.lt.valid(from) && o.lt.valid(to) && !o.Blocked(from) && !o.Blocked(to)
}

// pathState is what the table path of a pair says through the overlay.
type pathState uint8

const (
	pathUnchanged pathState = iota // exists and crosses no change: still shortest
	pathChanged                    // crosses a change: search
	pathNone                       // no baked path, so none now either
)

// tablePath walks the table path from s to t with Next and checks each
// step against the changes. O(path length).
func (o *Overlay) tablePath(s, t int32) pathState {
	for u, steps := s, 0; u != t; steps++ {
		v := int32(o.lt.Next(int(u), int(t)))
		if v < 0 || steps >= o.lt.n {
			return pathNone // no path, or a corrupt table's cycle
		}
		if (o.marked(u) || o.marked(v)) && o.stepCrosses(u, v) {
			return pathChanged
		}
		u = v
	}
	return pathUnchanged
}

// appendChecked appends the table path from from to to to buf, checking
// each step against the changes as it goes, and stops at the first step
// that crosses one: then buf ends with the node that step leaves, and every
// node appended has that step on its own table path (table paths toward one
// target merge), which the search reuses as their status. It never walks
// past the first change. On pathNone buf may hold part of a path.
// O(path length).
func (o *Overlay) appendChecked(buf []int, from, to int) ([]int, pathState) {
	lt := o.lt
	if lt.runs != nil {
		return o.appendRunChecked(buf, from, to)
	}
	if lt.flat == nil {
		start := len(buf)
		buf, ok := lt.AppendPath(buf, from, to)
		if !ok {
			return buf, pathNone
		}
		if k := o.firstChange(buf[start:]); k >= 0 {
			return buf[:start+k+1], pathChanged
		}
		return buf, pathUnchanged
	}
	row := lt.flat.FirstRow(to)
	limit := len(buf) + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := lt.hops, lt.hopShift, uint(1)<<lt.hopShift
	mark := o.mark
	buf = append(buf, from)
	for u := from; u != to; {
		m := uint(row[u])
		if m >= stride || len(buf) >= limit {
			return buf, pathNone // a corrupt table's bad move, or a cycle
		}
		v := hops[uint(u)<<shift|m]
		if v < 0 {
			return buf, pathNone // no path, or a move that names no edge
		}
		if mark[slot(int32(u))]|mark[slot(v)] != 0 && o.stepCrosses(int32(u), v) {
			return buf, pathChanged
		}
		u = int(v)
		buf = append(buf, u)
	}
	return buf, pathUnchanged
}

// firstChange returns the index of the first node of path whose step to
// the next crosses a change, or -1. O(len(path)).
func (o *Overlay) firstChange(path []int) int {
	for i := 1; i < len(path); i++ {
		u, v := int32(path[i-1]), int32(path[i])
		if (o.marked(u) || o.marked(v)) && o.stepCrosses(u, v) {
			return i - 1
		}
	}
	return -1
}

// stepCrosses reports whether the table's step from u to v crosses a
// change: no baked edge joins them, or the one a table path takes costs
// other than baked. Callers test the change filter first, so an unmarked
// step costs no call. O(degree of u).
func (o *Overlay) stepCrosses(u, v int32) bool {
	e := o.edgeTo(u, v)
	return e < 0 || o.stepChanged(e, u, v)
}

// edgeTo returns the cheapest baked edge from u to v (the one a table path
// takes), or -1 when there is none. O(degree of u).
func (o *Overlay) edgeTo(u, v int32) int32 {
	t := o.lt.t
	best := int32(-1)
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		if t.Targets[e] == v && (best < 0 || t.Weights[e] < t.Weights[best]) {
			best = e
		}
	}
	return best
}

// find searches the changed level and, when withPath is set, appends the
// path it finds to buf[:start]. buf[start:] holds a prefix of the table
// path from from that crosses a change (see appendChecked), or nothing.
// O(search).
func (o *Overlay) find(buf []int, start, from, to int, withPath bool) ([]int, float64, bool) {
	sc := o.lt.getScratch()
	defer o.lt.putScratch(sc)
	end, keyed := o.search(sc, int32(from), int32(to), buf[start:])
	buf = buf[:start]
	if end < 0 {
		return buf, table.Unreachable, false
	}
	var cost float64
	if n := &sc.node[end]; keyed {
		cost = keyCost(n.g + n.h) // exact: the table's own sum
	} else {
		rest, _ := o.lt.Dist(int(end), to)
		cost = n.g + rest
	}
	if !withPath {
		return buf, cost, true
	}
	for u := end; u >= 0; u = sc.node[u].parent {
		buf = append(buf, int(u))
	}
	for i, j := start, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	if !o.lt.directDist {
		// The walks that summed the heuristic recorded every walked
		// node's successor.
		buf, ok := sc.appendTail(buf, end, int32(to))
		if !ok {
			return buf[:start], table.Unreachable, false
		}
		return buf, cost, true
	}
	// The walk that found end unchanged went down end's table path; go on
	// from where it stopped rather than walk that path again.
	join := end
	if chain := sc.chain; len(chain) > 0 && chain[0] == end {
		for _, u := range chain[1:] {
			buf = append(buf, int(u))
		}
		join = sc.walkEnd
	} else {
		buf = buf[:len(buf)-1]
	}
	buf, ok := o.lt.AppendPath(buf, int(join), to)
	if !ok {
		return buf[:start], table.Unreachable, false
	}
	return buf, cost, true
}
