package lookup

// Plan is Step through a Planner, for a game loop that must not hitch: it
// answers at once what costs no more than a slice read (the remembered
// path, while it answers; a refusal; a path the distance rows prove
// unchanged, in O(changes); a new journey's stored path, O(path length),
// where it crosses no change or there is none, as with no change in force,
// where the table's Next costs no search), and otherwise asks p for the work (a check of the rest of
// the path, or a search) and returns StepPending: the agent waits where it
// stands and asks again next frame, with the same from and to, until p.Run
// has answered. A changed from or to withdraws the request and asks anew.
// The answer is then what Step answers on the level as it is: an answer
// made for a level that has changed since is asked again. O(1) but for
// the proof and the path it reads; the work it asks for is p.Run's, and
// what it does at once counts against p.Run's next budget.
func (r *Route) Plan(p *Planner, from, to int) (next int, why StepReason) {
	v := p.o.cur.Load()
	if v == r.level && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from {
		r.at++
		return r.path[r.at], StepOK
	}
	p.frameBegins()
	if why = v.refuse(from, to); why != StepOK {
		r.drop()
		return -1, why
	}
	if v.changes == 0 && !remembered(v.lt.w) {
		// The table's own path, remembered: after a change the route
		// has a path to prove or check, not one to find.
		r.drop()
		r.lt = nil
		next := r.remember(v, from, to)
		p.charge(len(r.path) * readUnits(v))
		if next < 0 {
			return -1, StepNoPath
		}
		return r.path[1], StepOK
	}
	if j := r.job; j != nil && j.state != jobIdle && j.from == from && j.to == to {
		if j.state == jobQueued {
			return -1, StepPending
		}
		if j.v == v {
			return r.adopt(j)
		}
	}
	if r.follows(from, to) {
		p.charge(proofUnits * len(v.probeNodes()))
		if v.changes > 0 && v.avoids(from, to) {
			r.drop()
			r.level, r.at = v, r.at+1
			return r.path[r.at], StepOK
		}
	} else if v.changes > 0 && !remembered(v.lt.w) {
		next, why, cut := r.fresh(v, from, to)
		p.charge(len(r.path) * readUnits(v))
		if cut < 0 {
			return next, why
		}
		// The job searches from the stored path fresh read: r.path holds
		// it, unanswered (r.level is nil), until the job's answer.
		r.request(p, v, from, to)
		j := r.job
		j.kind, j.rest, j.cut, j.cutOn = jobSolve, r.path, cut, v
		return -1, StepPending
	}
	r.request(p, v, from, to)
	return -1, StepPending
}

// proofUnits is what the rows' proof that a path avoids the changes
// (view.avoids) costs a node it probes: two distances read, each from a
// row of its own, out of order in memory.
const proofUnits = 16

// fresh answers a new journey at once where its stored path crosses no
// change, or there is none: the walk an open level's journey costs too,
// so that the journeys that start while a change is in force wait on the
// Planner only where they need a search. cut is -1 where it answered;
// else the stored path is left in r.path, not answered, and cut is the
// index after its first step to cross a change. O(path length).
func (r *Route) fresh(v *view, from, to int) (next int, why StepReason, cut int) {
	r.drop()
	r.lt, r.level, r.goal, r.at, r.clean = nil, nil, to, 0, true
	path, cut, state := v.checked(r.path[:0], from, to)
	r.path = path
	switch {
	case state == pathNone || state == pathUnchanged && len(path) < 2:
		r.path = r.path[:0]
		return -1, StepNoPath, -1
	case state == pathUnchanged:
		r.level, r.at = v, 1
		return path[1], StepOK, -1
	}
	return -1, StepPending, cut
}

// follows reports whether from to to continues the remembered clean path
// of an earlier level, which stays shortest while it crosses no change.
func (r *Route) follows(from, to int) bool {
	return r.level != nil && r.clean && to == r.goal && r.at+1 < len(r.path) && r.path[r.at] == from
}

// request asks p for the work the journey needs on v. O(1).
func (r *Route) request(p *Planner, v *view, from, to int) {
	r.drop()
	if r.job == nil {
		r.job = new(planJob)
	}
	j := r.job
	j.state, j.v, j.from, j.to, j.rest, j.cutOn = jobQueued, nil, from, to, nil, nil
	switch {
	case v.changes == 0:
		j.kind = jobRemember
		r.level = nil
	case r.follows(from, to):
		j.kind, j.rest = jobCheck, r.path[r.at:]
	default:
		j.kind = jobSolve
		r.level = nil
	}
	p.ask(j)
}

// adopt takes j's answer as the route's path. O(1).
func (r *Route) adopt(j *planJob) (int, StepReason) {
	j.state, r.lt = jobIdle, nil
	if j.kind == jobCheck && j.ok {
		r.level, r.at = j.v, r.at+1
		return r.path[r.at], StepOK
	}
	r.path, j.path = j.path, r.path[:0]
	j.rest = nil
	r.level, r.goal, r.at, r.clean = nil, j.to, 0, j.clean
	if !j.ok {
		r.path = r.path[:0]
		return -1, StepNoPath
	}
	r.level, r.at = j.v, 1
	return r.path[1], StepOK
}

// drop withdraws the route's request, if any: a stale entry stays in the
// queue, which Run passes over. O(1).
func (r *Route) drop() {
	if j := r.job; j != nil && j.state != jobIdle {
		j.release()
		j.gen++
		j.state, j.rest = jobIdle, nil
	}
}
