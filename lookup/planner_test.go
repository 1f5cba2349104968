package lookup_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// plannedGame is a game whose agents ask Route.Plan each frame, then run
// the Planner, while the level changes every 10 frames for the first 40.
type plannedGame struct {
	t       *testing.T
	g       *maps.Graph
	o       *lookup.Overlay
	p       *lookup.Planner
	r       *rand.Rand
	c       changes
	changed *maps.Graph
	dist    [][]float64
	agents  []plannedAgent
	log     uint64 // a hash of every answer, in order
	pending int    // answers StepPending
}

type plannedAgent struct {
	at, goal int
	route    lookup.Route
	waited   int
}

func newPlannedGame(t *testing.T, g *maps.Graph, lt *lookup.Table, seed uint64, opt lookup.PlannerOptions) *plannedGame {
	o := lookup.NewOverlay(lt)
	gm := &plannedGame{t: t, g: g, o: o, p: lookup.NewPlanner(o, opt), r: rand.New(rand.NewPCG(seed, 37)),
		c: randomChanges(rand.New(rand.NewPCG(seed, 1)), g, 0), changed: g, dist: mapstest.FloydWarshall(g)}
	gm.agents = make([]plannedAgent, 12)
	for i := range gm.agents {
		gm.agents[i].at, gm.agents[i].goal = gm.r.IntN(g.Nodes()), gm.r.IntN(g.Nodes())
	}
	return gm
}

// change makes one random change mid-game, or clears the overlay.
func (gm *plannedGame) change() {
	if gm.r.IntN(3) == 0 {
		gm.o.Clear()
		gm.c = randomChanges(gm.r, gm.g, 0)
	} else {
		more := randomChanges(gm.r, gm.g, 1+gm.r.IntN(3))
		for u := range more.blocked {
			gm.c.blocked[u] = true
		}
		for k, w := range more.edge {
			gm.c.edge[k] = max(gm.c.edge[k], w)
		}
		for u, w := range more.cell {
			gm.c.cell[u] = max(gm.c.cell[u], w)
		}
		gm.c.apply(gm.t, gm.o)
	}
	gm.changed = changedLevel(gm.g, gm.c)
	gm.dist = mapstest.FloydWarshall(gm.changed)
}

// frame moves every agent as its Route's Plan says, checking each answer
// against the level's distances, then runs the Planner; it returns the
// longest wait of an agent still waiting.
func (gm *plannedGame) frame(f int) int {
	t, n := gm.t, gm.g.Nodes()
	longest := 0
	for i := range gm.agents {
		a := &gm.agents[i]
		next, why := a.route.Plan(gm.p, a.at, a.goal)
		h := fnv.New64a()
		fmt.Fprint(h, gm.log, i, next, why)
		gm.log = h.Sum64()
		d := gm.dist[a.at][a.goal]
		switch why {
		case lookup.StepOK:
			w := weightOf(gm.changed, a.at, next)
			if !sameCost(w+gm.dist[next][a.goal], d, gm.changed.Metric) {
				t.Fatalf("frame %d: step %d -> %d toward %d costs %v + %v, the shortest %v", f, a.at, next, a.goal, w, gm.dist[next][a.goal], d)
			}
			a.at, a.waited = next, 0
		case lookup.StepPending:
			gm.pending++
			a.waited++
			longest = max(longest, a.waited)
		default:
			if why == lookup.StepNoPath && !math.IsInf(d, 1) || why == lookup.StepBlocked && !gm.c.blocked[a.at] && !gm.c.blocked[a.goal] {
				t.Fatalf("frame %d: %v from %d to %d, the level's distance is %v", f, why, a.at, a.goal, d)
			}
			a.at, a.goal, a.waited = gm.r.IntN(n), gm.r.IntN(n), 0
		}
	}
	gm.p.Run()
	return longest
}

// play plays 40 frames with changes, then quiet frames until no agent has
// waited more than limit frames (failing if one has), and returns the log.
func (gm *plannedGame) play(limit int) uint64 {
	for f := range 80 {
		if f < 40 && f%10 == 5 {
			gm.change()
		}
		if w := gm.frame(f); f >= 40 && w > limit {
			gm.t.Fatalf("frame %d: an agent waited %d frames with no change since frame 35", f, w)
		}
	}
	return gm.log
}

// plannerBudgets are the budgets the planned games run under: the least
// (a search takes one node a frame), small ones, and the default.
var plannerBudgets = []lookup.PlannerOptions{
	{Work: 1}, {Work: 30, Slice: 8}, {Work: 200, Workers: 3}, {},
	{Work: 1 << 30, Slice: 8, Time: time.Nanosecond}, // a job a Run, by the clock
}

// TestAgentsPlanUnderChanges: agents follow Route.Plan frame by frame with
// a Planner under budgets from one unit a frame to the default, while
// the level changes; every step taken starts a shortest path of the level
// as it is (by an independent Floyd-Warshall), "no path" comes exactly when
// the goal cannot be reached, and a waiting agent is answered within a
// bound once the level stops changing.
func TestAgentsPlanUnderChanges(t *testing.T) {
	seeds := []uint64{5, 6}
	if testing.Short() {
		seeds = seeds[:1]
	}
	waits := 0 // answers StepPending at one unit a frame
	for _, seed := range seeds {
		for _, lv := range mapstest.RandomLevels(t, seed) {
			for _, l := range overlayLayouts() {
				lt, ok := buildOverlayTable(t, lv.G, l.Options)
				if !ok {
					continue
				}
				for _, opt := range plannerBudgets {
					t.Run(fmt.Sprintf("%s/%s/seed=%d/%+v", lv.Name, l.Name, seed, opt), func(t *testing.T) {
						// 12 agents' work at one unit a frame: each job is at
						// most a few hundred units on these small levels (a
						// search's node up to 9, its start 3 a path node, and
						// the paths Plan reads at once count too).
						gm := newPlannedGame(t, lv.G, lt, seed, opt)
						units := opt.Work
						if opt.Time > 0 {
							units = opt.Slice
						}
						gm.play(60 * 12 * lv.G.Nodes() / max(1, units))
						if opt.Work == 1 {
							waits += gm.pending
						}
					})
				}
			}
		}
	}
	if waits < 100 {
		t.Fatalf("agents waited %d times at one unit a frame: the Planner is not exercised", waits)
	}
}

// TestPlannerWorkersSameAnswers: the same game played with 1, 2 and 5
// Workers gives the same answers in the same frames.
func TestPlannerWorkersSameAnswers(t *testing.T) {
	for _, lv := range mapstest.RandomLevels(t, 7) {
		// The hierarchy's jobs share the targets' distances between them
		// and with the tables' other queries, and must charge alike anyway.
		for _, opt := range []build.Options{{}, {Layout: table.LayoutHierarchy}} {
			if _, err := build.Build(context.Background(), lv.G, opt); err != nil {
				continue
			}
			lt := buildAndLoadWith(t, lv.G, opt)
			want := uint64(0)
			for _, workers := range []int{1, 2, 5} {
				got := newPlannedGame(t, lv.G, lt, 7, lookup.PlannerOptions{Work: 40, Slice: 10, Workers: workers}).play(1 << 20)
				if workers == 1 {
					want = got
				} else if got != want {
					t.Fatalf("%s %s: %d workers answered otherwise than one", lv.Name, opt.Layout, workers)
				}
			}
		}
	}
}

// TestPlanSlicedSearch: on a grid of varied costs with a wall across, a Planner at a few
// nodes a frame answers a detour over several Runs, and the agent then
// walks the very path Route.Step gives.
func TestPlanSlicedSearch(t *testing.T) {
	const w, h = 40, 30
	grid := make([]byte, 0, (w+1)*h)
	for y := range h {
		for x := range w {
			c := byte('1' + (x*7+y*3)%3) // costs, so that a search answers
			if x == w/2 && y > 0 && y < h-1 {
				c = '#' // a wall with a gap at each end
			}
			grid = append(grid, c)
		}
		grid = append(grid, '\n')
	}
	g, err := maps.ParseFormat(maps.FormatGrid, "wall.grid", grid, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range overlayLayouts() {
		lt := buildAndLoadWith(t, g, l.Options)
		o := lookup.NewOverlay(lt)
		gap, _ := lt.Node(fmt.Sprintf("%d,%d", w/2, h-1))
		from, _ := lt.Node(fmt.Sprintf("%d,%d", w/2-3, h-4))
		to, _ := lt.Node(fmt.Sprintf("%d,%d", w/2+3, h-4))
		if err := o.Block(gap); err != nil {
			t.Fatal(err)
		}
		var want []int
		var sync lookup.Route
		for u := from; u != to; {
			next, why := sync.Step(o, u, to)
			if why != lookup.StepOK {
				t.Fatalf("%s: Step: %v", l.Name, why)
			}
			want, u = append(want, next), next
		}
		p := lookup.NewPlanner(o, lookup.PlannerOptions{Work: 16})
		var route lookup.Route
		var got []int
		frames := 0
		for u := from; u != to && frames < 10000; frames++ {
			next, why := route.Plan(p, u, to)
			switch why {
			case lookup.StepOK:
				got, u = append(got, next), next
			case lookup.StepPending:
			default:
				t.Fatalf("%s: Plan: %v", l.Name, why)
			}
			p.Run()
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: Plan walked %v, Step %v", l.Name, got, want)
		}
		if frames < len(want)+3 {
			t.Fatalf("%s: the detour search took %d frames at two nodes a frame", l.Name, frames-len(want))
		}
	}
}

// TestPlannerFIFO: on a hierarchy table, whose Next costs a query, a
// Planner whose budget is a few units a Run (one job's slice) slices the
// queries over several Runs and answers the agents in the order they
// asked, and each then walks a shortest path.
func TestPlannerFIFO(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		opt := build.Options{Layout: table.LayoutHierarchy, Workers: 2}
		if _, err := build.Build(context.Background(), lv.G, opt); err != nil || lv.G.Nodes() < 8 {
			continue // graphs and float levels get none
		}
		lt := buildAndLoadWith(t, lv.G, opt)
		p := lookup.NewPlanner(lookup.NewOverlay(lt), lookup.PlannerOptions{Work: 3, Slice: 3})
		n := lt.Len()
		const agents = 5
		routes := make([]lookup.Route, agents)
		at, goal, first := make([]int, agents), make([]int, agents), make([]int, agents)
		for i := range agents {
			at[i], goal[i], first[i] = i, n-1-i, -1
		}
		for frame := 0; frame < 100*agents; frame++ {
			for i := agents - 1; i >= 0; i-- { // asked in reverse: served in reverse
				if at[i] == goal[i] {
					continue
				}
				next, why := routes[i].Plan(p, at[i], goal[i])
				switch why {
				case lookup.StepOK:
					want := mapstest.DistancesTo(lv.G, int32(goal[i]))
					if !sameCost(weightOf(lv.G, at[i], next)+want[next], want[at[i]], lv.G.Metric) {
						t.Fatalf("%s: step %d -> %d toward %d is not on a shortest path", lv.Name, at[i], next, goal[i])
					}
					if first[i] < 0 {
						first[i] = frame
					}
					at[i] = next
				case lookup.StepPending:
				default:
					t.Fatalf("%s: agent %d: %v", lv.Name, i, why)
				}
			}
			p.Run()
		}
		for i := range agents - 1 {
			if first[i] <= first[i+1] {
				t.Fatalf("%s: agent %d first moved in frame %d, agent %d, asked before it, in %d (first asked, first served)", lv.Name, i, first[i], i+1, first[i+1])
			}
		}
		if first[0] <= agents {
			t.Fatalf("%s: the last asked moved in frame %d: the queries were not sliced", lv.Name, first[0])
		}
		return
	}
	t.Skip("no level got a hierarchy table")
}
