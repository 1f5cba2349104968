package table_test

import (
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// hierarchySeeds are hierarchy tables of small grids in format 3: octile
// and 4-connected 10/14, open, with walls, unreachable pairs and cell
// costs (a directed hierarchy, "up32d").
func hierarchySeeds(tb testing.TB) [][]byte {
	levels := []struct {
		text string
		opt  maps.Options
	}{
		{"...\n.#.\n...\n", maps.Options{}},
		{"....\n.#.#\n....\n", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}},
		{"..#..\n", maps.Options{}},
		{".3.\n2#9\n..5\n", maps.Options{}},
	}
	var seeds [][]byte
	for _, l := range levels {
		t, err := rbBuildLevelWith(tb, maps.FormatGrid, l.text, l.opt, build.Options{Layout: table.LayoutHierarchy})
		if err != nil {
			tb.Fatal(err)
		}
		seeds = append(seeds, rbEncode(tb, t))
	}
	return seeds
}

// TestHierarchySeedsDirected checks that the seeds hold both encodings.
func TestHierarchySeedsDirected(t *testing.T) {
	encs := map[string]bool{}
	for _, s := range hierarchySeeds(t) {
		tab, err := table.Decode(s)
		if err != nil {
			t.Fatal(err)
		}
		encs[tab.FirstEnc] = true
	}
	if !encs[table.FirstEncHierarchy] || !encs[table.FirstEncHierarchyDirected] {
		t.Fatalf("seed encodings %v: want both", encs)
	}
}

// FuzzDecodeHierarchyChecked is FuzzDecodeChecked for hierarchy tables:
// the header, cells, order, arcs' offsets and arcs behind a correct
// checksum. A table that decodes must answer every pair without panicking
// or looping (rbDecodeExercise), whatever its arcs claim.
//
//	go test ./table -run '^$' -fuzz FuzzDecodeHierarchyChecked -fuzztime 30s
func FuzzDecodeHierarchyChecked(f *testing.F) {
	for _, s := range hierarchySeeds(f) {
		b := rbSplitDoc(f, s).bins
		f.Add(b[0], b[1], b[2], b[3], b[4], b[5])
	}
	f.Fuzz(func(t *testing.T, header, open, costs, order, up, arcs []byte) {
		data := rbRawDoc(table.Magic, table.VersionCells, [][]byte{header, open, costs, order, up, arcs})
		rbDecodeExercise(t, data)
	})
}

// TestHierarchyDamage checks that damage behind a good checksum is an
// error, not a panic: each byte of the payload bins of a seed in turn.
func TestHierarchyDamage(t *testing.T) {
	for _, s := range hierarchySeeds(t) {
		b := rbSplitDoc(t, s).bins
		for k := 3; k < 6; k++ {
			for i := range b[k] {
				bins := append([][]byte(nil), b...)
				bins[k] = append([]byte(nil), b[k]...)
				bins[k][i] ^= 0xA5
				rbDecodeExercise(t, rbRawDoc(table.Magic, table.VersionCells, bins))
			}
		}
	}
}
