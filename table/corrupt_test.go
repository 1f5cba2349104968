package table_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbEncode returns t as file bytes.
func rbEncode(tb testing.TB, t *table.Table) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if _, err := t.WriteTo(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// rbEncodeGraph returns t as file bytes of a document that carries the
// graph's bins (format 1 or 2), as every table did before VersionCells:
// for the tests of those bins.
func rbEncodeGraph(tb testing.TB, t *table.Table) []byte {
	tb.Helper()
	c := *t
	c.GraphBins = true
	return rbEncode(tb, &c)
}

// rbBuildLevel builds the table of a level given as text in format f.
func rbBuildLevel(tb testing.TB, f maps.Format, text string, opt maps.Options) *table.Table {
	tb.Helper()
	return rbBuildLevelLayout(tb, f, text, opt, table.LayoutFlat)
}

// rbBuildLevelLayout is rbBuildLevel for a table of the given layout.
func rbBuildLevelLayout(tb testing.TB, f maps.Format, text string, opt maps.Options, layout table.Layout) *table.Table {
	tb.Helper()
	t, err := rbBuildLevelWith(tb, f, text, opt, build.Options{Layout: layout})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// rbBuildLevelWith is rbBuildLevel built with bopt (one worker), whose
// error it returns: windowed builds refuse graphs.
func rbBuildLevelWith(tb testing.TB, f maps.Format, text string, opt maps.Options, bopt build.Options) (*table.Table, error) {
	tb.Helper()
	g, err := maps.ParseFormat(f, "level."+string(f), []byte(text), opt)
	if err != nil {
		tb.Fatal(err)
	}
	bopt.Workers = 1
	return build.Build(context.Background(), g, bopt)
}

// rbBuildFile builds the table of a level file.
func rbBuildFile(tb testing.TB, path string, opt maps.Options) []byte {
	tb.Helper()
	return rbBuildFileLayout(tb, path, opt, table.LayoutFlat)
}

// rbBuildFileLayout is rbBuildFile for a table of the given layout.
func rbBuildFileLayout(tb testing.TB, path string, opt maps.Options, layout table.Layout) []byte {
	tb.Helper()
	return rbEncode(tb, rbBuildFileTable(tb, path, opt, layout))
}

// rbBuildFileGraph is rbBuildFileLayout written with the graph's bins.
func rbBuildFileGraph(tb testing.TB, path string, opt maps.Options, layout table.Layout) []byte {
	tb.Helper()
	return rbEncodeGraph(tb, rbBuildFileTable(tb, path, opt, layout))
}

// rbBuildFileTable builds the table of the given layout of a level file.
func rbBuildFileTable(tb testing.TB, path string, opt maps.Options, layout table.Layout) *table.Table {
	tb.Helper()
	return rbBuildFileWith(tb, path, opt, build.Options{Layout: layout})
}

// rbBuildFile16 is rbBuildFileLayout for a run-length table that keeps
// 16-bit starts (build.Options.Starts16): tests that edit its runs bin as
// starts then moves.
func rbBuildFile16(tb testing.TB, path string, opt maps.Options) []byte {
	tb.Helper()
	return rbEncode(tb, rbBuildFileWith(tb, path, opt, build.Options{Layout: table.LayoutRuns, Starts16: true}))
}

// rbBuildFileWith builds the table of a level file with bopt.
func rbBuildFileWith(tb testing.TB, path string, opt maps.Options, bopt build.Options) *table.Table {
	tb.Helper()
	lvl, err := maps.Load(path, opt)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := build.Build(context.Background(), lvl.Graph, bopt)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// rbDocParts is a table document taken apart: the byte offset of each bin's
// msgpack code, and each bin's contents.
type rbDocParts struct {
	binAt   []int
	bins    [][]byte
	crcAt   int
	version uint64
}

// rbSplitDoc takes a valid document apart.
func rbSplitDoc(tb testing.TB, data []byte) rbDocParts {
	tb.Helper()
	r := bytes.NewReader(data)
	dec := msgpack.NewDecoder(r)
	n, err := dec.DecodeArrayLen()
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := dec.DecodeString(); err != nil {
		tb.Fatal(err)
	}
	var p rbDocParts
	if p.version, err = dec.DecodeUint64(); err != nil {
		tb.Fatal(err)
	}
	for range n - 3 { // magic, version and the checksum are not bins
		p.binAt = append(p.binAt, len(data)-r.Len())
		b, err := dec.DecodeBytes()
		if err != nil {
			tb.Fatal(err)
		}
		p.bins = append(p.bins, b)
	}
	p.crcAt = len(data) - r.Len()
	return p
}

// rbRawDoc assembles a document from its parts with a correct checksum, so
// that tests reach the checks behind it. Every bin is written as bin32.
func rbRawDoc(magic string, version uint64, bins [][]byte) []byte {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	enc.EncodeArrayLen(3 + len(bins)) // magic, version, bins, checksum
	enc.EncodeString(magic)
	enc.EncodeUint(version)
	for _, b := range bins {
		buf.Write([]byte{0xc6, byte(len(b) >> 24), byte(len(b) >> 16), byte(len(b) >> 8), byte(len(b))})
		buf.Write(b)
		crc.Write(b)
	}
	enc.EncodeUint32(crc.Sum32())
	return buf.Bytes()
}

// rbDecodeErrors are the errors Decode may return, wrapped.
var rbDecodeErrors = []error{table.ErrChecksum, table.ErrTruncated, table.ErrNotTable, table.ErrVersion, table.ErrCorrupt}

func rbIsDecodeError(err error) bool {
	for _, e := range rbDecodeErrors {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// rbCorruptionInputs are real tables: a grid with integer costs, a grid with
// octile costs, and a graph with names and coordinates.
func rbCorruptionInputs(t *testing.T) map[string][]byte {
	return map[string][]byte{
		"maze-1014":             rbBuildFile(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}}),
		"maze-sqrt2":            rbBuildFile(t, "../testdata/maze.grid", maps.Options{}),
		"waypoints":             rbBuildFile(t, "../testdata/waypoints.json", maps.Options{}),
		"maze-runs":             rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns),
		"lecture-directed-runs": rbBuildFileLayout(t, "../testdata/lecture-directed.json", maps.Options{}, table.LayoutRuns),
		"unreachable-runs":      rbBuildFileLayout(t, "../testdata/unreachable.grid", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}, table.LayoutRuns),
		"maze-sqrt2-graph":      rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutFlat),
		"maze-runs-graph":       rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns),
	}
}

// TestCorruptBitFlips flips single bits of real tables: every bit of every
// byte of the msgpack framing and the header, and of a strided sample of a
// few thousand payload bytes per table (every byte of a table under 4 KB).
// Every flip must be refused with one of the decoder's errors, never
// accepted as a different table, never a panic.
func TestCorruptBitFlips(t *testing.T) {
	for name, data := range rbCorruptionInputs(t) {
		t.Run(name, func(t *testing.T) {
			if _, err := table.Decode(data); err != nil {
				t.Fatalf("original: %v", err)
			}
			p := rbSplitDoc(t, data)
			stride := max(1, len(data)/4096)
			if testing.Short() {
				stride = max(1, len(data)/1024)
			}
			positions := map[int]bool{}
			for i := 0; i < len(data); i += stride {
				positions[i] = true
			}
			// The framing: everything before the header's contents, the
			// header, each bin's code and length, and the checksum.
			for i := 0; i < p.binAt[0]+5+len(p.bins[0]); i++ {
				positions[i] = true
			}
			for _, at := range append(p.binAt, p.crcAt) {
				for i := at; i < min(at+5, len(data)); i++ {
					positions[i] = true
				}
			}
			for i := p.crcAt; i < len(data); i++ {
				positions[i] = true
			}
			buf := bytes.Clone(data)
			failures := 0
			for i := range positions {
				for bit := range 8 {
					buf[i] ^= 1 << bit
					_, err := table.Decode(buf)
					switch {
					case err == nil:
						t.Errorf("byte %d of %d, bit %d flipped: decoded without error", i, len(buf), bit)
						failures++
					case !rbIsDecodeError(err):
						t.Errorf("byte %d, bit %d flipped: unclassified error %v", i, bit, err)
						failures++
					}
					buf[i] ^= 1 << bit
					if failures > 10 {
						t.Fatal("too many failures")
					}
				}
			}
			t.Logf("%d flips over %d bytes", 8*len(positions), len(buf))
		})
	}
}

// TestCorruptTruncation cuts real tables at every length (a strided sample of
// larger ones): each prefix is refused as truncated, or as not a table when
// it ends before the magic and version are read.
func TestCorruptTruncation(t *testing.T) {
	for name, data := range rbCorruptionInputs(t) {
		t.Run(name, func(t *testing.T) {
			p := rbSplitDoc(t, data)
			stride := 1
			if testing.Short() {
				stride = max(1, len(data)/2048)
			}
			check := func(n int) {
				_, err := table.Decode(data[:n])
				switch {
				case err == nil:
					t.Fatalf("cut to %d of %d bytes: decoded without error", n, len(data))
				case n >= p.binAt[0] && !errors.Is(err, table.ErrTruncated):
					t.Fatalf("cut to %d of %d bytes: %v, want ErrTruncated", n, len(data), err)
				case n < p.binAt[0] && !errors.Is(err, table.ErrNotTable) && !errors.Is(err, table.ErrTruncated):
					t.Fatalf("cut to %d of %d bytes: %v, want ErrNotTable or ErrTruncated", n, len(data), err)
				}
			}
			for n := 0; n < len(data); n += stride {
				check(n)
			}
			// Always every cut around the framing.
			for _, at := range append(p.binAt, p.crcAt, len(data)-1) {
				for n := max(0, at-6); n < min(len(data), at+6); n++ {
					check(n)
				}
			}
		})
	}
}

// TestCorruptTrailingBytes refuses bytes after the checksum.
func TestCorruptTrailingBytes(t *testing.T) {
	data := rbBuildFile(t, "../testdata/maze.grid", maps.Options{})
	for _, extra := range [][]byte{{0}, {0xc0}, []byte("garbage")} {
		_, err := table.Decode(append(bytes.Clone(data), extra...))
		if !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("table followed by %q: %v, want ErrCorrupt", extra, err)
		}
	}
}

// TestCorruptVersionAndMagic checks the messages for a file from another format
// version and for files that are not tables, from Decode and ReadHeader.
func TestCorruptVersionAndMagic(t *testing.T) {
	data := rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutFlat)
	p := rbSplitDoc(t, data)
	if _, err := table.Decode(rbRawDoc(table.Magic, table.Version, p.bins)); err != nil {
		t.Fatalf("rbRawDoc does not make a valid table: %v", err)
	}
	dir := t.TempDir()
	cases := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"version 4", rbRawDoc(table.Magic, 4, p.bins), table.ErrVersion, "unsupported table format version 4 (this build reads 1, 2 and 3)"},
		{"version 0", rbRawDoc(table.Magic, 0, p.bins), table.ErrVersion, "unsupported table format version 0 (this build reads 1, 2 and 3)"},
		{"version 1000", rbRawDoc(table.Magic, 1000, p.bins), table.ErrVersion, "unsupported table format version 1000 (this build reads 1, 2 and 3)"},
		{"flat table as version 2", rbRawDoc(table.Magic, table.VersionLayout, p.bins), table.ErrCorrupt, `layout "" in a version 2 document`},
		{"graph bins as version 3", rbRawDoc(table.Magic, table.VersionCells, p.bins), table.ErrCorrupt, "document has 12 elements, want 8 or 9"},
		{"cell bins as version 1", rbRawDoc(table.Magic, table.Version, rbSplitDoc(t, rbBuildFile(t, "../testdata/maze.grid", maps.Options{})).bins), table.ErrCorrupt, "document has 8 elements, want 12"},
		{"graph as version 3", rbRawDoc(table.Magic, table.VersionCells, append([][]byte{rbSplitDoc(t, rbBuildFile(t, "../testdata/lecture.gr", maps.Options{})).bins[0]}, rbSplitDoc(t, rbBuildFile(t, "../testdata/maze.grid", maps.Options{})).bins[1:]...)), table.ErrCorrupt, `a table of kind "graph" in a version 3 document`},
		{"magic", rbRawDoc("PATHTABX", table.Version, p.bins), table.ErrNotTable, "not a pathtable table"},
		{"short magic", rbRawDoc("PATH", table.Version, p.bins), table.ErrNotTable, "not a pathtable table"},
		{"runs bins as version 1", rbRawDoc(table.Magic, table.Version, rbSplitDoc(t, rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns)).bins), table.ErrCorrupt, "document has 13 elements, want 12"},
		{"empty", nil, table.ErrNotTable, "not a pathtable table"},
		{"text", []byte("hello, world\n"), table.ErrNotTable, "not a pathtable table"},
		{"json", []byte(`{"nodes": []}`), table.ErrNotTable, "not a pathtable table"},
		{"msgpack array", []byte{0x93, 1, 2, 3}, table.ErrNotTable, "not a pathtable table"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), table.ErrNotTable, "not a pathtable table"},
	}
	for _, c := range cases {
		_, err := table.Decode(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: Decode: %v, want %v with %q", c.name, err, c.want, c.msg)
		}
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".ptab")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = table.ReadHeader(path)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: ReadHeader: %v, want %v with %q and the path", c.name, err, c.want, c.msg)
		}
		_, err = table.Open(path)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: Open: %v, want %v and the path", c.name, err, c.want)
		}
	}
}

// TestCorruptHeader checks headers that are valid msgpack behind a valid
// checksum but describe impossible tables: each is refused as corrupt.
func TestCorruptHeader(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatGrid, "...\n.#.\n...\n", maps.Options{})
	p := rbSplitDoc(t, rbEncodeGraph(t, base))
	withHeader := func(edit func(h *table.Header)) []byte {
		h := base.Header
		edit(&h)
		hb, err := msgpack.Marshal(&h)
		if err != nil {
			t.Fatal(err)
		}
		bins := append([][]byte{hb}, p.bins[1:]...)
		return rbRawDoc(table.Magic, table.Version, bins)
	}
	cases := map[string]func(h *table.Header){
		"negative nodes":     func(h *table.Header) { h.Nodes = -1 },
		"too many nodes":     func(h *table.Header) { h.Nodes = table.MaxNodes + 1 },
		"nodes mismatch":     func(h *table.Header) { h.Nodes++ },
		"edges mismatch":     func(h *table.Header) { h.Edges-- },
		"negative edges":     func(h *table.Header) { h.Edges = -8 },
		"unknown kind":       func(h *table.Header) { h.Kind = "hexgrid" },
		"unknown dist":       func(h *table.Header) { h.DistKind = "u24" },
		"wider dist":         func(h *table.Header) { h.DistKind = table.DistU64 },
		"unknown first":      func(h *table.Header) { h.FirstEnc = "rle" },
		"zero width":         func(h *table.Header) { h.Width = 0 },
		"small grid":         func(h *table.Header) { h.Width, h.Height = 2, 2 },
		"huge grid":          func(h *table.Header) { h.Width, h.Height = 1<<20, 1<<20 },
		"overflowing grid":   func(h *table.Header) { h.Width, h.Height = 1<<62, 4 },
		"overflowing grid 2": func(h *table.Header) { h.Width, h.Height = 1<<32+1, 1<<32 },
		"grid with names":    func(h *table.Header) { h.Names = make([]string, h.Nodes) },
		"graph without names": func(h *table.Header) {
			h.Kind = table.KindGraph
		},
	}
	for name, edit := range cases {
		_, err := table.Decode(withHeader(edit))
		if !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
	if _, err := table.Decode(withHeader(func(*table.Header) {})); err != nil {
		t.Fatalf("unchanged header: %v", err)
	}
}

// TestCorruptGridSizeOverflow is the case the fuzzer's cousin found by reading:
// a grid of 2^62 × 4 cells whose cell count overflows to 0 passed the size
// check, and NodeAt then indexed far outside its cell index.
func TestCorruptGridSizeOverflow(t *testing.T) {
	h := table.Header{Kind: table.KindGrid, Nodes: 0, Width: 1 << 62, Height: 4,
		Metric: "int", DistKind: table.DistU16}
	tab, _ := rbNewFlat(t, table.Header{Kind: table.KindGrid, Nodes: 0, Width: 1, Height: 1, Metric: "int", DistKind: table.DistU16})
	tab.Offsets = []int32{0}
	tab.Header = h
	tab.FirstEnc = "u8"
	_, err := table.Decode(rbEncodeGraph(t, tab))
	if !errors.Is(err, table.ErrCorrupt) {
		t.Fatalf("grid of 2^62 x 4 cells: %v, want ErrCorrupt", err)
	}
}

// TestCorruptGraphArrays alters the graph arrays behind a valid checksum.
func TestCorruptGraphArrays(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatGrid, "...\n.#.\n...\n", maps.Options{})
	n := base.Nodes
	cases := map[string]func(t *table.Table){
		"offset start":    func(t *table.Table) { t.Offsets[0] = 1 },
		"offset end":      func(t *table.Table) { t.Offsets[n] = int32(t.Edges - 1) },
		"decreasing":      func(t *table.Table) { t.Offsets[1], t.Offsets[2] = t.Offsets[2], t.Offsets[1] },
		"huge degree":     func(t *table.Table) { t.Offsets[1] = 300 },
		"target negative": func(t *table.Table) { t.Targets[0] = -1 },
		"target past end": func(t *table.Table) { t.Targets[3] = int32(n) },
		"weight negative": func(t *table.Table) { t.Weights[0] = -1 },
		"weight NaN":      func(t *table.Table) { t.Weights[0] = math.NaN() },
		"weight Inf":      func(t *table.Table) { t.Weights[0] = math.Inf(1) },
		"cell order":      func(t *table.Table) { t.Cells[0], t.Cells[1] = t.Cells[1], t.Cells[0] },
		"cell past grid":  func(t *table.Table) { t.Cells[n-1] = int32(t.Width * t.Height) },
		"cell negative":   func(t *table.Table) { t.Cells[0] = -1 },
		"short first": func(t *table.Table) {
			first, dist := t.Payload().(*table.Flat).Rows().Bytes()
			table.SetPayloads(t, first[:len(first)-1], dist)
		},
		"long dist": func(t *table.Table) {
			first, dist := t.Payload().(*table.Flat).Rows().Bytes()
			table.SetPayloads(t, first, append(dist, 0, 0))
		},
		"no cells":    func(t *table.Table) { t.Cells = nil },
		"x without y": func(t *table.Table) { t.X = make([]float64, n) },
		"short x y":   func(t *table.Table) { t.X, t.Y = make([]float64, n-1), make([]float64, n-1) },
	}
	for name, edit := range cases {
		c := *base
		c.Offsets = append([]int32(nil), base.Offsets...)
		c.Targets = append([]int32(nil), base.Targets...)
		c.Weights = append([]float64(nil), base.Weights...)
		c.Cells = append([]int32(nil), base.Cells...)
		edit(&c)
		_, err := table.Decode(rbEncodeGraph(t, &c))
		if !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

// TestCorruptRuns edits a run-length table's payloads behind a correct
// checksum: an order that is not a permutation, rows that do not span the
// runs and bins whose lengths disagree with the header's encoding are
// refused at load; runs that name no edge, start anywhere or repeat answer
// "no path" or a walk of the level, never a panic or a hang. The table has
// 16-bit starts and 4-bit moves, as every grid level's small table.
func TestCorruptRuns(t *testing.T) {
	p := rbSplitDoc(t, rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	good, err := table.Decode(rbRawDoc(table.Magic, table.VersionLayout, p.bins))
	if err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	if good.FirstEnc != table.FirstEncRuns16x4 {
		t.Fatalf("maze.grid's runs are encoded %q, want %q", good.FirstEnc, table.FirstEncRuns16x4)
	}
	order, rows, runs := 7, 8, 9
	split := 2 * good.RunCount // the starts, then the moves
	refused := map[string]func(b [][]byte){
		"order repeats a node":   func(b [][]byte) { copy(b[order][2:4], b[order][0:2]) },
		"order out of range":     func(b [][]byte) { b[order][1] = 0x7f },
		"rows do not start at 0": func(b [][]byte) { b[rows][0] = 1 },
		"rows overrun the runs":  func(b [][]byte) { b[rows][len(b[rows])-4]++ },
		"a row ends before it starts": func(b [][]byte) {
			copy(b[rows][4:8], []byte{0xff, 0xff, 0xff, 0x00})
		},
		"runs a byte longer":                 func(b [][]byte) { b[runs] = append(b[runs], 0) },
		"short order":                        func(b [][]byte) { b[order] = b[order][:len(b[order])-2] },
		"order of 32-bit ranks":              func(b [][]byte) { b[order] = append(b[order], b[order]...) },
		"a run fewer than the header counts": func(b [][]byte) { b[runs] = b[runs][:len(b[runs])-3] },
		"header counts a run more":           func(b [][]byte) { rbEditHeader(t, b, func(h *table.Header) { h.RunCount++ }) },
		"header says flat": func(b [][]byte) {
			rbEditHeader(t, b, func(h *table.Header) { h.Layout, h.RunCount = table.LayoutFlat, 0 })
		},
		"header says 8-bit moves": func(b [][]byte) {
			rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = table.FirstEncRuns16x8 })
		},
		"header says 32-bit starts": func(b [][]byte) {
			rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = table.FirstEncRuns32x4 })
		},
		"header names an unknown encoding": func(b [][]byte) {
			rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = "runs8x2" })
		},
		"header names no encoding": func(b [][]byte) {
			rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = "" })
		},
	}
	for name, edit := range refused {
		b := make([][]byte, len(p.bins))
		for i := range b {
			b[i] = bytes.Clone(p.bins[i])
		}
		edit(b)
		if _, err := table.Decode(rbRawDoc(table.Magic, table.VersionLayout, b)); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
	answered := map[string]func(w []byte){
		"moves past every degree": func(w []byte) {
			for i := split; i < len(w); i++ {
				w[i] = 0xee
			}
		},
		"moves all none": func(w []byte) {
			for i := split; i < len(w); i++ {
				w[i] = 0xff
			}
		},
		"starts reversed": func(w []byte) {
			for i := 0; i < split/2; i += 2 {
				j := split - 2 - i
				w[i], w[i+1], w[j], w[j+1] = w[j], w[j+1], w[i], w[i+1]
			}
		},
		"starts past every rank": func(w []byte) {
			for i := 0; i < split; i++ {
				w[i] = 0xff
			}
		},
		"all zero": func(w []byte) { clear(w) },
		"all ones": func(w []byte) {
			for i := range w {
				w[i] = 0xff
			}
		},
	}
	for name, edit := range answered {
		b := slices.Clone(p.bins)
		b[runs] = bytes.Clone(p.bins[runs])
		edit(b[runs])
		tab, err := table.Decode(rbRawDoc(table.Magic, table.VersionLayout, b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) { rbExercise(t, tab) })
	}
}

// rbEditHeader changes the header bin of a document's bins.
func rbEditHeader(t testing.TB, b [][]byte, edit func(h *table.Header)) {
	var h table.Header
	if err := msgpack.Unmarshal(b[0], &h); err != nil {
		t.Fatal(err)
	}
	edit(&h)
	var err error
	if b[0], err = msgpack.Marshal(&h); err != nil {
		t.Fatal(err)
	}
}

// rbRefusedEncoding is a first-move encoding a document must not carry:
// its bins, with the header's encoding set to enc, under version.
type rbRefusedEncoding struct {
	name    string
	version uint64
	bins    [][]byte
	enc     string
}

// rbRefuseEncodings checks that Decode refuses every case with a one-line
// ErrCorrupt that names the encoding.
func rbRefuseEncodings(t *testing.T, cases []rbRefusedEncoding) {
	t.Helper()
	for _, tc := range cases {
		b := slices.Clone(tc.bins)
		rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = tc.enc })
		_, err := table.Decode(rbRawDoc(table.Magic, tc.version, b))
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.enc)) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want ErrCorrupt naming %q", tc.name, err, tc.enc)
		}
	}
}

// TestCorruptShape gives a version-1 document the wrong number of
// elements: corrupt, from Decode and ReadHeader alike, not "unsupported
// version 1 (this build reads 1)".
func TestCorruptShape(t *testing.T) {
	p := rbSplitDoc(t, rbBuildFile(t, "../testdata/maze.grid", maps.Options{}))
	path := filepath.Join(t.TempDir(), "short.ptab")
	for _, bins := range [][][]byte{p.bins[:len(p.bins)-1], append(p.bins, nil)} {
		data := rbRawDoc(table.Magic, table.Version, bins)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := table.Decode(data)
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "elements") {
			t.Errorf("%d bins: Decode: %v, want ErrCorrupt naming the elements", len(bins), err)
		}
		_, err = table.ReadHeader(path)
		if !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), "elements") {
			t.Errorf("%d bins: ReadHeader: %v, want ErrCorrupt naming the elements", len(bins), err)
		}
	}
}
