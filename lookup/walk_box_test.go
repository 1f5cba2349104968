package lookup

import (
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestNodeArms checks every node's arms against a scan of the cells, on
// random grids with open-box tables: an arm too short would skip an open
// box's rule, which the walks' tests catch only where it matters.
func TestNodeArms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for _, walls := range []float64{0, 0.1, 0.4} {
		w, h := 300, 7 // arms past armMax along x
		text := mapstest.RandomGrid(r, w, h, walls, nil)
		tab := gridTable(t, "arms.grid", text, maps.Options{}, build.Options{Layout: table.LayoutRuns})
		lt := New(tab)
		b := mustRunsWalker(t, lt).box
		if b == nil {
			t.Fatalf("encoding %q: no open-box rule", tab.FirstEnc)
		}
		open := func(x, y int) bool { _, ok := lt.NodeAt(x, y); return ok }
		for u := range lt.Len() {
			x, y, _ := lt.XY(u)
			var want uint32
			for k, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				n := uint32(0)
				for open(x+int(n+1)*d[0], y+int(n+1)*d[1]) && n < armMax {
					n++
				}
				want |= n << (8 * k)
			}
			w := mustRunsWalker(t, lt)
			if got := b.arms[w.rank[u]]; got != want {
				t.Fatalf("walls %v: node %d at (%d,%d): arms %08x, want %08x", walls, u, x, y, got, want)
			}
			if w.nodes[u].arms != want {
				t.Fatalf("walls %v: node %d: arms of its record differ", walls, u)
			}
		}
	}
}
