package lookup_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// BenchmarkAppendCorners straightens stored paths between random reachable
// pairs and reports the cost per grid step of the path; it must not
// allocate. "open-64x64" is a room without walls, where walking each
// candidate segment would cost O(length) a step; "costs-64x64" a random
// grid where one cell in ten costs 2 to 9, which line of sight reads.
func BenchmarkAppendCorners(b *testing.B) {
	tables := loadBenchTables(b)
	g, err := maps.ParseFormat(maps.FormatGrid, "open.grid", []byte(strings.Repeat(strings.Repeat(".", 64)+"\n", 64)), maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	tables = append(tables, benchTable{"open-64x64", buildAndLoad(b, g)})
	costs := mapstest.RandomGrid(rand.New(rand.NewPCG(7, 8)), 64, 64, 0.1, mapstest.FewCosts)
	if g, err = maps.ParseFormat(maps.FormatGrid, "costs.grid", []byte(costs), maps.Options{}); err != nil {
		b.Fatal(err)
	}
	tables = append(tables, benchTable{"costs-64x64", buildAndLoad(b, g)})
	for _, bt := range tables {
		b.Run(bt.name, func(b *testing.B) {
			lt := bt.lt
			var paths [][]int
			for _, p := range randomPairs(lt, 256) {
				if path, ok := lt.AppendPath(nil, p[0], p[1]); ok {
					paths = append(paths, path)
				}
			}
			benchCorners(b, lt, paths)
		})
	}
}

// benchCorners straightens paths over and over into one buffer and reports
// the cost per grid step and the corners per path.
func benchCorners(b *testing.B, lt *lookup.Table, paths [][]int) {
	buf := make([]int, 0, lt.Len())
	steps, corners := 0, 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := paths[i%len(paths)]
		buf, _ = lt.AppendCorners(buf[:0], p)
		steps += len(p) - 1
		corners += len(buf)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/path")
	b.ReportMetric(float64(corners)/float64(b.N), "corners/path")
}
