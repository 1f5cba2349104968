package table_test

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// The tests of this file pin docs/FORMAT.md's rules that a reader written
// from it alone had to guess (issue 39): each case is one sentence of the
// spec, so that the text and the decoder cannot drift apart silently.

// specTiny is examples/tiny.grid: two components (node 1 is walled in), a
// cell of cost 2.
const specTiny = ".#.\n.2#\n..#\n"

// specEdit is one change to a header: key set to the raw msgpack value
// (nil: the key removed), appended when the header lacks it.
type specEdit struct {
	key   string
	value []byte
}

// specDoc returns the document data with its header edited, its version
// set to version (0: kept) and its checksum recomputed.
func specDoc(t *testing.T, data []byte, version uint64, edits ...specEdit) []byte {
	t.Helper()
	p := rbSplitDoc(t, data)
	entries := rbHeaderEntries(t, p.bins[0])
	for _, e := range edits {
		key := rbRaw(t, e.key)
		i := slices.IndexFunc(entries, func(x rbHeaderEntry) bool { return bytes.Equal(x.key, key) })
		switch {
		case i < 0 && e.value != nil:
			entries = append(entries, rbHeaderEntry{key, e.value})
		case i >= 0 && e.value == nil:
			entries = slices.Delete(entries, i, i+1)
		case i >= 0:
			entries[i].value = e.value
		}
	}
	if version == 0 {
		version = p.version
	}
	bins := append([][]byte{rbHeaderBin(entries)}, p.bins[1:]...)
	return rbRawDoc(table.Magic, version, bins)
}

// TestSpecHeaderKeys: the header-key table's `layout`, `window`, `runs`
// and `row_bytes` rows. `layout` absent or "" is the flat layout, in
// version 1 and 3 alike; "flat" names nothing and is corrupt; a version 2
// document is never flat. `row_bytes` 0 is a missing key, accepted in
// every table but a version 3 run-length one, where it is refused as
// absent is. `window` and `runs` are integers, 0 outside their layouts.
func TestSpecHeaderKeys(t *testing.T) {
	flat := rbBuildLevel(t, maps.FormatGrid, specTiny, maps.Options{})
	runs := rbBuildLevelLayout(t, maps.FormatGrid, specTiny, maps.Options{}, table.LayoutRuns)
	win, err := rbBuildLevelWith(t, maps.FormatGrid, specTiny, maps.Options{}, build.Options{Window: 1})
	if err != nil {
		t.Fatal(err)
	}
	v1, v2, v3, v3runs, v3win := rbEncodeGraph(t, flat), rbEncodeGraph(t, runs), rbEncode(t, flat), rbEncode(t, runs), rbEncode(t, win)
	str, zero := func(s string) []byte { return rbRaw(t, s) }, []byte{0x00}
	for _, c := range []struct {
		name    string
		data    []byte
		version uint64
		edits   []specEdit
		ok      bool
	}{
		{"v1 flat, no layout", v1, 1, nil, true},
		{`v1 flat, layout ""`, v1, 1, []specEdit{{"layout", str("")}}, true},
		{`v1 flat, layout "flat"`, v1, 1, []specEdit{{"layout", str("flat")}}, false},
		{"v3 flat, no layout", v3, 3, nil, true},
		{`v3 flat, layout ""`, v3, 3, []specEdit{{"layout", str("")}}, true},
		{`v3 flat, layout "flat"`, v3, 3, []specEdit{{"layout", str("flat")}}, false},
		{"v3 flat, layout an integer", v3, 3, []specEdit{{"layout", zero}}, false},
		{`v2 runs, layout ""`, v2, 2, []specEdit{{"layout", str("")}}, false},
		{"v2 runs, no layout", v2, 2, []specEdit{{"layout", nil}}, false},
		{`v2 runs, layout "flat"`, v2, 2, []specEdit{{"layout", str("flat")}}, false},
		{"v1 flat, row_bytes 0", v1, 1, []specEdit{{"row_bytes", zero}}, true},
		{"v1 flat, row_bytes 1", v1, 1, []specEdit{{"row_bytes", []byte{1}}}, false},
		{"v2 runs, row_bytes 0", v2, 2, []specEdit{{"row_bytes", zero}}, true},
		{"v2 runs, row_bytes 4", v2, 2, []specEdit{{"row_bytes", []byte{4}}}, false},
		{"v3 flat, row_bytes 0", v3, 3, []specEdit{{"row_bytes", zero}}, true},
		{"v3 window, row_bytes 0", v3win, 3, []specEdit{{"row_bytes", zero}}, true},
		{"v3 window, row_bytes 1", v3win, 3, []specEdit{{"row_bytes", []byte{1}}}, false},
		{"v3 runs, row_bytes 1", v3runs, 3, nil, true},
		{"v3 runs, row_bytes 0", v3runs, 3, []specEdit{{"row_bytes", zero}}, false},
		{"v3 runs, no row_bytes", v3runs, 3, []specEdit{{"row_bytes", nil}}, false},
		{"v3 flat, window 0 and runs 0", v3, 3, []specEdit{{"window", zero}, {"runs", zero}}, true},
		{"v3 flat, window 1", v3, 3, []specEdit{{"window", []byte{1}}}, false},
		{"v3 flat, runs 1", v3, 3, []specEdit{{"runs", []byte{1}}}, false},
		{"v3 window, window a string", v3win, 3, []specEdit{{"window", str("1")}}, false},
		{"v3 window, window 0", v3win, 3, []specEdit{{"window", zero}}, false},
		{"v3 window, window 128", v3win, 3, []specEdit{{"window", []byte{0xcc, 128}}}, false},
		{"v3 runs, runs a string", v3runs, 3, []specEdit{{"runs", str("6")}}, false},
		{"v3 runs, runs nil", v3runs, 3, []specEdit{{"runs", []byte{0xc0}}}, false},
	} {
		data := specDoc(t, c.data, c.version, c.edits...)
		_, err := table.Decode(data)
		if (err == nil) != c.ok || err != nil && (!errors.Is(err, table.ErrCorrupt) || strings.Contains(err.Error(), "\n")) {
			t.Errorf("%s: %v, want ok %v (else one line of ErrCorrupt)", c.name, err, c.ok)
		}
		rbReadTableEverywhere(t, data, false)
	}
}

// TestSpecCheckOrder: "What a reader must check" lists the steps in the
// order the decoder applies them, and the first that fails is the error.
// The version is checked alone (a header that would fail later is not
// read); the element count against the version's layouts before the
// header, against the header's layout at the end of step 5; within step
// 5, the layout first, the metric before the kind, the layout's version
// last but for the element count.
func TestSpecCheckOrder(t *testing.T) {
	flat := rbBuildLevel(t, maps.FormatGrid, specTiny, maps.Options{})
	runs := rbBuildLevelLayout(t, maps.FormatGrid, specTiny, maps.Options{}, table.LayoutRuns)
	v1, v3, v3runs := rbEncodeGraph(t, flat), rbEncode(t, flat), rbEncode(t, runs)
	garbage := []specEdit{{"kind", rbRaw(t, "blob")}, {"metric", rbRaw(t, "manhattan")}}
	split := func(data []byte) rbDocParts { return rbSplitDoc(t, data) }
	for _, c := range []struct {
		name string
		data []byte
		is   error
		says string
	}{
		{"step 2 before 5: version 4, header bad", specDoc(t, v1, 4, garbage...), table.ErrVersion, "version 4"},
		{"step 3 before 5: v1 of 13 elements, header bad",
			rbRawDoc(table.Magic, 1, append(split(specDoc(t, v1, 0, garbage...)).bins, nil)), table.ErrCorrupt, "elements"},
		{"step 3 by version: v3 of 12 elements", rbRawDoc(table.Magic, 3, split(v1).bins), table.ErrCorrupt, "want 8 or 9"},
		{"5.1 before 5.5: unknown layout and metric", specDoc(t, v3, 0, specEdit{"layout", rbRaw(t, "flat")}, specEdit{"metric", rbRaw(t, "manhattan")}), table.ErrCorrupt, `layout "flat"`},
		{"5.5 before 5.6: metric and kind", specDoc(t, v3, 0, garbage...), table.ErrCorrupt, "metric"},
		{"5.7: a flat header in a version 2 document", specDoc(t, v1, 2), table.ErrCorrupt, "version 2 document"},
		{"5.7: a graph in version 3", rbRawDoc(table.Magic, 3, split(rbEncode(t, rbBuildLevel(t, maps.FormatJSON,
			`{"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 2}]}`, maps.Options{}))).bins), table.ErrCorrupt, "elements"},
		{"5.7 last: a run-length header in 8 elements", rbRawDoc(table.Magic, 3, append(split(v3runs).bins[:1:1], split(v3).bins[1:]...)), table.ErrCorrupt, `layout "runs" takes 9 elements`},
	} {
		_, err := table.Decode(c.data)
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want %v naming %q", c.name, err, c.is, c.says)
		}
	}
}

// TestSpecLiteralV3: a version 3 run-length grid table may have a literal
// encoding (no h); the Go reader reads it, with the answers of the symbol
// table of the same level.
func TestSpecLiteralV3(t *testing.T) {
	sym := rbBuildLevelLayout(t, maps.FormatGrid, specTiny, maps.Options{}, table.LayoutRuns)
	lit, err := rbBuildLevelWith(t, maps.FormatGrid, specTiny, maps.Options{}, build.Options{Layout: table.LayoutRuns, Literal: true})
	if err != nil {
		t.Fatal(err)
	}
	data := rbEncode(t, lit)
	if p := rbSplitDoc(t, data); p.version != table.VersionCells {
		t.Fatalf("a literal grid table written as version %d, want %d", p.version, table.VersionCells)
	}
	for _, enc := range []string{table.FirstEncRuns16x4, table.FirstEncRuns32x4} {
		got, err := table.Decode(specDoc(t, widen(t, data, enc), 0, specEdit{"first_enc", rbRaw(t, enc)}))
		if err != nil {
			t.Fatalf("%s in version 3: %v", enc, err)
		}
		if got.FirstEnc != enc {
			t.Errorf("%s in version 3 read as %q", enc, got.FirstEnc)
		}
		for s := range got.Nodes {
			for d := range got.Nodes {
				if a, b := got.Move(s, d), sym.Move(s, d); a != b {
					t.Errorf("%s: move %d -> %d is %d, the symbol table's %d", enc, s, d, a, b)
				}
			}
		}
	}
}

// widen returns the version 3 run-length document data (16-bit starts,
// 4-bit moves) with the order and run starts in W = 2 or 4 bytes as enc
// says, and 8-bit moves where enc's are (a 4-bit 0xF becoming 0xFF): the
// bins of the same rows in another encoding. Its header is data's.
func widen(t *testing.T, data []byte, enc string) []byte {
	t.Helper()
	p := rbSplitDoc(t, data)
	order, runBin := p.bins[3], p.bins[5]
	n, r := len(order)/2, 0
	for ; 2*r+(r+1)/2 < len(runBin); r++ {
	}
	if 2*r+(r+1)/2 != len(runBin) {
		t.Fatalf("runs bin of %d bytes is no 16x4 bin", len(runBin))
	}
	w, wide8 := 2, strings.Contains(enc, "x8")
	if strings.HasPrefix(enc, "runs32") {
		w = 4
	}
	u16 := func(b []byte, i int) []byte { return append(make([]byte, 0, w), b[2*i], b[2*i+1], 0, 0)[:w] }
	var o, rs []byte
	for i := range n {
		o = append(o, u16(order, i)...)
	}
	for i := range r {
		rs = append(rs, u16(runBin, i)...)
	}
	moves := runBin[2*r:]
	if wide8 {
		for i := range r {
			m := moves[i/2] >> (4 * (i % 2)) & 0xF
			if m == 0xF {
				m = 0xFF
			}
			rs = append(rs, m)
		}
	} else {
		rs = append(rs, moves...)
	}
	bins := slices.Clone(p.bins)
	bins[3], bins[5] = o, rs
	return rbRawDoc(table.Magic, p.version, bins)
}

// TestSpecWideSymbolMoves: in an 8-bit symbol table ("runs32x8hc"), move
// values 8 to 14 are H_1 to H_7, 0 to 7 and 15 to 254 slots (no path
// where the node has no such slot, as every grid node for 15 and up), and
// 255 no path; none is an error.
func TestSpecWideSymbolMoves(t *testing.T) {
	sym, err := rbBuildLevelWith(t, maps.FormatGrid, specTiny, maps.Options{}, build.Options{Layout: table.LayoutRuns, NoJump: true, Starts16: true})
	if err != nil {
		t.Fatal(err)
	}
	if sym.FirstEnc != table.FirstEncRuns16x4HC {
		t.Fatalf("tiny.grid's encoding %q, want %q", sym.FirstEnc, table.FirstEncRuns16x4HC)
	}
	const enc = "runs32x8hc" // a part file's encoding, which a table may have too
	data := specDoc(t, widen(t, rbEncode(t, sym), enc), 0, specEdit{"first_enc", rbRaw(t, enc)})
	base, err := table.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	// Node 2's row is one run (run 1, its rank 2: examples/tiny-runs-v3.ptab)
	// of H_1; its slots 0-3 lead to nodes 0, 3, 5, 4.
	const s, run, runs = 2, 1, 5
	if got, want := base.Move(s, 5), sym.Move(s, 5); got != want || got != 2 {
		t.Fatalf("H_1 from node 2 to 5 is slot %d in %s, %d in %s; want 2", got, enc, want, sym.FirstEnc)
	}
	p := rbSplitDoc(t, data)
	for _, c := range []struct {
		m    byte
		want uint8 // toward node 5
	}{{1, 1}, {3, 3}, {4, table.NoMove}, {7, table.NoMove}, {8, 2}, {9, 1}, {14, table.NoMove}, {15, table.NoMove}, {100, table.NoMove}, {254, table.NoMove}, {255, table.NoMove}} {
		bins := slices.Clone(p.bins)
		bins[5] = bytes.Clone(p.bins[5])
		bins[5][4*runs+run] = c.m
		tab, err := table.Decode(rbRawDoc(table.Magic, p.version, bins))
		if err != nil {
			t.Errorf("move %d: %v, want a table", c.m, err)
			continue
		}
		// Move gives the stored slot; a slot past the degree is no path,
		// which the walk of Distance applies.
		got := tab.Move(s, 5)
		if got != table.NoMove && int(got) >= int(tab.Offsets[s+1]-tab.Offsets[s]) {
			got = table.NoMove
		}
		_, reached := tab.Distance(s, 5)
		if got != c.want || reached != (c.want != table.NoMove) {
			t.Errorf("move %d: node 2 -> 5 answers %d (reached %v), want %d", c.m, got, reached, c.want)
		}
	}
}

// TestSpecAgentCells: in a version 3 table with a clearance, the open bin's
// set bits are the agent's cells (the nodes), not the passable ones, and
// costs holds each node's cost, the dearest cell of its footprint.
func TestSpecAgentCells(t *testing.T) {
	// Passable: every cell but (3,0); the 2x2 agent stands on (0,0),
	// (1,0), (0,1), (1,1), (2,1): cells 0, 1, 4, 5, 6. Footprints holding
	// the cost-2 cell (2,1): those of (1,0), (1,1), (2,1).
	agent := rbBuildLevel(t, maps.FormatGrid, "...#\n..2.\n....\n", maps.Options{Clearance: 2})
	p := rbSplitDoc(t, rbEncode(t, agent))
	if p.version != table.VersionCells {
		t.Fatalf("version %d", p.version)
	}
	if got, want := p.bins[1], []byte{0b0111_0011, 0}; !bytes.Equal(got, want) {
		t.Errorf("open bin %08b, want %08b (the agent's cells)", got, want)
	}
	if got, want := p.bins[2], []byte{0x21, 0x21, 0x02}; !bytes.Equal(got, want) {
		t.Errorf("costs bin % x, want % x", got, want)
	}
	if got, want := agent.Cells, []int32{0, 1, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("nodes at cells %v, want %v", got, want)
	}
}

// TestSpecPackedRuns: docs/FORMAT.md "12-bit run starts". The worked
// example's runs bin (examples/tiny-runs-v3.ptab, "runs12x4hc") is the
// words 0x0020 and 0x0018 four times, 2R bytes; and the search the text
// gives, words against rank << 4 | 0xF with a row's last run below its
// first start (c rows wrap), reads what the decoder reads for every row
// and rank, on that table and on maze.grid's.
func TestSpecPackedRuns(t *testing.T) {
	data, err := os.ReadFile("../examples/tiny-runs-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(data[:len(data)-5], []byte{0xc4, 0x0a, 0x20, 0, 0x18, 0, 0x18, 0, 0x18, 0, 0x18, 0}) {
		t.Fatal("tiny-runs-v3.ptab's runs bin is not the worked example's")
	}
	for name, data := range map[string][]byte{"tiny-runs-v3.ptab": data,
		"maze.grid": rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns)} {
		tab, err := table.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		p := rbSplitDoc(t, data)
		words := p.bins[len(p.bins)-1]
		r := tab.Payload().(*table.Runs)
		if !table.Packed(tab.FirstEnc) || len(words) != 2*tab.RunCount || !r.Code.Wrap {
			t.Fatalf("%s: %q, %d run bytes for %d runs", name, tab.FirstEnc, len(words), tab.RunCount)
		}
		word := func(i int) int { return int(words[2*i]) | int(words[2*i+1])<<8 }
		for row := range tab.Nodes {
			lo, hi := int(r.RowStart[row]), int(r.RowStart[row+1])
			for rt := range tab.Nodes {
				key, a, b := rt<<4|0xF, lo, hi
				for a < b {
					if mid := (a + b) / 2; word(mid) <= key {
						a = mid + 1
					} else {
						b = mid
					}
				}
				want := byte(table.NoMove)
				if a == lo && hi > lo {
					a = hi // wraps to the row's last run
				}
				if a > lo {
					if m := byte(word(a-1) & 0xF); m != 0xF {
						want = m
					}
				}
				if got := r.Code.Find(lo, hi, rt); got != want {
					t.Fatalf("%s: row %d, rank %d: %d, the text's search %d", name, row, rt, got, want)
				}
			}
		}
	}
}
