package build

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

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
		for _, size := range []int{32, 64} {
			text := mapstest.RandomGrid(rand.New(rand.NewPCG(1, uint64(size))), size, size, 0.2, nil)
			g, err := maps.ParseFormat(maps.FormatGrid, "gen.grid", []byte(text), maps.Options{})
			if err != nil {
				panic(err)
			}
			benchLevels = append(benchLevels, benchLevel{fmt.Sprintf("random-%dx%d", size, size), g})
		}
		for _, name := range []string{"arena", "den312d", "maze-128-128-2"} {
			lvl, err := maps.Load(filepath.Join(sharedMaps, name+".map"), maps.Options{})
			if err == nil {
				benchLevels = append(benchLevels, benchLevel{name, lvl.Graph})
			}
		}
	})
	return benchLevels
}

func BenchmarkBuild(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", lv.name, workers), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Build(context.Background(), lv.g, Options{Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
				n := float64(lv.g.Nodes())
				b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N)/n, "us/target")
			})
		}
	}
}

// BenchmarkBuildRuns is BenchmarkBuild for run-length tables (runs.go), to
// be read beside it in one run.
func BenchmarkBuildRuns(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", lv.name, workers), func(b *testing.B) {
				b.ReportAllocs()
				var tab *table.Table
				for b.Loop() {
					var err error
					if tab, err = Build(context.Background(), lv.g, Options{Workers: workers, Layout: table.LayoutRuns}); err != nil {
						b.Fatal(err)
					}
				}
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

// BenchmarkSweep measures one sweep of eight target rows over a
// level's hierarchy, and writing them out: the swept builder's inner loop.
func BenchmarkSweep(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		b.Run(lv.name, func(b *testing.B) {
			kind := mustPlan(b, lv.g).DistKind
			h, _ := exactHierarchy(context.Background(), lv.g, kind)
			if h == nil {
				b.Skip("not contracted")
			}
			n := lv.g.Nodes()
			s := newSweep(h)
			plan := mustPlan(b, lv.g)
			row := table.NewRows(&plan, 1).Row(0)
			var targets [sweepRows]int32
			b.ReportAllocs()
			t := 0
			for b.Loop() {
				for j := range targets {
					targets[j] = int32((t + j) % n)
				}
				s.run(&targets)
				for j := range sweepRows {
					s.put(j, row)
				}
				t = (t + 7919) % n
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sweepRows*n), "ns/pair")
		})
	}
}

// BenchmarkHierarchy measures contracting a level, which a build does
// once before its sweeps, and reports the up arcs per node that each
// sweep then reads.
func BenchmarkHierarchy(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		b.Run(lv.name, func(b *testing.B) {
			kind := mustPlan(b, lv.g).DistKind
			var h *hierarchy
			for b.Loop() {
				h, _ = exactHierarchy(context.Background(), lv.g, kind)
			}
			if h == nil {
				b.Skip("not contracted")
			}
			b.ReportMetric(float64(len(h.up))/float64(len(h.node)), "up/node")
			b.ReportMetric(float64(len(h.down))/float64(len(h.node)), "down/node")
		})
	}
}
