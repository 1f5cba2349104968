package table_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestRowCounts: a format 3 run-length grid table stores a run count a
// row, in the fewest bytes its rows need (row_bytes: 1 on maze.grid),
// which sum at load to the row starts the table was built with; counts
// that do not sum to the header's runs, a bin of another length, or a
// row_bytes other than 1, 2 or 4, are corrupt.
func TestRowCounts(t *testing.T) {
	p := rbSplitDoc(t, rbBuildFile16(t, "../testdata/maze.grid", maps.Options{}))
	good, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, p.bins))
	if err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	rows := len(p.bins) - 2
	if got, want := len(p.bins[rows]), good.Nodes; got != want {
		t.Fatalf("rows bin of %d nodes: %d bytes, want %d", good.Nodes, got, want)
	}
	rowStart := good.Payload().(*table.Runs).RowStart
	for k := range good.Nodes {
		if got, want := p.bins[rows][k], rowStart[k+1]-rowStart[k]; uint32(got) != want {
			t.Fatalf("row %d: count %d, its runs %d", k, got, want)
		}
	}
	last := len(p.bins[rows]) - 1
	for name, edit := range map[string]func(b []byte) []byte{
		"one run too many":    func(b []byte) []byte { b[0]++; return b },
		"one run too few":     func(b []byte) []byte { b[last]--; return b },
		"a row past the runs": func(b []byte) []byte { b[0] = 0xff; return b },
		"counts moved":        func(b []byte) []byte { b[0]++; b[last]--; return nil },
		"one byte short":      func(b []byte) []byte { return b[:len(b)-1] },
		"uint32 row starts":   func(b []byte) []byte { return make([]byte, 4*(good.Nodes+1)) },
	} {
		b := slices.Clone(p.bins)
		b[rows] = edit(bytes.Clone(p.bins[rows]))
		if b[rows] == nil {
			continue // checked below: still a table, its rows moved
		}
		if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b)); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
	for _, rb := range []int{0, 2, 3, 4, 8, -1} {
		b := slices.Clone(p.bins)
		rbEditHeader(t, b, func(h *table.Header) { h.RowBytes = rb })
		if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b)); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("row_bytes %d: %v, want ErrCorrupt", rb, err)
		}
	}
	// Counts that still sum to the runs decode; the rows they give are
	// checked where they are used, as any damaged row's.
	b := slices.Clone(p.bins)
	b[rows] = bytes.Clone(p.bins[rows])
	b[rows][0]++
	b[rows][last]--
	tab, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b))
	if err != nil {
		t.Fatalf("counts moved between rows: %v", err)
	}
	rbExercise(t, tab)
	// 12-bit runs are checked at load: row 0 ends in row 1's first run,
	// which starts no later than row 0's last.
	p12 := rbSplitDoc(t, rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	b = slices.Clone(p12.bins)
	b[rows] = bytes.Clone(p12.bins[rows])
	b[rows][0]++
	b[rows][last]--
	if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b)); !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "not after the run before it") {
		t.Errorf("12-bit counts moved between rows: %v, want ErrCorrupt naming the start", err)
	}
}
