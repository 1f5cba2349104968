package build

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

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
		{
			g, n := lv.G, lv.G.Nodes()
			dfs := newRunOrder(g)
			o := cutOrder(g, dfs)
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
			if again := cutOrder(g, dfs); !slices.Equal(again.node, o.node) {
				t.Fatalf("%s: a second call numbered the nodes otherwise", lv.Name)
			}
		}
	}
}

// TestCutOrderPicked checks that the sample picks the cut order over
// depth-first and Hilbert orders where it takes fewer runs: on a maze,
// whose rows break where corridors turn, and on den009d, of rooms.
func TestCutOrderPicked(t *testing.T) {
	for _, name := range []string{"maze-32-32-2", "den009d"} {
		lvl, err := maps.Load(filepath.Join(sharedMaps, name+".map"), maps.Options{})
		if err != nil {
			t.Skipf("shared maps absent: %v", err)
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
		dfs := newRunOrder(g)
		cut := cutOrder(g, dfs)
		got, err := pickOrder(context.Background(), g, eng, keys, newSymbolGeometry(g, dfs.node), 2, dfs, hilbertOrder(g, dfs), cut)
		if err != nil {
			t.Fatal(err)
		}
		if got != cut {
			t.Errorf("%s: the sample picked depth-first or Hilbert order over the cut order", name)
		}
	}
}

// BenchmarkCutOrder measures the cut order alone, the cost it adds to a
// run-length build beside the sample that compares it.
func BenchmarkCutOrder(b *testing.B) {
	for _, lv := range slices.Concat(loadBenchLevels(b), loadLargeBenchLevels(b)) {
		dfs := newRunOrder(lv.g)
		b.Run(lv.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				cutOrder(lv.g, dfs)
			}
		})
	}
}
