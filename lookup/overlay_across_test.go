package lookup_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
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

// TestOverlayDoorsOnSharedMaps checks answers across doors on shared maps,
// where detours across a line are the common case: the busiest cell of a
// game shut, then more cells and a raised one, on flat and run-length
// tables; Dist and Path of random pairs must match Dijkstra on the changed
// level, and no path may cross a change. Skipped under -short and without
// ../shared.
func TestOverlayDoorsOnSharedMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("shared maps: long")
	}
	for _, name := range []string{"den312d", "maze-128-128-2", "arena", "room-32-32-4"} {
		lvl, err := maps.Load("../../shared/testmaps/"+name+".map", maps.Options{})
		if err != nil {
			sharedmaps.Skip(t, "no ../shared/testmaps")
		}
		g := lvl.Graph
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			lt := buildAndLoadWith(t, g, build.Options{Layout: layout})
			busiest, _ := doorCells(crossings(lt))
			r := rand.New(rand.NewPCG(11, uint64(len(name))))
			for round := range 4 {
				c := changes{blocked: map[int]bool{busiest: true}, edge: map[[2]int]float64{}, cell: map[int]float64{}}
				for range round {
					c.blocked[r.IntN(lt.Len())] = true
				}
				if round == 3 {
					c.cell[r.IntN(lt.Len())] = 3
				}
				o := lookup.NewOverlay(lt)
				c.apply(t, o)
				changed := changedLevel(g, c)
				for range 15 {
					to := r.IntN(lt.Len())
					if c.blocked[to] {
						continue
					}
					want := mapstest.DistancesTo(changed, int32(to))
					for range 80 {
						from := r.IntN(lt.Len())
						if c.blocked[from] {
							continue
						}
						w := want[from]
						d, ok := o.Dist(from, to)
						if ok != !math.IsInf(w, 1) || ok && math.Abs(d-w) > 1e-9*max(1, w) {
							t.Fatalf("%s %s round %d: Dist(%d, %d) = %v, %v; want %v", name, layoutName(layout), round, from, to, d, ok, w)
						}
						p, cost, ok := o.Path(from, to)
						if ok && (math.Abs(cost-w) > 1e-9*max(1, w) || o.Crosses(p)) {
							t.Fatalf("%s %s round %d: Path(%d, %d) costs %v (want %v), crosses a change: %v", name, layoutName(layout), round, from, to, cost, w, o.Crosses(p))
						}
					}
				}
			}
		}
	}
}
