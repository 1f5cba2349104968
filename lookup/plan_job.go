package lookup

import "slices"

// A planJob is the work one Route asked a Planner for, on one view of the
// level: the check of the rest of its path against the changes, its path
// found (the stored path checked, then a detour searched a slice at a
// time), or a table's own path where its Next costs a search. Each Route
// keeps one and reuses it journey after journey.
type planJob struct {
	gen      uint32 // the request; a queue entry of another gen is stale
	state    jobState
	kind     jobKind
	v        *view // the view it works on; nil before it starts
	from, to int
	rest     []int // the route's stored path on from from, read only
	checked  int   // jobCheck: rest[:checked+1] crosses no change
	// On view cutOn, rest's first step to cross a change ends at
	// rest[cut]: the search starts from rest there, with no table read.
	cut   int
	cutOn *view
	// The answer, once done: ok says the rest still holds (jobCheck) or a
	// path exists (path, clean where it is the table's own).
	ok, clean bool
	path      []int
	search    slicedSearch
	hy        *hierarchyJob // the job's stages on a hierarchy table
}

type jobState uint8

const (
	jobIdle   jobState = iota // nothing asked
	jobQueued                 // asked, in the Planner's queue
	jobDone                   // answered, for job.v
)

type jobKind uint8

const (
	jobCheck    jobKind = iota // the rest of a clean path, against the changes
	jobSolve                   // a shortest path, as view.solve finds it
	jobRemember                // a table path, with no change in force
)

// The work units a job counts, each about as long on every layout: a
// node of a path checked or walked is one; a node of a path read from
// the table, summed or built costs readUnits; a node a search takes from
// its queue costs searchUnits (it relaxes the node's moves and reads
// their distances); the stage that detours across a line costs
// acrossUnits, its walks and the path it reads; a table path that costs a
// search costs rememberUnits where it cannot be sliced (a hierarchy's
// query and engine can: plan_hierarchy.go). BenchmarkGameLoop's frames
// show how well they hold to that.
const acrossUnits = 512

// searchUnits is what a node a search takes from its queue costs on v:
// more where distances are walks' sums, not rows' reads; a hierarchy's
// A* node has its own calibration beside its heuristic's units
// (plan_hierarchy.go).
func searchUnits(v *view) int {
	switch {
	case v.hy != nil:
		return 8
	case v.rows:
		return 5
	}
	return 9
}

// readUnits is what a node of a path read from the table costs on v:
// more where a step is a search of a row's runs, not a slot's read.
func readUnits(v *view) int {
	if v.rows {
		return 1
	}
	return 2
}

// startUnits is what the start of a search costs for a stored path of
// path nodes: its distances summed where they are sums (each step's costs
// looked up), else the prefix's marks only.
func startUnits(v *view, path int) int {
	if v.rows {
		return path/4 + 1
	}
	return 3 * path
}

// rememberUnits is what a table path costs where the table's Next costs a
// search: a share of the table's nodes, which such a query grows with.
func rememberUnits(lt *Table) int { return max(256, lt.n/16) }

// slicedSearch is view.answer's search, run a slice at a time, with the
// scratch it holds from one slice to the next.
type slicedSearch struct {
	a      astar
	active bool // a holds a started search and its scratch
	cut    int
	back   bool // a runs from the job's target back to its source (searchBack)
}

// restart forgets the job's progress, to work on v. O(1).
func (j *planJob) restart(v *view) {
	j.release()
	j.kind = j.kindOn(v)
	j.v, j.checked, j.ok, j.clean = v, 0, false, false
}

// kindOn is the job's kind on v: the one asked, unless the level changed
// since it was asked. O(1).
func (j *planJob) kindOn(v *view) jobKind {
	switch {
	case j.v == v:
		return j.kind
	case j.cutOn == v && len(j.rest) > 0:
		return jobSolve // it crosses a change of v, found where it was asked
	case len(j.rest) > 0:
		return jobCheck // it may have crossed a change of another view
	case j.kind == jobRemember && v.changes > 0:
		return jobSolve // the table's path may cross a change now
	}
	return j.kind
}

// release gives back the scratch a suspended search holds. O(1).
func (j *planJob) release() {
	if s := &j.search; s.active {
		s.a.q.lt.putScratch(s.a.q.sc)
		s.active, s.a = false, astar{}
	}
	if j.hy != nil {
		j.hy.release()
	}
}

// run works on the job, on v, for about limit units: it returns the units
// it used (at least one; over limit by at most a stored path's walk) and
// whether the job is answered.
func (j *planJob) run(v *view, limit int) (used int, done bool) {
	if j.v != v {
		j.restart(v)
	}
	if !v.open(j.from, j.to) || j.from == j.to {
		j.ok = false
		return 1, true
	}
	if v.hy != nil && j.kind != jobCheck {
		return j.runHierarchy(limit) // plan_hierarchy.go
	}
	switch j.kind {
	case jobCheck:
		// A check that meets a change becomes a search, in a later
		// round: a check holds no scratch, so a round takes any number.
		used, done = j.check(limit)
		return max(used, 1), done
	case jobSolve:
		return j.solve(limit, 0)
	}
	var ok bool
	j.path, ok = v.lt.AppendPath(j.path[:0], j.from, j.to)
	j.ok, j.clean = ok && len(j.path) > 1, true
	return rememberUnits(v.lt), true
}

// check checks rest against the changes, a slice of at most limit nodes
// at a time; where it crosses one the job becomes a search (not done).
func (j *planJob) check(limit int) (used int, done bool) {
	for j.checked+1 < len(j.rest) && used < limit {
		end := min(len(j.rest), j.checked+1+limit-used)
		if j.v.crosses(j.rest[j.checked:end]) {
			j.kind, j.cut, j.cutOn = jobSolve, j.v.firstCross(j.rest, j.checked), j.v
			return used, false
		}
		used += end - j.checked
		j.checked = end - 1
	}
	if j.checked+1 >= len(j.rest) {
		j.ok, j.clean = true, true
		return used, true
	}
	return used, false
}

// solve finds the path as view.solve does, its search sliced: used units
// are spent already this call.
func (j *planJob) solve(limit, used int) (int, bool) {
	s := &j.search
	if !s.active {
		var done bool
		if used, done = j.begin(used); done {
			return used, true
		}
	}
	unit := searchUnits(j.v)
	nodes := max(1, (limit-used)/unit)
	before, walks := s.a.taken, s.a.q.sc.walks
	end, ok, done := s.a.run(nodes)
	used += (s.a.taken-before)*unit + s.a.q.sc.walks - walks
	if done && !ok && s.a.keyed {
		// Left the keys' exact range: search again on costs, as search does.
		walks = s.a.q.sc.walks
		end, ok, done = j.startSearch(false)
		if used += s.a.q.sc.walks - walks; !done {
			return max(used, 1), false
		}
	}
	if !done {
		return max(used, 1), false
	}
	return used + j.finish(end, ok), true
}

// begin checks the stored path, tries the stages before the search, and
// starts the search; done when they answer.
func (j *planJob) begin(used int) (int, bool) {
	v, s, t := j.v, int32(j.from), int32(j.to)
	buf, cut, state, units := j.stored()
	j.path, used = buf, used+units
	if state != pathChanged {
		j.ok, j.clean = state == pathUnchanged && len(buf) > 1, true
		return used, true
	}
	if v.apart(s, t) {
		j.ok = false
		return used, true
	}
	q := query{view: v, sc: v.lt.getScratch()}
	walks := q.sc.walksWithMate()
	out, _, ok := q.across(buf, 0, cut, s, t)
	// Its walks and path reads cost more than a search's: their cells'
	// distances are read out of order.
	used += acrossUnits + 2*(q.sc.walksWithMate()-walks)
	if ok {
		used += 2 * len(out) * readUnits(v)
		v.lt.putScratch(q.sc)
		j.path, j.ok = out, len(out) > 1
		return used, true
	}
	back := v.searchBack(len(buf), cut)
	from, to, _, cut := ends(back, s, t, buf, cut)
	j.search = slicedSearch{a: astar{q: q, s: from, t: to}, active: true, cut: cut, back: back}
	keyed := v.lt.costs().key != nil && v.inexact == 0
	// The start sums or reads the stored path's distances (seed).
	walks = q.sc.walks
	if !back {
		walks -= startUnits(v, len(buf))
	}
	end, ok, done := j.startSearch(keyed)
	if done && !ok && keyed {
		end, ok, done = j.startSearch(false)
	}
	used += q.sc.walks - walks
	if done {
		return used + j.finish(end, ok), true
	}
	return used, false
}

// storedCopyNodes is how many nodes of a held path one unit copies: a
// copy costs far less a node than a table read or a check.
const storedCopyNodes = 16

// stored returns, in j.path, the stored path from from to to on j.v, the
// index after its first step to cross a change, its state, as
// view.checked gives them, and the units that cost: from the route's
// held path where the step it crosses on this view is known (a copy, a
// unit per storedCopyNodes nodes), else read from the table and checked
// (a unit a node). O(path length).
func (j *planJob) stored() (_ []int, cut int, _ pathState, units int) {
	if j.cutOn == j.v && j.cut > 0 && len(j.rest) > 0 {
		return append(j.path[:0], j.rest...), j.cut, pathChanged, len(j.rest)/storedCopyNodes + 1
	}
	buf, cut, state := j.v.checked(j.path[:0], j.from, j.to)
	return buf, cut, state, len(buf) + 1
}

// startSearch starts the search afresh, on keys or on costs, as searchOn
// does; done when its start alone answers.
func (j *planJob) startSearch(keyed bool) (end int32, ok, done bool) {
	a := &j.search.a
	a.q.sc.begin()
	*a = astar{q: a.q, s: a.s, t: a.t, keyed: keyed, taken: a.taken}
	if j.search.back {
		return a.start(nil, 0)
	}
	return a.start(j.path, j.search.cut)
}

// finish turns the search's end into the path, as answer does, and gives
// back the scratch; it returns the units used. O(path length).
func (j *planJob) finish(end int32, ok bool) (units int) {
	a := &j.search.a
	j.path, j.ok = j.path[:0], false
	if end >= 0 && ok {
		j.path, j.ok = a.q.tail(j.path, end, a.t)
		j.ok = j.ok && len(j.path) > 1
		if j.search.back {
			slices.Reverse(j.path)
		}
	}
	j.clean = false
	j.release()
	return len(j.path)/2 + 1
}
