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
	runsBenchOnce   sync.Once
	runsBenchTables []benchTable
)

// runsBenchMaps are the levels whose run-length path steps issue 39 holds
// to their speed before J: a maze, a dungeon and the largest level of
// ../shared/moremaps, beside the generated grid on which SRC's steps are
// the closest to ours.
var runsBenchMaps = []string{
	"../../shared/testmaps/maze-128-128-2.map",
	"../../shared/testmaps/den312d.map",
	"../../shared/moremaps/AR0601SR.map",
}

// randomGrid returns a w×h grid whose cells are closed with probability
// 1/k, drawn from seed: the same grid on every checkout.
func randomGrid(w, h, k int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 2))
	var sb strings.Builder
	for range h {
		for range w {
			if r.IntN(k) == 0 {
				sb.WriteByte('#')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// loadRunsBenchTables builds, once, run-length tables (what `pathtable
// build -compress` writes) of the shared maps that exist beside the
// checkout and of a 64x64 grid with a fifth of its cells closed.
func loadRunsBenchTables(b *testing.B) []benchTable {
	runsBenchOnce.Do(func() {
		opt := build.Options{Layout: table.LayoutRuns}
		g, err := maps.ParseFormat(maps.FormatGrid, "random20.grid", []byte(randomGrid(64, 64, 5, 20)), maps.Options{})
		if err != nil {
			panic(err)
		}
		runsBenchTables = append(runsBenchTables, benchTable{"random-64x64-20", buildAndLoadWith(b, g, opt)})
		for _, path := range runsBenchMaps {
			lvl, err := maps.Load(path, maps.Options{})
			if err != nil {
				continue
			}
			tab, err := build.Build(context.Background(), lvl.Graph, opt)
			if err != nil {
				panic(err)
			}
			name := strings.TrimSuffix(path[strings.LastIndexByte(path, '/')+1:], ".map")
			runsBenchTables = append(runsBenchTables, benchTable{name, lookup.New(tab)})
		}
		runtime.GC()
	})
	if len(runsBenchTables) == 1 {
		b.Log("../shared absent: only the generated grid")
	}
	return runsBenchTables
}

// BenchmarkRunsStep walks whole paths between random reachable pairs on
// run-length tables and reports the cost per step, wall and CPU time of
// the benchmark's thread; it must not allocate.
func BenchmarkRunsStep(b *testing.B) {
	for _, bt := range loadRunsBenchTables(b) {
		b.Run(bt.name, func(b *testing.B) {
			benchWalk(b, randomPairs(bt.lt, 1024), bt.lt.Len(), bt.lt.AppendPath)
		})
	}
}

// BenchmarkRunsNext asks run-length tables for the first move between
// random reachable pairs.
func BenchmarkRunsNext(b *testing.B) {
	for _, bt := range loadRunsBenchTables(b) {
		b.Run(bt.name, func(b *testing.B) {
			lt, pairs := bt.lt, randomPairs(bt.lt, 1024)
			b.ReportAllocs()
			cpu := startCPU(b)
			i, sum := 0, 0
			for b.Loop() {
				p := pairs[i&1023]
				sum += lt.Next(p[0], p[1])
				i++
			}
			cpu.report(b, float64(b.N), "cpu-ns/op")
			_ = fmt.Sprint(sum)
		})
	}
}
