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

// TestStripOrderPicked checks that the sample picks the row strips on
// ht_bartrand_n, a level of rooms and corridors whose rows they cut into
// fewer runs than every other candidate (8.74 a node against the cut
// order's 9.68), and that the build's table holds fewer runs than with
// the candidates before them.
func TestStripOrderPicked(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of 8,793 nodes")
	}
	lvl, err := maps.Load(filepath.Join(sharedMaps, "..", "moremaps", "ht_bartrand_n.map"), maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	want := stripOrders(g, newRunOrder(g))[1]
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Payload().(*table.Runs)
	if !slices.Equal(r.Order, want.node) {
		t.Fatal("the sample picked another order than the row strips")
	}
	if perNode := float64(tab.RunCount) / float64(tab.Nodes); perNode > 8.8 {
		t.Fatalf("%.3f runs a node, want at most 8.8", perNode)
	}
}

// TestSampleWraps checks that the sample codes rows that wrap as the
// build does: on maze-128-128-2, a level of one component, the strip
// orders' rows often end in the run they start with, one run fewer once
// they wrap, which a sample of rows that do not wrap missed (it picked
// the cut order, 2.00 runs a node against the strips' 1.91).
func TestSampleWraps(t *testing.T) {
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
	strips := stripOrders(g, newRunOrder(g))
	if !slices.Equal(r.Order, strips[0].node) && !slices.Equal(r.Order, strips[1].node) {
		t.Error("the sample picked another order than a strip order")
	}
	if perNode := float64(tab.RunCount) / float64(tab.Nodes); !table.Wraps(tab.FirstEnc) || perNode > 1.95 {
		t.Errorf("%q: %.3f runs a node, want rows that wrap and at most 1.95", tab.FirstEnc, perNode)
	}
}
