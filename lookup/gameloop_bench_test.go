package lookup_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// The game loop: gameAgents agents walk toward random goals, each asking
// for its step once a frame; an agent that arrives, or has no step, gets a
// new start and goal, and one whose answer is not ready (a step reason
// other than those) waits where it stands. After gameWarmFrames frames on
// the open level, one door shuts at the start of the first timed frame, on
// the cell the agents' paths cross most, or on a cell none crosses.
const (
	gameAgents     = 1000
	gameFrames     = 400
	gameWarmFrames = 20
	gameLandmarks  = 8
)

type gameAgent struct {
	at, goal int
	waited   int // frames waited for the answer now asked
	longest  int // the longest wait for one answer
}

// gameStep is one agent's step toward its goal, with its reason.
type gameStep func(i, from, to int) (int, lookup.StepReason)

// journeyOver reports whether why ends an agent's journey (it then gets a
// new one); any other reason without a step makes the agent wait.
func journeyOver(why lookup.StepReason) bool {
	switch why {
	case lookup.StepArrived, lookup.StepNoPath, lookup.StepBlocked, lookup.StepOutOfRange, lookup.StepNotCovered:
		return true
	}
	return false
}

// gameLevel is a shared map and its open cells.
func gameLevel(b *testing.B, name string) *maps.Level {
	lvl, err := maps.Load("../../shared/"+name+".map", maps.Options{})
	if err != nil {
		b.Skip("no ../shared/" + name)
	}
	return lvl
}

func newAgents(n int, seed uint64) ([]gameAgent, *rand.Rand) {
	r := rand.New(rand.NewPCG(seed, 21))
	agents := make([]gameAgent, gameAgents)
	for i := range agents {
		agents[i] = gameAgent{at: r.IntN(n), goal: r.IntN(n)}
	}
	return agents, r
}

// frame moves every agent one step with step, which is given the agent's
// index too.
func frame(agents []gameAgent, r *rand.Rand, n int, step gameStep) {
	for i := range agents {
		a := &agents[i]
		v, why := step(i, a.at, a.goal)
		switch {
		case why == lookup.StepOK:
			a.at, a.waited = v, 0
		case journeyOver(why):
			a.at, a.goal, a.waited = r.IntN(n), r.IntN(n), 0
		default:
			a.waited++
			a.longest = max(a.longest, a.waited)
		}
	}
}

// crossings counts, over the frames of a game with no door, how often the
// agents stand on each node.
func crossings(lt *lookup.Table) []int {
	n := lt.Len()
	count := make([]int, n)
	agents, r := newAgents(n, 1)
	for range gameFrames {
		frame(agents, r, n, func(_, from, to int) (int, lookup.StepReason) { return lt.Step(from, to) })
		for _, a := range agents {
			count[a.at]++
		}
	}
	return count
}

// BenchmarkGameLoop reports the mean frame time, leaving out the slowest
// tenth of frames (the one the door shuts in is one), with the door open,
// shut on the busiest cell, and shut where no agent walks; agents ask
// Overlay.Step (next) or each its own Route.Step (route), through an
// overlay with landmarks (route-landmarks) or without. Beside the mean it
// reports the worst frame and the frame the door shuts in (see gameLoop),
// and how long agents waited for an answer. brc202d is skipped under
// -short.
func BenchmarkGameLoop(b *testing.B) {
	levels := []struct {
		path    string
		layouts []table.Layout
	}{
		{"testmaps/maze-128-128-2", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"testmaps/den312d", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"largemaps/brc202d", []table.Layout{table.LayoutRuns}},
		// Levels the budgets were not tuned on.
		{"moremaps/AR0601SR", []table.Layout{table.LayoutRuns}},
		{"moremaps/lt_0_lowtown_a2", []table.Layout{table.LayoutRuns}},
	}
	for _, level := range levels {
		name := level.path[strings.IndexByte(level.path, '/')+1:]
		if !strings.HasPrefix(level.path, "testmaps/") && testing.Short() {
			continue
		}
		lvl := gameLevel(b, level.path)
		for _, layout := range level.layouts {
			lt := buildAndLoadWith(b, lvl.Graph, build.Options{Layout: layout})
			busiest, unused := doorCells(crossings(lt))
			for _, door := range []struct {
				name string
				node int
			}{{"open", -1}, {"shut-busiest", busiest}, {"shut-unused", unused}} {
				for _, api := range gameAPIs {
					b.Run(name+"/"+layoutName(layout)+"/"+door.name+"/"+api, func(b *testing.B) {
						if door.node < 0 && door.name != "open" {
							b.Skip("every node is walked")
						}
						gameLoop(b, lt, door.node, api)
					})
				}
			}
		}
	}
}

func layoutName(l table.Layout) string {
	if l == table.LayoutFlat {
		return "flat"
	}
	return string(l)
}

// doorCells returns the node the agents stand on most often, and one
// they never stand on (-1 if there is none).
func doorCells(count []int) (busiest, unused int) {
	unused = -1
	for u, c := range count {
		if c > count[busiest] {
			busiest = u
		}
		if c == 0 && unused < 0 {
			unused = u
		}
	}
	return busiest, unused
}

// gameLoop plays gameWarmFrames frames on the open level, shuts door (none
// when door < 0) at the start of the next, and plays gameFrames timed
// frames from it, searching with landmarks (Overlay.SetLandmarks). Of the
// last game played it reports: the mean frame leaving out the slowest
// tenth (ns/frame wall, cpu-ns/frame), the worst frame (max-ns/frame wall,
// max-cpu-ns/frame) and the frame the door shuts in, the change included
// (door-cpu-ns/frame), as CPU time of the benchmark's thread where it is
// read (a shared machine's other work left out); and of each agent's
// longest wait for an answer, in frames, the 99th percentile over the
// agents (p99-wait-frames) and the largest (max-wait-frames).
func gameLoop(b *testing.B, lt *lookup.Table, door int, api string) {
	b.ReportAllocs()
	times := make([]time.Duration, 0, gameFrames)
	cpuTimes := make([]int64, 0, gameFrames)
	var agents []gameAgent
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		o := lookup.NewOverlay(lt)
		step, run := gameAPI(b, o, api)
		var r *rand.Rand
		agents, r = newAgents(lt.Len(), 2)
		for range gameWarmFrames {
			frame(agents, r, lt.Len(), step)
			run()
		}
		times, cpuTimes = times[:0], cpuTimes[:0]
		for f := range gameFrames {
			start, cpu := time.Now(), threadCPU()
			if f == 0 && door >= 0 {
				if err := o.Block(door); err != nil {
					b.Fatal(err)
				}
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

// gameAPIs are the ways BenchmarkGameLoop's agents ask: o.Step (next), a
// Route's Step each, without and with landmarks, and a Route's Plan each
// through a Planner run once a frame with the default budget, on one
// goroutine (plan: the README's loop) or two (plan-workers=2, whose
// second goroutine's CPU time the CPU metrics leave out).
var gameAPIs = []string{"next", "route", "route-landmarks", "plan", "plan-workers=2"}

// gameAPI returns how agents step through o with api, and what runs once
// a frame after their steps.
func gameAPI(b *testing.B, o *lookup.Overlay, api string) (gameStep, func()) {
	landmarks := 0
	if api == "route-landmarks" {
		landmarks = gameLandmarks
	}
	if err := o.SetLandmarks(landmarks); err != nil {
		b.Fatal(err)
	}
	routes := make([]lookup.Route, gameAgents)
	switch api {
	case "next":
		return func(_, from, to int) (int, lookup.StepReason) { return o.Step(from, to) }, func() {}
	case "plan", "plan-workers=2":
		workers := 1
		if api != "plan" {
			workers = 2
		}
		p := lookup.NewPlanner(o, lookup.PlannerOptions{Workers: workers})
		return func(i, from, to int) (int, lookup.StepReason) { return routes[i].Plan(p, from, to) }, func() { p.Run() }
	}
	return func(i, from, to int) (int, lookup.StepReason) { return routes[i].Step(o, from, to) }, func() {}
}

// reportFrames reports the mean of the fastest nine tenths of the frames
// and the worst; with the frames' CPU times (nil where they are not read),
// the same in CPU time and the first frame's (the door's), as gameLoop
// says. It sorts times.
func reportFrames(b *testing.B, times []time.Duration, cpuTimes []int64) {
	slices.Sort(times)
	kept := times[:len(times)*9/10]
	var sum time.Duration
	for _, d := range kept {
		sum += d
	}
	b.ReportMetric(float64(sum.Nanoseconds())/float64(len(kept)), "ns/frame")
	b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns/frame")
	if len(cpuTimes) == 0 {
		return
	}
	doorCPU := cpuTimes[0]
	// The CPU time of the same fastest nine tenths, where it is read.
	slices.Sort(cpuTimes)
	if cpuTimes[len(cpuTimes)-1] > 0 {
		var cpu int64
		for _, d := range cpuTimes[:len(cpuTimes)*9/10] {
			cpu += d
		}
		b.ReportMetric(float64(cpu)/float64(len(kept)), "cpu-ns/frame")
		b.ReportMetric(float64(cpuTimes[len(cpuTimes)-1]), "max-cpu-ns/frame")
		b.ReportMetric(float64(doorCPU), "door-cpu-ns/frame")
	}
}

// reportWaits reports the 99th percentile and the largest, over the
// agents, of each agent's longest wait for an answer, in frames.
func reportWaits(b *testing.B, agents []gameAgent) {
	waits := make([]int, len(agents))
	for i, a := range agents {
		waits[i] = a.longest
	}
	slices.Sort(waits)
	b.ReportMetric(float64(waits[(len(waits)-1)*99/100]), "p99-wait-frames")
	b.ReportMetric(float64(waits[len(waits)-1]), "max-wait-frames")
}

// BenchmarkLandmarks reports what Overlay.SetLandmarks adds to the first
// search after a change: a door shut on the busiest cell, then one query
// whose table path crosses it, with no landmarks and with gameLandmarks.
// brc202d is skipped under -short.
func BenchmarkLandmarks(b *testing.B) {
	levels := []struct {
		path   string
		layout table.Layout
	}{
		{"testmaps/maze-128-128-2", table.LayoutFlat},
		{"testmaps/den312d", table.LayoutFlat},
		{"largemaps/brc202d", table.LayoutRuns},
	}
	for _, level := range levels {
		if strings.HasPrefix(level.path, "largemaps/") && testing.Short() {
			continue
		}
		lvl := gameLevel(b, level.path)
		lt := buildAndLoadWith(b, lvl.Graph, build.Options{Layout: level.layout})
		door, _ := doorCells(crossings(lt))
		from, to := crossingPair(lt, door)
		name := level.path[strings.IndexByte(level.path, '/')+1:] + "/" + layoutName(level.layout)
		for _, k := range []int{0, gameLandmarks} {
			b.Run(fmt.Sprintf("%s/landmarks=%d", name, k), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					o := lookup.NewOverlay(lt)
					if err := o.SetLandmarks(k); err != nil {
						b.Fatal(err)
					}
					if err := o.Block(door); err != nil {
						b.Fatal(err)
					}
					if _, ok := o.Dist(from, to); !ok {
						b.Fatal("no path round the door")
					}
				}
			})
		}
	}
}

// crossingPair returns a pair whose table path crosses node door, with a
// path round it.
func crossingPair(lt *lookup.Table, door int) (from, to int) {
	r := rand.New(rand.NewPCG(3, 3))
	for {
		from, to = r.IntN(lt.Len()), r.IntN(lt.Len())
		if from == door || to == door {
			continue
		}
		path, _, ok := lt.Path(from, to)
		if ok && slices.Contains(path, door) {
			return from, to
		}
	}
}
