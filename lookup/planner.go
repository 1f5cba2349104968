package lookup

import (
	"sync"
	"sync/atomic"
	"time"
)

// A Planner spreads the work Routes do after a change over frames: a
// Route asked through Route.Plan answers at once where that costs a
// slice read (its path still answers, or a proof from the distance rows
// shows it still holds); otherwise it asks the Planner and tells its
// agent StepPending, and the agent waits where it stands. Once a frame,
// Run does the queued work, first asked first served, within a budget
// of work units, each about as long on every layout: a unit is about one
// node of a stored path walked or checked, a search's node five to nine.
// A search too large for one frame is sliced: it resumes in the next Run
// where it stopped, ahead of the work asked after it, so no request
// starves and none can blow a frame.
//
// Every answer is the path Route.Step gives on the same level, so every
// step an agent takes is on a shortest path of the level as changed; the
// units a Run spends, and so which answers are ready in which frame, are
// the same whatever the number of Workers. A Time limit, where set, ends
// Run early by the clock, and so makes that schedule depend on the
// machine (the answers stay the same).
//
// Run and the Routes' Plan calls take turns, on one goroutine or with
// synchronisation between them; the overlay may change at any time.
type Planner struct {
	o     *Overlay
	opt   PlannerOptions
	queue []planEntry // the requests in the order asked; queue[head:] live or stale
	head  int
	round []roundJob
	// inline counts the units Route.Plan spent answering at once since
	// the last Run (paths read, proofs): the frame's, which Run's budget
	// leaves out.
	inline atomic.Int64
	work   int // this Run's budget
}

// PlannerOptions sets a Planner's budget; the zero value is the default.
type PlannerOptions struct {
	// Work is the work units one Run may spend (when 0, DefaultWork, or
	// DefaultHierarchyWork on a hierarchy table). A Run may pass it by
	// the walk of one stored path per job.
	Work int
	// Slice is the most units one job takes before the jobs after it are
	// served in turn within the same Run (Work/8 when 0).
	Slice int
	// Time, when set, stops Run starting more work once it has run this
	// long; a Run passes it by at most one round of slices.
	Time time.Duration
	// Workers is how many goroutines run the work of one Run (1 when 0).
	Workers int
}

// DefaultWork is the work units a Run spends by default: about a
// millisecond or two of re-planning on a current core, so a 60 fps
// frame keeps its time; docs/RUNTIME.md gives the measured figures.
const DefaultWork = 64000

// DefaultHierarchyWork is DefaultWork on a hierarchy table, whose units
// (plan_hierarchy.go) take longer each: about the same time a frame.
const DefaultHierarchyWork = 28000

// maxSearches bounds the searches a Planner holds between slices, each
// with its scratch (O(V)): a round serves at most this many jobs that
// may search.
const maxSearches = 2

type planEntry struct {
	j   *planJob
	gen uint32
}

// roundJob is one job of a Run's round and its slice.
type roundJob struct {
	j     *planJob
	limit int
	used  int
	done  bool
}

// NewPlanner returns a Planner for the routes of o, with opt's budget.
// It readies what the table's searches derive from it, and memory for
// the searches the Planner may hold at once: O(V + E) the first time a
// table gets them (and placing landmarks for the detours across a line
// where the table has no rows), then O(1).
func NewPlanner(o *Overlay, opt PlannerOptions) *Planner {
	if opt.Work <= 0 {
		opt.Work = DefaultWork
		if o.load().hy != nil {
			opt.Work = DefaultHierarchyWork
		}
	}
	if opt.Slice <= 0 {
		opt.Slice = max(1, opt.Work/8)
	}
	opt.Slice = min(opt.Slice, opt.Work)
	opt.Workers = max(opt.Workers, 1)
	// What the searches derive from the table once, and their scratches
	// (which the table's pool keeps), are made now, not in the frame a
	// door shuts.
	if v := o.load(); v.acrossable() && !v.rows {
		o.lt.bakedLandmarks()
	} else if v.hy != nil {
		v.readyHierarchy() // plan_hierarchy.go
	}
	var sc [maxSearches]*scratch
	for i := range sc {
		sc[i] = o.lt.getScratch()
	}
	for _, s := range sc {
		o.lt.putScratch(s)
	}
	return &Planner{o: o, opt: opt}
}

// charge counts units a Route.Plan spent answering at once. O(1).
func (p *Planner) charge(units int) { p.inline.Add(int64(units)) }

// Pending returns how many requests wait for Run. O(waiting requests).
func (p *Planner) Pending() int {
	n := 0
	for _, e := range p.queue[p.head:] {
		if e.live() {
			n++
		}
	}
	return n
}

func (e planEntry) live() bool { return e.gen == e.j.gen && e.j.state == jobQueued }

// ask puts j at the back of the queue. O(1) amortised.
func (p *Planner) ask(j *planJob) {
	if p.head > 0 && p.head >= len(p.queue)/2 {
		p.queue = p.queue[:copy(p.queue, p.queue[p.head:])]
		p.head = 0
	}
	p.queue = append(p.queue, planEntry{j, j.gen})
}

// Run does queued work, in the order it was asked, until it has spent the
// budget's units (or time) or none is left, and returns the units spent.
// The units Route.Plan spent since the last Run, answering at once, count
// against the budget (a slice is left at least).
// The work is done in rounds: each gives the requests next in the queue a
// slice each until the units left are shared out, runs them (on Workers
// goroutines), and keeps those not done at the head of the queue, in
// order. O(Work) node steps, plus O(requests served).
func (p *Planner) Run() int {
	v := p.o.cur.Load()
	start := time.Now()
	// The work Plan answered at once this frame counts against the
	// budget, so a frame in which many agents read their paths (the door's,
	// or many new journeys') stays within it; a slice at least is left,
	// so that the queue always moves.
	p.work = max(p.opt.Work-int(p.inline.Swap(0)), p.opt.Slice)
	spent := 0
	for spent < p.work && p.head < len(p.queue) {
		round := p.pick(v, p.work-spent)
		if len(round) == 0 {
			break
		}
		spent += p.runRound(v, round)
		p.settle(len(round))
		if p.opt.Time > 0 && time.Since(start) >= p.opt.Time {
			break
		}
	}
	return spent
}

// pick shares left units out as slices to the live requests at the head
// of the queue, in order, counting the stale ones it passes in the round
// as done. O(requests picked).
func (p *Planner) pick(v *view, left int) []roundJob {
	round := p.round[:0]
	searches := 0 // the searches the round's jobs hold or may start
	for i := p.head; i < len(p.queue) && left > 0; i++ {
		e := p.queue[i]
		if !e.live() {
			round = append(round, roundJob{done: true})
			continue
		}
		kind := e.j.kindOn(v)
		// A table path costs a search that cannot be sliced, but on a
		// hierarchy table (plan_hierarchy.go).
		unsliced := kind == jobRemember && v.hy == nil
		if kind == jobSolve || kind == jobRemember && v.hy != nil {
			if searches == maxSearches {
				break // the rest wait for the next round, in order
			}
			searches++
		}
		limit := min(p.opt.Slice, left)
		switch j := e.j; {
		case kind == jobCheck:
			checked := j.checked
			if j.v != v {
				checked = 0
			}
			limit = min(limit, max(1, len(j.rest)-1-checked)) // a check's cost is known
		case unsliced:
			// A query that cannot be sliced: the first of a Run goes
			// whatever it costs, the others where it fits.
			if limit = rememberUnits(v.lt); limit > left && (len(round) > 0 || left < p.work) {
				left = 0
				continue
			}
		}
		round = append(round, roundJob{j: e.j, limit: limit})
		left -= limit
	}
	p.round = round
	return round
}

// runRound runs each job of round for its slice and returns the units
// they used. The jobs are independent, each on its own scratch, so any
// number of goroutines gives each the same result.
func (p *Planner) runRound(v *view, round []roundJob) int {
	work := func(r *roundJob) {
		if r.j != nil {
			r.used, r.done = r.j.run(v, r.limit)
		}
	}
	if workers := min(p.opt.Workers, len(round)); workers > 1 {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := next.Add(1) - 1; i < int64(len(round)); i = next.Add(1) - 1 {
					work(&round[i])
				}
			}()
		}
		wg.Wait()
	} else {
		for i := range round {
			work(&round[i])
		}
	}
	used := 0
	for i := range round {
		used += round[i].used
	}
	return used
}

// settle marks the round's answered jobs done and keeps the others at the
// head of the queue, in their order. O(round).
func (p *Planner) settle(k int) {
	keep := p.head + k
	for i := k - 1; i >= 0; i-- {
		r := &p.round[i]
		if r.done {
			if r.j != nil {
				r.j.state = jobDone
			}
			continue
		}
		keep--
		p.queue[keep] = planEntry{r.j, r.j.gen}
	}
	for i := p.head; i < keep; i++ {
		p.queue[i] = planEntry{}
	}
	p.head = keep
}
