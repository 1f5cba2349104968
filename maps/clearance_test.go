package maps_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// checkFootprint compares Footprint of the grid text with the oracle's
// cell-by-cell footprint costs.
func checkFootprint(t *testing.T, text string, k int) {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatGrid, "f.grid", []byte(text), maps.Options{})
	if err != nil {
		t.Skip(err) // the fuzzer's text is not a level
	}
	gr := g.Grid
	got := maps.Footprint(gr.Width, gr.Height, gr.Costs, k)
	for c := range got {
		x, y := c%gr.Width, c/gr.Width
		if want := mapstest.AgentCost(gr, x, y, max(k, 1)); got[c] != want {
			t.Fatalf("k=%d: Footprint at %d,%d = %d, want %d, of\n%s", k, x, y, got[c], want, text)
		}
	}
}

// TestFootprint checks Footprint against footprints looked at cell by
// cell, on random grids of every shape up to 12x12 with walls and mixed
// costs, for agents from 1 cell to larger than the grid.
func TestFootprint(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 24))
	for range 200 {
		w, h := 1+r.IntN(12), 1+r.IntN(12)
		text := mapstest.RandomGrid(r, w, h, r.Float64()*0.3, mapstest.MixedCosts)
		for k := 0; k <= max(w, h)+1; k++ {
			checkFootprint(t, text, k)
		}
	}
}

// FuzzFootprint checks Footprint against the oracle on any grid.
func FuzzFootprint(f *testing.F) {
	f.Add("..#.\n1239\n9.#.\n", 2)
	f.Add("....\n....\n", 3)
	f.Add("#\n", 1)
	f.Fuzz(func(t *testing.T, text string, k int) {
		if k < 0 || k > 40 || len(text) > 4096 {
			return
		}
		checkFootprint(t, text, k)
	})
}

// TestClearanceLevel loads levels for larger agents: the graph is the
// footprint grid's, and a level no agent of that size fits is refused in
// one line naming the file.
func TestClearanceLevel(t *testing.T) {
	const room = "....#\n....#\n..#..\n.....\n"
	tests := []struct {
		name, file, text string
		k                int
		nodes            int    // when no error
		err              string // a part of the error
	}{
		{"one cell", "a.grid", room, 1, 17, ""},
		{"zero is one cell", "a.grid", room, 0, 17, ""},
		{"2x2", "a.grid", room, 2, 6, ""},
		{"3x3", "a.grid", room, 3, 0, "a.grid: bad clearance: no cell is open to a 3x3 agent"},
		{"larger than the grid", "a.grid", room, 6, 0, "a.grid: bad clearance: a 6x6 agent does not fit the 5x4 grid"},
		{"negative", "a.grid", room, -1, 0, "a.grid: bad clearance: the agent's side must be at least 1 cell, not -1"},
		{"absurd", "a.grid", room, maps.MaxClearance + 1, 0, "larger than any grid"},
		{"graph", "g.gr", "p sp 2 1\na 1 2 3\n", 2, 0, "g.gr: bad clearance: clearance 2 applies to grid levels (.map, .grid), not to a gr graph"},
		{"graph, one cell", "g.gr", "p sp 2 1\na 1 2 3\n", 1, 2, ""},
		{"moving ai", "m.map", "type octile\nheight 3\nwidth 3\nmap\n..@\n...\n...\n", 2, 3, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lvl, err := maps.ParseLevel(tc.file, []byte(tc.text), maps.Options{Clearance: tc.k})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, maps.ErrClearance) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want one line holding %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := lvl.Graph.Nodes(); n != tc.nodes {
				t.Fatalf("%d nodes, want %d", n, tc.nodes)
			}
			if gr := lvl.Graph.Grid; gr != nil && max(gr.Clearance, 1) != max(tc.k, 1) {
				t.Fatalf("Grid.Clearance %d, want %d", gr.Clearance, tc.k)
			}
		})
	}
}

// TestAgentNodeNames: a cell open to a one-cell agent but not to a larger
// one is named too narrow, not a wall.
func TestAgentNodeNames(t *testing.T) {
	g, err := maps.Parse("a.grid", []byte("...\n..#\n...\n"), maps.Options{Clearance: 2})
	if err != nil {
		t.Fatal(err)
	}
	if u, err := g.Node("0,0"); err != nil || u != 0 {
		t.Fatalf("0,0: %d, %v", u, err)
	}
	_, err = g.Node("1,1")
	if want := "cell 1,1 is too narrow for a 2x2 agent (it would cover 1,1 to 2,2)"; err == nil || err.Error() != want {
		t.Fatalf("1,1: %v, want %q", err, want)
	}
}

// A 2x2 agent on a grid with a one-cell gap: it stands on the top-left
// cell of its footprint, so only cells with a free 2x2 square below and
// to the right are open to it, and each costs its footprint's dearest
// cell.
func ExampleFootprint() {
	level := "" +
		"..#..\n" +
		"..#..\n" +
		"...3.\n" +
		".....\n"
	g, err := maps.Parse("gap.grid", []byte(level), maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	gr := g.Grid
	fp := maps.Footprint(gr.Width, gr.Height, gr.Costs, 2)
	for y := range gr.Height {
		fmt.Println(fp[y*gr.Width : (y+1)*gr.Width])
	}
	// Output:
	// [1 0 0 1 0]
	// [1 0 0 3 0]
	// [1 1 3 3 0]
	// [0 0 0 0 0]
}

// BenchmarkFootprint derives the footprint grid of a 1024x1024 grid with
// one wall in ten, for agents of several sides: O(w·h) whatever K.
func BenchmarkFootprint(b *testing.B) {
	const side = 1024
	text := mapstest.RandomGrid(rand.New(rand.NewPCG(1, 1)), side, side, 0.1, mapstest.FewCosts)
	g, err := maps.ParseFormat(maps.FormatGrid, "big.grid", []byte(text), maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	gr := g.Grid
	for _, k := range []int{2, 4, 16} {
		b.Run(fmt.Sprintf("k%d", k), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				maps.Footprint(gr.Width, gr.Height, gr.Costs, k)
			}
		})
	}
}
