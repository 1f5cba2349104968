package lookup_test

import (
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestOverlayAcross checks the answers found across a line through a
// change (flat grid tables with exact keys) where they must be found and
// where they are not: every pair of each level must match
// Floyd-Warshall on the changed level, and the pair s→t must be answered
// across the line, or not, as the case says.
func TestOverlayAcross(t *testing.T) {
	const wide = "#########\n#.......#\n####...##\n####...##\n####...##\n#.......#\n#########\n"
	const costly = "#########\n#...2...#\n####...##\n####...##\n####...##\n#.......#\n#########\n"
	const narrow = "#########\n#.......#\n#.####.##\n#.####.##\n#.####.##\n#.......#\n#########\n"
	type xy = [2]int
	const flat = table.LayoutFlat
	cases := []struct {
		name   string
		grid   string
		blocks []xy
		cells  map[xy]float64
		s, t   xy
		layout table.Layout
		across bool
	}{
		// A door in a corridor three cells wide: the way round it is a
		// step aside, found from the rows.
		{"wide corridor, door on the stored path", wide, []xy{{4, 3}}, nil, xy{4, 1}, xy{4, 5}, flat, true},
		{"wide corridor, door in a corner of the stored path", wide, []xy{{4, 3}}, nil, xy{1, 1}, xy{7, 5}, flat, true},
		{"wide corridor, raised cell", wide, nil, map[xy]float64{{4, 3}: 4}, xy{4, 1}, xy{4, 5}, flat, true},
		{"wide corridor, across a column", transpose(wide), []xy{{3, 4}}, nil, xy{1, 4}, xy{5, 4}, flat, true},
		// A door in a corridor one cell wide: the way round is the other
		// corridor, which crosses the door's row too.
		{"narrow corridor", narrow, []xy{{6, 3}}, nil, xy{6, 1}, xy{6, 5}, flat, true},
		// A run-length table sums the distances along its stored paths.
		{"run-length table", wide, []xy{{4, 3}}, nil, xy{4, 1}, xy{4, 5}, table.LayoutRuns, true},
		{"run-length table, narrow corridor", narrow, []xy{{6, 3}}, nil, xy{6, 1}, xy{6, 5}, table.LayoutRuns, true},
		// Cells of their own costs make moves cost other than their
		// reverse: the search answers.
		{"cell costs", costly, []xy{{4, 3}}, nil, xy{4, 1}, xy{4, 5}, flat, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := maps.Parse("case.grid", []byte(tc.grid), maps.Options{})
			if err != nil {
				t.Fatal(err)
			}
			lt := buildAndLoadWith(t, g, build.Options{Layout: tc.layout})
			o, node := checkCellChanges(t, g, lt, tc.blocks, tc.cells)
			s, d := node(tc.s), node(tc.t)
			if got := lookup.Across(o, s, d); got != tc.across {
				t.Errorf("answered %v -> %v across the line: %v, want %v", tc.s, tc.t, got, tc.across)
			}
			var buf []int
			query := func() {
				buf, _ = o.AppendPath(buf[:0], s, d)
				o.Dist(s, d)
				o.Next(s, d)
			}
			query()
			// Under -race sync.Pool drops what it holds at random.
			if a := testing.AllocsPerRun(20, query); a > 0 && !raceEnabled {
				t.Errorf("%v -> %v: queries allocate %v times once warm", tc.s, tc.t, a)
			}
		})
	}
}

// transpose swaps the rows and columns of a grid's text.
func transpose(grid string) string {
	rows := strings.Split(strings.TrimSuffix(grid, "\n"), "\n")
	var b strings.Builder
	for x := range len(rows[0]) {
		for _, row := range rows {
			b.WriteByte(row[x])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
