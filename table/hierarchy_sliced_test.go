package table_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchySearchSliced checks that a HierarchySearch run in slices of
// 1, 7 and unbounded work answers every pair of the random grids' hierarchy
// tables (octile and 10/14, open and with cell costs, so directed
// hierarchies too) node for node as Hierarchy.AppendPath does, and that
// its work does not depend on the slices.
func TestHierarchySearchSliced(t *testing.T) {
	for _, lv := range append(mapstest.SmallLevels(t), mapstest.RandomLevels(t, 3)...) {
		tab, err := build.Build(context.Background(), lv.G, build.Options{Layout: table.LayoutHierarchy})
		if err != nil {
			continue // graphs get none
		}
		y := tab.Payload().(*table.Hierarchy)
		n := lv.G.Nodes()
		var h table.HierarchySearch
		for s := range n {
			for target := range n {
				want, wantCost, wantOK := y.AppendPath(tab, nil, s, target)
				works := map[int]bool{}
				for _, limit := range []int{1, 7, 1 << 30} {
					h.Begin(y, s, target)
					runs := 0
					for _, done := h.Run(limit); !done; _, done = h.Run(limit) {
						runs++
					}
					works[h.Work()] = true
					got, cost, ok := h.AppendPath(tab, nil)
					if ok != wantOK || cost != wantCost || !slices.Equal(got, want) {
						t.Fatalf("%s: %d→%d in slices of %d: %v %v %v, want %v %v %v", lv.Name, s, target, limit, got, cost, ok, want, wantCost, wantOK)
					}
					if limit == 1 && h.Work() > 1 && runs == 0 {
						t.Fatalf("%s: %d→%d: slices of 1 finished %d work in one Run", lv.Name, s, target, h.Work())
					}
				}
				if len(works) != 1 {
					t.Fatalf("%s: %d→%d: work depends on the slices: %v", lv.Name, s, target, works)
				}
			}
		}
	}
}

// A HierarchySearch runs a hierarchy query a slice of work at a time, as
// a game loop with a frame budget would.
func ExampleHierarchySearch() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "x.grid", []byte("....\n.##.\n....\n"), maps.Options{})
	tab, _ := build.Build(context.Background(), g, build.Options{Layout: table.LayoutHierarchy})
	y := tab.Payload().(*table.Hierarchy)
	var h table.HierarchySearch
	h.Begin(y, 0, 9) // top-left to bottom-right
	for _, done := h.Run(4); !done; _, done = h.Run(4) {
		// a frame passes
	}
	path, cost, ok := h.AppendPath(tab, nil)
	fmt.Println(path, fmt.Sprintf("%.3f", cost), ok)
	// Output: [0 4 6 7 8 9] 5.000 true
}
