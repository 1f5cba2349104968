package lookup

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
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
	for _, level := range []struct {
		name    string
		closed  int // one cell in closed is closed
		connect int
	}{{"open", 50, 8}, {"random", 5, 8}, {"random-4", 6, 4}} {
		rng := rand.New(rand.NewPCG(uint64(level.closed), 9))
		var sb strings.Builder
		for range 12 {
			for range 17 {
				sb.WriteByte(".#"[min(rng.IntN(level.closed), 1)^1])
			}
			sb.WriteByte('\n')
		}
		g, err := maps.ParseFormat(maps.FormatGrid, level.name+".grid", []byte(sb.String()), maps.Options{Moves: maps.Moves{Connect: level.connect}})
		if err != nil {
			t.Fatal(err)
		}
		base, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		rng = rand.New(rand.NewPCG(7, 8))
		for round := range 4 {
			tab := base.Clone()
			if round > 0 {
				randomMoves(tab, func() byte { return byte(rng.IntN(256)) })
			}
			lt := New(tab)
			w, ok := runsWalker(lt)
			if !ok || w.recs == nil {
				t.Fatalf("%s: a run-length table with boxes has no rank records", level.name)
			}
			recs := w.recs
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
			w.recs = recs
		}
	}
}
