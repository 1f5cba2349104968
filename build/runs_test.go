package build

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestRunsMatchFloydWarshall checks a run-length table on every pair of every
// small level, with each plan's rows (plain, seeded searches and the
// hierarchy's sweeps, forced onto them):
// distances (walked) equal Floyd-Warshall's and the flat table's, exactly on
// integer and octile levels, and every stored move starts a shortest path.
func TestRunsMatchFloydWarshall(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, b := range builders {
			t.Run(lv.Name+"/"+b.name, func(t *testing.T) {
				checkRunsMatch(t, lv, b.cuts)
			})
		}
	}
}

// checkRunsMatch is TestRunsMatchFloydWarshall for one level and plan.
func checkRunsMatch(t *testing.T, lv mapstest.Level, cuts shortcuts) {
	t.Helper()
	tab, err := buildTable(context.Background(), lv.G, Options{Workers: 2, Layout: table.LayoutRuns}, cuts)
	if err != nil {
		t.Fatal(err)
	}
	flat, err := Build(context.Background(), lv.G, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkFloydWarshall(t, lv, tab)
	n := lv.G.Nodes()
	exact := lv.G.Metric != maps.MetricFloat
	for s := range n {
		for tg := range n {
			got, ok := tab.Distance(s, tg)
			want, wok := flat.Distance(s, tg)
			if ok != wok || ok && (exact && got != want || !closeEnough(got, want)) {
				t.Fatalf("dist %d->%d = %v (%v), flat %v (%v)", s, tg, got, ok, want, wok)
			}
		}
	}
}

// TestRunsPlansAgree checks that a run-length table's bytes do not depend
// on the plan that computed its distance rows (plain or seeded searches,
// or sweeps) on levels whose distances are exact, so that the plan may be
// chosen for speed alone.
func TestRunsPlansAgree(t *testing.T) {
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		if lv.G.Metric == maps.MetricFloat {
			continue
		}
		var want []byte
		for _, b := range builders {
			tab, err := buildTable(context.Background(), lv.G, Options{Workers: 2, Layout: table.LayoutRuns}, b.cuts)
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
				t.Fatalf("%s: the %s plan wrote other bytes", lv.Name, b.name)
			}
		}
	}
}

// TestRunsDeterministic checks that the bytes do not depend on the workers.
func TestRunsDeterministic(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		var want []byte
		for _, workers := range []int{1, 2, 5} {
			tab, err := Build(context.Background(), lv.G, Options{Workers: workers, Layout: table.LayoutRuns})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if _, err := tab.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if want == nil {
				want = b.Bytes()
			} else if !bytes.Equal(b.Bytes(), want) {
				t.Fatalf("%s: %d workers wrote other bytes", lv.Name, workers)
			}
		}
	}
}

// TestRunsSmallerThanFlat checks that the layout compresses: under a
// quarter of the flat table's first-move bytes on an open grid, the worst
// case for a depth-first order.
func TestRunsSmallerThanFlat(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "open.grid", []byte(strings.Repeat(strings.Repeat(".", 40)+"\n", 30)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	n := g.Nodes()
	r := tab.Payload().(*table.Runs)
	if perNode := float64(len(r.Code.Starts)+len(r.Code.Moves)) / float64(n); perNode > 0.25*float64(n) || math.IsNaN(perNode) {
		t.Fatalf("%.1f run bytes per node for %d nodes", perNode, n)
	}
}
