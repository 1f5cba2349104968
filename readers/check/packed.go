package main

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// The 12-bit encodings (docs/FORMAT.md "12-bit run starts": "runs12x4"
// and a symbol form, a run one uint16 start<<4 | move, on levels of at
// most 4,096 nodes) are what the CLI writes for every small run-length
// grid table, so the 16-bit symbol forms would go unchecked: each
// packedBase is asked too in the 16-bit form of the same runs, which every
// reader must answer alike. A 12-bit table whose starts are not in order
// within a row, or reach past the nodes, is refused at load; a 12-bit name
// on other bins, or none of the six forms, is refused.

// packedBases are 12-bit tables: one that wraps within its component, an
// open-box one, one that stores J, a 4-connected one. Each one's 16-bit
// form is a table the other cases may damage too, named base + ".16".
var packedBases = []string{"tiny.runs", "tiny-box.runs", boxBase, "maze.grid.runs", "small.map.4.runs"}

// tiny16 is tiny.runs's 16-bit form ("runs16x4hc").
const tiny16 = "tiny.runs.16"

// packedRuns is a 12-bit run-length table split: its document, nodes and
// runs, and each row's first run (format 3 row counts summed).
type packedRuns struct {
	doc      *document
	enc      string
	n, runs  int
	rowStart []int
}

// splitPacked splits a format 3 run-length table whose encoding is a
// 12-bit one.
func splitPacked(data []byte) (*packedRuns, error) {
	doc, err := splitDoc(data)
	if err != nil {
		return nil, err
	}
	enc := headerStr(data, "first_enc")
	if len(doc.bins) != 6 || !strings.HasPrefix(enc, "runs12x4h") {
		return nil, fmt.Errorf("first-move encoding %q in %d bins: not a format 3 table of 12-bit runs", enc, len(doc.bins))
	}
	p := &packedRuns{doc: doc, enc: enc, n: len(doc.bins[3]) / 2, runs: len(doc.bins[5]) / 2}
	rows := doc.bins[4]
	if p.n == 0 || len(rows)%p.n != 0 {
		return nil, fmt.Errorf("rows bin of %d bytes for %d nodes", len(rows), p.n)
	}
	w, sum := len(rows)/p.n, 0
	for r := range p.n {
		p.rowStart = append(p.rowStart, sum)
		for k := w - 1; k >= 0; k-- {
			sum += int(rows[r*w+k]) << (8 * k)
		}
	}
	p.rowStart = append(p.rowStart, sum)
	if sum != p.runs {
		return nil, fmt.Errorf("rows hold %d runs, the runs bin %d", sum, p.runs)
	}
	return p, nil
}

// word returns run i's word.
func (p *packedRuns) word(i int) uint16 { return binary.LittleEndian.Uint16(p.doc.bins[5][2*i:]) }

// wide16 returns the table in the 16-bit form of its runs: the starts,
// then the moves two to a byte (docs/FORMAT.md's run-length layout).
func (p *packedRuns) wide16() ([]byte, error) {
	bin := make([]byte, 2*p.runs+(p.runs+1)/2)
	for i := range p.runs {
		w := p.word(i)
		binary.LittleEndian.PutUint16(bin[2*i:], w>>4)
		bin[2*p.runs+i/2] |= byte(w&0xF) << (4 * (i & 1))
	}
	return withHeaderStr(p.doc.withBin(5, bin).bytes(), "first_enc", "runs16x4"+p.enc[len("runs12x4"):])
}

// withWord returns the table with run i's word set to w.
func (p *packedRuns) withWord(i int, w uint16) []byte {
	bin := append([]byte(nil), p.doc.bins[5]...)
	binary.LittleEndian.PutUint16(bin[2*i:], w)
	return p.doc.withBin(5, bin).bytes()
}

// packedCases adds, for each packedBase, its 16-bit form (answered) and
// damaged runs (refused): a start at the node count and at 4,095, a start
// equal to and below the one before it in its row; and names the 12-bit
// forms do not have, or on tables that cannot hold them.
func (dm *damager) packedCases() {
	for _, base := range packedBases {
		if dm.tables[base] == nil {
			dm.errs = append(dm.errs, "packed: no table "+base)
			continue
		}
		p, err := splitPacked(dm.read(base))
		if err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("packed %s: %v (the CLI writes 12-bit runs on levels of at most 4,096 nodes)", base, err))
			continue
		}
		wide, err := p.wide16()
		if err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("packed %s: %v", base, err))
			continue
		}
		dm.add(base, "its runs in 16-bit starts, "+headerStr(wide, "first_enc"), wide, false)
		dm.tables[base+".16"] = dm.cases[len(dm.cases)-1]
		last := p.runs - 1
		// Moves that name no edge (14: H_7 or J past the degree; 7), and
		// no path, their starts kept: answered alike.
		for _, i := range []int{0, p.runs / 2, last} {
			for _, m := range []uint16{14, 7, 0xF} {
				dm.add(base, fmt.Sprintf("12-bit: run %d's move %d", i, m), p.withWord(i, p.word(i)&^0xF|m), false)
			}
		}
		move := p.word(last) & 0xF
		dm.add(base, "12-bit: a start at the node count", p.withWord(last, uint16(p.n)<<4|move), true)
		dm.add(base, "12-bit: a start of 4095", p.withWord(last, 0xFFF<<4|move), true)
		for r := range p.n {
			if i := p.rowStart[r] + 1; i < p.rowStart[r+1] {
				prev := p.word(i-1) >> 4
				dm.add(base, fmt.Sprintf("12-bit: row %d's second start equal to its first", r), p.withWord(i, prev<<4|p.word(i)&0xF), true)
				if prev > 0 {
					dm.add(base, fmt.Sprintf("12-bit: row %d's second start below its first", r), p.withWord(i, (prev-1)<<4|p.word(i)&0xF), true)
				}
				break
			}
		}
	}
	encAs := func(base, value string) {
		if dm.tables[base] == nil {
			dm.errs = append(dm.errs, fmt.Sprintf("packed %s: no table %s", value, base))
			return
		}
		data, err := withHeaderStr(dm.read(base), "first_enc", value)
		if err != nil {
			dm.errs = append(dm.errs, fmt.Sprintf("packed %s %s: %v", base, value, err))
			return
		}
		dm.add(base, "first_enc "+value, data, true)
	}
	// A 12-bit name on 16-bit bins (format 2 and graph tables), and a
	// 16-bit or 32-bit name on 12-bit bins.
	encAs("tiny.g.runs", "runs12x4hc")
	encAs("lecture.gr.runs", "runs12x4h")
	encAs("tiny.runs", "runs16x4hc")
	encAs("tiny.runs", "runs32x4hc")
	for _, e := range []string{"runs12x4", "runs12x4w", "runs12x8h", "runs12x4hbw", "runs12x4hwc", "runs12x4hjb", "runs12x4hbb", "runs12x4hwbjj", "runs12x4c", "runs12x16h", "runs12x4H", "runs12x4hcw"} {
		encAs(boxBase, e)
	}
}
