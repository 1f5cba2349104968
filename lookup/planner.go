package lookup

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// A Planner spreads the work Routes do after a change over frames: a
// Route asked through Route.Plan answers at once where that costs a
// slice read (its path still answers, or a proof from the distance rows
// shows it still holds); otherwise it asks the Planner and tells its
// agent StepPending, and the agent waits where it stands. Once a frame,
// Run does the queued work, first asked first served, within a budget:
// a time a frame (the default, DefaultTime), or work units, each about as
// long on every layout (a unit is about one node of a stored path walked
// or checked, a search's node five to nine), or both. A search too large
// for one frame is sliced: it resumes in the next Run where it stopped,
// ahead of the work asked after it, so no request starves and none can
// blow a frame.
//
// Every answer is the path Route.Step gives on the same level, so every
// step an agent takes is on a shortest path of the level as changed. A
// budget in units alone makes the schedule (which answers are ready in
// which frame) the same on every machine and whatever the number of
// Workers; a budget of time keeps the frame's time on any table and any
// machine, and makes the schedule depend on them (the answers stay the
// same).
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
	// The clock of a budget of time: frameStart is when the frame's first
	// Route.Plan that did more than step along a held path began, as
	// nanoseconds since epoch plus one (0 before it); Run's time counts
	// from it, so that what Plan answers at once in the frame counts
	// against the time as its units count against Work.
	epoch      time.Time
	frameStart atomic.Int64
	deadline   time.Time // this Run's end by the clock; zero without one
}

// PlannerOptions sets a Planner's budget. The zero value is the default:
// DefaultTime a frame, by the clock. A game that needs the same schedule
// on every machine (a lockstep game, a replay, a test) sets Work instead.
type PlannerOptions struct {
	// Work is the work units one Run may spend; 0 for no limit in units
	// (DefaultWork, or DefaultHierarchyWork on a hierarchy table, are
	// budgets to start from). A Run may pass it by the walk of one stored
	// path per job.
	Work int
	// Slice is the most units one job takes before the jobs after it are
	// served in turn within the same Run: Work/8 when 0 (DefaultWork/8,
	// or DefaultHierarchyWork/8, where Work is 0).
	Slice int
	// Time is how long the re-planning of a frame may take, counted from
	// its first Route.Plan call that does more than step along a held path
	// to the end of Run: Run starts no job once it is spent, but the first
	// (so the queue always moves), and passes it by at most one job's
	// slice. When Work and Time are both 0, it is DefaultTime; when Work
	// is set and Time is 0, there is no clock.
	Time time.Duration
	// Workers is how many goroutines run the work of one Run (1 when 0).
	Workers int
}

// DefaultTime is the re-planning a frame does by default: a 60 fps frame
// keeps its time, and the work of a busy door is done within about half
// a second; docs/RUNTIME.md gives the measured figures.
const DefaultTime = 1250 * time.Microsecond

// DefaultWork is a budget in units to start from, for a game that sets
// Work: about a millisecond of re-planning on a current core on most
// tables, less on small ones, more where the table is much larger than
// the processor's caches; docs/RUNTIME.md gives the measured figures.
const DefaultWork = 64000

// DefaultHierarchyWork is DefaultWork on a hierarchy table, whose units
// (plan_hierarchy.go) take longer each: about the same time a frame.
const DefaultHierarchyWork = 28000

// unlimited is Work where a budget has no limit in units.
const unlimited = math.MaxInt / 4

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
// the searches the Planner may hold at once, its pages mapped: O(V + E)
// the first time a table gets them (and placing landmarks for the
// detours across a line where the table has no rows), then O(1).
func NewPlanner(o *Overlay, opt PlannerOptions) *Planner {
	units := DefaultWork
	if o.load().hy != nil {
		units = DefaultHierarchyWork
	}
	if opt.Work <= 0 && opt.Time <= 0 {
		opt.Time = DefaultTime
	}
	if opt.Slice <= 0 {
		opt.Slice = max(1, units/8)
		if opt.Work > 0 {
			opt.Slice = max(1, opt.Work/8)
		}
	}
	if opt.Work <= 0 {
		opt.Work = unlimited
	}
	opt.Slice = min(opt.Slice, opt.Work)
	opt.Workers = max(opt.Workers, 1)
	// What the searches derive from the table once, and their scratches
	// (which the table's pool keeps), are made now, not in the frame a
	// door shuts.
	v := o.load()
	walksAcross := v.acrossable() && !v.rows
	if walksAcross {
		o.lt.bakedLandmarks()
	} else if v.hy != nil {
		v.readyHierarchy() // plan_hierarchy.go
	}
	var sc [maxSearches]*scratch
	for i := range sc {
		sc[i] = o.lt.getScratch()
		sc[i].ready(walksAcross)
	}
	for _, s := range sc {
		o.lt.putScratch(s)
	}
	return &Planner{o: o, opt: opt, epoch: time.Now()}
}

// frameBegins starts the frame's clock, where a budget has one and it has
// not started. O(1).
func (p *Planner) frameBegins() {
	if p.opt.Time > 0 && p.frameStart.Load() == 0 {
		p.frameStart.CompareAndSwap(0, int64(time.Since(p.epoch))+1)
	}
}

// late reports whether this Run's time is spent. O(1).
func (p *Planner) late() bool {
	return !p.deadline.IsZero() && !time.Now().Before(p.deadline)
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
// budget (its units, its time, or the first of the two) or none is left,
// and returns the units spent. What Route.Plan did since the last Run,
// answering at once, counts against the budget: its units against Work
// (a slice is left at least), its time against Time (the clock starts at
// the frame's first Plan that did work, and the first job still runs).
// The work is done in rounds: each gives the requests next in the queue a
// slice each until the units left are shared out, runs them (on Workers
// goroutines), and keeps those not done at the head of the queue, in
// order. O(the budget's node steps), plus O(requests served).
func (p *Planner) Run() int {
	v := p.o.cur.Load()
	p.deadline = time.Time{}
	if p.opt.Time > 0 {
		start := time.Now()
		if t := p.frameStart.Swap(0); t > 0 {
			start = p.epoch.Add(time.Duration(t - 1))
		}
		p.deadline = start.Add(p.opt.Time)
	}
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
		spent += p.runRound(v, round, spent == 0)
		p.settle(len(round))
		if p.late() {
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
// number of goroutines gives each the same result. Where the Run's time
// is spent, it starts no more jobs (but the first of a Run, when first):
// those not started stay queued as they were.
func (p *Planner) runRound(v *view, round []roundJob, first bool) int {
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
				for i := next.Add(1) - 1; i < int64(len(round)) && (i == 0 && first || !p.late()); i = next.Add(1) - 1 {
					work(&round[i])
				}
			}()
		}
		wg.Wait()
	} else {
		for i := range round {
			if !first && p.late() {
				break
			}
			work(&round[i])
			first = first && round[i].j == nil // a stale entry is no job
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
