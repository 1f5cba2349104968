package build

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// isolatedGraph is a level of n nodes and no edge (a 15-byte .gr file).
func isolatedGraph(t testing.TB, n int) *maps.Graph {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatDIMACS, "isolated.gr", fmt.Appendf(nil, "p sp %d 0\n", n), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkerboard is a grid whose open cells touch only diagonally, so that
// no move is possible (no corner cutting): every cell is its own
// component.
func checkerboard(t testing.TB, w, h int) *maps.Graph {
	t.Helper()
	var sb strings.Builder
	for y := range h {
		for x := range w {
			sb.WriteByte(".#"[(x+y)%2])
		}
		sb.WriteByte('\n')
	}
	g, err := maps.ParseFormat(maps.FormatGrid, "checker.grid", []byte(sb.String()), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRowsCostWhatTheyReach checks that the row engine's work for a row
// is what its source reaches, not the level's size, on every plan: on
// levels of isolated nodes, whose every row reaches only its source, all
// rows together must touch O(V) entries. Engines that sweep or reset whole
// rows touch V² (1,048,576 isolated nodes took 73 minutes).
func TestRowsCostWhatTheyReach(t *testing.T) {
	levels := []mapstest.Level{
		{Name: "isolated-5000", G: isolatedGraph(t, 5000)},
		{Name: "isolated-70000", G: isolatedGraph(t, 70000)}, // past what the search numbers: forward searches
		{Name: "checkerboard-100x100", G: checkerboard(t, 100, 100)},
	}
	for _, lv := range levels {
		for _, b := range builders {
			t.Run(lv.Name+"/"+b.name, func(t *testing.T) {
				g := lv.G
				n := g.Nodes()
				h, err := PlanLayout(g, table.LayoutRuns)
				if err != nil {
					t.Fatal(err)
				}
				keys := make([]float64, g.Edges())
				eng, err := newRowEngine(context.Background(), g, h.DistKind, keys, b.cuts, 2)
				if err != nil {
					t.Fatal(err)
				}
				o := newRunOrder(g)
				eng.setOrder(o)
				w := eng.worker()
				for lo := 0; lo < n; lo += blockRows {
					w.compute(o.node[lo:min(n, lo+blockRows)])
				}
				if w.work > 16*n {
					t.Fatalf("rows of %d isolated nodes touched %d entries, %.0f per row", n, w.work, float64(w.work)/float64(n))
				}
			})
		}
	}
}

// TestRunsIsolatedNodes builds the run-length table of 524,288 isolated
// nodes, which took minutes while every row cost the level's size (a test
// timeout), and checks sampled pairs: no path, no move. Skipped under
// -short: it allocates a few hundred MB.
func TestRunsIsolatedNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a table of 524,288 nodes")
	}
	g := isolatedGraph(t, 1<<19)
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		s, tg := r.IntN(g.Nodes()), r.IntN(g.Nodes())
		if m := tab.Move(s, tg); m != table.NoMove {
			t.Fatalf("%d->%d: move %d between isolated nodes", s, tg, m)
		}
		if _, ok := tab.Distance(s, tg); ok != (s == tg) {
			t.Fatalf("%d->%d: reachable %v", s, tg, ok)
		}
	}
}
