package lookup

import "github.com/pathtable/pathtable/table"

// A Planner's job on a hierarchy table runs in slices, as its searches do
// elsewhere: the hierarchy's query for the stored path
// (table.HierarchySearch), then, where that path crosses a change, the
// engine's A* (overlay_hierarchy.go) in three stages: the target's upward
// search for the heuristic (table.HierarchyTarget's Begin and Continue),
// the distances of the nodes above the A*'s start (Fill), which its first
// reads would otherwise compute at once, and the A* itself. A journey whose held path a change crosses starts at
// the A* from that path, as Route.Step's recheck does, so it pays no
// query. Each stage answers what Route.Step's does, so every answer is
// the same path.
//
// The units charged are a function of the job alone, whatever the number
// of workers: a node the query settles, the target's search settles, or
// a heuristic read computes costs hierarchyNodeUnits, a node the A* takes
// searchUnits. For that, a job's target's distances are its own, begun
// afresh for it: a target another query left ready for the same goal
// would make the heuristic's reads cost what that query left undone.
type hierarchyJob struct {
	stage hierarchyStage
	q     table.HierarchySearch
	a     hstar
	work  int // a.d.Work() last charged
}

type hierarchyStage uint8

const (
	hierarchyIdle   hierarchyStage = iota
	hierarchyQuery                 // the stored path's query runs in q
	hierarchyTarget                // a holds the A*'s scratch; a.d's search runs
	hierarchyWarm                  // a.d computes the distances above the A*'s start
	hierarchySearch                // a's A* runs
)

// The units of a hierarchy job: a node settled or computed (most of whose
// time is its state's memory, far apart on a large level) or unpacked on
// the query's path, and a query's start, whose first nodes are the
// coldest. Calibrated so that a Run's units take about as long on a
// hierarchy table as on the others (docs/RUNTIME.md).
const (
	hierarchyNodeUnits  = 8
	hierarchyBeginUnits = 2000
	seedUnits           = 4 // a node of the stored path the A* starts from
)

// runHierarchy is run on a hierarchy table, for a job that may search (a
// table path or a shortest path of the changed level). O(limit) units,
// over it by at most one node's work (an A* node's heuristic reads
// included) or a stored path's walk.
func (j *planJob) runHierarchy(limit int) (used int, done bool) {
	if j.hy == nil {
		j.hy = new(hierarchyJob)
	}
	h, v := j.hy, j.v
	if h.stage == hierarchyIdle {
		if j.kind == jobSolve && len(j.rest) > 0 {
			// A held clean path a check found crossing a change.
			j.path = append(j.path[:0], j.rest...)
			used += len(j.path)
			j.startHierarchySearch()
		} else {
			h.q.Begin(v.hy, j.from, j.to)
			h.stage = hierarchyQuery
			used += hierarchyBeginUnits
		}
	}
	if h.stage == hierarchyQuery {
		work, done := h.q.Run(max(1, (limit-used)/hierarchyNodeUnits))
		used += work * hierarchyNodeUnits
		if !done {
			return max(used, 1), false
		}
		var ok bool
		j.path, _, ok = h.q.AppendPath(v.lt.t, j.path[:0])
		used += (len(j.path) + 1) * hierarchyNodeUnits // each a shortcut's unpacking
		h.stage = hierarchyIdle
		if !ok || j.kind == jobRemember || v.firstCross(j.path, 0) < 0 {
			j.ok, j.clean = ok && len(j.path) > 1, true
			return used, true
		}
		j.startHierarchySearch()
	}
	return j.stepHierarchySearch(limit, used)
}

// startHierarchySearch readies the A* from the stored path j.path, which
// crosses a change. It does not ask whether the changes cut the pair
// apart, as the engine does first: on a large level, labelling the parts
// is more than a frame and cannot be sliced, and the A* answers that too,
// a slice at a time, once it has searched what the source reaches.
// O(path length).
func (j *planJob) startHierarchySearch() {
	v, h := j.v, j.hy
	s, t := int32(j.from), int32(j.to)
	h.a = v.newHstar(j.path, s, t)
	h.a.d = v.lt.takeHierarchyTarget(v.hy, j.to, false)
	h.stage, h.work = hierarchyTarget, 0
}

// stepHierarchySearch runs the target's upward search, then the A*, for
// the units left of limit after used. O(limit) units.
func (j *planJob) stepHierarchySearch(limit, used int) (int, bool) {
	h := j.hy
	a := &h.a
	if h.stage == hierarchyTarget {
		done := a.d.Continue(max(1, (limit-used)/hierarchyNodeUnits))
		used += h.charge()
		if !done {
			return max(used, 1), false
		}
		h.stage = hierarchyWarm
	}
	if h.stage == hierarchyWarm {
		// The A*'s first heuristic reads compute the distances of every
		// node above its start, far more than a slice: they are computed
		// here a slice at a time.
		done := a.d.Fill(a.stored[a.first-1], max(1, (limit-used)/hierarchyNodeUnits))
		used += h.charge()
		if !done {
			return max(used, 1), false
		}
		h.stage = hierarchySearch
		used += len(a.stored) * seedUnits
		end, ok, done := a.begin()
		if end, ok, done = a.onCosts(end, ok, done); done {
			return used + j.finishHierarchy(end, ok), true
		}
	}
	// The nodes and the heuristics' work the units left pay for, at least
	// one node.
	left := max(0, limit-used)
	nodes := max(1, left/searchUnits(j.v))
	taken := a.taken
	end, ok, done := a.onCosts(a.step(nodes, a.d.Work()+max(1, left/hierarchyNodeUnits)))
	used += (a.taken-taken)*searchUnits(j.v) + h.charge()
	if !done {
		return max(used, 1), false
	}
	return used + j.finishHierarchy(end, ok), true
}

// charge returns the units of the target's work since the last charge.
// O(1).
func (h *hierarchyJob) charge() int {
	w := h.a.d.Work()
	units := (w - h.work) * hierarchyNodeUnits
	h.work = w
	return units
}

// onCosts passes on a step's answer, unless a keyed search left the
// keys' exact range: it then starts the search again on costs, as run's
// caller does.
func (a *hstar) onCosts(end int32, ok, done bool) (int32, bool, bool) {
	if done && !ok && a.keyed {
		a.keyed = false
		return a.begin()
	}
	return end, ok, done
}

// finishHierarchy turns the A*'s end into the job's path, as
// answerHierarchy does, releases what the A* holds, and returns the units
// used. O(path length).
func (j *planJob) finishHierarchy(end int32, ok bool) int {
	a := &j.hy.a
	j.path, j.ok, j.clean = j.path[:0], false, false
	if end >= 0 && ok {
		j.path = a.path(j.path, end)
		j.ok = len(j.path) > 1
	}
	j.hy.release()
	return len(j.path) + 1
}

// release gives back what the job's stage holds. O(1), or the query's
// scratch reset.
func (h *hierarchyJob) release() {
	h.q.Release()
	if h.stage >= hierarchyTarget {
		h.a.q.lt.putScratch(h.a.q.sc)
		h.a.release()
		h.a = hstar{}
	}
	h.stage = hierarchyIdle
}

// readyHierarchy makes the memory of the hierarchy jobs a Planner may hold
// at once (each a query's scratch, the A*'s and a target's), so that it
// is not made in a frame. O(V) each, the first time a table gets them.
func (v *view) readyHierarchy() {
	if v.lt.t.Nodes == 0 {
		return
	}
	var qs [maxSearches]table.HierarchySearch
	var ds [maxSearches]*table.HierarchyTarget
	for i := range qs {
		qs[i].Begin(v.hy, 0, 0)
		ds[i] = v.lt.takeHierarchyTarget(v.hy, 0, false)
	}
	for i := range qs {
		qs[i].Release()
		v.lt.putHierarchyTarget(ds[i])
	}
}
