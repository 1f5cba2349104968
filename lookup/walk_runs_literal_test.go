package lookup

import (
	"slices"
	"testing"
)

// TestLiteralWalker checks that literal run-length tables get the
// literal walker, and its Next and paths against runWalker's, pair by
// pair: intact, and with stored moves replaced by random values (bad
// slots, cycles, a move for the node itself).
func TestLiteralWalker(t *testing.T) {
	for _, level := range []recTestLevel{
		{name: "open", closed: 50, connect: 8, literal: true},
		{name: "random", closed: 5, connect: 8, literal: true},
		{name: "random-4", closed: 6, connect: 4, literal: true},
	} {
		eachRecTable(t, level, 13, func(round int, lt *Table, w *runWalker) {
			if _, ok := lt.w.(litWalker); !ok {
				t.Fatalf("%s: a literal run-length table has walker %T", level.name, lt.w)
			}
			for s := range lt.Len() {
				for d := range lt.Len() {
					if got, want := lt.Next(s, d), w.next(s, d); got != want {
						t.Fatalf("%s round %d: Next(%d, %d) = %d, runWalker's %d", level.name, round, s, d, got, want)
					}
					got, gotOK := lt.AppendPath([]int{-1}, s, d)
					want, wantOK := w.path([]int{-1}, s, d)
					if gotOK != wantOK || !slices.Equal(got, want) {
						t.Fatalf("%s round %d: AppendPath(%d, %d) = %v, %v; runWalker's %v, %v",
							level.name, round, s, d, got, gotOK, want, wantOK)
					}
				}
			}
		})
	}
}
