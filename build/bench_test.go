package build

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// sharedMaps is where the Moving AI benchmark maps live beside a checkout.
const sharedMaps = "../../shared/testmaps"

var (
	benchOnce   sync.Once
	benchLevels []benchLevel
)

type benchLevel struct {
	name string
	g    *maps.Graph
}

// loadBenchLevels builds the benchmark graphs once: generated grids that
// every checkout has, and the shared Moving AI maps where they exist.
func loadBenchLevels(b *testing.B) []benchLevel {
	benchOnce.Do(func() {
		generated := []struct {
			name  string
			size  int
			walls float64
		}{
			{"random-32x32", 32, 0.2},
			{"random-64x64", 64, 0.2},
			{"open-100x100", 100, 0},
			{"random10-100x100", 100, 0.1},
		}
		for _, gen := range generated {
			text := mapstest.RandomGrid(rand.New(rand.NewPCG(1, uint64(gen.size))), gen.size, gen.size, gen.walls, nil)
			g, err := maps.ParseFormat(maps.FormatGrid, "gen.grid", []byte(text), maps.Options{})
			if err != nil {
				panic(err)
			}
			benchLevels = append(benchLevels, benchLevel{gen.name, g})
		}
		benchLevels = append(benchLevels, loadSharedLevels(sharedMaps, "empty-32-32", "room-32-32-4", "arena", "den312d", "maze-128-128-2", "random-32-32-10")...)
	})
	return benchLevels
}

// largeMaps is where the shared maps too large for a flat table live.
const largeMaps = "../../shared/largemaps"

var (
	largeOnce   sync.Once
	largeLevels []benchLevel
)

// loadLargeBenchLevels loads, once, the shared maps that only compressed
// tables are built for (never a flat one: see README.md).
func loadLargeBenchLevels(b *testing.B) []benchLevel {
	largeOnce.Do(func() { largeLevels = loadSharedLevels(largeMaps, "brc202d", "Berlin_1_256") })
	return largeLevels
}

// loadSharedLevels loads the named Moving AI maps of dir that exist.
func loadSharedLevels(dir string, names ...string) []benchLevel {
	var levels []benchLevel
	for _, name := range names {
		lvl, err := maps.Load(filepath.Join(dir, name+".map"), maps.Options{})
		if err == nil {
			levels = append(levels, benchLevel{name, lvl.Graph})
		}
	}
	return levels
}

func BenchmarkBuild(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", lv.name, workers), func(b *testing.B) {
				b.ReportAllocs()
				cpu := startCPU()
				for b.Loop() {
					if _, err := Build(context.Background(), lv.g, Options{Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
				cpu.report(b)
				n := float64(lv.g.Nodes())
				b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N)/n, "us/target")
			})
		}
	}
}

// BenchmarkBuildRuns is BenchmarkBuild for run-length tables (runs.go), to
// be read beside it in one run.
func BenchmarkBuildRuns(b *testing.B) {
	for _, lv := range slices.Concat(loadBenchLevels(b), loadLargeBenchLevels(b)) {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", lv.name, workers), func(b *testing.B) {
				b.ReportAllocs()
				var tab *table.Table
				cpu := startCPU()
				for b.Loop() {
					var err error
					if tab, err = Build(context.Background(), lv.g, Options{Workers: workers, Layout: table.LayoutRuns}); err != nil {
						b.Fatal(err)
					}
				}
				cpu.report(b)
				n := float64(lv.g.Nodes())
				b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N)/n, "us/target")
				first, _ := tab.PayloadBytes()
				b.ReportMetric(float64(first)/n, "B/node")
			})
		}
	}
}

// BenchmarkSearch measures one target's search, the builder's inner loop.
func BenchmarkSearch(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		b.Run(lv.name, func(b *testing.B) {
			rev := newReverse(lv.g, mustPlan(b, lv.g).DistKind, true)
			s := newSearch(rev)
			row := make([]byte, lv.g.Nodes())
			b.ReportAllocs()
			t := int32(0)
			for b.Loop() {
				s.run(t, row)
				t = (t + 7919) % int32(lv.g.Nodes())
			}
		})
	}
}

func mustPlan(t testing.TB, g *maps.Graph) table.Header {
	t.Helper()
	h, err := Plan(g)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// BenchmarkSeed measures seeding one row from its finished in-neighbours'
// rows (the search that follows is BenchmarkSearch's, on fewer nodes), in
// ns per entry per neighbour row merged.
func BenchmarkSeed(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		b.Run(lv.name, func(b *testing.B) {
			h := mustPlan(b, lv.g)
			n := h.Nodes
			rows := min(n, blockRows)
			block := table.NewRows(&h, rows)
			first, dist := block.Bytes()
			if err := BuildRows(context.Background(), lv.g, h, Options{}, 0, rows, first, dist); err != nil {
				b.Fatal(err)
			}
			rev := newReverse(lv.g, h.DistKind, true)
			s := newSearch(rev)
			row := make([]byte, n)
			var parents []parentRow
			merged := 0
			b.ReportAllocs()
			t := int32(0)
			for b.Loop() {
				parents = rev.parents(t, 0, parents[:0], block.Row)
				s.seed(t, row, h.DistKind, parents)
				merged += len(parents)
				t = (t + 1) % int32(rows)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(merged, 1))/float64(n), "ns/entry/row")
		})
	}
}

// BenchmarkSweep measures one sweep of eight target rows over a level's
// hierarchy (run), and writing them out as table rows (put): the swept
// builder's inner loop, in ns per pair.
func BenchmarkSweep(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		kind := mustPlan(b, lv.g).DistKind
		h, _ := exactHierarchy(context.Background(), lv.g, kind, math.MaxInt, 2)
		if h == nil {
			continue
		}
		n := lv.g.Nodes()
		s := newSweep(h)
		plan := mustPlan(b, lv.g)
		block := table.NewRows(&plan, sweepRows)
		rows := make([]table.Row, sweepRows)
		for j := range rows {
			rows[j] = block.Row(j)
		}
		var targets [sweepRows]int32
		t := 0
		next := func() {
			for j := range targets {
				targets[j] = int32((t + j) % n)
			}
			t = (t + 7919) % n
		}
		perPair := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sweepRows*n), "ns/pair")
		}
		b.Run(lv.name+"/run", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				next()
				s.run(&targets)
			}
			perPair(b)
		})
		b.Run(lv.name+"/put", func(b *testing.B) {
			next()
			s.run(&targets)
			b.ReportAllocs()
			for b.Loop() {
				s.putAll(rows)
			}
			perPair(b)
		})
	}
}

// BenchmarkHierarchy measures contracting a level, which a build does
// once before its sweeps, and reports the up arcs per node that each
// sweep then reads.
func BenchmarkHierarchy(b *testing.B) {
	for _, lv := range slices.Concat(loadBenchLevels(b), loadLargeBenchLevels(b)) {
		b.Run(lv.name, func(b *testing.B) {
			h0, err := PlanLayout(lv.g, table.LayoutRuns)
			if err != nil {
				b.Fatal(err)
			}
			kind := h0.DistKind
			var h *hierarchy
			cpu := startCPU()
			for b.Loop() {
				h, _ = exactHierarchy(context.Background(), lv.g, kind, math.MaxInt, 2)
			}
			cpu.report(b)
			if h == nil {
				b.Skip("not contracted")
			}
			n := float64(len(h.node))
			b.ReportMetric(float64(h.work)/n/n, "work/n²")
			b.ReportMetric(float64(len(h.up))/float64(len(h.node)), "up/node")
			b.ReportMetric(float64(len(h.down))/float64(len(h.node)), "down/node")
		})
	}
}

// cpuClock is the process's CPU time at the start of a benchmark.
type cpuClock struct{ user, sys time.Duration }

func startCPU() cpuClock {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return cpuClock{time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())}
}

// report adds the CPU time each iteration took since start (user and
// system: on a loaded machine it varies less than the wall time) and the
// user time per wall second, which tells how many cores were busy.
func (c cpuClock) report(b *testing.B) {
	now := startCPU()
	user, sys := now.user-c.user, now.sys-c.sys
	b.ReportMetric((user+sys).Seconds()*1e3/float64(b.N), "cpu-ms/op")
	b.ReportMetric(user.Seconds()/b.Elapsed().Seconds(), "user/wall")
}
