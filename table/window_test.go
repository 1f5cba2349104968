package table_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// windowLevels are small grids for windowed tables: costs, walls, both
// movement models, a window wider than the grid and one narrower.
var windowLevels = []struct {
	text  string
	opt   maps.Options
	delta int
}{
	{"...\n.#.\n..3\n", maps.Options{}, 1},
	{"..#..\n.#...\n...2.\n", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}, 2},
	{".....#....\n.###.#.55.\n...#...55.\n", maps.Options{}, 3},
	{"..#..\n", maps.Options{}, 9},
}

// windowTables encodes a windowed table of each of windowLevels.
func windowTables(tb testing.TB) [][]byte {
	var out [][]byte
	for _, l := range windowLevels {
		g, err := maps.ParseFormat(maps.FormatGrid, "w.grid", []byte(l.text), l.opt)
		if err != nil {
			tb.Fatal(err)
		}
		tab, err := build.Build(context.Background(), g, build.Options{Window: l.delta, Workers: 1})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, rbEncodeGraph(tb, tab))
	}
	return out
}

func TestWindowRoundTrip(t *testing.T) {
	for i, data := range windowTables(t) {
		tab, err := table.Decode(data)
		if err != nil {
			t.Fatalf("level %d: %v", i, err)
		}
		if tab.Window != windowLevels[i].delta || tab.FormatVersion() != table.VersionLayout || tab.FirstEnc != table.FirstEncWindow {
			t.Errorf("level %d: window %d, version %d, encoding %q", i, tab.Window, tab.FormatVersion(), tab.FirstEnc)
		}
		if first, dist := tab.PayloadBytes(); first != int64(tab.Nodes*table.WindowBlockBytes(tab.Window)) || dist != 0 || int64(len(tab.Payload().(*table.Window).Blocks())) != first {
			t.Errorf("level %d: %d bytes of windows, %d of distances", i, first, dist)
		}
		if again := rbEncodeGraph(t, tab); !bytes.Equal(again, data) {
			t.Errorf("level %d: re-encoding changes the bytes", i)
		}
		h, err := table.ReadHeader(writeTemp(t, data))
		if err != nil || h.Window != tab.Window {
			t.Errorf("level %d: ReadHeader: %+v, %v", i, h, err)
		}
	}
}

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "w.ptab")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWindowCorrupt: a windowed header that does not fit its document is
// corrupt, never a panic.
func TestWindowCorrupt(t *testing.T) {
	data := windowTables(t)[2]
	p := rbSplitDoc(t, data)
	tab, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	header := func(edit func(h *table.Header)) []byte {
		h := tab.Header
		edit(&h)
		b, err := msgpack.Marshal(&h)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	with := func(i int, b []byte) [][]byte {
		bins := append([][]byte(nil), p.bins...)
		bins[i] = b
		return bins
	}
	tests := []struct {
		name    string
		version uint64
		bins    [][]byte
		want    string
	}{
		{"as version 1", table.Version, p.bins, `layout "window" in a version 1 document`},
		{"window too wide", table.VersionLayout, with(0, header(func(h *table.Header) { h.Window = table.MaxWindowDelta + 1 })), "window half-width"},
		// An integer field is never negative: the header's own reader
		// refuses it before any layout sees it (issue 20, item 7).
		{"negative window", table.VersionLayout, with(0, header(func(h *table.Header) { h.Window = -1 })), "window: a negative integer"},
		{"run count", table.VersionLayout, with(0, header(func(h *table.Header) { h.RunCount = 3 })), `3 runs in a table of layout "window"`},
		{"flat encoding", table.VersionLayout, with(0, header(func(h *table.Header) { h.FirstEnc = "u8" })), "first-move encoding"},
		{"graph", table.VersionLayout, with(0, header(func(h *table.Header) { h.Kind = table.KindGraph; h.Names = make([]string, h.Nodes) })), "windows need a grid"},
		{"short windows", table.VersionLayout, with(7, p.bins[7][1:]), "first has"},
		{"distances", table.VersionLayout, with(8, []byte{0}), "dist has"},
	}
	for _, tc := range tests {
		_, err := table.Decode(rbRawDoc(table.Magic, tc.version, tc.bins))
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrCorrupt with %q", tc.name, err, tc.want)
		}
	}
}

// FuzzDecodeWindow fuzzes a windowed table's parts behind a correct
// checksum, and queries whatever decodes: stored moves that name no edge,
// leave the window or loop must end a walk, never panic or hang.
//
//	go test ./table -run '^$' -fuzz FuzzDecodeWindow -fuzztime 30s
func FuzzDecodeWindow(f *testing.F) {
	for _, s := range windowTables(f) {
		b := rbSplitDoc(f, s).bins
		f.Add(b[0], b[1], b[2], b[3], b[4], b[7])
	}
	f.Fuzz(func(t *testing.T, header, offsets, targets, weights, cells, windows []byte) {
		data := rbRawDoc(table.Magic, table.VersionLayout, [][]byte{header, offsets, targets, weights, cells, nil, nil, windows, nil})
		tab, err := table.Decode(data)
		if err != nil {
			if !rbIsDecodeError(err) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		if tab.Nodes > 1<<12 {
			return // queries below are O(n²)
		}
		rbExercise(t, tab)
		lt := lookup.New(tab)
		for s := range lt.Len() {
			for d := range lt.Len() {
				if p, ok := lt.AppendPath(nil, s, d); ok && !lt.Covered(s, d) || len(p) > table.WindowSide(tab.Window)*table.WindowSide(tab.Window) {
					t.Fatalf("path %d -> %d: %v, covered %v", s, d, p, lt.Covered(s, d))
				}
			}
		}
	})
}
