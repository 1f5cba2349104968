package table_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyTarget checks every node's distance to every target, read
// from a HierarchyTarget of hierarchy tables of the random grids (octile
// and 10/14, open and with cell costs, so directed hierarchies too),
// against Dijkstra: one HierarchyTarget reset target after target (by
// Reset, or by Begin and Continue in slices), and
// the nodes asked in an order that climbs from scattered starts.
func TestHierarchyTarget(t *testing.T) {
	for _, lv := range append(mapstest.SmallLevels(t), mapstest.RandomLevels(t, 3)...) {
		tab, err := build.Build(context.Background(), lv.G, build.Options{Layout: table.LayoutHierarchy})
		if err != nil {
			continue // graphs get none
		}
		y := tab.Payload().(*table.Hierarchy)
		d := y.NewTarget()
		n := lv.G.Nodes()
		for target := range n {
			want := mapstest.DistancesTo(lv.G, int32(target))
			if target%2 == 0 {
				d.Reset(target)
			} else {
				// A slice at a time, as a frame budget runs it.
				for d.Begin(target); !d.Continue(3); {
					if d.Ready() {
						t.Fatalf("%s: %d: ready before Continue says done", lv.Name, target)
					}
				}
			}
			if d.Target() != target || !d.Ready() {
				t.Fatalf("%s: Target() = %d, want %d", lv.Name, d.Target(), target)
			}
			for i := range n {
				u := (i * 7919) % n // scattered, so later reads climb into known nodes
				if i%3 == 0 {
					for !d.Fill(u, 2) { // a slice at a time
					}
				}
				if got := d.Cost(d.Key(u)); !sameDist(got, want[u]) {
					t.Fatalf("%s: %d→%d: %v, want %v", lv.Name, u, target, got, want[u])
				}
			}
		}
	}
}

// sameDist compares two distances to float64 rounding of a sum.
func sameDist(a, b float64) bool {
	if a == b {
		return true
	}
	diff := a - b
	return diff < 1e-9*max(1, b) && -diff < 1e-9*max(1, b)
}

// A HierarchyTarget gives the distance of any node to one target from a
// hierarchy table, node by node: what a search of the changed level reads
// as its heuristic (the lookup package's overlays do, for doors).
func ExampleHierarchyTarget() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "x.grid", []byte("....\n.##.\n....\n"), maps.Options{})
	tab, _ := build.Build(context.Background(), g, build.Options{Layout: table.LayoutHierarchy})
	y := tab.Payload().(*table.Hierarchy)
	d := y.NewTarget()
	d.Reset(0) // the top-left cell
	for u := range 4 {
		fmt.Printf("%.3f ", d.Cost(d.Key(u)))
	}
	fmt.Println()
	// Output: 0.000 1.000 2.000 3.000
}
