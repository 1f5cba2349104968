package build

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/internal/longtest"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
	"github.com/pathtable/pathtable/verify"
)

// TestPlanLevels builds the shared table's plan levels, which reach every
// plan's threshold with zero-cost edges, zero-cost cycles and isolated
// nodes, with every builder and layout, and checks every row against the
// reference: each stored distance and each walk of first moves costs what
// DistancesTo says, and no walk goes round in circles. Parts joined give
// the one-shot bytes; windowed grids pass verify on every pair. Every
// row is checked in the long tests (PATHTABLE_LONG=1), one row in ten
// otherwise; under -short only the zero-cost chain runs.
func TestPlanLevels(t *testing.T) {
	for _, tg := range mapstest.PlanLevels {
		if testing.Short() && tg.Name != "zero-chain.gr" {
			continue
		}
		t.Run(tg.Name, func(t *testing.T) {
			g := tg.Load(t)
			lv := mapstest.Level{Name: tg.Name, G: g}
			var tabs []namedTable
			for _, b := range builders[:2] { // the default plan sweeps these levels
				tab, err := buildTable(context.Background(), g, Options{}, b.cuts)
				if err != nil {
					t.Fatal(err)
				}
				tabs = append(tabs, namedTable{b.name, tab})
			}
			for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
				tabs = append(tabs, namedTable{layoutName(layout), checkJoinedParts(t, lv, layout, 3)})
			}
			step := 1
			if !longtest.Enabled() { // every row is a long test; -short too takes one in ten
				step = 10
			}
			checkRowsAgainstReference(t, lv, tabs, step)
			if g.Grid == nil {
				return
			}
			for _, delta := range []int{1, 5} {
				tab, err := Build(context.Background(), g, Options{Window: delta})
				if err != nil {
					t.Fatalf("window %d: %v", delta, err)
				}
				rep, err := verify.Table(context.Background(), tab, g, verify.Options{Pairs: verify.AllPairs})
				if err != nil {
					t.Fatalf("window %d: %v", delta, err)
				}
				if !rep.OK() {
					t.Errorf("window %d: %d of %d pairs fail; first %v", delta, rep.Failed, rep.Pairs, rep.Mismatches)
				}
			}
		})
	}
}

type namedTable struct {
	name string
	tab  *table.Table
}

// checkJoinedParts builds lv in k parts of the layout, joins them, checks
// that the bytes are the one-shot table's, and returns that table.
func checkJoinedParts(t *testing.T, lv mapstest.Level, layout table.Layout, k int) *table.Table {
	t.Helper()
	lvl := levelOf(lv)
	one, err := BuildLevel(context.Background(), lvl, Options{Layout: layout})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	names := make([]string, k)
	heads := make([]*table.PartHeader, k)
	for i := range k {
		p, err := BuildPart(context.Background(), lvl, Options{Layout: layout}, i, k)
		if err != nil {
			t.Fatalf("part %d of %d: %v", i, k, err)
		}
		names[i] = filepath.Join(dir, fmt.Sprintf("%d.ptpart", i))
		if err := writePart(names[i], p); err != nil {
			t.Fatal(err)
		}
		if heads[i], err = table.ReadPartHeader(names[i]); err != nil {
			t.Fatal(err)
		}
	}
	set, err := table.CheckParts(names, heads)
	if err != nil {
		t.Fatal(err)
	}
	joined, err := set.Join(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(writeTable(t, joined), writeTable(t, one)) {
		t.Fatalf("%s in %d parts: the joined table is not the one-shot table", layoutName(layout), k)
	}
	return one
}

// checkRowsAgainstReference checks every step-th row of each table of lv
// against DistancesTo: reachability, the stored distance on flat tables,
// and the walk of first moves from every source, which must end at the
// target at the reference's cost. O((E + V) log V) per row for the
// reference, O(V) per row and table.
func checkRowsAgainstReference(t *testing.T, lv mapstest.Level, tabs []namedTable, step int) {
	t.Helper()
	g := lv.G
	n := g.Nodes()
	walk := make([]float64, n) // walk cost of each source's first moves, NaN until known
	var path []int
	for target := 0; target < n; target += step {
		want := mapstest.DistancesTo(g, int32(target))
		for _, nt := range tabs {
			tab := nt.tab
			for s := range walk {
				walk[s] = math.NaN()
			}
			walk[target] = 0
			for s := range n {
				m := tab.Move(s, target)
				if reach := !math.IsInf(want[s], 1); (m != table.NoMove) != (reach && s != target) {
					t.Fatalf("%s: %s -> %s: move %d, want a move %v", nt.name, g.NodeName(int32(s)), g.NodeName(int32(target)), m, reach && s != target)
				}
				if tab.Layout == table.LayoutFlat {
					d, ok := tab.Distance(s, target)
					if ok != !math.IsInf(want[s], 1) || ok && !closeEnough(d, want[s]) {
						t.Fatalf("%s: %s -> %s: stored %v, want %v", nt.name, g.NodeName(int32(s)), g.NodeName(int32(target)), d, want[s])
					}
				}
				if m == table.NoMove {
					continue
				}
				// Walk until a node whose walk cost is known, then add up
				// back along the way.
				path = path[:0]
				for u := s; math.IsNaN(walk[u]); {
					path = append(path, u)
					if len(path) > n {
						t.Fatalf("%s: the walk %s -> %s goes round in circles", nt.name, g.NodeName(int32(s)), g.NodeName(int32(target)))
					}
					mu := tab.Move(u, target)
					if mu == table.NoMove {
						t.Fatalf("%s: the walk %s -> %s stops at %s", nt.name, g.NodeName(int32(s)), g.NodeName(int32(target)), g.NodeName(int32(u)))
					}
					u = int(g.Targets[g.Offsets[u]+int32(mu)])
				}
				for i := len(path) - 1; i >= 0; i-- {
					u := path[i]
					e := g.Offsets[u] + int32(tab.Move(u, target))
					walk[u] = g.Weights[e] + walk[g.Targets[e]]
				}
				if !closeEnough(walk[s], want[s]) {
					t.Fatalf("%s: the walk %s -> %s costs %v, want %v", nt.name, g.NodeName(int32(s)), g.NodeName(int32(target)), walk[s], want[s])
				}
			}
		}
	}
}

// TestPlanLevelsTakeEveryPlan checks that the plan levels reach the plans
// they are there for: flat integer and octile levels are swept (one with
// hop keys), the float one is searched.
func TestPlanLevelsTakeEveryPlan(t *testing.T) {
	swept, hopKeys, searched := 0, 0, 0
	for _, tg := range mapstest.PlanLevels {
		g := tg.Load(t)
		h, err := Plan(g)
		if err != nil {
			t.Fatal(err)
		}
		hier, err := hierarchyFor(context.Background(), g, h.DistKind, allShortcuts, 2)
		switch {
		case err != nil:
			t.Fatal(err)
		case hier == nil:
			searched++
		case hier.hopScale != 0:
			hopKeys++
		default:
			swept++
		}
		if g.Metric == maps.MetricFloat && hier != nil {
			t.Errorf("%s: float level swept", tg.Name)
		}
	}
	if swept == 0 || hopKeys == 0 || searched == 0 {
		t.Errorf("swept %d, on hop keys %d, searched %d: a plan goes untested", swept, hopKeys, searched)
	}
}
