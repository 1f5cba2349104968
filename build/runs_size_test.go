package build

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestRunsSize: the size a run-length table reports is what its file
// holds: PayloadSize and PayloadBytes are the order, rows and runs bins
// (the file is the graph, those and their framing), RunCount the runs; and
// it stores no distances. On the testdata grids, and on the shared Moving
// AI maps with RUNS_SIZE set, whose bytes per node it logs: the figures
// README.md and issue 22 quote.
func TestRunsSize(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(mapstest.TestdataDir, "*.grid"))
	if os.Getenv("RUNS_SIZE") != "" {
		files, _ = filepath.Glob(filepath.Join(sharedMaps, "*.map"))
		if p := os.Getenv("RUNS_MAPS"); p != "" {
			files, _ = filepath.Glob(p)
		}
	}
	for _, f := range files {
		lvl, err := maps.Load(f, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := lvl.Graph
		tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		first, dist := tab.PayloadBytes()
		size, err := tab.PayloadSize()
		if err != nil || size != first || dist != 0 || tab.DistBytes() != 0 {
			t.Fatalf("%s: PayloadSize %d (%v), PayloadBytes %d + %d", f, size, err, first, dist)
		}
		var file bytes.Buffer
		if _, err := tab.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		graph := tab.LevelBytes(true)
		header := tab.Describe(int64(file.Len()))
		if overhead := int64(file.Len()) - graph - first; overhead < 0 || overhead > 1024 {
			t.Errorf("%s: %d file bytes, %d of graph and %d of runs: %d left for header and framing", f, file.Len(), graph, first, overhead)
		}
		if header.Runs != tab.RunCount || tab.RunCount <= 0 {
			t.Errorf("%s: %d runs described, %d in the header", f, header.Runs, tab.RunCount)
		}
		n := g.Nodes()
		t.Logf("%-24s %6d nodes %8d runs %7.1f KB %6.1f B/node (runs, rows, order)", filepath.Base(f), n, tab.RunCount,
			float64(first)/1000, float64(first)/float64(n))
	}
}
