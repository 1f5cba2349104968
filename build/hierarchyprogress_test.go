package build

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyProgress checks that a hierarchy build counts its
// contracted nodes in Options.Progress as it goes, every node once, and
// that a run-length build, whose rows sweep the same contraction, still
// counts target rows only.
func TestHierarchyProgress(t *testing.T) {
	text := "........\n.##..#..\n.#...#..\n....##..\n........\n"
	g, err := maps.ParseFormat(maps.FormatGrid, "p.grid", []byte(text), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, layout := range []table.Layout{table.LayoutHierarchy, table.LayoutRuns} {
		var done atomic.Int64
		if _, err := Build(context.Background(), g, Options{Layout: layout, Workers: 2, Progress: &done}); err != nil {
			t.Fatal(err)
		}
		if got := done.Load(); got != int64(g.Nodes()) {
			t.Errorf("%s: progress %d, want %d", layout, got, g.Nodes())
		}
	}
}
