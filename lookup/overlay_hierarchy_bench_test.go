package lookup_test

import (
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/pathtable/pathtable/internal/longtest"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/solve"
)

// A hierarchyDoor shuts a scenario's path halfway: one cell (a door), or
// the whole street across it (a gate: the open cells in line with the
// door, across the path's direction, up to gateReach a side).
type hierarchyDoor struct {
	from, to int
	cells    []int
	open     float64 // the pair's cost with the door open
}

const (
	hierarchyDoorCases = 40
	gateReach          = 24
)

// hierarchyDoors returns hierarchyDoorCases doors (gates where gate is
// set) on the paths of scenario pairs of f spread over its longer half.
func hierarchyDoors(f *hierarchyFixture, gate bool) []hierarchyDoor {
	lt := f.lt
	var out []hierarchyDoor
	half := len(f.pairs) / 2
	for i := 0; i < hierarchyDoorCases; i++ {
		p := f.pairs[half+i*(len(f.pairs)-half)/hierarchyDoorCases]
		path, cost, ok := lt.Path(p[0], p[1])
		if !ok || len(path) < 5 {
			continue
		}
		mid := len(path) / 2
		c := hierarchyDoor{from: p[0], to: p[1], cells: []int{path[mid]}, open: cost}
		if gate {
			c.cells = gateCells(lt, path[mid-1], path[mid], path[mid+1])
		}
		if slices.Contains(c.cells, c.from) || slices.Contains(c.cells, c.to) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// gateCells returns door and the open cells in line with it across the
// direction from before to after, up to gateReach a side.
func gateCells(lt *lookup.Table, before, door, after int) []int {
	bx, by, _ := lt.XY(before)
	ax, ay, _ := lt.XY(after)
	x, y, _ := lt.XY(door)
	dx, dy := sign(ax-bx), sign(ay-by)
	px, py := -dy, dx // across the way
	cells := []int{door}
	for _, s := range []int{1, -1} {
		for k := 1; k <= gateReach; k++ {
			u, ok := lt.NodeAt(x+s*k*px, y+s*k*py)
			if !ok {
				break
			}
			cells = append(cells, u)
		}
	}
	return cells
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// shut blocks c's cells on o, in one Apply, and returns o.
func (c hierarchyDoor) shut(tb testing.TB, o *lookup.Overlay) *lookup.Overlay {
	if err := o.Apply(func(b *lookup.Batch) error {
		for _, u := range c.cells {
			if err := b.Block(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	return o
}

// BenchmarkHierarchyDoor shuts a door (one cell) or a gate (the street
// across it) halfway along scenario paths of the large shared maps' longer
// half, on their hierarchy tables, and times, per case: the open
// answer (open-), the change (change-: Apply with the blocks), the first
// answer across the door (first-: AppendPath, the detour's search
// included; first-cpu- and open-cpu- their CPU time, where the thread's is read, which
// other work on a shared machine leaves out) and the same query again
// (again-), medians and 99th percentiles; with the detour's cost over the open path's
// (detour-extra, mean, in cost units) and the cases the change cut off
// (cut-cases). An op is every case once.
func BenchmarkHierarchyDoor(b *testing.B) {
	for _, name := range hierarchyMaps {
		for _, kind := range []string{"door", "gate"} {
			b.Run(name+"/"+kind, func(b *testing.B) {
				f := loadHierarchyFixture(b, name)
				cases := hierarchyDoors(f, kind == "gate")
				benchHierarchyDoors(b, f, cases)
			})
		}
	}
}

func benchHierarchyDoors(b *testing.B, f *hierarchyFixture, cases []hierarchyDoor) {
	lt := f.lt
	buf := make([]int, 0, 1<<16)
	// Warm: the first search of a table makes its scratch.
	cases[0].shut(b, lookup.NewOverlay(lt)).AppendPath(buf[:0], cases[0].from, cases[0].to)
	var open, openCPU, change, first, firstCPU, again []time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	extra, cut := 0.0, 0
	b.ReportAllocs()
	for b.Loop() {
		extra, cut = 0, 0
		for _, c := range cases {
			start, cpu := time.Now(), threadCPU()
			buf, _ = lt.AppendPath(buf[:0], c.from, c.to)
			open = append(open, time.Since(start))
			openCPU = append(openCPU, time.Duration(threadCPU()-cpu))
			start = time.Now()
			o := c.shut(b, lookup.NewOverlay(lt))
			change = append(change, time.Since(start))
			start, cpu = time.Now(), threadCPU()
			buf, _ = o.AppendPath(buf[:0], c.from, c.to)
			first = append(first, time.Since(start))
			firstCPU = append(firstCPU, time.Duration(threadCPU()-cpu))
			start = time.Now()
			buf, _ = o.AppendPath(buf[:0], c.from, c.to)
			again = append(again, time.Since(start))
			if d, ok := o.Dist(c.from, c.to); ok {
				extra += d - c.open
			} else {
				cut++
			}
		}
	}
	reportQuantiles(b, open, "open-")
	reportQuantiles(b, change, "change-")
	reportQuantiles(b, first, "first-")
	if firstCPU[len(firstCPU)-1] > 0 { // where the thread's CPU time is read
		reportQuantiles(b, firstCPU, "first-cpu-")
		reportQuantiles(b, openCPU, "open-cpu-")
	}
	reportQuantiles(b, again, "again-")
	b.ReportMetric(extra/float64(max(len(cases)-cut, 1)), "detour-extra")
	b.ReportMetric(float64(cut), "cut-cases")
}

// TestHierarchyDoorsShared checks the doors and gates of
// BenchmarkHierarchyDoor on brc202d and Berlin_1_256 (and the city with
// PATHTABLE_CITY=1) against solve's A* on the changed level: Dist, and a
// path of that cost that avoids the closed cells. A long test.
func TestHierarchyDoorsShared(t *testing.T) {
	longtest.Skip(t, "builds the large shared maps")
	names := hierarchyMaps[1:]
	if os.Getenv("PATHTABLE_CITY") == "1" {
		names = hierarchyMaps
	}
	for _, name := range names {
		f := loadHierarchyFixture(t, name)
		checked := 0
		for _, gate := range []bool{false, true} {
			for _, c := range hierarchyDoors(f, gate) {
				checkHierarchyDoor(t, name, f, c)
				checked++
			}
		}
		t.Logf("%s: %d doors and gates exact", name, checked)
	}
}

func checkHierarchyDoor(t *testing.T, name string, f *hierarchyFixture, c hierarchyDoor) {
	o := c.shut(t, lookup.NewOverlay(f.lt))
	ch := changes{blocked: map[int]bool{}}
	for _, u := range c.cells {
		ch.blocked[u] = true
	}
	changed := openMoves(changedLevel(f.lvl.Graph, ch))
	want := solve.NewSolver(changed, solve.AStar).SolveCost(int32(c.from), int32(c.to))
	path, d, ok := o.Path(c.from, c.to)
	if ok != want.Reachable {
		t.Fatalf("%s: %d→%d behind %d cells: %v, A* %v", name, c.from, c.to, len(c.cells), ok, want.Reachable)
	}
	if !ok {
		return
	}
	sum, walk := pathCost(changed, path)
	if !walk || !sameCost(d, want.Cost, changed.Metric) || !sameCost(sum, want.Cost, changed.Metric) || math.IsInf(sum, 1) {
		t.Fatalf("%s: %d→%d behind %d cells: %v, a path of %v (a walk: %v), A* %v", name, c.from, c.to, len(c.cells), d, sum, walk, want.Cost)
	}
}

// BenchmarkHierarchyGameLoopDoor is BenchmarkHierarchyGameLoop's city
// with a door: gameAgents agents with random goals, each asking its
// Route once a frame, gameWarmFrames frames on the open level (their
// first answers among them), then gameFrames timed frames from the one
// the door shuts in. The door is the cell the agents stood on most in a
// game with no door (door), or the street across it, gateReach cells
// each side along its row (gate); open shuts nothing. Agents ask
// Route.Step (route: every answer in the frame it is asked) or Route.Plan
// through a Planner with the default budget run once a frame (plan; its
// warm frames go on until the Planner has answered the agents' first
// journeys, at most planWarmFrames, and the waits count from the door's
// frame). It reports what BenchmarkGameLoop does: the mean frame of the
// fastest nine tenths, the worst, the door's frame in CPU time, and the
// agents' waits.
func BenchmarkHierarchyGameLoopDoor(b *testing.B) {
	f := loadHierarchyFixture(b, hierarchyMaps[0])
	lt := f.lt
	busiest := busiestCell(lt)
	x, y, _ := lt.XY(busiest)
	gate := []int{busiest}
	for _, s := range []int{1, -1} {
		for k := 1; k <= gateReach; k++ {
			u, ok := lt.NodeAt(x+s*k, y)
			if !ok {
				break
			}
			gate = append(gate, u)
		}
	}
	for _, c := range []struct {
		name  string
		cells []int
	}{{"open", nil}, {"door", []int{busiest}}, {"gate", gate}} {
		for _, api := range []string{"route", "plan"} {
			b.Run(c.name+"/"+api, func(b *testing.B) { routeLoop(b, lt, c.cells, api == "plan") })
		}
	}
}

// planWarmFrames bounds the warm frames of BenchmarkHierarchyGameLoopDoor's
// plan games.
const planWarmFrames = 4000

// busiestCell returns the node the agents of a game with no door, each
// following its Route over the table, stand on most often over
// gameWarmFrames + gameFrames frames.
func busiestCell(lt *lookup.Table) int {
	n := lt.Len()
	count := make([]int, n)
	agents, r := newAgents(n, 2)
	routes := make([]lookup.Route, len(agents))
	for range gameWarmFrames + gameFrames {
		frame(agents, r, n, func(i, from, to int) (int, lookup.StepReason) { return routes[i].TableStep(lt, from, to) })
		for _, a := range agents {
			count[a.at]++
		}
	}
	busiest, _ := doorCells(count)
	return busiest
}

// routeLoop is gameLoop with agents on Routes, asked through a Planner
// where plan is set, shutting cells in one Apply at the start of the first
// timed frame.
func routeLoop(b *testing.B, lt *lookup.Table, cells []int, plan bool) {
	b.ReportAllocs()
	times := make([]time.Duration, 0, gameFrames)
	cpuTimes := make([]int64, 0, gameFrames)
	var agents []gameAgent
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		o := lookup.NewOverlay(lt)
		var r *rand.Rand
		agents, r = newAgents(lt.Len(), 2)
		routes := make([]lookup.Route, len(agents))
		step := func(i, from, to int) (int, lookup.StepReason) { return routes[i].Step(o, from, to) }
		run := func() {}
		var p *lookup.Planner
		if plan {
			p = lookup.NewPlanner(o, lookup.PlannerOptions{})
			step = func(i, from, to int) (int, lookup.StepReason) { return routes[i].Plan(p, from, to) }
			run = func() { p.Run() }
		}
		warm := 0
		for ; warm < gameWarmFrames || p != nil && p.Pending() > 0 && warm < planWarmFrames; warm++ {
			frame(agents, r, lt.Len(), step)
			run()
		}
		b.ReportMetric(float64(warm), "warm-frames")
		for i := range agents {
			agents[i].longest = 0
		}
		times, cpuTimes = times[:0], cpuTimes[:0]
		for fr := range gameFrames {
			start, cpu := time.Now(), threadCPU()
			if fr == 0 && len(cells) > 0 {
				hierarchyDoor{cells: cells}.shut(b, o)
			}
			frame(agents, r, lt.Len(), step)
			run()
			times = append(times, time.Since(start))
			cpuTimes = append(cpuTimes, threadCPU()-cpu)
		}
	}
	reportFrames(b, times, cpuTimes)
	reportWaits(b, agents)
}
