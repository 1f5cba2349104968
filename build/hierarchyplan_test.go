package build

import (
	"bytes"
	"context"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestEstimateHierarchy checks the estimate of a hierarchy table's file
// against the file built, on the shared small grids: never below it
// (the model's arcs a node are the densest maps'), within a few times it
// on levels of a few hundred nodes or more, and refusals alike.
func TestEstimateHierarchy(t *testing.T) {
	checked := 0
	for _, lv := range hierarchyLevels(t) {
		est, err := EstimateHierarchy(lv.G, Options{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", lv.Name, err)
		}
		tab, err := Build(context.Background(), lv.G, Options{Layout: table.LayoutHierarchy, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := tab.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		got := int64(buf.Len())
		if est.Bytes < got || lv.G.Nodes() >= 200 && est.Bytes > 4*got {
			t.Errorf("%s (%d nodes): estimated %d bytes, built %d", lv.Name, lv.G.Nodes(), est.Bytes, got)
		}
		if est.PeakBytes <= 0 || est.Duration < 0 || est.Options.Layout != table.LayoutHierarchy {
			t.Errorf("%s: estimate %+v", lv.Name, est)
		}
		checked++
	}
	g, err := maps.ParseFormat(maps.FormatGrid, "x.grid", []byte("..\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.Offsets[1] = 300 // not a valid graph: refused as PlanLayout refuses it
	if _, err := EstimateHierarchy(g, Options{}); err == nil {
		t.Error("an invalid graph got an estimate")
	}
	// What the build refuses, the estimate refuses: a graph level.
	for _, c := range []struct {
		format maps.Format
		text   string
	}{
		{maps.FormatDIMACS, "p sp 2 2\na 1 2 3\na 2 1 3\n"},
	} {
		g, err := maps.ParseFormat(c.format, "x."+string(c.format), []byte(c.text), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := EstimateHierarchy(g, Options{}); err == nil {
			t.Errorf("%s level %q got an estimate", c.format, c.text)
		}
	}
	if checked == 0 {
		t.Fatal("no level checked")
	}
}
