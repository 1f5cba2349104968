package table_test

import (
	"context"
	"os"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// BenchmarkLoad measures what loading a grid table costs in each format:
// "graph" with the graph's bins (formats 1 and 2), "cells" with the grid's
// cells (format 3), whose graph the reader rebuilds; flat and run-length
// tables of maze-128-128-2 (10,858 nodes) from ../shared/testmaps. The
// payloads alias the input in both; the rebuild is the difference.
//
//	go test ./table -run '^$' -bench BenchmarkLoad -benchtime 20x
func BenchmarkLoad(b *testing.B) {
	const f = "../../shared/testmaps/maze-128-128-2.map"
	if _, err := os.Stat(f); err != nil {
		b.Skip("../shared/testmaps is absent")
	}
	lvl, err := maps.Load(f, maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, layout := range []struct {
		name string
		opt  build.Options
	}{{"runs", build.Options{Layout: table.LayoutRuns}}, {"flat", build.Options{}}} {
		tab, err := build.BuildLevel(context.Background(), lvl, layout.opt)
		if err != nil {
			b.Fatal(err)
		}
		for _, format := range []struct {
			name      string
			graphBins bool
		}{{"graph", true}, {"cells", false}} {
			tab.GraphBins = format.graphBins
			data := rbEncode(b, tab)
			b.Run(layout.name+"/"+format.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := table.Decode(data); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(data))/float64(tab.Nodes), "file-B/node")
			})
		}
	}
}
