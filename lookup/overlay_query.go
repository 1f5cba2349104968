package lookup

import (
	"github.com/pathtable/pathtable/table"
)

func (o *view) Next(from, to int) int {
	if o.changes == 0 {
		return o.lt.Next(from, to)
	}
	if !o.open(from, to) || from == to {
		return -1
	}
	return o.remembered(from, to)
}

func (o *view) Dist(from, to int) (float64, bool) {
	if o.changes == 0 {
		return o.lt.Dist(from, to)
	}
	if !o.open(from, to) {
		return table.Unreachable, false
	}
	if o.avoids(from, to) {
		return o.lt.Dist(from, to)
	}
	if !o.acrossable() {
		_, cost, ok := o.find(nil, 0, 0, from, to, false)
		return cost, ok
	}
	// across needs the stored path and the change it crosses first.
	bp := routeBufs.Get().(*[]int)
	defer routeBufs.Put(bp)
	buf, cut, state := o.checked((*bp)[:0], from, to)
	switch state {
	case pathUnchanged:
		*bp = buf[:0]
		return o.lt.Dist(from, to)
	case pathNone:
		return table.Unreachable, false
	}
	buf, cost, ok := o.find(buf, 0, cut, from, to, false)
	*bp = buf[:0]
	return cost, ok
}

func (o *view) AppendPath(buf []int, from, to int) ([]int, bool) {
	if o.changes == 0 {
		return o.lt.AppendPath(buf, from, to)
	}
	if !o.open(from, to) {
		return buf, false
	}
	start := len(buf)
	buf, cut, state := o.checked(buf, from, to)
	switch state {
	case pathUnchanged:
		return buf, true
	case pathNone:
		return buf, false
	}
	buf, _, ok := o.find(buf, start, cut, from, to, true)
	return buf, ok
}

func (o *view) Path(from, to int) (path []int, cost float64, ok bool) {
	if o.changes == 0 {
		return o.lt.Path(from, to)
	}
	if !o.open(from, to) {
		return nil, table.Unreachable, false
	}
	path, cut, state := o.checked(nil, from, to)
	switch state {
	case pathUnchanged:
		cost, _ = o.lt.Dist(from, to)
		return path, cost, true
	case pathNone:
		return nil, table.Unreachable, false
	}
	path, cost, ok = o.find(path, 0, cut, from, to, true)
	if !ok {
		return nil, table.Unreachable, false
	}
	return path, cost, true
}

// open reports whether both ends are nodes and neither is blocked.
func (o *view) open(from, to int) bool {
	return o.lt.valid(from) && o.lt.valid(to) && !o.Blocked(from) && !o.Blocked(to)
}

// checked appends the stored path from from to to to buf with the table's
// walker and checks it against the changes: pathNone when there is none
// (buf unchanged; no stored path means none now either, since costs only
// rose), pathUnchanged when no step crosses a change (still a shortest
// path), pathChanged when one does: buf[:cut] then ends with the node the
// first such step leaves, and every node of buf[start:cut] has that step
// on its own stored path (paths toward one target merge); the search
// reuses the whole stored path. O(path length).
func (o *view) checked(buf []int, from, to int) (_ []int, cut int, _ pathState) {
	start := len(buf)
	buf, ok := o.lt.w.path(buf, from, to)
	if !ok {
		return buf, start, pathNone
	}
	// A step can cross a change only where the filter marks one of its
	// ends, so each node is looked up once, and a marked node's steps in
	// and out are checked in path order.
	mark := o.mark
	for i := start; i < len(buf); i++ {
		if mark[slot(int32(buf[i]))] == 0 {
			continue
		}
		if i > start && o.stepCrosses(int32(buf[i-1]), int32(buf[i])) {
			return buf, i, pathChanged
		}
		if i+1 < len(buf) && o.stepCrosses(int32(buf[i]), int32(buf[i+1])) {
			return buf, i + 1, pathChanged
		}
	}
	return buf, len(buf), pathUnchanged
}

// stepCrosses reports whether the table's step from u to v crosses a
// change: no baked edge joins them, or the one a table path takes costs
// other than baked. Callers test the change filter first, so an unmarked
// step costs no call. O(degree of u).
func (o *view) stepCrosses(u, v int32) bool {
	e := o.edgeTo(u, v)
	return e < 0 || o.stepChanged(e, u, v)
}

// edgeTo returns the cheapest baked edge from u to v (the one a table path
// takes), or -1 when there is none. O(degree of u).
func (o *view) edgeTo(u, v int32) int32 {
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
// path it finds to buf[:start]. buf[start:] holds the table path from
// from to to, whose prefix buf[start:cut] crosses a change (see checked),
// or nothing (cut == start). O(search).
func (o *view) find(buf []int, start, cut, from, to int, withPath bool) ([]int, float64, bool) {
	if o.apart(int32(from), int32(to)) {
		return buf[:start], table.Unreachable, false
	}
	sc := o.lt.getScratch()
	defer o.lt.putScratch(sc)
	if out, cost, ok := o.across(sc, buf, start, cut, int32(from), int32(to)); ok {
		return out, cost, true
	}
	end, keyed := o.search(sc, int32(from), int32(to), buf[start:], cut-start)
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
	buf, ok := o.s.tail(o, sc, buf, end, int32(to))
	if !ok {
		return buf[:start], table.Unreachable, false
	}
	return buf, cost, true
}
