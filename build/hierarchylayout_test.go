package build

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// hierarchyLevels are the shared small levels a hierarchy table is built
// for: the grids with exact costs; graphs and float costs are refused.
func hierarchyLevels(t *testing.T) []mapstest.Level {
	var out []mapstest.Level
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		if lv.G.Grid == nil {
			continue
		}
		if _, err := Build(context.Background(), lv.G, Options{Layout: table.LayoutHierarchy, Workers: 2}); err != nil {
			continue
		}
		out = append(out, lv)
	}
	t.Logf("%d hierarchy levels", len(out))
	if len(out) < 10 {
		t.Fatalf("only %d levels get a hierarchy table", len(out))
	}
	return out
}

// TestHierarchyTableExact checks every pair of every level that gets a
// hierarchy table against Dijkstra: the cost, and that the path is a walk
// of that cost, after a round trip through the file.
func TestHierarchyTableExact(t *testing.T) {
	for _, lv := range hierarchyLevels(t) {
		tab, err := Build(context.Background(), lv.G, Options{Layout: table.LayoutHierarchy, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := tab.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := table.Decode(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: decode: %v", lv.Name, err)
		}
		checkHierarchyPairs(t, lv, back)
	}
}

func checkHierarchyPairs(t *testing.T, lv mapstest.Level, tab *table.Table) {
	t.Helper()
	y := tab.Payload().(*table.Hierarchy)
	g := lv.G
	stride := int32(1)
	if testing.Short() {
		stride = 5 // every source, a fifth of the targets
	}
	for target := int32(0); target < int32(g.Nodes()); target += stride {
		want := mapstest.DistancesTo(g, target)
		for s := range g.Nodes() {
			path, d, ok := y.AppendPath(tab, nil, s, int(target))
			if ok != !isInf(want[s]) || ok && !mapstest.Near(g.Metric, d, want[s]) {
				t.Fatalf("%s: %d→%d = %v %v, want %v", lv.Name, s, target, d, ok, want[s])
			}
			if !ok {
				continue
			}
			p32 := make([]int32, len(path))
			for i, v := range path {
				p32[i] = int32(v)
			}
			c, err := mapstest.WalkCost(g, p32)
			if err != nil || !mapstest.Near(g.Metric, c, want[s]) || path[0] != s || path[len(path)-1] != int(target) {
				t.Fatalf("%s: %d→%d path %v costs %v (%v), want %v", lv.Name, s, target, path, c, err, want[s])
			}
		}
	}
}

// TestHierarchyTableDeterministic checks that the bytes do not depend on
// the workers.
func TestHierarchyTableDeterministic(t *testing.T) {
	for _, lv := range hierarchyLevels(t)[:6] {
		var want []byte
		for _, w := range []int{1, 2, 5} {
			tab, err := Build(context.Background(), lv.G, Options{Layout: table.LayoutHierarchy, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if _, err := tab.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			if want == nil {
				want = buf.Bytes()
			} else if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s: %d workers make other bytes", lv.Name, w)
			}
		}
	}
}

// TestHierarchyTableRefuses checks that graphs and float levels get an
// error, not a table.
func TestHierarchyTableRefuses(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		_, err := Build(context.Background(), lv.G, Options{Layout: table.LayoutHierarchy, Workers: 2})
		if lv.G.Grid == nil && err == nil {
			t.Errorf("%s: a graph got a hierarchy table", lv.Name)
		}
		if lv.G.Metric == maps.MetricFloat && err == nil {
			t.Errorf("%s: a float level got a hierarchy table", lv.Name)
		}
		_ = errors.Is(err, ErrHierarchyDense)
	}
}
