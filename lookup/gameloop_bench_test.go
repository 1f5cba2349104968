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
// Next once a frame; an agent that arrives, or has no step, gets a new
// start and goal. One door shuts as the frames begin, on the cell the
// agents' paths cross most, or on a cell none crosses.
const (
	gameAgents    = 1000
	gameFrames    = 400
	gameLandmarks = 8
)

type gameAgent struct{ at, goal int }

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
		agents[i] = gameAgent{r.IntN(n), r.IntN(n)}
	}
	return agents, r
}

// frame moves every agent one step with next, which is given the agent's
// index too.
func frame(agents []gameAgent, r *rand.Rand, n int, next func(i, from, to int) int) {
	for i := range agents {
		a := &agents[i]
		v := next(i, a.at, a.goal)
		if v < 0 {
			*a = gameAgent{r.IntN(n), r.IntN(n)}
			continue
		}
		a.at = v
	}
}

// crossings counts, over the frames of a game with no door, how often the
// agents stand on each node.
func crossings(lt *lookup.Table) []int {
	n := lt.Len()
	count := make([]int, n)
	agents, r := newAgents(n, 1)
	for range gameFrames {
		frame(agents, r, n, func(_, from, to int) int { return lt.Next(from, to) })
		for _, a := range agents {
			count[a.at]++
		}
	}
	return count
}

// BenchmarkGameLoop reports the mean frame time, leaving out the slowest
// tenth of frames (the first after the door shuts is one), with the door
// open, shut on the busiest cell, and shut where no agent walks; agents
// ask Overlay.Next (next) or each its own Route (route), through an
// overlay with landmarks (route-landmarks) or without. brc202d is skipped
// under -short.
func BenchmarkGameLoop(b *testing.B) {
	levels := []struct {
		path    string
		layouts []table.Layout
	}{
		{"testmaps/maze-128-128-2", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"testmaps/den312d", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"largemaps/brc202d", []table.Layout{table.LayoutRuns}},
	}
	for _, level := range levels {
		name := level.path[strings.IndexByte(level.path, '/')+1:]
		if strings.HasPrefix(level.path, "largemaps/") && testing.Short() {
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
				for _, api := range []string{"next", "route", "route-landmarks"} {
					b.Run(name+"/"+layoutName(layout)+"/"+door.name+"/"+api, func(b *testing.B) {
						if door.node < 0 && door.name != "open" {
							b.Skip("every node is walked")
						}
						landmarks := 0
						if api == "route-landmarks" {
							landmarks = gameLandmarks
						}
						gameLoop(b, lt, door.node, api != "next", landmarks)
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

// gameLoop plays gameFrames frames with door shut from the start (none
// when door < 0), searching with landmarks (Overlay.SetLandmarks), and
// reports the frame times.
func gameLoop(b *testing.B, lt *lookup.Table, door int, withRoutes bool, landmarks int) {
	b.ReportAllocs()
	times := make([]time.Duration, 0, gameFrames)
	cpuTimes := make([]int64, 0, gameFrames)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		o := lookup.NewOverlay(lt)
		if err := o.SetLandmarks(landmarks); err != nil {
			b.Fatal(err)
		}
		agents, r := newAgents(lt.Len(), 2)
		routes := make([]lookup.Route, len(agents))
		if door >= 0 {
			if err := o.Block(door); err != nil {
				b.Fatal(err)
			}
		}
		next := func(_, from, to int) int { return o.Next(from, to) }
		if withRoutes {
			next = func(i, from, to int) int { return routes[i].Next(o, from, to) }
		}
		times, cpuTimes = times[:0], cpuTimes[:0]
		for range gameFrames {
			start, cpu := time.Now(), threadCPU()
			frame(agents, r, lt.Len(), next)
			times = append(times, time.Since(start))
			cpuTimes = append(cpuTimes, threadCPU()-cpu)
		}
	}
	kept := reportFrames(b, times)
	// The CPU time of the same fastest nine tenths, where it is read.
	slices.Sort(cpuTimes)
	if cpuTimes[len(cpuTimes)-1] > 0 {
		var cpu int64
		for _, d := range cpuTimes[:len(cpuTimes)*9/10] {
			cpu += d
		}
		b.ReportMetric(float64(cpu)/float64(kept), "cpu-ns/frame")
	}
}

// reportFrames sorts times and reports the mean of its fastest nine
// tenths as ns/frame and the slowest as max-ns/frame; it returns how many
// frames the mean kept.
func reportFrames(b *testing.B, times []time.Duration) int {
	slices.Sort(times)
	kept := times[:len(times)*9/10]
	var sum time.Duration
	for _, d := range kept {
		sum += d
	}
	b.ReportMetric(float64(sum.Nanoseconds())/float64(len(kept)), "ns/frame")
	b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns/frame")
	return len(kept)
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
