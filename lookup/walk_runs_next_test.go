package lookup

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestNodeRecs checks Next by node records against Next by the walker's
// arrays (runWalker.next), pair by pair, on run-length tables with open boxes,
// one of them with rows that cover their component: intact, and with
// stored moves replaced by random values (symbols, bad slots). It also
// holds a record to a cache line.
func TestNodeRecs(t *testing.T) {
	if s := unsafe.Sizeof(nodeRec{}); s != 64 {
		t.Fatalf("a node record takes %d bytes, want 64", s)
	}
	for _, level := range []recTestLevel{{"open", 50, 8, false, false}, {"random", 5, 8, false, false}, {"random-4", 6, 4, false, false}, {"parts", 2, 8, true, false}} {
		eachRecTable(t, level, 11, func(round int, lt *Table, w *runWalker) {
			if w.nodes == nil {
				t.Fatalf("%s: a run-length table with boxes has no node records", level.name)
			}
			for s := range lt.Len() {
				for d := range lt.Len() {
					if got, want := lt.Next(s, d), w.next(s, d); got != want {
						t.Fatalf("%s round %d: Next(%d, %d) by records = %d, by arrays %d", level.name, round, s, d, got, want)
					}
				}
			}
		})
	}
}

// runsWalker returns lt's run-length walker, with node records or not.
func runsWalker(lt *Table) (*runWalker, bool) {
	switch w := lt.w.(type) {
	case *runWalker:
		return w, true
	case recWalker:
		return w.runWalker, true
	case litWalker:
		return w.runWalker, true
	}
	return nil, false
}

// mustRunsWalker is runsWalker, failing t where lt has none.
func mustRunsWalker(t *testing.T, lt *Table) *runWalker {
	t.Helper()
	w, ok := runsWalker(lt)
	if !ok {
		t.Fatal("not a run-length table")
	}
	return w
}

// recTestLevel is a small generated grid level of the records' tests.
type recTestLevel struct {
	name    string
	closed  int // one cell in closed is closed
	connect int
	comps   bool // rows must cover their component
	literal bool // rows store slots only (build.Options.Literal)
}

// eachRecTable builds level's run-length table (its cells drawn with
// seed) and calls f on it intact, then on three copies whose stored
// moves are replaced by random values (symbols, bad slots, cycles), each
// with its run-length walker.
func eachRecTable(t *testing.T, level recTestLevel, seed uint64, f func(round int, lt *Table, w *runWalker)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(level.closed), seed))
	var sb strings.Builder
	for range 12 {
		for range 17 {
			sb.WriteByte(".#"[min(rng.IntN(level.closed), 1)^1])
		}
		sb.WriteByte('\n')
	}
	base := gridTable(t, level.name+".grid", sb.String(), maps.Options{Moves: maps.Moves{Connect: level.connect}},
		build.Options{Layout: table.LayoutRuns, Literal: level.literal})
	if level.comps && !base.RunComps() {
		t.Fatalf("%s: encoding %q, want rows that cover their component", level.name, base.FirstEnc)
	}
	rng = rand.New(rand.NewPCG(7, 8))
	for round := range 4 {
		tab := base.Clone()
		if round > 0 {
			randomMoves(tab, func() byte { return byte(rng.IntN(256)) })
		}
		lt := New(tab)
		w, ok := runsWalker(lt)
		if !ok {
			t.Fatalf("%s: not a run-length table", level.name)
		}
		f(round, lt, w)
	}
}
