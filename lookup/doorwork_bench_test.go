package lookup_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/table"
)

// BenchmarkDoorWork reports the whole work of a door change, each agent
// answered once: BenchmarkGameLoop's agents walk gameWarmFrames frames on
// the open level, the door shuts on the busiest cell, and every agent
// asks its next step once, by Route.Step (step-cpu-ns: the spike of the
// frame the door shuts in, less the agents' moves) or by Route.Plan with
// the Planner's Run called until every answer is ready, the agents asking
// again (plan-cpu-ns: the work the Planner spreads over frames, summed;
// plan-units: the same in the budget's units, which set the waits).
// CPU time of the benchmark's thread, as gameLoop reads it; brc202d is
// skipped under -short.
func BenchmarkDoorWork(b *testing.B) {
	levels := []struct {
		path    string
		layouts []table.Layout
	}{
		{"testmaps/maze-128-128-2", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"testmaps/den312d", []table.Layout{table.LayoutFlat, table.LayoutRuns}},
		{"largemaps/brc202d", []table.Layout{table.LayoutRuns}},
	}
	for _, level := range levels {
		if strings.HasPrefix(level.path, "largemaps/") && testing.Short() {
			continue
		}
		name := level.path[strings.IndexByte(level.path, '/')+1:]
		lvl := gameLevel(b, level.path)
		for _, layout := range level.layouts {
			lt := buildAndLoadWith(b, lvl.Graph, build.Options{Layout: layout})
			door, _ := doorCells(crossings(lt))
			for _, api := range []string{"step", "plan"} {
				b.Run(name+"/"+layoutName(layout)+"/"+api, func(b *testing.B) {
					b.ReportAllocs()
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					var cpu int64
					doorUnits = 0
					for b.Loop() {
						cpu += doorWork(b, lt, door, api)
					}
					b.ReportMetric(float64(cpu)/float64(b.N), api+"-cpu-ns")
					if api == "plan" {
						b.ReportMetric(float64(doorUnits)/float64(b.N), "plan-units")
					}
				})
			}
		}
	}
}

// doorUnits sums the units the Planner's runs spent in doorWork: the
// work of the change as the budget counts it, the same on every machine.
var doorUnits int

// doorWork plays the warm frames, shuts door and returns the CPU time
// of answering every agent once after it, with api.
func doorWork(b *testing.B, lt *lookup.Table, door int, api string) int64 {
	o := lookup.NewOverlay(lt)
	p := lookup.NewPlanner(o, lookup.PlannerOptions{})
	routes := make([]lookup.Route, gameAgents)
	agents, r := newAgents(lt.Len(), 2)
	for range gameWarmFrames {
		frame(agents, r, lt.Len(), func(i, from, to int) (int, lookup.StepReason) { return routes[i].Plan(p, from, to) })
		p.Run()
	}
	start := threadCPU()
	if err := o.Block(door); err != nil {
		b.Fatal(err)
	}
	if api == "step" {
		for i, a := range agents {
			routes[i].Step(o, a.at, a.goal)
		}
		return threadCPU() - start
	}
	for i, a := range agents {
		routes[i].Plan(p, a.at, a.goal)
	}
	for p.Pending() > 0 {
		doorUnits += p.Run()
	}
	for i, a := range agents {
		if _, why := routes[i].Plan(p, a.at, a.goal); why == lookup.StepPending {
			b.Fatal("an answer not ready once the Planner's queue is empty")
		}
	}
	return threadCPU() - start
}
