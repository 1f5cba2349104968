package main

import (
	"fmt"
	"strings"
)

// The open-box encodings (docs/FORMAT.md, a "b" after "h" or "hw"): only
// in a format 3 grid table whose costs bin is empty. Every reader must
// refuse one anywhere else, and answer alike on damaged rows of a b table.

// boxBase is the b table the cases start from: a level of cost-1 cells
// (every Moving AI .map), run-length, 8-connected.
const boxBase = "small.map.runs"

// withHeaderStr returns data with the header's str value of key set to
// value (the header written again, the checksum recomputed).
func withHeaderStr(data []byte, key, value string) ([]byte, error) {
	doc, err := splitDoc(data)
	if err != nil {
		return nil, err
	}
	es, err := headerEntries(doc.bins[0])
	if err != nil {
		return nil, err
	}
	k := append([]byte{0xa0 | byte(len(key))}, key...)
	found := false
	for i, e := range es {
		if string(e.key) == string(k) {
			es[i].value = mpStr(value)
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("no header key %q", key)
	}
	head := byte(0x80)
	if doc.bins[0][0] == 0xde {
		head = 0xde
	}
	return doc.withBin(0, mapBytes(es, head)).bytes(), nil
}

// mpStr encodes s as a msgpack fixstr or str8.
func mpStr(s string) []byte {
	if len(s) < 32 {
		return append([]byte{0xa0 | byte(len(s))}, s...)
	}
	return append([]byte{0xd9, byte(len(s))}, s...)
}

// headerStr returns the header's str value of key (a fixstr), or "".
func headerStr(data []byte, key string) string {
	doc, err := splitDoc(data)
	if err != nil {
		return ""
	}
	i := keyValue(doc.bins[0], key)
	if i < 0 || i >= len(doc.bins[0]) || doc.bins[0][i] < 0xa0 || doc.bins[0][i] > 0xbf {
		return ""
	}
	n := int(doc.bins[0][i] & 0x1f)
	if i+1+n > len(doc.bins[0]) {
		return ""
	}
	return string(doc.bins[0][i+1 : i+1+n])
}

// boxed returns enc's open-box form: enc itself when it has one.
func boxed(enc string) string {
	base, j := strings.CutSuffix(enc, "j") // a j encoding's b comes before its j
	if strings.HasSuffix(base, "b") {
		return enc
	}
	if j {
		return base + "bj"
	}
	return enc + "b"
}

// boxCases adds the damaged tables of the open-box rule: a b encoding on a
// table with costs, on a graph table, in formats 1 and 2, on a b table
// whose costs bin is not empty (every cell cost 1), and encodings that are
// none of the six (b without h, 16-bit starts with 8-bit moves, the
// suffixes out of order), each refused; then rows of a b table damaged
// behind a good checksum, which every reader must answer alike.
func (dm *damager) boxCases() {
	encAs := func(base, value string, refused bool) {
		if dm.tables[base] == nil {
			dm.errs = append(dm.errs, fmt.Sprintf("box %s: no table %s", value, base))
			return
		}
		data, err := withHeaderStr(dm.read(base), "first_enc", value)
		if err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("box %s %s: %v", base, value, err))
			return
		}
		dm.add(base, "first_enc "+value, data, refused)
	}
	enc := func(base, value string) { encAs(base, value, true) }
	// tiny.grid and maze.grid have cells of other costs.
	enc("tiny.runs", "runs16x4hb")
	enc("tiny.runs", "runs16x4hwb")
	enc("maze.grid.4.runs", "runs16x4hwb")
	enc("lecture.gr.runs", "runs16x4hb")
	enc("lecture.gr.runs", "runs16x4hwb")
	enc("tiny.g.runs", "runs16x4hb")
	enc("small.map.g.runs", "runs16x4hwb")
	enc("small.map.g.runs", "runs32x4hb")
	enc("tiny.g", "runs16x4hb")
	enc("tiny.runs", "runs16x4hcb")
	enc("tiny.g.runs", "runs16x4hc")
	enc("lecture.gr.runs", "runs16x4hc")
	enc("small.map", "u8b")
	// The j encodings (J in move 14, J_2 in 13): read where the symbols are; refused
	// on a graph, in format 2, and after anything but a symbol encoding.
	encAs("tiny.runs", "runs12x4hcj", false) // no run stores move 13 or 14: read as runs12x4hc
	encAs(tiny16, "runs16x4hcj", false)
	enc("tiny.runs", "runs32x8hcj")
	enc("lecture.gr.runs", "runs16x4hj")
	enc("tiny.g.runs", "runs16x4hwj")
	for _, e := range []string{"runs16x4b", "runs16x4wb", "runs16x8hb", "runs16x8hwb", "runs16x4bh", "runs16x4hbw", "runs16x4hbb", "runs16x4hB", "runs16x4c", "runs16x8hc", "runs16x4hwc", "runs16x4hbc",
		"runs16x4j", "runs16x4hjb", "runs16x4hjw", "runs16x4hwbjj", "runs16x4hJ", "runs16x8hj", "runs16x4jh", "runs16x4bj"} {
		enc(boxBase, e)
	}
	if dm.tables[boxBase] == nil {
		dm.errs = append(dm.errs, "box: no table "+boxBase)
		return
	}
	// The CLI writes b tables where the rule holds, and only there: else
	// the readers would not be checked on them.
	for name, want := range map[string]bool{
		boxBase: true, "small.map.4.runs": true, "small.map.1014.runs": true, "rooms.map.runs": true,
		"tiny.runs": false, "maze.grid.runs": false, "unreachable.grid.4.runs": false, "small.map.g.runs": false,
	} {
		if dm.tables[name] == nil {
			continue // a level of testdata/ or examples/c/levels/ removed: the cases above say so where it matters
		}
		if e := headerStr(dm.read(name), "first_enc"); (e == boxed(e)) != want {
			dm.errs = append(dm.errs, fmt.Sprintf("box: table %s has first-move encoding %q: want a b encoding %v (every run-length format 3 table of a level of cost-1 cells, no other)", name, e, want))
		}
	}
	// The b table's costs bin (element 4) holding every node's cost 1.
	data := dm.read(boxBase)
	if e := headerStr(data, "first_enc"); e != boxed(e) {
		var err error
		if data, err = withHeaderStr(data, "first_enc", boxed(e)); err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("box %s: %v", boxBase, err))
			return
		}
	}
	doc, err := splitDoc(data)
	if err != nil || len(doc.bins) != 6 || len(doc.bins[2]) != 0 {
		dm.errs = append(dm.errs, fmt.Sprintf("box %s: not a format 3 run-length table with an empty costs bin (%v)", boxBase, err))
		return
	}
	nodes := 0
	for _, b := range doc.bins[1] {
		for ; b != 0; b &= b - 1 {
			nodes++
		}
	}
	ones := make([]byte, (nodes+1)/2)
	for i := range ones {
		ones[i] = 0x11
	}
	if nodes%2 == 1 {
		ones[len(ones)-1] = 0x01
	}
	dm.add(boxBase, "a costs bin of ones", doc.withBin(2, ones).bytes(), true)
	// Answered, and alike: moves that name no edge (slot 14, H_7 where
	// the degree is lower), no path (0xF), starts out of order; the rule
	// answers open boxes whatever the rows hold.
	for _, t := range []struct{ at, hex string }{{"-8", "ee"}, {"-20", "ff"}, {"-40", "99"}, {"2", "ffff"}, {"40", "0000"}} {
		dm.tamper(boxBase, "answered", 7, t.at, t.hex, false)
	}
}
