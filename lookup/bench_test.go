package lookup_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

var (
	benchOnce   sync.Once
	benchTables []benchTable
)

type benchTable struct {
	name string
	lt   *lookup.Table
}

// loadBenchTables builds, once, a generated open grid that every checkout
// has, and the shared Moving AI maze where it exists beside the checkout.
func loadBenchTables(b testing.TB) []benchTable {
	benchOnce.Do(func() {
		r := rand.New(rand.NewPCG(1, 2))
		var sb strings.Builder
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				if r.IntN(10) == 0 {
					sb.WriteByte('#')
				} else {
					sb.WriteByte('.')
				}
			}
			sb.WriteByte('\n')
		}
		g, err := maps.ParseFormat(maps.FormatGrid, "random.grid", []byte(sb.String()), maps.Options{})
		if err != nil {
			panic(err)
		}
		benchTables = append(benchTables, benchTable{"random-64x64", buildAndLoad(b, g)},
			benchTable{"random-64x64-runs", buildAndLoadWith(b, g, build.Options{Layout: table.LayoutRuns})})
		if lvl, err := maps.Load("../../shared/testmaps/maze-128-128-2.map", maps.Options{}); err == nil {
			g := lvl.Graph
			t, err := build.Build(context.Background(), g, build.Options{})
			if err != nil {
				panic(err)
			}
			benchTables = append(benchTables, benchTable{"maze-128-128-2", lookup.New(t)},
				benchTable{"maze-128-128-2-runs", buildAndLoadWith(b, g, build.Options{Layout: table.LayoutRuns})},
				benchTable{"maze-128-128-2-runs-literal", buildAndLoadWith(b, g, build.Options{Layout: table.LayoutRuns, Literal: true})})
		}
		// Run-length rows with heuristic symbols and without (literal), for
		// an A/B of the symbols' decoding in one run.
		if lvl, err := maps.Load("../../shared/testmaps/den312d.map", maps.Options{}); err == nil {
			benchTables = append(benchTables,
				benchTable{"den312d-runs", buildAndLoadWith(b, lvl.Graph, build.Options{Layout: table.LayoutRuns})},
				benchTable{"den312d-runs-literal", buildAndLoadWith(b, lvl.Graph, build.Options{Layout: table.LayoutRuns, Literal: true})})
		}
		// The builds' garbage (a flat table's rows) is collected now, not
		// during the first benchmark measured.
		runtime.GC()
	})
	return benchTables
}

// BenchmarkAppendPath walks whole paths between random reachable pairs and
// reports the cost per step; it must not allocate.
func BenchmarkAppendPath(b *testing.B) {
	for _, bt := range loadBenchTables(b) {
		b.Run(bt.name, func(b *testing.B) {
			lt := bt.lt
			benchWalk(b, randomPairs(lt, 1024), lt.Len(), lt.AppendPath)
		})
	}
}

// benchWalk appends the path of pair after pair through path into one
// buffer of capacity bufCap and reports the cost per step (wall and CPU
// time) and the steps per path; with a buffer large enough, it must not
// allocate.
func benchWalk(b *testing.B, pairs [][2]int, bufCap int, path func(buf []int, s, t int) ([]int, bool)) {
	buf := make([]int, 0, bufCap)
	steps := 0
	b.ReportAllocs()
	cpu := startCPU(b)
	i := 0
	for b.Loop() {
		p := pairs[i%len(pairs)]
		buf, _ = path(buf[:0], p[0], p[1])
		steps += len(buf) - 1
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
	cpu.report(b, float64(steps), "cpu-ns/step")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/path")
}

// cpuClock reads the CPU time of the benchmark's thread, which a shared
// machine's other work does not inflate as it does wall time.
type cpuClock struct{ start int64 }

// startCPU locks the benchmark's goroutine to its thread until the
// benchmark ends and starts the clock.
func startCPU(b *testing.B) cpuClock {
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	return cpuClock{threadCPU()}
}

// report reports the CPU time per unit, over units, where it is read.
func (c cpuClock) report(b *testing.B, units float64, unit string) {
	if c.start > 0 && units > 0 {
		b.ReportMetric(float64(threadCPU()-c.start)/units, unit)
	}
}

// BenchmarkNext asks for the first move between random pairs.
func BenchmarkNext(b *testing.B) {
	for _, bt := range loadBenchTables(b) {
		b.Run(bt.name, func(b *testing.B) {
			lt := bt.lt
			n := lt.Len()
			b.ReportAllocs()
			cpu := startCPU(b)
			i, sum := 0, 0
			for b.Loop() {
				sum += lt.Next(i%n, (i*7919+13)%n)
				i++
			}
			cpu.report(b, float64(b.N), "cpu-ns/op")
			_ = fmt.Sprint(sum)
		})
	}
}

func BenchmarkDist(b *testing.B) {
	for _, bt := range loadBenchTables(b) {
		b.Run(bt.name, func(b *testing.B) {
			lt := bt.lt
			n := lt.Len()
			b.ReportAllocs()
			cpu := startCPU(b)
			i := 0
			var sum float64
			for b.Loop() {
				d, _ := lt.Dist(i%n, (i*7919)%n)
				sum += d
				i++
			}
			cpu.report(b, float64(b.N), "cpu-ns/op")
			_ = fmt.Sprint(sum)
		})
	}
}
