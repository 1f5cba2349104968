package table_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
	"github.com/vmihailenco/msgpack/v5"
)

// cellModels are the movement models a grid table may carry.
var cellModels = []maps.Options{
	{},
	{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}},
	{Moves: maps.Moves{Connect: 4, Diagonal: maps.DiagonalSqrt2}},
	{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}},
}

// gridHeader returns the header a table of grid level g carries, without
// a payload: what the cell bins depend on.
func gridHeader(g *maps.Graph) table.Header {
	gr := g.Grid
	return table.Header{Kind: table.KindGrid, Nodes: g.Nodes(), Edges: g.Edges(), Width: gr.Width, Height: gr.Height,
		Connect: gr.Moves.Connect, Diagonal: string(gr.Moves.Diagonal)}
}

// TestCellsRebuildEveryMap writes the cell bins of every grid level of
// testdata and ../shared/testmaps (and, without -short, the large maps)
// under every movement model, and rebuilds the graph from them as a reader
// does: it must be the loader's, edge for edge and bit for bit.
func TestCellsRebuildEveryMap(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*.grid")
	more, _ := filepath.Glob("../testdata/*.map")
	shared, _ := filepath.Glob("../../shared/testmaps/*.map")
	files = append(append(files, more...), shared...)
	if len(shared) == 0 {
		t.Log("../shared/testmaps is absent: testdata only")
	}
	if !testing.Short() {
		large, _ := filepath.Glob("../../shared/largemaps/*.map")
		files = append(files, large...)
	}
	for _, f := range files {
		for _, opt := range cellModels {
			lvl, err := maps.Load(f, opt)
			if err != nil {
				t.Fatal(err)
			}
			g := lvl.Graph
			tab := &table.Table{Header: gridHeader(g), Offsets: g.Offsets, Targets: g.Targets, Weights: g.Weights, Cells: g.Grid.Cells}
			bins, err := table.CellBinsOf(tab)
			if err != nil {
				t.Fatalf("%s %v: %v", f, g.Grid.Moves, err)
			}
			offsets, targets, weights, cells, err := table.RebuildOf(&tab.Header, bins[0], bins[1])
			if err != nil {
				t.Fatalf("%s %v: %v", f, g.Grid.Moves, err)
			}
			if !slices.Equal(offsets, g.Offsets) || !slices.Equal(targets, g.Targets) || !rbEqualBits(weights, g.Weights) || !slices.Equal(cells, g.Grid.Cells) {
				t.Errorf("%s %v: the rebuilt graph differs from the loader's", f, g.Grid.Moves)
			}
			plain := true
			for _, c := range g.Grid.Cells {
				plain = plain && g.Grid.Costs[c] == 1
			}
			if want := (g.Grid.Width*g.Grid.Height + 7) / 8; len(bins[0]) != want || (len(bins[1]) == 0) != plain {
				t.Errorf("%s: %d open bytes (want %d), %d cost bytes (plain costs: %v)", f, len(bins[0]), want, len(bins[1]), plain)
			}
		}
	}
}

// TestCellsRoundTrip builds every grid of testdata in every layout and
// model, writes it in format 3 and with its graph's bins, and reads both
// back through every reader: the same table as built, whose graph is the
// level's; and format 3 re-encodes to its own bytes.
func TestCellsRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*.grid")
	more, _ := filepath.Glob("../testdata/*.map")
	for _, f := range append(files, more...) {
		for _, opt := range cellModels {
			lvl, err := maps.Load(f, opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, lb := range build.Layouts(2) {
				name := fmt.Sprintf("%s %v %s", filepath.Base(f), lvl.Graph.Grid.Moves, lb.Name)
				tab, err := build.BuildLevel(context.Background(), lvl, lb.Options)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				layoutVersion := table.VersionLayout
				if tab.Layout == table.LayoutFlat {
					layoutVersion = table.Version
				}
				cells := rbEncode(t, tab)
				// Formats 1 and 2 carry no heuristic symbols: the CLI builds
				// literal rows for them (build.Options.Literal).
				lit := tab
				if tab.RunSymbols() {
					opt := lb.Options
					opt.Literal = true
					if lit, err = build.BuildLevel(context.Background(), lvl, opt); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
				old := rbEncodeGraph(t, lit)
				if len(cells) >= len(old) {
					t.Errorf("%s: %d bytes with cells, %d with the graph", name, len(cells), len(old))
				}
				for _, c := range []struct {
					data      []byte
					version   int
					graphBins bool
					tab       *table.Table
				}{{cells, table.VersionCells, false, tab}, {old, layoutVersion, true, lit}} {
					got, err := table.Decode(c.data)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					want := *c.tab
					want.GraphBins = c.graphBins
					if got.FormatVersion() != c.version || !rbSameTable(got, &want) {
						t.Errorf("%s: format %d reads back as another table (version %d)", name, c.version, got.FormatVersion())
					}
					if again := rbEncode(t, got); !bytes.Equal(again, c.data) {
						t.Errorf("%s: format %d re-encodes to other bytes", name, c.version)
					}
					path := filepath.Join(t.TempDir(), "t.ptab")
					if err := os.WriteFile(path, c.data, 0o644); err != nil {
						t.Fatal(err)
					}
					h, size, err := table.CheckFile(path)
					if err != nil || size != int64(len(c.data)) || h.GraphBins != c.graphBins {
						t.Errorf("%s: CheckFile: %+v, %d, %v", name, h, size, err)
					}
					if rt, err := table.ReadFrom(bytes.NewReader(c.data)); err != nil || !rbSameTable(rt, &want) {
						t.Errorf("%s: ReadFrom: %v", name, err)
					}
				}
			}
		}
	}
}

// TestCellsWriteRefusesOtherGraphs: a grid table whose graph is not the
// one its cells make under its model cannot be written with its cells
// (the file could not carry it); with its graph's bins it can.
func TestCellsWriteRefusesOtherGraphs(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatGrid, "..#\n...\n..3\n", maps.Options{})
	cases := map[string]func(c *table.Table){
		"an edge's weight":  func(c *table.Table) { c.Weights[0] *= 2 },
		"a cost of 10":      func(c *table.Table) { c.Weights[0] = 10 },
		"another model":     func(c *table.Table) { c.Connect = 4 },
		"a target swapped":  func(c *table.Table) { c.Targets[0], c.Targets[1] = c.Targets[1], c.Targets[0] },
		"a cell beyond":     func(c *table.Table) { c.Cells[len(c.Cells)-1] = 9 },
		"cells out of step": func(c *table.Table) { c.Cells = c.Cells[1:] },
	}
	for name, edit := range cases {
		c := *base
		c.Offsets, c.Targets = slices.Clone(base.Offsets), slices.Clone(base.Targets)
		c.Weights, c.Cells = slices.Clone(base.Weights), slices.Clone(base.Cells)
		edit(&c)
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err == nil || !strings.Contains(err.Error(), "cannot be written with its cells") {
			t.Errorf("%s: WriteTo: %v", name, err)
		}
	}
}

// TestCellsCorrupt alters format 3's cell bins and header behind a correct
// checksum: every change is refused as corrupt, with a message saying
// what, never a panic.
func TestCellsCorrupt(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatGrid, "..#\n...\n..3\n", maps.Options{}) // 8 nodes, costs, 9 cells
	p := rbSplitDoc(t, rbEncode(t, base))
	if p.version != table.VersionCells || len(p.bins) != 5 || len(p.bins[1]) != 2 || len(p.bins[2]) != 4 {
		t.Fatalf("format %d, bins %d: want 3, header, 2 open bytes, 4 cost bytes and 2 payloads", p.version, len(p.bins))
	}
	if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, p.bins)); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	header := func(edit func(h *table.Header)) func(b [][]byte) {
		return func(b [][]byte) { rbEditHeader(t, b, edit) }
	}
	cases := []struct {
		name string
		edit func(b [][]byte)
		want string
	}{
		{"a cell closed", func(b [][]byte) { b[1][0] &^= 1 }, "7 open cells for 8 nodes"},
		{"a wall opened", func(b [][]byte) { b[1][0] |= 1 << 2 }, "9 open cells for 8 nodes"},
		{"a bit past the grid", func(b [][]byte) { b[1][1] |= 1 << 3 }, "open bits past the grid's 9 cells"},
		{"one node more", header(func(h *table.Header) { h.Nodes++ }), "costs has"},
		{"open bits cut short", func(b [][]byte) { b[1] = b[1][:1] }, "open has 1 bytes, want 2"},
		{"open bits a byte long", func(b [][]byte) { b[1] = append(b[1], 0) }, "open has 3 bytes, want 2"},
		{"a cost of 0", func(b [][]byte) { b[2][0] &^= 0x0f }, "node 0 (cell 0) costs 0, want 1 to 9"},
		{"a cost of 10", func(b [][]byte) { b[2][3] = 0x0a }, "node 6 (cell 7) costs 10, want 1 to 9"},
		{"a cost of 15", func(b [][]byte) { b[2][1] = 0xf1 }, "node 3 (cell 4) costs 15"},
		{"costs cut short", func(b [][]byte) { b[2] = b[2][:3] }, "costs has 3 bytes, want 4"},
		{"a wider grid", header(func(h *table.Header) { h.Width = 4 }), "edges, the header says"},
		{"a taller grid", header(func(h *table.Header) { h.Height = 6 }), "open has 2 bytes, want 3"},
		{"an edge fewer", header(func(h *table.Header) { h.Edges-- }), fmt.Sprintf("the cells make %d edges, the header says %d", base.Edges, base.Edges-1)},
		{"4-connected", header(func(h *table.Header) { h.Connect = 4 }), fmt.Sprintf("edges, the header says %d", base.Edges)},
		{"6-connected", header(func(h *table.Header) { h.Connect = 6 }), "grid connectivity 6, want 4 or 8"},
		{"no model", header(func(h *table.Header) { h.Connect = 0 }), "grid connectivity 0"},
		{"diagonal 1", header(func(h *table.Header) { h.Diagonal = "1" }), `grid diagonal "1"`},
		{"a graph", header(func(h *table.Header) {
			h.Kind = table.KindGraph
			h.Names = []string{"a", "b", "c", "d", "e", "f", "g", "h"}
			h.Width, h.Height, h.Connect, h.Diagonal = 0, 0, 0, ""
		}), `kind "graph" in a version 3 document`},
	}
	for _, c := range cases {
		b := make([][]byte, len(p.bins))
		for i := range b {
			b[i] = bytes.Clone(p.bins[i])
		}
		c.edit(b)
		data := rbRawDoc(table.Magic, table.VersionCells, b)
		_, err := table.Decode(data)
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrCorrupt with %q", c.name, err, c.want)
		}
		if _, err := table.CheckStream(bytes.NewReader(data), int64(len(data))); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: CheckFile's reader: %v, want ErrCorrupt", c.name, err)
		}
	}
	// An even node count has no padding; an odd one's must be 0.
	odd := rbBuildLevel(t, maps.FormatGrid, "..3\n", maps.Options{})
	q := rbSplitDoc(t, rbEncode(t, odd))
	q.bins[2][1] |= 0x10
	if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, q.bins)); !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "costs padding is 1") {
		t.Errorf("costs padding: %v", err)
	}
	// Costs may be left out: every node then costs 1, which is another
	// graph here, with other edge weights but as many edges.
	b := slices.Clone(p.bins)
	b[2] = nil
	if tab, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b)); err != nil || slices.Equal(tab.Weights, base.Weights) {
		t.Errorf("no costs: %v", err)
	}
}

// FuzzDecodeCellsChecked is FuzzDecodeChecked for tables of format 3: the
// header, the open bits, the costs and the payload bins of any layout
// (three bins when runs is set) behind a correct checksum.
//
//	go test ./table -run '^$' -fuzz FuzzDecodeCellsChecked -fuzztime 30s
func FuzzDecodeCellsChecked(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		p := rbSplitDoc(f, s)
		b := p.bins
		if p.version != table.VersionCells {
			continue
		}
		if len(b) == 6 {
			f.Add(b[0], b[1], b[2], b[3], b[4], b[5], true)
			if len(b[4]) >= 2 {
				// Row counts that sum past the runs.
				rows := bytes.Clone(b[4])
				rows[0]++
				f.Add(b[0], b[1], b[2], b[3], rows, b[5], true)
			}
			// Heuristic symbols naming no move of their node: H_7 everywhere.
			var h table.Header
			if err := msgpack.Unmarshal(b[0], &h); err == nil && h.RunSymbols() {
				runs := bytes.Clone(b[5])
				start := 2 // bytes a start takes
				if strings.HasPrefix(h.FirstEnc, "runs32") {
					start = 4
				}
				for i := start * h.RunCount; i < len(runs); i++ {
					runs[i] = 0xee
				}
				f.Add(b[0], b[1], b[2], b[3], b[4], runs, true)
			}
		} else {
			f.Add(b[0], b[1], b[2], b[3], b[4], []byte(nil), false)
		}
	}
	f.Fuzz(func(t *testing.T, header, open, costs, p0, p1, p2 []byte, runs bool) {
		bins := [][]byte{header, open, costs, p0, p1}
		if runs {
			bins = append(bins, p2)
		}
		rbDecodeExercise(t, rbRawDoc(table.Magic, table.VersionCells, bins))
	})
}

// TestCellsMetric: a format 3 header whose metric the rebuilt costs break
// ("int" on an 8-connected √2 grid) is corrupt, as a graph's would be.
func TestCellsMetric(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatGrid, "...\n...\n", maps.Options{})
	p := rbSplitDoc(t, rbEncode(t, base))
	rbEditHeader(t, p.bins, func(h *table.Header) { h.Metric = "int"; h.DistKind = table.DistU32 })
	if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, p.bins)); !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "in a level of integer costs") {
		t.Errorf("an int metric on a √2 grid: %v", err)
	}
}
