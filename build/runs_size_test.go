package build

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

func TestRunsSizeReport(t *testing.T) {
	if os.Getenv("RUNS_SIZE") == "" {
		t.Skip("set RUNS_SIZE")
	}
	files, _ := filepath.Glob(filepath.Join(sharedMaps, "*.map"))
	if p := os.Getenv("RUNS_MAPS"); p != "" {
		files, _ = filepath.Glob(p)
	}
	for _, f := range files {
		lvl, err := maps.Load(f, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := lvl.Graph
		start := time.Now()
		tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		n := g.Nodes()
		size, _ := tab.PayloadBytes()
		t.Logf("%-24s %6d nodes %8d runs %7.1f KB %6.1f B/node (runs, rows, order) %v", filepath.Base(f), n, tab.RunCount,
			float64(size)/1000, float64(size)/float64(n), time.Since(start))
	}
}
