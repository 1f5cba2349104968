package build

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// multiBlockLevels are grids of a few blocks of targets, so that rows are
// seeded across block boundaries and shards start inside blocks, and two
// graphs with wide integer distances.
func multiBlockLevels(t *testing.T) []mapstest.Level {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	var levels []mapstest.Level
	for i, m := range []maps.Moves{{Connect: 8, Diagonal: maps.DiagonalSqrt2}, {Connect: 8, Diagonal: maps.Diagonal1014}, {Connect: 4}} {
		for _, costs := range []bool{false, true} {
			text := mapstest.RandomGrid(r, 31, 23, 0.25, mixedIf(costs))
			g, err := maps.ParseFormat(maps.FormatGrid, "r.grid", []byte(text), maps.Options{Moves: m})
			if err != nil {
				t.Fatal(err)
			}
			if g.Nodes() <= blockRows {
				t.Fatalf("level %d has %d nodes, not more than a block", i, g.Nodes())
			}
			levels = append(levels, mapstest.Level{Name: fmt.Sprintf("31x23-%v-costs=%v", m, costs), G: g})
		}
	}
	// Integer graphs whose distances need 32 and 64 bits.
	for _, scale := range []float64{1e4, 1.5e8} {
		g := mapstest.RandomGraph(r, 60, true)
		for i := range g.Weights {
			g.Weights[i] *= scale
		}
		levels = append(levels, mapstest.Level{Name: fmt.Sprintf("graph-costs-x%g", scale), G: g})
	}
	return levels
}

// TestPlansKeepDistances checks seeded and swept rows against plain
// searches: every distance byte equal, and every first move, where they
// differ on ties, still the start of a shortest path.
func TestPlansKeepDistances(t *testing.T) {
	kinds := map[table.DistKind]bool{}
	defer func() {
		for _, k := range []table.DistKind{table.DistOctile16, table.DistU16, table.DistU32, table.DistU64} {
			if !kinds[k] {
				t.Errorf("no level with %s distances", k)
			}
		}
	}()
	for _, lv := range multiBlockLevels(t) {
		plain, err := buildTable(context.Background(), lv.G, Options{}, shortcuts{prune: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range builders[1:] {
			tab, err := buildTable(context.Background(), lv.G, Options{}, b.cuts)
			if err != nil {
				t.Fatal(err)
			}
			checkSameDistances(t, lv, b.name, tab, plain)
		}
		kinds[plain.DistKind] = true
	}
}

// checkSameDistances checks tab against plain, a table of plain searches.
func checkSameDistances(t *testing.T, lv mapstest.Level, plan string, tab, plain *table.Table) {
	t.Helper()
	_, got := tab.Payload().(*table.Flat).Rows().Bytes()
	if _, want := plain.Payload().(*table.Flat).Rows().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("%s: %s rows changed a distance", lv.Name, plan)
	}
	n := lv.G.Nodes()
	for tg := int32(0); int(tg) < n; tg++ {
		for s := int32(0); int(s) < n; s++ {
			want, ok := tab.Distance(int(s), int(tg))
			if !ok || s == tg {
				if m := tab.Payload().(*table.Flat).FirstRow(int(tg))[s]; m != plain.Payload().(*table.Flat).FirstRow(int(tg))[s] {
					t.Fatalf("%s: %d->%d has move %d, want none", lv.Name, s, tg, m)
				}
				continue
			}
			if got := walkFirstMoves(t, lv.G, tab, s, tg); !closeEnough(got, want) {
				t.Fatalf("%s: %s walk %d->%d costs %v, distance %v", lv.Name, plan, s, tg, got, want)
			}
		}
	}
}

// TestShardsInsideBlocks checks ranges that start and end inside blocks
// of seeded rows and batches of swept ones.
func TestShardsInsideBlocks(t *testing.T) {
	for _, lv := range multiBlockLevels(t)[:2] {
		for _, b := range builders[1:] {
			whole, err := buildTable(context.Background(), lv.G, Options{}, b.cuts)
			if err != nil {
				t.Fatal(err)
			}
			n := lv.G.Nodes()
			first, dist := buildShards(t, lv.G, b.cuts, [][2]int{{0, 100}, {100, blockRows + 7}, {blockRows + 7, blockRows + 8}, {blockRows + 8, n}})
			if !holds(whole, first, dist) {
				t.Errorf("%s: %s shards differ from the whole table", lv.Name, b.name)
			}
		}
	}
}
