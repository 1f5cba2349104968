package maps

import (
	"math"
	"runtime"
	"strings"
	"testing"
)

const tinyMap = "type octile\nheight 3\nwidth 4\nmap\n.G@.\nS.T.\n..W.\n"

func TestMovingAI(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		nodes int
	}{
		{"lf", tinyMap, 9},
		{"crlf", strings.ReplaceAll(tinyMap, "\n", "\r\n"), 9},
		{"no final newline", strings.TrimSuffix(tinyMap, "\n"), 9},
		{"trailing blank lines", tinyMap + "\n\n  \r\n", 9},
		{"width first", "type octile\nwidth 4\nheight 3\nmap\n.G@.\nS.T.\n..W.\n", 9},
		{"byte order mark", "\xef\xbb\xbf" + tinyMap, 9},
		{"all blocked", "type octile\nheight 1\nwidth 2\nmap\n@T\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := parseMovingAI("t.map", []byte(tc.in), DefaultMoves)
			if err != nil {
				t.Fatal(err)
			}
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			if g.Nodes() != tc.nodes {
				t.Errorf("%d nodes, want %d", g.Nodes(), tc.nodes)
			}
			if g.Metric != MetricOctile || g.Grid.Moves != DefaultMoves || g.Names != nil {
				t.Errorf("metric %v, moves %v, names %v", g.Metric, g.Grid.Moves, g.Names)
			}
		})
	}

	g, err := parseMovingAI("t.map", []byte(tinyMap), DefaultMoves)
	if err != nil {
		t.Fatal(err)
	}
	gr := g.Grid
	if gr.Width != 4 || gr.Height != 3 {
		t.Fatalf("size %dx%d", gr.Width, gr.Height)
	}
	// .G@.
	// S.T.
	// ..W.
	for _, c := range []struct {
		x, y int
		open bool
	}{{0, 0, true}, {1, 0, true}, {2, 0, false}, {0, 1, true}, {2, 1, false}, {2, 2, false}, {3, 2, true}} {
		if (gr.NodeAt(c.x, c.y) >= 0) != c.open {
			t.Errorf("cell %d,%d open = %v", c.x, c.y, !c.open)
		}
	}
	// 1,1 moves: N to 1,0; W to 0,1; S to 1,2; SW to 0,2; NW to 0,0.
	// NE (2,0) and E (2,1) and SE (2,2) are blocked.
	u := gr.NodeAt(1, 1)
	var got []string
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		got = append(got, g.NodeName(g.Targets[e]))
	}
	if want := "1,0 1,2 0,2 0,1 0,0"; strings.Join(got, " ") != want {
		t.Errorf("moves of 1,1: %v, want %s", got, want)
	}
	if w := edgeCost(g, u, gr.NodeAt(0, 0)); w != math.Sqrt2 {
		t.Errorf("diagonal cost %v", w)
	}
	// 3,0 is cut off: 3,1 is its only neighbour (2,0 and 2,1 blocked).
	if d := g.OutDegree(gr.NodeAt(3, 0)); d != 1 {
		t.Errorf("3,0 has %d moves, want 1", d)
	}
}

func TestMovingAIErrors(t *testing.T) {
	const hdr = "type octile\nheight 2\nwidth 3\nmap\n"
	tests := []errCase{
		{"empty", "", ErrHeader, []string{"m.map:1:", "empty"}},
		{"no type", "height 2\n", ErrHeader, []string{"m.map:1:1:"}},
		{"bad type", "type tile\n", ErrHeader, []string{"m.map:1:6:", "tile"}},
		{"missing height", "type octile\nwidth 3\nmap\n...\n", ErrHeader, []string{"m.map:3:", "height"}},
		{"missing width", "type octile\nheight 1\nmap\n...\n", ErrHeader, []string{"m.map:3:", "width"}},
		{"missing map", "type octile\nheight 1\nwidth 3\n", ErrHeader, []string{"m.map:4:", "map"}},
		{"header garbage", "type octile\nheight 1\ncolour red\nmap\n", ErrHeader, []string{"m.map:3:1:", "colour red"}},
		{"header extra field", "type octile\nheight 1 2\n", ErrHeader, []string{"m.map:2:1:"}},
		{"second height", "type octile\nheight 1\nheight 1\n", ErrHeader, []string{"m.map:3:1:", "second height"}},
		{"height not a number", "type octile\nheight abc\n", ErrHeader, []string{"m.map:2:8:", `"abc"`}},
		{"negative height", "type octile\nheight -3\n", ErrHeader, []string{"m.map:2:8:"}},
		{"zero width", "type octile\nheight 3\nwidth 0\n", ErrHeader, []string{"m.map:3:7:"}},
		{"huge height", "type octile\nheight 40000\n", ErrTooLarge, []string{"m.map:2:8:"}},
		{"overflowing height", "type octile\nheight 99999999999999999999999\n", ErrTooLarge, []string{"m.map:2:8:"}},
		{"too many cells", "type octile\nheight 20000\nwidth 20000\nmap\n", ErrTooLarge, []string{"m.map:4:"}},
		{"bad char", hdr + "...\n.x.\n", ErrBadCell, []string{"m.map:6:2:", "'x' at 1,1"}},
		{"space", hdr + "...\n. .\n", ErrBadCell, []string{"m.map:6:2:", "' ' at 1,1"}},
		{"non-ascii", hdr + "...\n..é\n", ErrBadCell, []string{"m.map:6:3:", "'é' at 2,1"}},
		{"invalid utf8", hdr + "...\n\xff..\n", ErrBadCell, []string{"m.map:6:1:", "byte 0xff at 0,1"}},
		{"short row", hdr + "...\n..\n", ErrRaggedRow, []string{"m.map:6:3:", "row 1 has 2 cells, want 3"}},
		{"long row", hdr + "....\n...\n", ErrRaggedRow, []string{"m.map:5:4:"}},
		{"too few rows", hdr + "...\n", ErrHeader, []string{"m.map:2:", "height 2", "1 rows"}},
		{"too few rows, blank lines", hdr + "...\n\n\n", ErrHeader, []string{"m.map:2:"}},
		{"no rows", hdr, ErrHeader, []string{"m.map:2:"}},
		{"too many rows", hdr + "...\n...\n...\n", ErrHeader, []string{"m.map:7:1:", "more than the 2 rows"}},
		{"too many rows after blank", hdr + "...\n...\n\n...\n", ErrHeader, []string{"m.map:8:1:"}},
		{"blank between rows", hdr + "...\n\n...\n", ErrRaggedRow, []string{"m.map:6:1:", "blank"}},
		{"crlf bad char", strings.ReplaceAll(hdr+"...\n.x.\n", "\n", "\r\n"), ErrBadCell, []string{"m.map:6:2:"}},
	}
	for _, tc := range tests {
		g, err := parseMovingAI("m.map", []byte(tc.in), DefaultMoves)
		checkErr(t, tc, g, err)
	}
}

// A header may declare a grid of up to 16M cells; the loader must not
// allocate for it before the rows are there.
func TestMovingAIAllocatesForData(t *testing.T) {
	in := []byte("type octile\nheight 32768\nwidth 512\nmap\n" + strings.Repeat(".", 512) + "\n")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := parseMovingAI("big.map", in, DefaultMoves)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("no error for missing rows")
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
		t.Errorf("allocated %d bytes for a %d-byte file", n, len(in))
	}
}
