package lookup

import (
	"slices"
	"testing"
	"unsafe"
)

// TestRankRecs checks the walk by rank records (recPath) against the walk
// by the walker's arrays (boxPath without records), pair by pair, on
// run-length tables with open boxes: intact, and with stored moves
// replaced by random values (symbols, bad slots, cycles). It also holds
// a record to half a cache line.
func TestRankRecs(t *testing.T) {
	if s := unsafe.Sizeof(rankRec{}); s != 32 {
		t.Fatalf("a rank record takes %d bytes, want 32", s)
	}
	for _, level := range []recTestLevel{{"open", 50, 8, false, false}, {"random", 5, 8, false, false}, {"random-4", 6, 4, false, false}} {
		eachRecTable(t, level, 9, func(round int, lt *Table, w *runWalker) {
			if w.recs == nil {
				t.Fatalf("%s: a run-length table with boxes has no rank records", level.name)
			}
			recs := w.recs
			defer func() { w.recs = recs }()
			for s := range lt.Len() {
				for d := range lt.Len() {
					w.recs = recs
					got, gotOK := lt.AppendPath([]int{-1}, s, d)
					w.recs = nil
					want, wantOK := lt.AppendPath([]int{-1}, s, d)
					if gotOK != wantOK || !slices.Equal(got, want) {
						t.Fatalf("%s round %d: AppendPath(%d, %d) by records = %v, %v; by arrays %v, %v",
							level.name, round, s, d, got, gotOK, want, wantOK)
					}
				}
			}
		})
	}
}
