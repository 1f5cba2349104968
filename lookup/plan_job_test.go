package lookup

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// planJobTable is testdata/maze.grid's table in layout.
func planJobTable(t *testing.T, layout table.Layout) *Table {
	t.Helper()
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), lvl.Graph, build.Options{Layout: layout})
	if err != nil {
		t.Fatal(err)
	}
	return New(tab)
}

// crossedPair returns a pair whose stored path has a middle node whose
// block leaves a path round it, and that node.
func crossedPair(t *testing.T, lt *Table) (from, to, door int) {
	t.Helper()
	for from = range lt.Len() {
		for to = lt.Len() - 1; to > from; to-- {
			path, ok := lt.AppendPath(nil, from, to)
			if !ok || len(path) < 8 {
				continue
			}
			door = path[len(path)/2]
			o := NewOverlay(lt)
			if err := o.Block(door); err != nil {
				t.Fatal(err)
			}
			if _, ok := o.Dist(from, to); ok {
				return from, to, door
			}
		}
	}
	t.Fatal("no pair with a detour")
	return
}

// TestPlanJobSearchesFromHeldPath: a job that meets a change, on a path
// its Route holds (a check) or has just read (a new journey), starts its
// search from that path, copied, not read from the table again, charges
// the copy's units, and answers what Route.Step answers.
func TestPlanJobSearchesFromHeldPath(t *testing.T) {
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
		lt := planJobTable(t, layout)
		from, to, door := crossedPair(t, lt)
		for _, held := range []bool{true, false} {
			o := NewOverlay(lt)
			p := NewPlanner(o, PlannerOptions{Work: 1 << 30})
			var r Route
			if held {
				if _, why := r.Plan(p, from, to); why != StepOK {
					t.Fatalf("%q: open level: %v", layout, why)
				}
			}
			if err := o.Block(door); err != nil {
				t.Fatal(err)
			}
			at := from
			if held {
				at = r.path[1]
			}
			if _, why := r.Plan(p, at, to); why != StepPending {
				t.Fatalf("%q held=%v: %v, want pending", layout, held, why)
			}
			j, v := r.job, o.load()
			stored, _ := lt.AppendPath(nil, at, to)
			if held {
				// The check finds the step it crosses, and turns search.
				if _, done := j.run(v, 1<<30); done || j.kind != jobSolve {
					t.Fatalf("%q: the check answered (%v) or did not turn search", layout, done)
				}
			}
			if j.kindOn(v) != jobSolve || j.cutOn != v || !slices.Equal(j.rest, stored) {
				t.Fatalf("%q held=%v: job kind %v on the held path %v, want a search from %v", layout, held, j.kindOn(v), j.rest, stored)
			}
			j.v = v
			path, cut, state, units := j.stored()
			wantPath, wantCut, wantState := v.checked(nil, at, to)
			if !slices.Equal(path, wantPath) || cut != wantCut || state != wantState {
				t.Fatalf("%q held=%v: stored %v cut %d %v, want %v cut %d %v", layout, held, path, cut, state, wantPath, wantCut, wantState)
			}
			if want := len(stored)/storedCopyNodes + 1; units != want {
				t.Fatalf("%q held=%v: stored charged %d units, want a copy's %d (a table read?)", layout, held, units, want)
			}
			j.v = nil
			var sync Route
			want, _ := sync.Step(o, at, to)
			got, why := -1, StepPending
			for frames := 0; why == StepPending && frames < 100; frames++ {
				p.Run()
				got, why = r.Plan(p, at, to)
			}
			if why != StepOK || got != want {
				t.Fatalf("%q held=%v: Plan gave %d (%v), Step %d", layout, held, got, why, want)
			}
		}
	}
}

// TestWalksCounted: every walk a query takes counts in its scratch's
// walks, the work a Planner charges, including those of the detour across
// a line, which reads distances by walks where they are sums.
func TestWalksCounted(t *testing.T) {
	lt := planJobTable(t, table.LayoutRuns)
	from, to, door := crossedPair(t, lt)
	o := NewOverlay(lt)
	if err := o.Block(door); err != nil {
		t.Fatal(err)
	}
	v := o.load()
	q := query{view: v, sc: lt.getScratch()}
	defer lt.putScratch(q.sc)
	before := q.sc.walksWithMate()
	buf, cut, _ := v.checked(nil, from, to)
	q.sc.begin()
	q.sc.hr = q.heuristic(int32(to), true)
	q.setH(q.sc.at(int32(from)), int32(from), int32(to))
	if walked := q.sc.walksWithMate() - before; walked != len(q.sc.chain) || walked == 0 {
		t.Fatalf("a walk of %d nodes counted %d", len(q.sc.chain), walked)
	}
	if !v.acrossable() {
		return
	}
	before = q.sc.walksWithMate()
	if _, _, ok := q.across(buf, 0, cut, int32(from), int32(to)); ok && q.sc.walksWithMate() == before {
		t.Fatal("across answered with no walk counted")
	}
}

// TestPlanChargesInlineWork: the paths Route.Plan reads and the proofs
// it makes at once count against the next Run's budget, which keeps a
// slice at least.
func TestPlanChargesInlineWork(t *testing.T) {
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
		lt := planJobTable(t, layout)
		from, to, door := crossedPair(t, lt)
		o := NewOverlay(lt)
		const work, slice = 1000, 10
		p := NewPlanner(o, PlannerOptions{Work: work, Slice: slice})
		var r Route
		if _, why := r.Plan(p, from, to); why != StepOK {
			t.Fatalf("%q: open level: %v", layout, why)
		}
		want := len(r.path) * readUnits(o.load())
		if got := int(p.inline.Load()); got != want {
			t.Fatalf("%q: a path of %d nodes read at once charged %d units, want %d", layout, len(r.path), got, want)
		}
		p.Run()
		if p.work != work-want || p.inline.Load() != 0 {
			t.Fatalf("%q: Run's budget %d (%d left charged), want %d", layout, p.work, p.inline.Load(), work-want)
		}
		if err := o.Block(door); err != nil {
			t.Fatal(err)
		}
		var fresh Route
		fresh.Plan(p, from, to) // a new journey: its path read and checked at once
		p.charge(work)
		p.Run()
		if p.work != slice {
			t.Fatalf("%q: a Run charged past its budget kept %d units, want a slice, %d", layout, p.work, slice)
		}
	}
}

// TestPlannerDefaultBudget: with no budget set, a Planner runs by the
// clock, DefaultTime a frame, with no limit in units and slices of
// DefaultWork/8 (DefaultHierarchyWork/8 on a hierarchy table, whose units
// take longer each); with Work set and no Time, it has no clock.
func TestPlannerDefaultBudget(t *testing.T) {
	for _, c := range []struct {
		layout table.Layout
		units  int
	}{{table.LayoutFlat, DefaultWork}, {table.LayoutRuns, DefaultWork}, {table.LayoutHierarchy, DefaultHierarchyWork}} {
		o := NewOverlay(planJobTable(t, c.layout))
		p := NewPlanner(o, PlannerOptions{})
		if p.opt.Time != DefaultTime || p.opt.Work != unlimited || p.opt.Slice != c.units/8 {
			t.Fatalf("%q: default Time %v, Work %d, Slice %d; want %v, none, %d", c.layout, p.opt.Time, p.opt.Work, p.opt.Slice, DefaultTime, c.units/8)
		}
		p = NewPlanner(o, PlannerOptions{Work: 800})
		if p.opt.Time != 0 || p.opt.Work != 800 || p.opt.Slice != 100 {
			t.Fatalf("%q: Work 800 alone: Time %v, Work %d, Slice %d; want no clock, 800, 100", c.layout, p.opt.Time, p.opt.Work, p.opt.Slice)
		}
	}
}

// TestPlannerClock: a Run whose time is spent before it starts (the
// frame's first Plan began it) still runs the first job of its queue,
// and only that one, on one goroutine or several; the others wait in
// order and are answered in the Runs after.
func TestPlannerClock(t *testing.T) {
	lt := planJobTable(t, table.LayoutRuns)
	from, to, door := crossedPair(t, lt)
	for _, workers := range []int{1, 3} {
		o := NewOverlay(lt)
		if err := o.Block(door); err != nil {
			t.Fatal(err)
		}
		p := NewPlanner(o, PlannerOptions{Time: time.Nanosecond, Workers: workers})
		routes := make([]Route, 4)
		for i := range routes {
			if _, why := routes[i].Plan(p, from, to); why != StepPending {
				t.Fatalf("workers=%d: route %d: %v, want pending", workers, i, why)
			}
		}
		if p.frameStart.Load() == 0 {
			t.Fatalf("workers=%d: Plan did not start the frame's clock", workers)
		}
		want, _ := o.Step(from, to)
		for run := 1; run <= len(routes); run++ {
			time.Sleep(time.Microsecond) // the frame's time is spent
			p.Run()
			if got := p.Pending(); got != len(routes)-run {
				t.Fatalf("workers=%d: after Run %d, %d pending, want %d", workers, run, got, len(routes)-run)
			}
			if next, why := routes[run-1].Plan(p, from, to); why != StepOK || next != want {
				t.Fatalf("workers=%d: route %d after Run %d: %d, %v; want %d", workers, run-1, run, next, why, want)
			}
		}
	}
}

// TestPlannerReadiesScratches: NewPlanner maps its searches' scratches,
// and makes their mates only where the detour across a line walks in
// them (a grid table without rows of distances): a flat or hierarchy
// table's Planner holds no memory it will not use.
func TestPlannerReadiesScratches(t *testing.T) {
	for _, c := range []struct {
		layout table.Layout
		mates  bool
	}{{table.LayoutFlat, false}, {table.LayoutRuns, true}, {table.LayoutHierarchy, false}} {
		lt := New(gridTable(t, "room.grid", strings.Repeat("..........\n", 8), maps.Options{Moves: maps.Moves{Connect: 8}}, build.Options{Layout: c.layout}))
		o := NewOverlay(lt)
		if c.mates && !o.load().acrossable() {
			t.Fatalf("%q: an open room's table does not detour across lines", c.layout)
		}
		NewPlanner(o, PlannerOptions{})
		free := lt.derived.scratch.free
		if len(free) < maxSearches {
			t.Fatalf("%q: %d scratches pooled, want %d", c.layout, len(free), maxSearches)
		}
		for _, sc := range free {
			if !sc.mapped || (sc.mate != nil) != c.mates || sc.mate != nil && !sc.mate.mapped {
				t.Fatalf("%q: scratch mapped %v, mate %v; want mapped, mate %v", c.layout, sc.mapped, sc.mate != nil, c.mates)
			}
		}
	}
}
