package table_test

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestSpecComponentRows: a "c" encoding (rows that cover their source's
// component and wrap within it). On tiny.grid, whose node (2,0) is a
// component of its own: the row of that node holds no run, a target in
// the other component has no path whatever the row says, a row's targets
// below its first start take its last run, and the table reads back the
// same through its file; an order that splits a component is corrupt;
// the encoding outside a version 3 grid table, or without symbols, is
// corrupt.
func TestSpecComponentRows(t *testing.T) {
	tab, err := rbBuildLevelWith(t, maps.FormatGrid, specTiny, maps.Options{}, build.Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	if tab.FirstEnc != table.FirstEncRuns12x4HC {
		t.Fatalf("tiny.grid's encoding %q, want %q", tab.FirstEnc, table.FirstEncRuns12x4HC)
	}
	data := rbEncode(t, tab)
	back, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	p := rbSplitDoc(t, data)
	const order, rows = 3, 4
	lone := int(binary.LittleEndian.Uint16(p.bins[order])) // rank 0: the smaller component first
	if tab.Cells[lone] != 2 || p.bins[rows][0] != 0 {
		t.Fatalf("rank 0 is node %d at cell %d with %d runs, want the lone cell 2 with none", lone, tab.Cells[lone], p.bins[rows][0])
	}
	comps := back.ComponentStarts()
	for s := range tab.Nodes {
		for u := range tab.Nodes {
			apart := (s == lone) != (u == lone)
			if apart != (comps[back.Payload().(*table.Runs).Rank[s]] != comps[back.Payload().(*table.Runs).Rank[u]]) {
				t.Fatalf("nodes %d and %d: ComponentStarts %v", s, u, comps)
			}
			_, ok := back.Distance(s, u)
			if m := back.Move(s, u); (m == table.NoMove) != (apart || s == u) || ok == apart {
				t.Errorf("%d -> %d: move %d, path %v", s, u, m, ok)
			}
		}
	}
	if got, want := back.ReachablePairs(), int64(5*4); got != want {
		t.Errorf("%d reachable pairs, want %d", got, want)
	}
	// The lone node moved to rank 1 splits the other component.
	split := slices.Clone(p.bins)
	o := slices.Clone(split[order])
	copy(o[0:2], o[2:4])
	binary.LittleEndian.PutUint16(o[2:], uint16(lone))
	split[order] = o
	_, err = table.Decode(rbRawDoc(table.Magic, p.version, split))
	if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "consecutive") {
		t.Errorf("an order that splits a component: %v, want ErrCorrupt naming consecutive ranks", err)
	}
	old := rbSplitDoc(t, rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	graph := rbSplitDoc(t, rbBuildFileLayout(t, "../testdata/lecture-directed.json", maps.Options{}, table.LayoutRuns))
	rbRefuseEncodings(t, []rbRefusedEncoding{
		{"components in format 2", table.VersionLayout, old.bins, table.FirstEncRuns16x4HC},
		{"components in a graph table", table.VersionLayout, graph.bins, table.FirstEncRuns16x4HCB},
		{"components without symbols", table.VersionCells, p.bins, table.FirstEncRuns16x4 + table.CompSuffix},
		{"components and wrap", table.VersionCells, p.bins, table.FirstEncRuns16x4HW + table.CompSuffix},
		{"16-bit starts with 8-bit moves and components", table.VersionCells, p.bins, "runs16x8hc"},
		{"boxes before components", table.VersionCells, p.bins, "runs16x4hbc"},
		{"12-bit components in format 2", table.VersionLayout, old.bins, table.FirstEncRuns12x4HC},
		{"12-bit starts without symbols", table.VersionCells, p.bins, "runs12x4"},
		{"12-bit starts with 8-bit moves", table.VersionCells, p.bins, "runs12x8hc"},
	})
}
