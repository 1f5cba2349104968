package maps

import (
	"strings"
	"testing"
)

func TestGrid(t *testing.T) {
	const base = "; a comment\n.3#\n9.1\n"
	tests := []struct {
		name string
		in   string
	}{
		{"lf", base},
		{"crlf", strings.ReplaceAll(base, "\n", "\r\n")},
		{"no final newline", strings.TrimSuffix(base, "\n")},
		{"comments between rows", "; a\n.3#\n; b\n;\n9.1\n; c\n"},
		{"blank lines around", "\n\n; a\n.3#\n9.1\n\n \n\t\n"},
		{"blank line before a comment at the end", ".3#\n9.1\n\n; the end\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := parseGrid("t.grid", []byte(tc.in), DefaultMoves)
			if err != nil {
				t.Fatal(err)
			}
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			gr := g.Grid
			if gr.Width != 3 || gr.Height != 2 || g.Nodes() != 5 {
				t.Fatalf("%dx%d grid with %d nodes", gr.Width, gr.Height, g.Nodes())
			}
			wantCosts := []uint8{1, 3, 0, 9, 1, 1}
			for c, k := range wantCosts {
				if gr.Costs[c] != k {
					t.Errorf("cell %d costs %d, want %d", c, gr.Costs[c], k)
				}
			}
			// Moving onto the 9 costs 9, onto the 3 diagonally 3√2.
			if w := edgeCost(g, gr.NodeAt(1, 1), gr.NodeAt(0, 1)); w != 9 {
				t.Errorf("onto 9: %v", w)
			}
			if w := edgeCost(g, gr.NodeAt(0, 1), gr.NodeAt(1, 0)); w != 3*1.4142135623730951 {
				t.Errorf("diagonal onto 3: %v", w)
			}
		})
	}
}

func TestGridErrors(t *testing.T) {
	tests := []errCase{
		{"empty", "", nil, []string{"g.grid: no grid rows"}},
		{"only comments", "; a\n; b\n", nil, []string{"g.grid:2: no grid rows"}},
		{"zero", "..\n.0\n", ErrBadCell, []string{"g.grid:2:2:", "'0' at 1,1"}},
		{"moving ai char", "..@\n", ErrBadCell, []string{"g.grid:1:3:", "'@' at 2,0"}},
		{"comment counts for lines", "; c\n..\n.x\n", ErrBadCell, []string{"g.grid:3:2:", "'x' at 1,1"}},
		{"trailing space", "..\n.. \n", ErrBadCell, []string{"g.grid:2:3:", "' ' at 2,1"}},
		{"indented comment", "..\n ; c\n", ErrBadCell, []string{"g.grid:2:1:"}},
		{"short row", "...\n..\n", ErrRaggedRow, []string{"g.grid:2:3:", "row 1 has 2 cells, want 3"}},
		{"long row", "...\n....\n", ErrRaggedRow, []string{"g.grid:2:4:"}},
		{"blank between rows", "...\n\n...\n", ErrRaggedRow, []string{"g.grid:2:1:", "blank"}},
		{"blank then comment between rows", "...\n\n; c\n...\n", ErrRaggedRow, []string{"g.grid:2:1:"}},
		{"crlf", "...\r\n.x.\r\n", ErrBadCell, []string{"g.grid:2:2:"}},
		{"too wide", strings.Repeat(".", maxSide+1), ErrTooLarge, []string{"g.grid:1:"}},
		{"too tall", strings.Repeat(".\n", maxSide+1), ErrTooLarge, []string{"g.grid:32769:"}},
	}
	for _, tc := range tests {
		g, err := parseGrid("g.grid", []byte(tc.in), DefaultMoves)
		checkErr(t, tc, g, err)
	}
}

func TestGridBadMoves(t *testing.T) {
	for _, mv := range []Moves{{Connect: 6}, {Connect: 8, Diagonal: "1/1"}} {
		g, err := ParseFormat(FormatGrid, "b.grid", []byte("..\n"), Options{Moves: mv})
		checkErr(t, errCase{name: mv.String(), has: []string{"b.grid: unknown movement model"}}, g, err)
		g, err = ParseFormat(FormatMovingAI, "b.map", []byte(tinyMap), Options{Moves: mv})
		checkErr(t, errCase{name: mv.String(), has: []string{"b.map: unknown movement model"}}, g, err)
	}
}
