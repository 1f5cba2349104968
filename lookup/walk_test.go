package lookup

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
)

// TestAppendByMoves checks the walk that layouts without target rows use
// against the row walk, pair by pair: on intact tables, and on tables
// whose first moves are random bytes (bad slots, cycles).
func TestAppendByMoves(t *testing.T) {
	for _, level := range []string{"../testdata/maze.grid", "../testdata/unreachable.grid", "../testdata/waypoints.json"} {
		lvl, err := maps.Load(level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		base, err := build.Build(context.Background(), lvl.Graph, build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for round := range 3 {
			tab := base.Clone()
			if round > 0 {
				first, _ := tab.Rows().Bytes()
				for i := range first {
					first[i] = byte(rng.IntN(4 + 4*round))
				}
			}
			lt := New(tab)
			for s := range lt.Len() {
				for d := range lt.Len() {
					want, wantOK := lt.AppendPath([]int{-1}, s, d)
					got, ok := lt.appendByMoves([]int{-1}, s, d)
					if ok != wantOK || !slices.Equal(got, want) {
						t.Fatalf("%s round %d: appendByMoves(%d, %d) = %v, %v; AppendPath = %v, %v",
							level, round, s, d, got, ok, want, wantOK)
					}
				}
			}
		}
	}
}
