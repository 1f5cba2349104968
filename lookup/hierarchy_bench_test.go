package lookup_test

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/longtest"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
	"github.com/pathtable/pathtable/table"
)

// The large shared maps a hierarchy table is measured on: a city of
// 796,896 cells and two levels of about 45,000 beside run-length tables.
var hierarchyMaps = []string{"largemaps/Boston_0_1024", "largemaps/brc202d", "largemaps/Berlin_1_256"}

// hierarchyFixture is a shared map, its scenario pairs, and its
// hierarchy table loaded back through the file format, built once a
// process (the city's build takes a minute or more).
type hierarchyFixture struct {
	lvl   *maps.Level
	pairs [][2]int
	lines []maps.Scenario
	lt    *lookup.Table
	bytes int
	build time.Duration
}

var (
	hierarchyOnce     sync.Map // name → *sync.Once
	hierarchyFixtures sync.Map // name → *hierarchyFixture
)

// loadHierarchyFixture returns the fixture of shared map name, skipping
// when ../shared is absent.
func loadHierarchyFixture(tb testing.TB, name string) *hierarchyFixture {
	tb.Helper()
	once, _ := hierarchyOnce.LoadOrStore(name, &sync.Once{})
	once.(*sync.Once).Do(func() {
		lvl, err := maps.Load("../../shared/"+name+".map", maps.Options{})
		if err != nil {
			return
		}
		f := &hierarchyFixture{lvl: lvl}
		f.lines, _ = maps.ReadScenarios("../../shared/" + name + ".map.scen")
		gr := lvl.Graph.Grid
		for _, s := range f.lines {
			f.pairs = append(f.pairs, [2]int{int(gr.NodeAt(s.StartX, s.StartY)), int(gr.NodeAt(s.GoalX, s.GoalY))})
		}
		if lt, size := prebuiltHierarchy(name); lt != nil {
			f.lt, f.bytes = lt, size
			hierarchyFixtures.Store(name, f)
			return
		}
		start := time.Now()
		t, err := build.Build(context.Background(), lvl.Graph, build.Options{Layout: table.LayoutHierarchy})
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		f.build = time.Since(start)
		var buf bytes.Buffer
		if _, err := t.WriteTo(&buf); err != nil {
			tb.Fatal(err)
		}
		f.bytes = buf.Len()
		back, err := table.Decode(buf.Bytes())
		if err != nil {
			tb.Fatal(err)
		}
		f.lt = lookup.New(back)
		hierarchyFixtures.Store(name, f)
	})
	f, ok := hierarchyFixtures.Load(name)
	if !ok {
		tb.Skip("no ../shared/" + name)
	}
	return f.(*hierarchyFixture)
}

// prebuiltHierarchy loads the hierarchy table of shared map name from
// $PATHTABLE_HIERARCHY_DIR/<base name>.ptab, where that is set and the
// file is there (built by pathtable build -hierarchy from the same map, so
// the city's benchmarks need not build it each run), with its size; nil
// otherwise. The fixture's build time is then 0.
func prebuiltHierarchy(name string) (*lookup.Table, int) {
	dir := os.Getenv("PATHTABLE_HIERARCHY_DIR")
	if dir == "" {
		return nil, 0
	}
	p := filepath.Join(dir, filepath.Base(name)+".ptab")
	st, err := os.Stat(p)
	if err != nil {
		return nil, 0
	}
	lt, err := lookup.Open(p)
	if err != nil {
		return nil, 0
	}
	return lt, int(st.Size())
}

// BenchmarkHierarchyFirstAnswer times a journey's first answer over the
// scenario pairs, AppendPath into a warm buffer (what a Route's first
// Next pays): an op is every pair once, and the median and 99th
// percentile of single queries are reported (and of their thread CPU
// time, cpu-, where read) beside the file's size and the build's time.
func BenchmarkHierarchyFirstAnswer(b *testing.B) {
	for _, name := range hierarchyMaps {
		b.Run(name, func(b *testing.B) {
			f := loadHierarchyFixture(b, name)
			b.ReportAllocs()
			times, best, cpu := timePairs(b, f.pairs, 1, func(buf []int, from, to int) []int {
				buf, _ = f.lt.AppendPath(buf, from, to)
				return buf
			})
			reportQuantiles(b, times, "")
			reportQuantiles(b, best, "best5-")
			if cpu[len(cpu)-1] > 0 { // where the thread's CPU time is read
				reportQuantiles(b, cpu, "cpu-")
			}
			b.ReportMetric(float64(f.bytes), "file-bytes")
			b.ReportMetric(f.build.Seconds(), "build-s")
		})
	}
}

// timePairs times path on every stride-th pair, each b.Loop iteration,
// and returns the single queries' times, the least of five in a row of
// each (on a shared machine, what the query costs when no other process
// takes its core, its data then warm in the caches), and the single
// queries' thread CPU times (0 where not read), which other processes
// slow only through the caches they share.
func timePairs(b *testing.B, pairs [][2]int, stride int, path func(buf []int, from, to int) []int) (times, best, cpu []time.Duration) {
	buf := make([]int, 0, 1<<16)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		for i := 0; i < len(pairs); i += stride {
			least := time.Duration(math.MaxInt64)
			for k := range 5 {
				start, c := time.Now(), threadCPU()
				buf = path(buf[:0], pairs[i][0], pairs[i][1])
				took := time.Since(start)
				if k == 0 {
					times, cpu = append(times, took), append(cpu, time.Duration(threadCPU()-c))
				}
				least = min(least, took)
			}
			best = append(best, least)
		}
	}
	return times, best, cpu
}

// reportQuantiles reports the median and the 99th percentile of times,
// their units named with prefix.
func reportQuantiles(b *testing.B, times []time.Duration, prefix string) {
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), prefix+"median-ns")
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds()), prefix+"p99-ns")
}

// BenchmarkHierarchySearchFallback is the same journeys' first answers
// from a windowed table of the city by its search fallback
// (Table.Search), what a game got before hierarchy tables.
func BenchmarkHierarchySearchFallback(b *testing.B) {
	f := loadHierarchyFixture(b, hierarchyMaps[0])
	t, err := build.Build(context.Background(), f.lvl.Graph, build.Options{Window: 8})
	if err != nil {
		b.Fatal(err)
	}
	lt := lookup.New(t)
	b.ReportAllocs()
	// A search takes tens of milliseconds: every 16th pair (five times).
	times, best, _ := timePairs(b, f.pairs, 16, func(buf []int, from, to int) []int {
		buf, _, _ = lt.Search(buf, from, to)
		return buf
	})
	reportQuantiles(b, times, "")
	reportQuantiles(b, best, "best5-")
}

// BenchmarkHierarchyRouteStep times following a journey after its first
// answer: Route.Next along the remembered path of the longest scenario,
// start to goal, an op (its first answer untimed); per step.
func BenchmarkHierarchyRouteStep(b *testing.B) {
	f := loadHierarchyFixture(b, hierarchyMaps[0])
	o := lookup.NewOverlay(f.lt)
	var r lookup.Route
	p := f.pairs[len(f.pairs)-1] // the longest bucket comes last
	path, _ := f.lt.AppendPath(nil, p[0], p[1])
	b.ReportAllocs()
	steps := 0
	for b.Loop() {
		b.StopTimer()
		r.Next(o, p[0], p[1]) // the first answer, untimed
		b.StartTimer()
		for k := 1; k+1 < len(path); k++ {
			if r.Next(o, path[k], p[1]) != path[k+1] {
				b.Fatal("left the path")
			}
		}
		steps += len(path) - 1
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
}

// BenchmarkHierarchyGameLoop is the game loop of gameAgents agents with
// random goals on the city, each asking its Route once a frame: the mean
// frame, leaving out the slowest tenth, and the worst.
func BenchmarkHierarchyGameLoop(b *testing.B) {
	f := loadHierarchyFixture(b, hierarchyMaps[0])
	lt := f.lt
	b.ReportAllocs()
	var times []time.Duration
	for b.Loop() {
		o := lookup.NewOverlay(lt)
		agents, r := newAgents(lt.Len(), 2)
		routes := make([]lookup.Route, len(agents))
		times = times[:0]
		for range gameFrames {
			start := time.Now()
			frame(agents, r, lt.Len(), func(i, from, to int) (int, lookup.StepReason) { return routes[i].Step(o, from, to) })
			times = append(times, time.Since(start))
		}
	}
	reportFrames(b, times, nil)
	b.ReportMetric(float64(times[0].Nanoseconds()), "min-ns/frame") // sorted
}

// TestHierarchySharedMaps checks hierarchy tables of the large shared maps
// against every scenario line's published length and, on sampled pairs,
// against the live A* of package solve: cost, and a path of that cost. A
// long test (brc202d and Berlin_1_256, 2,000 pairs each); with
// PATHTABLE_CITY=1 also the city, and 10,000 pairs a map, which takes
// many minutes:
//
//	PATHTABLE_LONG=1 PATHTABLE_CITY=1 go test ./lookup -run TestHierarchySharedMaps -timeout 60m
func TestHierarchySharedMaps(t *testing.T) {
	longtest.Skip(t, "builds the large shared maps")
	names, samples := hierarchyMaps[1:], 2000
	if os.Getenv("PATHTABLE_CITY") == "1" {
		names, samples = hierarchyMaps, 10000
	}
	for _, name := range names {
		f := loadHierarchyFixture(t, name)
		for i, p := range f.pairs {
			d, ok := f.lt.Dist(p[0], p[1])
			if !ok || !maps.ScenarioMatches(d, f.lines[i].Optimal) {
				t.Errorf("%s: scenario line %d: %v %v, want %v", name, f.lines[i].Line, d, ok, f.lines[i].Optimal)
			}
		}
		checkHierarchySamples(t, name, f, samples)
	}
}

// checkHierarchySamples checks count random pairs of f against solve's A*.
func checkHierarchySamples(t *testing.T, name string, f *hierarchyFixture, count int) {
	s := solve.NewSolver(f.lvl.Graph, solve.AStar)
	r := rand.New(rand.NewPCG(40, uint64(len(name))))
	n := f.lt.Len()
	var buf []int
	for range count {
		from, to := r.IntN(n), r.IntN(n)
		res := s.SolveCost(int32(from), int32(to))
		want, reach := res.Cost, res.Reachable
		var ok bool
		buf, ok = f.lt.AppendPath(buf[:0], from, to)
		if ok != reach {
			t.Fatalf("%s: %d→%d: path %v, A* %v", name, from, to, ok, reach)
		}
		if !ok {
			continue
		}
		c, walk := f.lt.Cost(buf)
		if !walk || !f.lvl.Graph.Metric.SameCost(c, want) || buf[0] != from || buf[len(buf)-1] != to {
			t.Fatalf("%s: %d→%d: path of cost %v (a walk: %v), A* %v", name, from, to, c, walk, want)
		}
	}
}
