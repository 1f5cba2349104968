package build

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestStripOrders checks both strip orders on every small level, isolated
// nodes and a checkerboard: a permutation whose rank is its inverse, each
// component on the ranks depth-first order gave it (rows rely on those
// ranges), every depth-first tree walking its moves in the strip's order,
// and the same order from a second call.
func TestStripOrders(t *testing.T) {
	levels := append(mapstest.SmallLevels(t),
		mapstest.Level{Name: "isolated-300", G: isolatedGraph(t, 300)},
		mapstest.Level{Name: "checkerboard-20x20", G: checkerboard(t, 20, 20)})
	for _, lv := range levels {
		g, n := lv.G, lv.G.Nodes()
		dfs := newRunOrder(g)
		strips := stripOrders(g, dfs)
		if g.Grid == nil {
			if strips != nil {
				t.Errorf("%s: strip orders on a level that is no grid", lv.Name)
			}
			continue
		}
		for i, o := range strips {
			if len(o.node) != n || len(o.rank) != n {
				t.Fatalf("%s/%d: %d nodes, %d ranks for %d nodes", lv.Name, i, len(o.node), len(o.rank), n)
			}
			for r, u := range o.node {
				if u < 0 || int(u) >= n || o.rank[u] != int32(r) {
					t.Fatalf("%s/%d: rank %d holds node %d, whose rank is not %d", lv.Name, i, r, u, r)
				}
				if dfs.compEnd != nil && (dfs.rank[u] < dfs.compStart[r] || dfs.rank[u] >= dfs.compEnd[r]) {
					t.Fatalf("%s/%d: node %d left its component's ranks %d..%d for %d", lv.Name, i, u, dfs.compStart[r], dfs.compEnd[r], r)
				}
			}
			if again := stripOrders(g, dfs)[i]; !slices.Equal(again.node, o.node) {
				t.Fatalf("%s/%d: a second call numbered the nodes otherwise", lv.Name, i)
			}
		}
	}
}

// TestStripOrderWalk checks the walk on an open 4x3 room: the column
// strips run down the first column, then up the second and so on (a
// boustrophedon), the row strips the same way along rows from the first
// cell, which is in the top left corner.
func TestStripOrderWalk(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "room.grid", []byte("....\n....\n....\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dfs := newRunOrder(g)
	cells := func(o *runOrder) string {
		s := ""
		for _, u := range o.node {
			x, y := g.Grid.XY(u)
			s += fmt.Sprintf("%d%d ", x, y)
		}
		return s
	}
	strips := stripOrders(g, dfs)
	for i, want := range []string{
		"00 01 02 12 11 10 20 21 22 32 31 30 ",
		"00 10 20 30 31 21 11 01 02 12 22 32 ",
	} {
		if got := cells(strips[i]); got != want {
			t.Errorf("strip order %d: cells %s, want %s", i, got, want)
		}
	}
}

// TestStripOrderPicked checks that the sample picks the column strips on
// AR0413SR, a level of caves along corridors whose rows they cut into far
// fewer runs than every other candidate (8.63 a node against the
// transposed Hilbert order's 10.10, the H-symbol CPD's 9.28), stripCost
// and all.
func TestStripOrderPicked(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of 20,936 nodes")
	}
	lvl, err := maps.Load(filepath.Join(sharedMaps, "..", "moremaps", "AR0413SR.map"), maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	want := stripOrders(g, newRunOrder(g))[0]
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Payload().(*table.Runs)
	if !slices.Equal(r.Order, want.node) {
		t.Fatal("the sample picked another order than the column strips")
	}
	if perNode := float64(tab.RunCount) / float64(tab.Nodes); perNode > 8.7 {
		t.Fatalf("%.3f runs a node, want at most 8.7", perNode)
	}
}

// TestSampleWraps checks that the sample codes rows that wrap as the
// build does: on maze-128-128-2, a level of one component, the column
// strips' rows often end in the run they start with, one run fewer once
// they wrap (1.91 runs a node against the cut order's 2.00), which a
// sample of rows that do not wrap missed. The strips are weighed here as
// any order, without stripCost.
func TestSampleWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("a sample of a level of 10,858 nodes")
	}
	g, eng, keys := sampleLevel(t, filepath.Join(sharedMaps, "maze-128-128-2.map"))
	dfs := newRunOrder(g)
	columns := *stripOrders(g, dfs)[0]
	columns.strip = false
	got, err := pickOrder(context.Background(), g, eng, keys, newSymbolGeometry(g, dfs.node), 2, cutOrder(g, dfs, cutStyles[0]), &columns)
	if err != nil {
		t.Fatal(err)
	}
	if got != &columns {
		t.Error("the sample picked the cut order over the column strips")
	}
}

// TestStripCost checks that a strip order must save stripCost to be
// picked: on maze-128-128-2 the column strips' 4.5% fewer runs do not
// pay for their slower steps, and the build keeps the cut order.
func TestStripCost(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of 10,858 nodes")
	}
	lvl, err := maps.Load(filepath.Join(sharedMaps, "maze-128-128-2.map"), maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Payload().(*table.Runs)
	if want := cutOrder(g, newRunOrder(g), cutStyles[0]); !slices.Equal(r.Order, want.node) {
		t.Error("the build picked another order than the cut order")
	}
}

// sampleLevel loads the shared map at path and the row engine the order
// sample codes its rows with (the run-length layout's distances, two
// workers), skipping the test where ../shared is absent.
func sampleLevel(t *testing.T, path string) (*maps.Graph, *rowEngine, []float64) {
	t.Helper()
	lvl, err := maps.Load(path, maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	h, err := PlanLayout(g, table.LayoutRuns)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]float64, g.Edges())
	keyed := keyedOctile(g.Metric == maps.MetricOctile, h.DistKind)
	for e, w := range g.Weights {
		keys[e] = searchKey(w, keyed)
	}
	eng, err := newRowEngine(context.Background(), g, h.DistKind, keys, allShortcuts, 2)
	if err != nil {
		t.Fatal(err)
	}
	return g, eng, keys
}
