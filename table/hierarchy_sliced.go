package table

// A HierarchySearch is AppendPath's query run a slice at a time, for a
// caller that must bound the work it does at once (a game loop's frame
// budget): Begin starts it, each Run goes on for about a given amount of
// work, and once Run reports it done, AppendPath gives the answer
// AppendPath would have. It holds the query's scratch (O(V) memory, from
// the payload's pool) from Begin until AppendPath or Release.
//
// Work is counted in nodes settled (whose memory, not their arcs, is
// most of a query's time), so a Run's work is a fixed function of the
// query and its limit, on every machine. Not safe for concurrent use;
// distinct HierarchySearches run concurrently.
type HierarchySearch struct {
	y    *Hierarchy
	sc   *chScratch
	work int
	done bool
}

// Begin starts a query from s to target, nodes of the payload's table,
// releasing any query h held. O(1) once the pool holds a scratch, O(V)
// to make one.
func (h *HierarchySearch) Begin(y *Hierarchy, s, target int) {
	h.Release()
	h.y, h.sc, h.work, h.done = y, y.getScratch(), 0, false
	ps, pt := y.pos[s], y.pos[target]
	h.sc.fwd.start(ps)
	h.sc.bwd.start(pt)
	h.sc.best, h.sc.meet = chInf, -1
	if ps == pt {
		h.sc.best, h.sc.meet = 0, ps
	}
}

// Run goes on with the query until it is done or has settled limit more
// nodes, and returns the nodes it settled and whether the query is done.
// O(work × (degree + log S)).
func (h *HierarchySearch) Run(limit int) (work int, done bool) {
	if h.sc == nil || h.done {
		return 0, true
	}
	y, sc := h.y, h.sc
	f, b := &sc.fwd, &sc.bwd
	for work < limit {
		fk, bk := f.minKey(), b.minKey()
		if min(fk, bk) >= sc.best {
			h.done = true
			break
		}
		var p int32
		if bk < fk {
			p = b.pop()
			y.settle(sc, b, f, p, true)
		} else {
			p = f.pop()
			y.settle(sc, f, b, p, false)
		}
		work++
	}
	h.work += work
	return work, h.done
}

// Work returns the work done since Begin. O(1).
func (h *HierarchySearch) Work() int { return h.work }

// AppendPath appends the answer of a query Run reported done, as
// Hierarchy.AppendPath does for t, the payload's table, and releases the
// query; buf and false where there is no path or the query is not done.
// O(path length), once each shortcut's halves are known.
func (h *HierarchySearch) AppendPath(t *Table, buf []int) ([]int, float64, bool) {
	defer h.Release()
	if h.sc == nil || !h.done || h.sc.meet < 0 {
		return buf, Unreachable, false
	}
	start := len(buf)
	buf, ok := h.y.unpackPath(t, h.sc, buf, h.sc.meet)
	if !ok {
		return buf[:start], Unreachable, false
	}
	return buf, h.y.value(h.sc.best), true
}

// Release gives back the query's scratch, ending it. O(nodes it reached).
func (h *HierarchySearch) Release() {
	if h.sc != nil {
		h.y.putScratch(h.sc)
		h.sc = nil
	}
}
