package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// damager makes the damaged copies of the tables: the former examples/c/check.sh's
// cases, then generated ones.
type damager struct {
	dir    string
	tables map[string]*tcase // the built tables by name, and examples/*.ptab
	cases  []*tcase
	errs   []string
	n      int
}

// add writes data as a damaged copy of base, asked base's queries.
func (dm *damager) add(base, how string, data []byte, wantRefuse bool) {
	b := dm.tables[base]
	if b == nil {
		dm.errs = append(dm.errs, fmt.Sprintf("damage %s %s: no table %s", base, how, base))
		return
	}
	dm.n++
	file := filepath.Join(dm.dir, fmt.Sprintf("bad%04d.ptab", dm.n))
	if err := os.WriteFile(file, data, 0o644); err != nil {
		dm.errs = append(dm.errs, err.Error())
		return
	}
	dm.cases = append(dm.cases, &tcase{name: base + " (" + how + ")", file: file, queries: b.queries,
		lines: b.lines, damaged: true, wantRefuse: wantRefuse, size: int64(len(data))})
}

// tamper adds base with tamper's damage behind a good checksum.
func (dm *damager) tamper(base, how string, element int, at, hexs string, wantRefuse bool) {
	b := dm.tables[base]
	if b == nil {
		dm.errs = append(dm.errs, fmt.Sprintf("damage %s %s: no table %s", base, how, base))
		return
	}
	data, err := tamper(dm.read(base), element, at, hexs)
	if err != nil {
		dm.errs = append(dm.errs, fmt.Sprintf("damage %s %s: %v", base, how, err))
		return
	}
	dm.add(base, fmt.Sprintf("%s: %d@%s=%s", how, element, at, hexs), data, wantRefuse)
}

func (dm *damager) read(base string) []byte {
	data, err := os.ReadFile(dm.tables[base].file)
	if err != nil {
		dm.errs = append(dm.errs, err.Error())
	}
	return data
}

// checkShCases are the damaged tables of the former examples/c/check.sh, each refused
// by the CLI (or, at the end, answered: damage a reader must answer alike).
func (dm *damager) checkShCases() {
	for _, ex := range []string{"tiny.ptab", "tiny-runs.ptab", "tiny-v3.ptab", "tiny-runs-v3.ptab", "tiny-box.ptab"} {
		data := dm.read(ex)
		size := len(data)
		version := byte(3)
		if strings.HasSuffix(ex, "-v3.ptab") || ex == "tiny-box.ptab" {
			version = 4
		}
		// 11 elements (the old layout, the checksum after the array), or 13
		// for a flat table and 12 for a run-length one; in format 3, 9 for
		// a flat table and 8 for a run-length one.
		elements := map[string]byte{"tiny.ptab": 0x9b, "tiny-runs.ptab": 0x9c, "tiny-v3.ptab": 0x99, "tiny-runs-v3.ptab": 0x98, "tiny-box.ptab": 0x98}[ex]
		dm.add(ex, "flip", poke(data, size-10, 0xff), true)
		dm.add(ex, "version", poke(data, 10, version), true)
		dm.add(ex, "magic", poke(data, 1, 'X'), true)
		dm.add(ex, "elements", poke(data, 0, elements), true)
		dm.add(ex, "truncate", data[:size-13], true)
		dm.add(ex, "trailing", append(append([]byte(nil), data...), 0), true)
		// Flat tables are version 1, the others version 2, grids with their
		// cells 3: each other's is corrupt.
		other := map[string]byte{"tiny.ptab": 2, "tiny-runs.ptab": 3}[ex]
		if other == 0 {
			other = 1
		}
		dm.add(ex, "other version", poke(data, 10, other), true)
	}
	dm.add("tiny.ptab", "huge: an array of 4 billion", []byte("\xdd\xff\xff\xff\xff\xa8PATHTABL\x01\xc6\xff\xff\xff\xff"), true)

	// Refused behind a good checksum: duplicate names; a run-length header
	// with an unknown layout or first-move encoding or a run count the runs
	// do not have; an order that repeats a node or names one that does not
	// exist; rows that end before they start or do not span the runs
	// (format 3: row counts that sum past the runs or short of them, a
	// row_bytes that is not 1, 2 or 4, or not the bin's).
	for _, t := range []string{"lecture.gr", "lecture.gr.runs"} {
		dm.tamper(t, "duplicate names", 2, "=a132", "a131", true)
	}
	dm.tamper("tiny.runs", "layout rung", 2, "=a472756e73", "a472756e67", true)
	dm.tamper("tiny.runs", "first_enc runs12x5hc", 2, "=aa72756e73313278346863", "aa72756e73313278356863", true)
	dm.tamper(tiny16, "first_enc runs16x5hc", 2, "=aa72756e73313678346863", "aa72756e73313678356863", true)
	dm.tamper(tiny16, "first_enc runs32x4hc, bins of runs16x4hc", 2, "=aa72756e73313678346863", "aa72756e73333278346863", true)
	dm.tamper("tiny.runs", "runs 4 of 5", 2, "=a472756e7305", "a472756e7304", true)
	dm.tamper("tiny.g.runs", "order repeats a node", 9, "2", "0100", true)
	dm.tamper("tiny.runs", "format 3: order repeats a node", 5, "2", "0100", true)
	// tiny.runs's rows cover their component ("c"): node 1 alone at rank 0,
	// the other five after it. Node 1 moved to rank 1 splits the five.
	dm.tamper("tiny.runs", "format 3: order splits a component", 5, "0", "00000100", true)
	// FORMAT.md's header and cost rules: a graph with a width or a connect
	// of -1, a grid without a diagonal (its key renamed, so skipped), an
	// octile level's cost of 1.5, and an integer level's of 10.5.
	for _, t := range []string{"lecture.gr", "lecture.gr.runs"} {
		dm.tamper(t, "graph of width 3", 2, "=a5776964746800", "a5776964746803", true)
		dm.tamper(t, "graph connect -1", 2, "=a7636f6e6e65637400", "a7636f6e6e656374ff", true)
	}
	for _, t := range []string{"tiny", "tiny.runs", "tiny.win", "tiny.g", "tiny.g.runs", "tiny.g.win"} {
		dm.tamper(t, "no diagonal", 2, "=a8646961676f6e616c", "a8646961676f6e616d", true)
	}
	for _, t := range []string{"tiny.g", "tiny.g.runs", "tiny.g.win"} {
		dm.tamper(t, "octile cost 1.5", 5, "0", "000000000000f83f", true)
	}
	dm.tamper("maze.grid.1014.g", "integer cost 10.5", 5, "0", "0000000000002540", true)
	dm.tamper("tiny.g.runs", "order names node 6 of 6", 9, "0", "0600", true)
	dm.tamper("tiny.g.runs", "row ends before it starts", 10, "4", "ff000000", true)
	dm.tamper("tiny.g.runs", "rows end before the runs", 10, "-4", "0e000000", true)
	dm.tamper("tiny.runs", "format 3: row counts past the runs", 6, "4", "ff", true)
	dm.tamper("tiny.runs", "format 3: row counts short of the runs", 6, "-1", "00", true)
	dm.tamper("tiny.runs", "format 3: row_bytes 3", 2, "=a9726f775f627974657301", "a9726f775f627974657303", true)
	dm.tamper("tiny.runs", "format 3: row_bytes 2, bin of 1-byte counts", 2, "=a9726f775f627974657301", "a9726f775f627974657302", true)
	// FORMAT.md's header keys, as the CLI reads them (issue 39), in the 12
	// bytes of the "format": "grid" entry: layout "" (a str32 of no bytes)
	// is the flat layout in formats 1 and 3, and "flat" is no layout;
	// row_bytes 0 (a uint8) is a missing key outside format 3 run-length
	// tables, and refused in them. A literal encoding in format 3 is read
	// (tiny.runs's "runs16x4hc" form as a str16 "runs16x4": its symbol moves
	// become slots past the degree, no path).
	formatEntry := "=a6666f726d6174a467726964"
	for _, t := range []string{"tiny", "tiny.g"} {
		dm.tamper(t, `layout ""`, 2, formatEntry, "a66c61796f7574db00000000", false)
		dm.tamper(t, `layout "flat"`, 2, formatEntry, "a66c61796f7574a4666c6174", true)
	}
	for _, t := range []string{"tiny", "tiny.g", "tiny.win", "tiny.g.win", "tiny.g.runs"} {
		dm.tamper(t, "row_bytes 0", 2, formatEntry, "a9726f775f6279746573cc00", false)
	}
	dm.tamper("tiny.runs", "format 3: row_bytes 0", 2, "=a9726f775f627974657301", "a9726f775f627974657300", true)
	dm.tamper(tiny16, "format 3: literal runs16x4", 2, "=aa72756e73313678346863", "da000872756e7331367834", false)
	// Format 3's cells describe the grid (element 3 the open bits, 4 the
	// costs; tiny.grid's open bits are dd 00, its costs 11 21 11): a node's
	// cell closed, a bit past the grid, a cost of 0 or of 10, a header that
	// says 6-connected or counts an edge fewer.
	for _, t := range []string{"tiny", "tiny.runs", "tiny.win"} {
		dm.tamper(t, "a cell closed", 3, "0", "dc", true)
		dm.tamper(t, "a wall opened", 3, "0", "df", true)
		dm.tamper(t, "an open bit past the grid", 3, "1", "02", true)
		dm.tamper(t, "a cost of 0", 4, "0", "10", true)
		dm.tamper(t, "a cost of 10", 4, "1", "a1", true)
		dm.tamper(t, "6-connected", 2, "=a7636f6e6e65637408", "a7636f6e6e65637406", true)
		dm.tamper(t, "an edge fewer", 2, "=a565646765730e", "a565646765730d", true)
	}
	// Answered, and alike: runs whose move names no edge (4-bit slot 14, or
	// 7 on a graph), 0xF (no path) in runs that had a move, starts out of
	// order or beyond the last rank (the runs bin holds R 2-byte starts,
	// then R 4-bit moves: negative offsets land in the moves); window cells
	// holding 8..14 or a move into a wall. (tiny.runs and maze.grid.runs
	// hold 12-bit runs, whose starts are checked at load: there the same
	// bytes are refused alike; packedCases damages their moves alone.)
	for _, t := range []struct {
		base    string
		element int
		at, hex string
	}{
		{"tiny.g.runs", 11, "-8", "ee"}, {"tiny.g.runs", 11, "-6", "ff"}, {"tiny.g.runs", 11, "2", "ffff"},
		{"tiny.runs", 7, "-8", "ee"}, {"tiny.runs", 7, "2", "ffff"},
		{"maze.grid.g.runs", 11, "-179", "ee"}, {"maze.grid.g.runs", 11, "200", "0000"},
		{"maze.grid.runs", 7, "-179", "ee"}, {"maze.grid.runs", 7, "400", "ffff"},
		{"lecture.gr.runs", 11, "-5", "77"},
		{"maze.grid.4.g.win", 9, "0", "9999999999999999"},
		{"maze.grid.win", 5, "0", "9999999999999999"}, {"maze.grid.win", 5, "300", "0000000000000000"},
	} {
		dm.tamper(t.base, "answered", t.element, t.at, t.hex, false)
	}
}

// generated adds, for each base table, damage drawn by a generator with a
// fixed seed: bit flips (the checksum left, and recomputed), truncations
// at many lengths, bin and array heads that claim more than the file, and
// header fields that declare huge sizes.
func (dm *damager) generated(bases []string) {
	for bi, base := range bases {
		if dm.tables[base] == nil {
			dm.errs = append(dm.errs, "damage: no table "+base)
			continue
		}
		data := dm.read(base)
		doc, err := splitDoc(data)
		if err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("damage %s: %v", base, err))
			continue
		}
		rng := rand.New(rand.NewPCG(26, uint64(bi)))
		size := len(data)
		// Bit flips the checksum catches (or the framing).
		for range 6 {
			at, bit := rng.IntN(size), rng.IntN(8)
			dm.add(base, fmt.Sprintf("bit %d of byte %d flipped", bit, at), poke(data, at, data[at]^1<<bit), false)
		}
		// Bit flips behind a good checksum: only the reader's own checks
		// see them. Each bin in turn, the header first and most.
		for k := range 18 {
			i := k % (len(doc.bins) + 2)
			if i >= len(doc.bins) {
				i = 0
			}
			bin := doc.bins[i]
			if len(bin) == 0 {
				continue
			}
			at, bit := rng.IntN(len(bin)), rng.IntN(8)
			c := append([]byte(nil), bin...)
			c[at] ^= 1 << bit
			dm.add(base, fmt.Sprintf("element %d: bit %d of byte %d flipped, checksum good", i+2, bit, at), doc.withBin(i, c).bytes(), false)
		}
		// Truncations.
		cuts := []int{0, 1, 2, 9, 10, 11, 12, 13, size / 2, size - 6, size - 5, size - 4, size - 1}
		for range 8 {
			cuts = append(cuts, rng.IntN(size))
		}
		for _, n := range cuts {
			if n >= 0 && n < size {
				dm.add(base, fmt.Sprintf("cut to %d bytes", n), data[:n], false)
			}
		}
		// Heads that lie: each bin claims one byte more, and the most its
		// head can say; the array claims 65,535 and 4 billion elements.
		for i, h := range binHeads(data, doc) {
			w := 1 << (data[h] - 0xc4)
			n := len(doc.bins[i]) + 1
			if n < 1<<(8*w) {
				more := make([]byte, w)
				for j := range w {
					more[w-1-j] = byte(n >> (8 * j))
				}
				dm.add(base, fmt.Sprintf("element %d claims %d bytes", i+2, n), poke(data, h+1, more...), false)
			}
			dm.add(base, fmt.Sprintf("element %d claims 2^%d-1 bytes", i+2, 8*w), poke(data, h+1, bytes.Repeat([]byte{0xff}, w)...), false)
			big := append(append(append([]byte(nil), data[:h]...), 0xc6, 0xff, 0xff, 0xff, 0xff), data[h+1+w:]...)
			dm.add(base, fmt.Sprintf("element %d a bin32 of 2^32-1 bytes", i+2), big, false)
		}
		dm.add(base, "an array16 of 65535", append([]byte{0xdc, 0xff, 0xff}, data[1:]...), false)
		dm.add(base, "an array32 of 2^32-1", append([]byte{0xdd, 0xff, 0xff, 0xff, 0xff}, data[1:]...), false)
		// Header fields that declare huge sizes, behind a good checksum.
		for _, key := range []string{"nodes", "edges", "width", "height", "runs", "window", "row_bytes"} {
			for _, v := range [][]byte{{0xce, 0xff, 0xff, 0xff, 0xff}, {0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, {0xcd, 0xb5, 0x04}} {
				if h, ok := setHeaderInt(doc.bins[0], key, v); ok {
					dm.add(base, fmt.Sprintf("header %s = %x", key, v), doc.withBin(0, h).bytes(), false)
				}
			}
		}
		if h, ok := replaceHead(doc.bins[0], 0, []byte{0xdf, 0xff, 0xff, 0xff, 0xff}); ok {
			dm.add(base, "header a map32 of 2^32-1 keys", doc.withBin(0, h).bytes(), false)
		}
		if h, ok := replaceHead(doc.bins[0], 0, []byte{0xde, 0xff, 0xff}); ok {
			dm.add(base, "header a map16 of 65535 keys", doc.withBin(0, h).bytes(), false)
		}
		if i := keyValue(doc.bins[0], "names"); i >= 0 {
			if h, ok := replaceHead(doc.bins[0], i, []byte{0xdd, 0xff, 0xff, 0xff, 0xff}); ok {
				dm.add(base, "names an array32 of 2^32-1", doc.withBin(0, h).bytes(), false)
			}
		}
		if i := keyValue(doc.bins[0], "kind"); i >= 0 {
			if h, ok := replaceHead(doc.bins[0], i, []byte{0xdb, 0xff, 0xff, 0xff, 0xff}); ok {
				dm.add(base, "kind a str32 of 2^32-1 bytes", doc.withBin(0, h).bytes(), false)
			}
		}
	}
}

// keyValue returns the offset in a header of the value of the str key,
// or -1.
func keyValue(header []byte, key string) int {
	k := append([]byte{0xa0 | byte(len(key))}, key...)
	i := bytes.Index(header, k)
	if i < 0 {
		return -1
	}
	return i + len(k)
}

// setHeaderInt returns header with the integer value of key replaced by
// the encoded integer v.
func setHeaderInt(header []byte, key string, v []byte) ([]byte, bool) {
	i := keyValue(header, key)
	if i < 0 || i >= len(header) {
		return nil, false
	}
	n := intLen(header[i])
	if n == 0 || i+n > len(header) {
		return nil, false
	}
	return append(append(append([]byte(nil), header[:i]...), v...), header[i+n:]...), true
}

// intLen returns the encoded length of the msgpack integer that starts
// with b, or 0.
func intLen(b byte) int {
	switch {
	case b <= 0x7f:
		return 1
	case b == 0xcc || b == 0xd0:
		return 2
	case b == 0xcd || b == 0xd1:
		return 3
	case b == 0xce || b == 0xd2:
		return 5
	case b == 0xcf || b == 0xd3:
		return 9
	}
	return 0
}

// replaceHead returns header with the map, array or str head at i
// replaced by head (its elements or bytes kept).
func replaceHead(header []byte, i int, head []byte) ([]byte, bool) {
	if i >= len(header) {
		return nil, false
	}
	n := 0
	switch b := header[i]; {
	case b >= 0x80 && b <= 0xbf: // fixmap, fixarray, fixstr
		n = 1
	case b == 0xd9:
		n = 2
	case b == 0xda || b == 0xdc || b == 0xde:
		n = 3
	case b == 0xdb || b == 0xdd || b == 0xdf:
		n = 5
	default:
		return nil, false
	}
	return append(append(append([]byte(nil), header[:i]...), head...), header[i+n:]...), true
}
