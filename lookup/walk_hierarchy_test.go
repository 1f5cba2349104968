package lookup_test

import (
	"context"
	"math"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyWalker checks Next, Dist, AppendPath, Covered and a
// Route's steps on hierarchy tables of the shared small grids against
// Dijkstra, every pair.
func TestHierarchyWalker(t *testing.T) {
	levels := 0
	for _, lv := range mapstest.SmallLevels(t) {
		opt := build.Options{Layout: table.LayoutHierarchy, Workers: 2}
		if _, err := build.Build(context.Background(), lv.G, opt); err != nil {
			continue // graphs and float levels get none
		}
		levels++
		lt := buildAndLoadWith(t, lv.G, opt)
		o := lookup.NewOverlay(lt)
		var r lookup.Route
		n := lt.Len()
		for to := range n {
			want := mapstest.DistancesTo(lv.G, int32(to))
			for from := range n {
				checkHierarchyPair(t, lv.Name, lt, o, &r, from, to, want[from])
			}
		}
	}
	if levels < 10 {
		t.Fatalf("only %d levels got a hierarchy table", levels)
	}
}

func checkHierarchyPair(t *testing.T, name string, lt *lookup.Table, o *lookup.Overlay, r *lookup.Route, from, to int, want float64) {
	t.Helper()
	if !lt.Covered(from, to) {
		t.Fatalf("%s: %d→%d not covered", name, from, to)
	}
	d, ok := lt.Dist(from, to)
	if ok != !math.IsInf(want, 1) || ok && math.Abs(d-want) > 1e-9*max(1, want) {
		t.Fatalf("%s: Dist(%d, %d) = %v, %v, want %v", name, from, to, d, ok, want)
	}
	path, ok := lt.AppendPath(nil, from, to)
	if !ok {
		if from != to && lt.Next(from, to) != -1 {
			t.Fatalf("%s: Next(%d, %d) with no path", name, from, to)
		}
		return
	}
	if c, ok := lt.Cost(path); !ok || math.Abs(c-want) > 1e-9*max(1, want) || path[0] != from || path[len(path)-1] != to {
		t.Fatalf("%s: path %d→%d %v costs %v, want %v", name, from, to, path, c, want)
	}
	if from == to {
		return
	}
	if next := lt.Next(from, to); next != path[1] {
		t.Fatalf("%s: Next(%d, %d) = %d, path %v", name, from, to, next, path)
	}
	for i := 0; i+1 < len(path); i++ {
		if next := r.Next(o, path[i], to); next != path[i+1] {
			t.Fatalf("%s: Route.Next(%d, %d) = %d at step %d of %v", name, path[i], to, next, i, path)
		}
	}
}
