package build

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// BenchmarkBuildClearance bakes the same shared maps for agents of side 1
// and 2, flat and run-length, so that the cost of a larger agent's table
// reads against the one-cell table's (issue 24: within 1.2x). Loading the
// level, footprint included, is timed with the build, as pathtable build
// pays it.
func BenchmarkBuildClearance(b *testing.B) {
	for _, name := range []string{"arena", "den312d", "maze-128-128-2"} {
		path := filepath.Join(sharedMaps, name+".map")
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			if layout == table.LayoutFlat && name == "maze-128-128-2" {
				continue // 10,858 nodes: a 350 MB flat table
			}
			for _, k := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/k%d", name, cmp.Or(string(layout), "flat"), k), func(b *testing.B) {
					data, err := maps.ReadFile(path)
					if err != nil {
						b.Skip(err)
					}
					b.ReportAllocs()
					nodes := 0
					for b.Loop() {
						lvl, err := maps.ParseLevel(path, data, maps.Options{Clearance: k})
						if err != nil {
							b.Fatal(err)
						}
						if _, err := BuildLevel(context.Background(), lvl, Options{Layout: layout}); err != nil {
							b.Fatal(err)
						}
						nodes = lvl.Graph.Nodes()
					}
					b.ReportMetric(float64(nodes), "nodes")
				})
			}
		}
	}
}
