package lookup_test

import (
	"math/rand/v2"
	"slices"
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
	gameAgents = 1000
	gameFrames = 400
)

type gameAgent struct{ at, goal int }

// gameLevel is a shared map and its open cells.
func gameLevel(b *testing.B, name string) *maps.Level {
	lvl, err := maps.Load("../../shared/testmaps/"+name+".map", maps.Options{})
	if err != nil {
		b.Skip("no ../shared/testmaps")
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

// frame moves every agent one step with next.
func frame(agents []gameAgent, r *rand.Rand, n int, next func(from, to int) int) {
	for i := range agents {
		a := &agents[i]
		v := next(a.at, a.goal)
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
		frame(agents, r, n, lt.Next)
		for _, a := range agents {
			count[a.at]++
		}
	}
	return count
}

// BenchmarkGameLoop reports the mean frame time, leaving out the slowest
// tenth of frames (the first after the door shuts is one), with the door
// open, shut on the busiest cell, and shut where no agent walks.
func BenchmarkGameLoop(b *testing.B) {
	for _, name := range []string{"maze-128-128-2", "den312d"} {
		lvl := gameLevel(b, name)
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			lt := buildAndLoadWith(b, lvl.Graph, build.Options{Layout: layout})
			count := crossings(lt)
			busiest := 0
			unused := -1
			for u, c := range count {
				if c > count[busiest] {
					busiest = u
				}
				if c == 0 && unused < 0 {
					unused = u
				}
			}
			for _, door := range []struct {
				name string
				node int
			}{{"open", -1}, {"shut-busiest", busiest}, {"shut-unused", unused}} {
				b.Run(name+"/"+string(layout)+"/"+door.name, func(b *testing.B) {
					if door.node < 0 && door.name != "open" {
						b.Skip("every node is walked")
					}
					b.ReportAllocs()
					times := make([]time.Duration, 0, gameFrames)
					for b.Loop() {
						o := lookup.NewOverlay(lt)
						agents, r := newAgents(lt.Len(), 2)
						if door.node >= 0 {
							if err := o.Block(door.node); err != nil {
								b.Fatal(err)
							}
						}
						times = times[:0]
						for range gameFrames {
							start := time.Now()
							frame(agents, r, lt.Len(), o.Next)
							times = append(times, time.Since(start))
						}
					}
					slices.Sort(times)
					kept := times[:len(times)*9/10]
					var sum time.Duration
					for _, d := range kept {
						sum += d
					}
					b.ReportMetric(float64(sum.Nanoseconds())/float64(len(kept)), "ns/frame")
					b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns/frame")
				})
			}
		}
	}
}
