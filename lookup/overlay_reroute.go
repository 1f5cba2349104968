package lookup

// A Route answers its journeys through these: the view's checks and
// engine, with the stored path read once. A Route keeps the stored path it
// follows; when a change crosses it, the engine answers from that path,
// not from a fresh read of the table's (on a hierarchy table, not from the
// hierarchy's search for it again).

// holds reports whether a Route holds its journeys' paths even with no
// change in force: on a table an overlay changes, a path read once costs
// less than a Next a step, and a change then costs each journey a check
// of the path it holds, not a read of the table's; and where the table's
// Next costs a search (remembered). Elsewhere (a window of rows, which
// tells which pairs it covers a step at a time) it asks the table's Next.
// O(1).
func (v *view) holds() bool { return v.st != nil || remembered(v.lt.w) }

// solveRoute is solve with a path, for a Route. O(path length), or the
// engine's cost where the stored path crosses a change.
func (v *view) solveRoute(buf []int, from, to int) ([]int, pathState) {
	start := len(buf)
	buf, cut, state := v.checked(buf, from, to)
	if state != pathChanged {
		return buf, state
	}
	return v.reroute(buf, start, cut, int32(from), int32(to))
}

// recheck is a Route's check of path[at:], the stored path from path[at]
// to the Route's goal, on v: path and at unchanged where it crosses none
// of v's changes (pathUnchanged); else, with the stored path moved to
// path's front (at is then 0), the engine's answer from it, without
// reading the stored path again (pathChanged), or pathNone where
// there is no path now. O(changes) where a flat table's rows prove a long
// path clear, else O(len(path) - at), and solveRoute's cost where it
// crosses a change.
func (v *view) recheck(path []int, at int) ([]int, int, pathState) {
	from, to := path[at], path[len(path)-1]
	// The rows' proof reads two rows a probed node, each read apart in
	// memory; the walk reads the path in order: on all but long paths it
	// costs less.
	if probes := len(v.probeNodes()); probes > 0 && len(path)-at > walkPerProbe*probes && v.avoids(from, to) {
		return path, at, pathUnchanged
	}
	cut := v.firstCross(path, at)
	if cut < 0 {
		return path, at, pathUnchanged
	}
	if !v.open(from, to) {
		return path[:0], 0, pathNone
	}
	n := copy(path, path[at:])
	out, state := v.reroute(path[:n], 0, cut-at, int32(from), int32(to))
	return out, 0, state
}

// walkPerProbe is the length of path, per node the rows' proof probes,
// past which recheck tries the proof before it walks the path. A variable
// for tests, which set it to try the proof on short paths too.
var walkPerProbe = 128

// reroute answers from s to t where buf[start:] is their stored path and
// its step into buf[cut] the first to cross a change: the engine's answer
// (see view.answer), appended to buf[:start]. The engine's cost.
func (v *view) reroute(buf []int, start, cut int, s, t int32) ([]int, pathState) {
	buf, _, ok := v.answer(buf, start, cut, s, t, true)
	if !ok {
		return buf, pathNone
	}
	return buf, pathChanged
}

// firstCross returns the index of the node after the first step of path
// from path[from] on that crosses a change, -1 where none does.
// O(len(path) - from).
func (v *view) firstCross(path []int, from int) int {
	for i := from + 1; i < len(path); i++ {
		u, x := int32(path[i-1]), int32(path[i])
		if (v.marked(u) || v.marked(x)) && v.stepCrosses(u, x) {
			return i
		}
	}
	return -1
}
