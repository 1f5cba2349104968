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

// TestCutOrder checks the cut order on every small level, isolated nodes
// and a checkerboard (every cell its own component): a permutation whose
// rank is its inverse, each component on the ranks depth-first order gave
// it (rows rely on those ranges), and the same order from a second call.
func TestCutOrder(t *testing.T) {
	levels := append(mapstest.SmallLevels(t),
		mapstest.Level{Name: "isolated-300", G: isolatedGraph(t, 300)},
		mapstest.Level{Name: "checkerboard-20x20", G: checkerboard(t, 20, 20)})
	for _, lv := range levels {
		for _, style := range cutStyles {
			g, n := lv.G, lv.G.Nodes()
			dfs := newRunOrder(g)
			o := cutOrder(g, dfs, style)
			if len(o.node) != n || len(o.rank) != n {
				t.Fatalf("%s: %d nodes, %d ranks for %d nodes", lv.Name, len(o.node), len(o.rank), n)
			}
			for r, u := range o.node {
				if u < 0 || int(u) >= n || o.rank[u] != int32(r) {
					t.Fatalf("%s: rank %d holds node %d, whose rank is not %d", lv.Name, r, u, r)
				}
				if dfs.compEnd != nil && (dfs.rank[u] < dfs.compStart[r] || dfs.rank[u] >= dfs.compEnd[r]) {
					t.Fatalf("%s: node %d left its component's ranks %d..%d for %d", lv.Name, u, dfs.compStart[r], dfs.compEnd[r], r)
				}
			}
			if again := cutOrder(g, dfs, style); !slices.Equal(again.node, o.node) {
				t.Fatalf("%s: a second call numbered the nodes otherwise", lv.Name)
			}
		}
	}
}

// TestCutOrderPicked checks that the sample picks each cut style over
// depth-first and Hilbert orders and the other style where it takes fewer
// runs: the even cut on a maze, whose rows break where corridors turn; the
// ratio cut on den312d, of rooms behind doors off centre (its build weighs
// the even cut alone, as the ratio cut costs too much there).
func TestCutOrderPicked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		style int // in cutStyles
	}{{"maze-32-32-2", 0}, {"den312d", 1}} {
		name := tc.name
		g, eng, keys := sampleLevel(t, filepath.Join(sharedMaps, name+".map"))
		dfs := newRunOrder(g)
		orders := []*runOrder{dfs, hilbertOrder(g, dfs)}
		for _, style := range cutStyles {
			orders = append(orders, cutOrder(g, dfs, style))
		}
		want := orders[2+tc.style]
		got, err := pickOrder(context.Background(), g, eng, keys, newSymbolGeometry(g, dfs.node), 2, orders...)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: the sample picked another order over the cut order %+v", name, cutStyles[tc.style])
		}
		if n := len(slices.DeleteFunc(cutOrders(g, dfs), func(o *runOrder) bool { return o.strip })); n != 1 {
			t.Errorf("%s: %d cut orders weighed on a level of %d nodes, want 1", name, n, g.Nodes())
		}
	}
}

// BenchmarkCutOrder measures the cut order alone, the cost it adds to a
// run-length build beside the sample that compares it.
func BenchmarkCutOrder(b *testing.B) {
	for _, lv := range slices.Concat(loadBenchLevels(b), loadLargeBenchLevels(b)) {
		dfs := newRunOrder(lv.g)
		for _, style := range cutStyles {
			b.Run(fmt.Sprintf("%s/window=%d,ratio=%v", lv.name, style.window, style.ratio), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					cutOrder(lv.g, dfs, style)
				}
			})
		}
	}
}

// TestFlippedHilbertPicked checks that the sample picks the flipped
// Hilbert order on random-32-32-10, where its rows take fewer runs than
// every other candidate's (6.85 runs a node against the transposed
// Hilbert order's 6.89, the H-symbol CPD's 10.37), and that the choice is
// the same on a second build.
func TestFlippedHilbertPicked(t *testing.T) {
	lvl, err := maps.Load(filepath.Join(sharedMaps, "random-32-32-10.map"), maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	want := flippedHilbertOrder(g, newRunOrder(g))
	for range 2 {
		tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		r := tab.Payload().(*table.Runs)
		if !slices.Equal(r.Order, want.node) {
			t.Fatal("the sample picked another order than the flipped Hilbert order")
		}
		if perNode := float64(tab.RunCount) / float64(tab.Nodes); !tab.RunBoxes() || perNode > 6.86 {
			t.Fatalf("%q: %.3f runs a node, want open boxes and at most 6.86", tab.FirstEnc, perNode)
		}
	}
}
