package table_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyBound checks the bound a hierarchy query prunes by, on
// generated grids under every movement model, open and with cell costs:
// between every two nodes it is no more than the distance a flat table of
// the level stores, and equal to it between some (a bound too low would
// prune nothing; one too high would lose answers).
func TestHierarchyBound(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 3))
	for _, m := range mapstest.Models {
		for _, costs := range []func(*rand.Rand) byte{nil, mapstest.FewCosts} {
			text := mapstest.RandomGrid(r, 14, 12, 0.2, costs)
			t.Run(fmt.Sprintf("%d-%s-costs=%v", m.Connect, m.Diagonal, costs != nil), func(t *testing.T) {
				tab, err := rbBuildLevelWith(t, maps.FormatGrid, text, maps.Options{Moves: m}, build.Options{Layout: table.LayoutHierarchy})
				if err != nil {
					t.Fatal(err)
				}
				flat, err := rbBuildLevelWith(t, maps.FormatGrid, text, maps.Options{Moves: m}, build.Options{Layout: table.LayoutFlat})
				if err != nil {
					t.Fatal(err)
				}
				y := tab.Payload().(*table.Hierarchy)
				tight := 0
				for s := range tab.Nodes {
					for target := range tab.Nodes {
						b, ok := table.HierarchyBound(y, tab, s, target)
						d, reach := flat.Distance(s, target)
						switch {
						case !ok:
							t.Fatal("a grid level has no bound")
						case reach && b > d+1e-9:
							t.Fatalf("%d→%d: bound %v above the distance %v", s, target, b, d)
						case reach && b >= d-1e-9 && s != target:
							tight++
						}
					}
				}
				if tight == 0 {
					t.Error("the bound is below every distance")
				}
			})
		}
	}
}
