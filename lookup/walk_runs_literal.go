package lookup

// litWalker is a runWalker whose rows store slots only: no symbols to
// decode, no open boxes, no components (a literal table, built without
// heuristic symbols). A type of its own, so that its Next and its path
// search a row from where they stand, with none of the symbol tables'
// tests and no call to move between.
type litWalker struct{ *runWalker }

// find returns the slot stored in the row of rank r for the target of
// rank t, or NoMove. O(log runs in row).
func (w litWalker) find(r, t int32) uint {
	return uint(w.code.Find(int(w.rowStart[r]), int(w.rowStart[r+1]), int(t)))
}

// next is O(log runs of from's row).
func (w litWalker) next(from, to int) int {
	if from == to {
		return -1
	}
	return w.lt.hop(from, w.find(w.rank[from], w.rank[to]))
}

// path is runWalker.path by find: O(path length × log runs per row).
func (w litWalker) path(buf []int, from, to int) ([]int, bool) {
	lt := w.lt
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := w.hops, lt.hopShift, uint(1)<<lt.hopShift
	target := w.rank[to]
	buf = append(buf, from)
	for r := w.rank[from]; r != target; {
		m := w.find(r, target)
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
