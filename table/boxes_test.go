package table_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// rbBoxLevels returns .grid texts of unit cost for the open-box tests: an
// open field, rooms joined by doors, random obstacles, and two components.
func rbBoxLevels() map[string]string {
	r := rand.New(rand.NewPCG(22, 3))
	rooms := func(w, h, side int) string {
		var sb strings.Builder
		for y := range h {
			for x := range w {
				wall := x%side == side-1 || y%side == side-1
				door := (x%side == side-1 && y%side == side/2) || (y%side == side-1 && x%side == side/2)
				if wall && !door {
					sb.WriteByte('#')
				} else {
					sb.WriteByte('.')
				}
			}
			sb.WriteByte('\n')
		}
		return sb.String()
	}
	return map[string]string{
		"open":       mapstest.RandomGrid(r, 11, 9, 0, nil),
		"rooms":      rooms(14, 11, 5),
		"random-10":  mapstest.RandomGrid(r, 13, 10, 0.10, nil),
		"random-25":  mapstest.RandomGrid(r, 12, 12, 0.25, nil),
		"components": "....#....\n....#....\n..#.#....\n....#.##.\n....#....\n",
	}
}

// rbScanBox is the rule spelled out: every cell of the box of two nodes
// is a node.
func rbScanBox(tab *table.Table, s, d int) bool {
	if s == d {
		return false
	}
	w := tab.Width
	cs, cd := int(tab.Cells[s]), int(tab.Cells[d])
	for y := min(cs/w, cd/w); y <= max(cs/w, cd/w); y++ {
		for x := min(cs%w, cd%w); x <= max(cs%w, cd%w); x++ {
			if _, ok := slices.BinarySearch(tab.Cells, int32(y*w+x)); !ok {
				return false
			}
		}
	}
	return true
}

// TestBoxTables: grid levels whose cells all cost 1 build tables with
// open-box wildcards under every movement model; built and read back,
// every pair's first move starts a shortest path (Floyd-Warshall), the
// walked distance is exact, an open box's answer is H_1, and the table
// written with its graph's bins (literal slots) answers the same moves.
func TestBoxTables(t *testing.T) {
	for name, text := range rbBoxLevels() {
		for _, mv := range mapstest.Models {
			t.Run(fmt.Sprintf("%s/%d-%s", name, mv.Connect, mv.Diagonal), func(t *testing.T) {
				g, err := maps.ParseFormat(maps.FormatGrid, name+".grid", []byte(text), maps.Options{Moves: mv})
				if err != nil {
					t.Fatal(err)
				}
				tab, err := build.Build(context.Background(), g, build.Options{Workers: 2, Layout: table.LayoutRuns})
				if err != nil {
					t.Fatal(err)
				}
				if !table.Boxes(tab.FirstEnc) || !tab.RunBoxes() {
					t.Fatalf("first-move encoding %q, want open-box wildcards", tab.FirstEnc)
				}
				lit, err := build.Build(context.Background(), g, build.Options{Workers: 2, Layout: table.LayoutRuns, Literal: true})
				if err != nil {
					t.Fatal(err)
				}
				read, err := table.Decode(rbEncode(t, tab))
				if err != nil {
					t.Fatal(err)
				}
				old, err := table.Decode(rbEncodeGraph(t, tab))
				if err != nil {
					t.Fatal(err)
				}
				if read.FirstEnc != tab.FirstEnc || old.RunBoxes() || read.OpenBoxes() == nil {
					t.Fatalf("read back %q, with the graph's bins %q", read.FirstEnc, old.FirstEnc)
				}
				want := mapstest.FloydWarshall(g)
				reachable := int64(0)
				lt := lookup.New(read)
				for s := range tab.Nodes {
					for d := range tab.Nodes {
						open := rbScanBox(tab, s, d)
						if tab.BoxOpen(s, d) != open || read.BoxOpen(s, d) != open {
							t.Fatalf("%d -> %d: BoxOpen %v built, %v read, want %v", s, d, tab.BoxOpen(s, d), read.BoxOpen(s, d), open)
						}
						m := tab.Move(s, d)
						if m != read.Move(s, d) || m != old.Move(s, d) {
							t.Fatalf("%d -> %d: moves %d built, %d read, %d in format 2", s, d, m, read.Move(s, d), old.Move(s, d))
						}
						if s == d || math.IsInf(want[s][d], 1) {
							if m != table.NoMove || lt.Next(s, d) != -1 {
								t.Fatalf("%d -> %d: move %d, Next %d, want none", s, d, m, lt.Next(s, d))
							}
							continue
						}
						reachable++
						if m == table.NoMove || int(m) >= tab.Degree(s) {
							t.Fatalf("%d -> %d: move %d of %d", s, d, m, tab.Degree(s))
						}
						e := int(tab.Offsets[s]) + int(m)
						v := int(tab.Targets[e])
						if rest := tab.Weights[e] + want[v][d]; math.Abs(rest-want[s][d]) > 1e-9 {
							t.Fatalf("%d -> %d via %d: %v, want %v", s, d, v, rest, want[s][d])
						}
						if open {
							h1, _ := table.GridSymbolDirs(tab.Offsets, tab.Targets, tab.Cells, tab.Width, int32(s))
							cs, cd := int(tab.Cells[s]), int(tab.Cells[d])
							if slot := h1.SymbolSlot(1, cd%tab.Width-cs%tab.Width, cd/tab.Width-cs/tab.Width); slot != m {
								t.Fatalf("%d -> %d: open box, move %d, H_1 %d", s, d, m, slot)
							}
						}
						if lt.Next(s, d) != v {
							t.Fatalf("%d -> %d: Next %d, want %d", s, d, lt.Next(s, d), v)
						}
						got, ok := lt.Dist(s, d)
						if !ok || math.Abs(got-want[s][d]) > 1e-9 {
							t.Fatalf("%d -> %d: Dist %v %v, want %v", s, d, got, ok, want[s][d])
						}
					}
				}
				if tab.ReachablePairs() != reachable || read.ReachablePairs() != reachable || old.ReachablePairs() != reachable {
					t.Fatalf("reachable pairs %d built, %d read, %d in format 2; want %d", tab.ReachablePairs(), read.ReachablePairs(), old.ReachablePairs(), reachable)
				}
				if tab.RunCount > lit.RunCount {
					t.Fatalf("%d runs with open boxes, %d literal", tab.RunCount, lit.RunCount)
				}
			})
		}
	}
}

// TestBoxNeedsUnitCosts: a level with a cell that costs more keeps the
// symbol encodings without open boxes.
func TestBoxNeedsUnitCosts(t *testing.T) {
	for _, f := range []string{"../testdata/maze.grid", "../testdata/unreachable.grid"} {
		lvl, err := maps.Load(f, maps.Options{Moves: maps.Moves{Connect: 8}})
		if err != nil {
			t.Fatal(err)
		}
		plain := true
		for _, c := range lvl.Graph.Grid.Cells {
			plain = plain && lvl.Graph.Grid.Costs[c] == 1
		}
		tab, err := build.BuildLevel(context.Background(), lvl, build.Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		if tab.RunBoxes() != plain || !tab.RunSymbols() {
			t.Fatalf("%s (every cell costs 1: %v): encoding %q", f, plain, tab.FirstEnc)
		}
	}
}

// TestCorruptBoxes: open-box wildcards anywhere but a format 3 grid table
// with an empty costs bin, or after no symbols, are refused at load with
// an error that names the encoding.
func TestCorruptBoxes(t *testing.T) {
	const unit = "......\n.#..#.\n......\n"
	g, err := maps.ParseFormat(maps.FormatGrid, "unit.grid", []byte(unit), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns, Starts16: true})
	if err != nil {
		t.Fatal(err)
	}
	if tab.FirstEnc != table.FirstEncRuns16x4HWB+table.JumpSuffix {
		t.Fatalf("unit.grid's runs are encoded %q, want %q", tab.FirstEnc, table.FirstEncRuns16x4HWB+table.JumpSuffix)
	}
	p := rbSplitDoc(t, rbEncode(t, tab))
	if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, p.bins)); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	costs := rbSplitDoc(t, rbBuildFile16(t, "../testdata/maze.grid", maps.Options{}))
	costs12 := rbSplitDoc(t, rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	old := rbSplitDoc(t, rbEncodeGraph(t, tab))
	graph := rbSplitDoc(t, rbBuildFileLayout(t, "../testdata/lecture-directed.json", maps.Options{}, table.LayoutRuns))
	rbRefuseEncodings(t, []rbRefusedEncoding{
		{"boxes with costs", table.VersionCells, costs.bins, table.FirstEncRuns16x4HWB},
		{"unwrapped boxes with costs", table.VersionCells, costs.bins, table.FirstEncRuns16x4HB},
		{"12-bit boxes with costs", table.VersionCells, costs12.bins, table.FirstEncRuns12x4HWB},
		{"12-bit boxes twice", table.VersionCells, costs12.bins, table.FirstEncRuns12x4HB + table.BoxSuffix},
		{"boxes in format 2", table.VersionLayout, old.bins, table.FirstEncRuns16x4HB},
		{"wrapped boxes in format 2", table.VersionLayout, old.bins, table.FirstEncRuns16x4HWB},
		{"boxes in a graph table", table.VersionLayout, graph.bins, table.FirstEncRuns16x4HB},
		{"8-bit boxes in a graph table", table.VersionLayout, graph.bins, table.FirstEncPartRunsHB},
		{"boxes without symbols", table.VersionCells, p.bins, table.FirstEncRuns16x4 + table.BoxSuffix},
		{"wrapped boxes without symbols", table.VersionCells, p.bins, table.FirstEncRuns16x4 + table.WrapSuffix + table.BoxSuffix},
		{"16-bit starts with 8-bit moves and boxes", table.VersionCells, p.bins, "runs16x8hb"},
		{"boxes before the symbols", table.VersionCells, p.bins, "runs16x4bh"},
		{"boxes twice", table.VersionCells, p.bins, table.FirstEncRuns16x4HB + table.BoxSuffix},
	})
}

// TestBoxesNeedNoGraphAtNew: a table New makes before its graph is set
// finds its open cells at its first query.
func TestBoxesAtFirstQuery(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "open.grid", []byte("....\n....\n.#..\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	ob := tab.OpenBoxes()
	if ob == nil || !ob.Open(0, 0, 3, 1) || ob.Open(0, 0, 1, 2) || !ob.Open(2, 2, 3, 0) {
		t.Fatalf("open boxes of %q: %v", tab.FirstEnc, ob)
	}
}

// TestBoxExample checks the figures of docs/FORMAT.md's worked example of
// open-box wildcards against examples/tiny-box.ptab.
func TestBoxExample(t *testing.T) {
	data, err := os.ReadFile("../examples/tiny-box.ptab")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != 403 || !bytes.HasSuffix(data[:len(data)-5], []byte{0xc4, 0x14,
		0x10, 0, 0x01, 0, 0x01, 0, 0x08, 0, 0x03, 0, 0x04, 0, 0x02, 0, 0x00, 0, 0x02, 0, 0x01, 0}) {
		t.Fatalf("%d bytes, runs bin not the pinned one", len(data))
	}
	r := tab.Payload().(*table.Runs)
	var starts, moves []int
	for i := range r.Code.Len() {
		starts, moves = append(starts, r.Code.Start(i)), append(moves, int(r.Code.Move(i)))
	}
	if tab.FirstEnc != table.FirstEncRuns12x4HWB || !slices.Equal(r.Order, []int32{0, 3, 6, 7, 8, 4, 1, 2, 5, 9}) ||
		!slices.Equal(r.RowStart, []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) ||
		!slices.Equal(starts, []int{1, 0, 0, 0, 0, 0, 0, 0, 0, 0}) || !slices.Equal(moves, []int{0, 1, 1, 8, 3, 4, 2, 0, 2, 1}) {
		t.Fatalf("%s: order %v, rows %v, starts %v, moves %v", tab.FirstEnc, r.Order, r.RowStart, starts, moves)
	}
	// 0,0 -> 3,2 reads rows 0 (node 0) and 1 (node 3): their boxes hold
	// walls; from 0,2 on, the boxes are the open bottom row.
	for _, tc := range []struct {
		s, d int
		open bool
		move uint8
	}{{0, 9, false, 0}, {3, 9, false, 1}, {6, 9, true, 1}, {7, 9, true, 0}, {8, 9, true, 2}} {
		if tab.BoxOpen(tc.s, tc.d) != tc.open || tab.Move(tc.s, tc.d) != tc.move {
			t.Fatalf("%d -> %d: box open %v, move %d; want %v, %d", tc.s, tc.d, tab.BoxOpen(tc.s, tc.d), tab.Move(tc.s, tc.d), tc.open, tc.move)
		}
	}
	if p, _, ok := lookup.New(tab).Path(0, 9); !ok || !slices.Equal(p, []int{0, 3, 6, 7, 8, 9}) {
		t.Fatalf("path 0,0 -> 3,2: %v %v", p, ok)
	}
}

// TestCorruptBoxParts: a part of a grid with costs whose rows claim
// open-box wildcards is refused at load, naming the encoding; a part of a
// unit-cost grid carries them, and its parts join into a table with them.
func TestCorruptBoxParts(t *testing.T) {
	for _, tc := range []struct {
		file string
		ok   bool
	}{{"../testdata/maze.grid", false}, {"../testdata/small.map", true}} {
		lvl, err := maps.Load(tc.file, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := build.BuildPart(context.Background(), lvl, build.Options{Layout: table.LayoutRuns}, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		if table.Boxes(p.Table.FirstEnc) != tc.ok {
			t.Fatalf("%s: part encoded %q", tc.file, p.Table.FirstEnc)
		}
		p.Table.FirstEnc = table.FirstEncPartRunsHWB
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		_, err = table.DecodePart(b.Bytes())
		if tc.ok {
			// Read with or without wrapping, the rows load.
			if err != nil {
				t.Fatalf("%s: %v", tc.file, err)
			}
			continue
		}
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), fmt.Sprintf("%q", table.FirstEncPartRunsHWB)) {
			t.Errorf("%s: %v, want ErrCorrupt naming %q", tc.file, err, table.FirstEncPartRunsHWB)
		}
	}
}

// ExampleTable_BoxOpen reads examples/tiny-box.ptab, a 4x3 grid with a
// wall at (1,0) and (1,1): from node 6 at (0,2) toward node 9 at (3,2) the
// box is the open bottom row, answered H_1 without reading the row; from
// node 0 at (0,0) the box holds the wall.
func ExampleTable_BoxOpen() {
	tab, err := table.Open("../examples/tiny-box.ptab")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tab.FirstEnc, tab.BoxOpen(6, 9), tab.BoxOpen(0, 9))
	// Output: runs12x4hwb true false
}
