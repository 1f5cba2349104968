package lookup_test

import (
	"context"
	"math"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestSearchMatchesTables: on random grids of every movement model, with
// and without dear cells, and on random graphs, Search finds for every pair
// a walk of the level whose cost is the flat table's distance (exactly on
// integer and octile levels), on the flat table and on a windowed one, and
// reports no path exactly where the flat table has none.
func TestSearchMatchesTables(t *testing.T) {
	for _, lv := range mapstest.RandomLevels(t, 11) {
		flat := buildAndLoad(t, lv.G)
		tables := []*lookup.Table{flat}
		if lv.G.Grid != nil {
			win, err := build.Build(context.Background(), lv.G, build.Options{Window: 2})
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, lookup.New(win))
		}
		exact := lv.G.Metric != maps.MetricFloat
		for _, lt := range tables {
			var buf []int
			for s := range lt.Len() {
				for d := range lt.Len() {
					want, wantOK := flat.Dist(s, d)
					var cost float64
					var ok bool
					buf, cost, ok = lt.Search(buf[:0], s, d)
					if ok != wantOK {
						t.Fatalf("%s window %d: %d -> %d: Search finds a path %v, the flat table %v", lv.Name, lt.Window(), s, d, ok, wantOK)
					}
					if !ok {
						continue
					}
					walk, walkOK := lt.Cost(buf)
					same := cost == want
					if !exact {
						same = math.Abs(cost-want) <= 1e-9*max(1, want)
					}
					if !same || !walkOK || buf[0] != s || buf[len(buf)-1] != d || math.Abs(walk-cost) > 1e-9*max(1, cost) {
						t.Fatalf("%s window %d: %d -> %d: Search's path %v costs %v (walked %v, %v), the flat table %v",
							lv.Name, lt.Window(), s, d, buf, cost, walk, walkOK, want)
					}
				}
			}
		}
	}
}

// TestSearchOutOfRange: bad indices report no path and leave buf alone.
func TestSearchOutOfRange(t *testing.T) {
	lt := buildAndLoad(t, mapstest.RandomLevels(t, 3)[0].G)
	buf := []int{7}
	for _, p := range [][2]int{{-1, 0}, {0, -1}, {lt.Len(), 0}, {0, lt.Len()}} {
		if got, _, ok := lt.Search(buf, p[0], p[1]); ok || len(got) != 1 {
			t.Errorf("Search(%d, %d) = %v, %v", p[0], p[1], got, ok)
		}
	}
}
