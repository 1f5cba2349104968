package lookup

// The walks across reads its distances from go toward the query's ends,
// and most of them soon meet the stored path whose change sent the query
// here: toward the target, the stored paths are the table's own and merge
// with its tail; toward the source, they often run into its prefix. That
// path is a shortest path of the baked level, so each of its nodes' baked
// distance to either end is its cost summed along it (the table is
// symmetric: a prefix reversed costs what it does forward). seedEnds
// writes those distances into the walks' scratches before they start, and
// a walk stops at the first node of the path it meets.

// seedEnds gives the nodes of stored, the stored path from s to t whose
// step into stored[cut] crosses a change, their baked distances: toward s
// in the query's scratch (the prefix stored[:cut], reversed), toward t in
// own (the tail stored[cut:], as the search's seed sums it). Both
// scratches were just begun, their heuristics set toward their ends. A
// node seeded costs about what half a walked one does, and is counted so
// in the query's walks. O(len(stored) × degree).
func (q query) seedEnds(own *scratch, stored []int, cut int) {
	if cut <= 0 || cut >= len(stored) {
		return
	}
	query{view: q.view, sc: own}.seed(stored[cut:], 1, int32(stored[len(stored)-1]))
	q.seedBack(stored[:cut])
	q.sc.walks += (len(stored) + 1) / 2
}

// seedBack gives each node of prefix, a shortest path of the baked level
// from the query's end prefix[0], its distance back to that end along the
// prefix reversed, and the prefix's previous node as its next step toward
// it: unchanged while the reversed steps cross no change. O(len(prefix) ×
// degree).
func (q query) seedBack(prefix []int) {
	if len(prefix) == 0 {
		return
	}
	o, sc := q.view, q.sc
	lt, w := o.lt, sc.hr.w
	n := sc.at(int32(prefix[0]))
	n.h, n.next, n.flags = 0, -1, n.flags|walked|unchanged|hSet
	h, clean := 0.0, true
	for i := 1; i < len(prefix); i++ {
		u, v := int32(prefix[i]), int32(prefix[i-1]) // the step back
		e := o.edgeTo(u, v)
		if e < 0 {
			return // not a path: leave the rest to their own walks
		}
		if clean && o.mark[slot(u)]|o.mark[slot(v)] != 0 && o.stepChanged(e, u, v) {
			clean = false
		}
		h += w[uint(u)<<lt.hopShift|uint(e-lt.t.Offsets[u])]
		n := sc.at(u)
		n.h, n.next, n.flags = h, v, n.flags|walked|hSet
		if clean {
			n.flags |= unchanged
		}
	}
}
