package lookup

// A Route is one agent's way to its goal through an overlay, for a game
// loop: Route.Next answers what Overlay.Next answers, and remembers the
// whole path it answered, so an agent that asks every frame pays a check
// or a search once a journey and a slice read a step, where Overlay.Next
// pays a shared cache's lookup a step. Keep one Route per agent (the zero
// Route is ready); it holds the agent's path, O(path length) memory,
// reused from journey to journey. A Route is not safe for concurrent use,
// but any number of Routes may follow one Overlay concurrently, while
// another goroutine changes the overlay.
//
// A level without doors needs no overlay: TableNext and TableStep follow
// a Table the same way.
type Route struct {
	path  []int // the answered path; the agent stands on path[at]
	at    int
	goal  int
	level *view  // the overlay's level the path was answered for
	lt    *Table // the table whose own path it is, where TableStep answered it
	// clean: path is the table's own path, which stays a shortest path
	// for as long as it crosses no change, whatever else changes.
	clean bool
}

// Next returns the node after from on a shortest path to to through o,
// or -1 when there is none (no path, from == to, a blocked end, an index
// out of range), as o.Next does. While the agent follows the answers
// toward one goal and the overlay does not change, it costs a slice read;
// with no change in force, what Table.Next costs. A new goal or start
// costs o.AppendPath's check or search, O(path length) or a search; a
// change in force costs O(path length) once, to check the rest of a clean
// path against it (O(changes) where a flat table's exact rows prove it
// clear; a detour is searched again). It allocates only when
// the route's path outgrows its capacity.
func (r *Route) Next(o *Overlay, from, to int) int {
	v := o.cur.Load()
	if v == r.level && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from {
		r.at++
		return r.path[r.at]
	}
	return r.next(v, from, to)
}

// Step is Next with the reason there is no next node, as Overlay.Step
// gives it: next is -1 unless the reason is StepOK. Its cost is Next's.
func (r *Route) Step(o *Overlay, from, to int) (next int, why StepReason) {
	v := o.cur.Load()
	if v == r.level && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from {
		r.at++
		return r.path[r.at], StepOK
	}
	if v.changes == 0 && !remembered(v.lt.w) {
		r.level = nil
		return v.lt.Step(from, to)
	}
	if next = r.next(v, from, to); next >= 0 {
		return next, StepOK
	}
	switch {
	case !v.lt.valid(from) || !v.lt.valid(to):
		return -1, StepOutOfRange
	case from == to:
		return -1, StepArrived
	case v.isBlocked(from) || v.isBlocked(to):
		return -1, StepBlocked
	}
	return -1, StepNoPath
}

// TableNext is Next over lt itself, for a level with no overlay: it
// returns what lt.Next returns, and remembers the table's path from from
// to to, so an agent following the answers pays a slice read a step (a
// run-length table's Next costs a binary search a step). A new goal or
// start costs lt.AppendPath, O(path length). It allocates only when the
// route's path outgrows its capacity.
func (r *Route) TableNext(lt *Table, from, to int) int {
	next, _ := r.TableStep(lt, from, to)
	return next
}

// TableStep is TableNext with the reason there is no next node, as
// lt.Step gives it: next is -1 unless the reason is StepOK. Its cost is
// TableNext's.
func (r *Route) TableStep(lt *Table, from, to int) (next int, why StepReason) {
	if r.lt == lt && r.level == nil && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from {
		r.at++
		return r.path[r.at], StepOK
	}
	r.lt, r.level, r.goal, r.at, r.path = nil, nil, to, 0, r.path[:0]
	if why = lt.refuse(from, to); why != StepOK {
		return -1, why
	}
	// The path's first step is Next's: the walker's paths are its Next
	// followed, so the journey costs one path, not a Next besides.
	path, ok := lt.AppendPath(r.path, from, to)
	if !ok || len(path) < 2 {
		r.path = path[:0]
		return -1, StepNoPath
	}
	r.path, r.lt, r.at = path, lt, 1
	return path[1], StepOK
}

// next is Next when the remembered path does not answer.
func (r *Route) next(v *view, from, to int) int {
	r.lt = nil // the path it answers is the overlay's
	if v.changes == 0 && remembered(v.lt.w) {
		return r.remember(v, from, to)
	}
	if v.changes == 0 {
		r.level = nil
		return v.lt.Next(from, to)
	}
	if r.level != nil && r.clean && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from {
		// The level changed since the path was answered: the table's path
		// is still a shortest one if it crosses none of the changes now,
		// which the distance rows may prove in O(changes).
		if v.avoids(from, to) || !v.crosses(r.path[r.at:]) {
			r.level = v
			r.at++
			return r.path[r.at]
		}
		if v.hy != nil {
			return r.detour(v, from, to) // overlay_hierarchy.go
		}
	}
	r.level, r.goal, r.at = nil, to, 0
	if !v.open(from, to) || from == to {
		r.path = r.path[:0]
		return -1
	}
	path, _, state := v.solve(r.path[:0], from, to, true)
	r.clean = state == pathUnchanged
	ok := state != pathNone
	r.path = path
	if !ok || len(path) < 2 {
		r.path = r.path[:0]
		return -1
	}
	r.level, r.at = v, 1
	return path[1]
}

// remembered reports whether a Route keeps the paths of w's table even
// with no change in force: where its Next costs a search.
func remembered(w walker) bool {
	r, ok := w.(interface{ remembers() bool })
	return ok && r.remembers()
}

// remember answers r's journey from the table alone, with no change in
// force, for a table whose Next costs a search: the path once, then a
// slice read a step. O(one query).
func (r *Route) remember(v *view, from, to int) int {
	r.level, r.goal, r.at, r.clean = nil, to, 0, true
	path, ok := v.lt.AppendPath(r.path[:0], from, to)
	r.path = path
	if !ok || len(path) < 2 {
		r.path = r.path[:0]
		return -1
	}
	r.level, r.at = v, 1
	return path[1]
}

// Reset forgets the remembered path, keeping its memory. O(1).
func (r *Route) Reset() { r.path, r.level, r.lt = r.path[:0], nil, nil }
