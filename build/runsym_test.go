package build

import (
	"context"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestSymRowsGreedy checks that symbol rows take as few runs as the greedy
// over value sets, computed plainly from a flat table's distances: a run
// extends while some value (an optimal slot, or H_k naming one) is optimal
// for each of its targets. A row may take one run fewer (its row wraps),
// never more. Open-box targets (table.Boxes) are wildcards, as the source
// is. Integer-cost grids whose pairs all connect, so that every
// row spans every target and the sums compare exactly.
func TestSymRowsGreedy(t *testing.T) {
	tested := 0
	for _, lv := range mapstest.SmallLevels(t) {
		g := lv.G
		if g.Grid == nil || g.Metric != maps.MetricInt {
			continue
		}
		tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		n := g.Nodes()
		if tab.ReachablePairs() != int64(n)*int64(n-1) {
			continue
		}
		flat, err := Build(context.Background(), g, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		r := tab.Payload().(*table.Runs)
		geo := newSymbolGeometry(g, r.Order)
		if geo == nil {
			t.Fatalf("%s: no symbol geometry", lv.Name)
		}
		tested++
		for s := range int32(n) {
			sx, sy := g.Grid.XY(s)
			var set uint16 // the open run's values
			want := 0
			for _, tg := range r.Order {
				if tg == s || tab.BoxOpen(int(s), int(tg)) {
					continue // wildcards: the source, and open-box targets
				}
				d, _ := flat.Distance(int(s), int(tg))
				tx, ty := g.Grid.XY(tg)
				var rank [8]uint8
				geo.dirs[s].Ranks(tx-sx, ty-sy, &rank)
				var own uint16
				for j, e := 0, g.Offsets[s]; e < g.Offsets[s+1]; j, e = j+1, e+1 {
					dv, _ := flat.Distance(int(g.Targets[e]), int(tg))
					if g.Targets[e] != s && g.Weights[e]+dv == d {
						own |= 1 << j
						if int(rank[j]) <= table.MaxSymbolRank-table.JumpValues { // the top values are J_n's
							own |= 1 << (table.SymbolBase + int(rank[j]) - 1)
						}
						if geo.dirs[s].JumpSlot(tx-sx, ty-sy) == uint8(j) {
							own |= 1 << (table.SymbolBase + table.MaxSymbolRank - 1)
						}
						if geo.dirs[s].JumpSlotN(2, tx-sx, ty-sy) == uint8(j) {
							own |= 1 << (table.SymbolBase + table.MaxSymbolRank - 2)
						}
					}
				}
				if set&own == 0 {
					want++
					set = own
				} else {
					set &= own
				}
			}
			rs := r.Rank[s]
			got := int(r.RowStart[rs+1] - r.RowStart[rs])
			if got > want || got < want-1 {
				t.Fatalf("%s: source %d takes %d runs, the greedy %d", lv.Name, s, got, want)
			}
		}
	}
	if tested == 0 {
		t.Skip("no integer-cost grid with every pair connected")
	}
}
