package lookup

import (
	"slices"

	"github.com/pathtable/pathtable/table"
)

// The query engine, for a pair of open nodes on a view with changes:
// checked reads the stored path and checks it against the changes; where
// it crosses one, answer runs the engine's stages, each in a file of its
// own.

// pathState is what the stored path of a pair says, through an overlay.
type pathState uint8

const (
	pathUnchanged pathState = iota // exists and crosses no change: still shortest
	pathChanged                    // crosses a change: the engine answers
	pathNone                       // no stored path, so none now either
)

// A query is one search of a view's level: the view, and the search's
// working memory, taken from the table's pool once at the query's start
// and given back at its end, so no stage takes or releases memory; a
// stage begins the scratch afresh where it needs it forgotten.
type query struct {
	*view
	sc *scratch
}

// solve appends a shortest path from from to to on the view's level to buf
// where withPath is set, both ends open: the stored path where it crosses
// no change (pathUnchanged; its cost is the table's), else the engine's
// answer and its cost (pathChanged), or pathNone where there is no path.
// O(path length), and the engine's cost where the stored path crosses a
// change.
func (v *view) solve(buf []int, from, to int, withPath bool) ([]int, float64, pathState) {
	start := len(buf)
	buf, cut, state := v.checked(buf, from, to)
	if state != pathChanged {
		return buf, 0, state
	}
	buf, cost, ok := v.answer(buf, start, cut, int32(from), int32(to), withPath)
	if !ok {
		return buf, table.Unreachable, pathNone
	}
	return buf, cost, pathChanged
}

// checked appends the stored path from from to to to buf with the table's
// walker and checks it against the changes: pathNone when there is none
// (buf unchanged; no stored path means none now either, since costs only
// rose), pathUnchanged when no step crosses a change (still a shortest
// path), pathChanged when one does: buf[:cut] then ends with the node the
// first such step leaves, and every node of buf[start:cut] has that step
// on its own stored path (paths toward one target merge); the search
// reuses the whole stored path. O(path length).
func (v *view) checked(buf []int, from, to int) (_ []int, cut int, _ pathState) {
	start := len(buf)
	buf, ok := v.lt.w.path(buf, from, to)
	if !ok {
		return buf, start, pathNone
	}
	// A step can cross a change only where the filter marks one of its
	// ends, so each node is looked up once, and a marked node's steps in
	// and out are checked in path order.
	mark := v.mark
	for i := start; i < len(buf); i++ {
		if mark[slot(int32(buf[i]))] == 0 {
			continue
		}
		if i > start && v.stepCrosses(int32(buf[i-1]), int32(buf[i])) {
			return buf, i, pathChanged
		}
		if i+1 < len(buf) && v.stepCrosses(int32(buf[i]), int32(buf[i+1])) {
			return buf, i + 1, pathChanged
		}
	}
	return buf, len(buf), pathUnchanged
}

// answer is the engine: it answers from s to t on the view's level,
// where buf[start:] holds the stored path, whose prefix buf[start:cut]
// crosses a change (see checked), or nothing (cut == start), and appends
// the answer to buf[:start] when withPath. Its stages:
//   - parts (overlay_parts.go): a pair the changes cut apart, in O(1);
//   - across a line (overlay_across.go): a detour round a change on a
//     line, from the baked distances, without a search;
//   - search (overlay_search.go): A* to the first node whose stored path
//     crosses no change;
//   - tail (overlay_tail.go): the cost, and the path on along that
//     stored path.
//
// O(search).
func (v *view) answer(buf []int, start, cut int, s, t int32, withPath bool) ([]int, float64, bool) {
	if v.apart(s, t) {
		return buf[:start], table.Unreachable, false
	}
	if v.hy != nil {
		return v.answerHierarchy(buf, start, s, t, withPath)
	}
	q := query{view: v, sc: v.lt.getScratch()}
	defer v.lt.putScratch(q.sc)
	if out, cost, ok := q.across(buf, start, cut, s, t); ok {
		return out, cost, true
	}
	back := v.searchBack(len(buf)-start, cut-start)
	from, to, stored, k := ends(back, s, t, buf[start:], cut-start)
	end, keyed := q.search(from, to, stored, k)
	buf = buf[:start]
	if end < 0 {
		return buf, table.Unreachable, false
	}
	cost := q.answerCost(end, to, keyed)
	if !withPath {
		return buf, cost, true
	}
	buf, ok := q.tail(buf, end, to)
	if !ok {
		return buf[:start], table.Unreachable, false
	}
	if back {
		slices.Reverse(buf[start:])
	}
	return buf, cost, true
}
