package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
)

// A run-length table's runs are stored in two arrays: the starts of all
// runs, then their moves. A start is a target rank, 2 bytes little-endian
// when the table has at most 65,536 nodes and 4 bytes otherwise; a move is
// the out-edge slot, 4 bits when every stored slot is below 15 (grids have
// at most 8) and 8 bits otherwise. Header.FirstEnc names the pair, and the
// order's ranks take the width of a start. A row's runs are in increasing
// start order, so the run covering a target is the last whose start is at
// most its rank: a binary search over the row's starts alone, whose move
// is then read from the other array. Targets before a row's first run have
// no path.

// The run encodings: start bits x move bits.
const (
	FirstEncRuns16x4 = "runs16x4"
	FirstEncRuns16x8 = "runs16x8"
	FirstEncRuns32x4 = "runs32x4"
	FirstEncRuns32x8 = "runs32x8"
)

// MaxRunsNodes bounds the nodes of a LayoutRuns table, as many as the level
// loaders' grid cells; a start fits in 24 bits, as RunWord needs.
const MaxRunsNodes = 1 << 24

// maxNarrowNodes is the most nodes whose ranks fit in 16-bit starts.
const maxNarrowNodes = 1 << 16

// noMove4 is NoMove in a 4-bit move.
const noMove4 = 0xF

// RunCode is the run arrays of a LayoutRuns table, aliased: the starts,
// Wide (4 bytes each) or not (2), and the moves, Nibble (4 bits each: run
// i in byte i/2, the low half for even i) or not (a byte each).
type RunCode struct {
	Starts []byte
	Moves  []byte
	Wide   bool
	Nibble bool
	// Symbols: moves SymbolBase.. are heuristic symbols (symbols.go).
	Symbols bool
	// Wrap: a target below a row's first start takes the row's last run.
	Wrap bool
	// Comps: rows cover their source's component only (components.go), a
	// target in another one has no path; Wrap is set too.
	Comps bool
	// Boxes: a target whose box with the source is open is H_1's, its
	// row unread (boxes.go).
	Boxes bool
	// Jumps: moves SymbolBase+MaxSymbolRank-n, n <= JumpValues, are J_n,
	// not H_k (jump.go).
	Jumps bool
	// Packed: each run is one 16-bit word of Starts, start<<4 | move
	// (runs12.go); Moves is empty, Wide false and Nibble true.
	Packed bool
}

// runCodeOf returns the widths that encoding enc names, and false for an
// unknown one.
func runCodeOf(enc string) (wide, nibble, ok bool) {
	switch enc = withoutJump(enc); enc {
	case FirstEncRuns12x4H, FirstEncRuns12x4HW, FirstEncRuns12x4HB, FirstEncRuns12x4HWB, FirstEncRuns12x4HC, FirstEncRuns12x4HCB:
		return false, true, true
	case FirstEncRuns16x4HB, FirstEncRuns16x4HWB, FirstEncRuns16x4HC, FirstEncRuns16x4HCB:
		return false, true, true
	case FirstEncRuns32x4HB, FirstEncRuns32x4HWB, FirstEncRuns32x4HC, FirstEncRuns32x4HCB:
		return true, true, true
	case FirstEncPartRunsHB, FirstEncPartRunsHWB, FirstEncPartRunsHC, FirstEncPartRunsHCB:
		return true, false, true
	case FirstEncRuns16x4H:
		return false, true, true
	case FirstEncRuns32x4H:
		return true, true, true
	case FirstEncPartRunsH:
		return true, false, true
	case FirstEncRuns16x4HW:
		return false, true, true
	case FirstEncRuns32x4HW:
		return true, true, true
	case FirstEncPartRunsHW:
		return true, false, true
	case FirstEncRuns16x4:
		return false, true, true
	case FirstEncRuns16x8:
		return false, false, true
	case FirstEncRuns32x4:
		return true, true, true
	case FirstEncRuns32x8:
		return true, false, true
	}
	return false, false, false
}

// runForm is what a run-length table's rows store beside literal slots:
// heuristic symbols, rows that wrap (over every rank, or within their
// component with comps), open-box wildcards. Wrap, comps and boxes come
// with symbols only.
// starts16 keeps 16-bit starts where 12-bit ones would do (runs12.go).
type runForm struct{ symbols, wrap, comps, boxes, jumps, starts16 bool }

// RunForm is what a run-length grid table's symbol rows store beside
// heuristic symbols (NewRunsOf): rows that wrap over every rank (Wrap) or
// within their component (Comps), open-box wildcards (Boxes), J in H_7's
// value (Jumps). Starts16 keeps 16-bit starts and a separate move array
// on levels of at most MaxPackedNodes nodes, whose runs otherwise take one
// 16-bit word each (the runs12x4 encodings, runs12.go), for readers older
// than those.
type RunForm struct{ Wrap, Comps, Boxes, Jumps, Starts16 bool }

// NewRunsOf is NewSymbolRuns for rows of form f: NewSymbolRuns,
// NewBoxRuns or NewComponentRuns by f's Wrap, Comps and Boxes, with J in
// H_7's value where f.Jumps (JumpSuffix). O(n + runs).
func NewRunsOf(h Header, order []int32, rowStart []uint32, words []uint32, f RunForm) (*Runs, error) {
	return newSymbolRuns(h, order, rowStart, words, runForm{wrap: f.Wrap || f.Comps, comps: f.Comps, boxes: f.Boxes, jumps: f.Jumps, starts16: f.Starts16})
}

// runEncoding returns the name of the narrowest encoding of words that
// fits a table of n nodes, of form f.
// Rows that never store H_6's or H_7's value read alike with J_n there
// or not: they take the encoding without JumpSuffix, which older readers
// know.
func runEncoding(n int, words []uint32, f runForm) string {
	nibble, jump := true, false
	for _, w := range words {
		m := RunMove(w)
		if m >= noMove4 && m != NoMove {
			nibble = false
		}
		_, j := IsJumpValue(m)
		jump = jump || j
	}
	f.jumps = f.jumps && jump
	return runEncodingOf(startBits(n, nibble, f), nibble, f)
}

// runWidths returns h's start width in bytes and move width in bits. A
// header with no encoding yet (a build's plan) gets the starts its nodes
// need and byte moves, the most its runs can take.
func (h *Header) runWidths() (startBytes, moveBits int64, err error) {
	wide, nibble, ok := runCodeOf(h.FirstEnc)
	switch {
	case h.FirstEnc == "":
		wide, nibble = h.Nodes > maxNarrowNodes, false
	case !ok:
		return 0, 0, fmt.Errorf("run-length table has unknown first-move encoding %q", h.FirstEnc)
	case !wide && h.Nodes > maxNarrowNodes:
		return 0, 0, fmt.Errorf("run-length table of %d nodes has 16-bit starts (%q); they hold at most %d", h.Nodes, h.FirstEnc, maxNarrowNodes)
	}
	if Packed(h.FirstEnc) {
		if h.Nodes > MaxPackedNodes {
			return 0, 0, fmt.Errorf("run-length table of %d nodes has 12-bit starts (%q); they hold at most %d", h.Nodes, h.FirstEnc, MaxPackedNodes)
		}
		return 2, 0, nil // the move is in the start's word
	}
	startBytes, moveBits = 2, 8
	if wide {
		startBytes = 4
	}
	if nibble {
		moveBits = 4
	}
	return startBytes, moveBits, nil
}

// RunWord packs a run as the builder keeps it before encoding: start<<8 |
// move. start must be below MaxRunsNodes. O(1).
func RunWord(start int, move byte) uint32 { return uint32(start)<<8 | uint32(move) }

// RunStart and RunMove unpack a run word. O(1).
func RunStart(w uint32) int { return int(w >> 8) }
func RunMove(w uint32) byte { return byte(w) }

// Runs is the payload of a run-length table (LayoutRuns): rows by source
// rank, each a list of runs over the targets by rank. Order and Rank are
// derived at load; the other slices alias the table (and the file a
// decoded table was read from); treat them as read-only. lookup walks
// paths over them in rank space. A part holds the rows of a range of
// source ranks only, the first of them From.
type Runs struct {
	Order    []int32  // node of each rank
	Rank     []int32  // rank of each node, Order's inverse
	RowStart []uint32 // the row of rank From+r is runs RowStart[r] up to RowStart[r+1]; summed from a format 3 file's row counts at load (rowcounts.go)
	Code     RunCode  // the runs
	From     int      // the rank of the first row: 0 but in a part
	// The order and runs bins as stored: Code's slices alias runs.
	order, runs []byte
}

// NewRuns returns the payload of a run-length table of h.Nodes nodes with
// the given order and rows of run words (RunWord, the row of rank r being
// words rowStart[r] up to rowStart[r+1]), encoded in the narrowest RunCode
// that holds them and checked as Decode checks them; New makes the table
// of it. O(n + runs).
func NewRuns(h Header, order []int32, rowStart []uint32, words []uint32) (*Runs, error) {
	return newRuns(h, order, rowStart, words, runForm{})
}

// NewSymbolRuns is NewRuns for rows whose moves SymbolBase up to
// SymbolBase+MaxSymbolRank-1 are heuristic symbols (symbols.go), of a grid
// table of format VersionCells; every move is below 15. With wrap, rows
// wrap around: a target below a row's first start takes its last run
// (only for a level of one component, whose rows span every rank). O(n +
// runs).
func NewSymbolRuns(h Header, order []int32, rowStart []uint32, words []uint32, wrap bool) (*Runs, error) {
	return newSymbolRuns(h, order, rowStart, words, runForm{wrap: wrap})
}

// NewBoxRuns is NewSymbolRuns for rows with open-box wildcards (boxes.go),
// of a grid table whose every cell costs 1: a target whose box with the
// source is open takes H_1 whatever its row says. O(n + runs).
func NewBoxRuns(h Header, order []int32, rowStart []uint32, words []uint32, wrap bool) (*Runs, error) {
	return newSymbolRuns(h, order, rowStart, words, runForm{wrap: wrap, boxes: true})
}

// NewComponentRuns is NewSymbolRuns for rows that cover their source's
// component only and wrap within it (CompSuffix), with open-box wildcards
// (see NewBoxRuns) or not: order must list each component of the level at
// consecutive ranks, which the table's first query, or its load, checks.
// O(n + runs).
func NewComponentRuns(h Header, order []int32, rowStart []uint32, words []uint32, boxes bool) (*Runs, error) {
	return newSymbolRuns(h, order, rowStart, words, runForm{wrap: true, comps: true, boxes: boxes})
}

func newSymbolRuns(h Header, order []int32, rowStart []uint32, words []uint32, f runForm) (*Runs, error) {
	for _, w := range words {
		if m := RunMove(w); m >= noMove4 && m != NoMove {
			return nil, fmt.Errorf("move %d in a table with heuristic symbols, whose moves are below %d", m, noMove4)
		}
	}
	f.symbols = true
	return newRuns(h, order, rowStart, words, f)
}

func newRuns(h Header, order []int32, rowStart []uint32, words []uint32, f runForm) (*Runs, error) {
	h.Layout, h.FirstEnc, h.RunCount = LayoutRuns, runEncoding(h.Nodes, words, f), len(words)
	if _, err := h.PayloadSize(); err != nil {
		return nil, err
	}
	if len(order) != h.Nodes || len(rowStart) != h.Nodes+1 {
		return nil, fmt.Errorf("%d ranks and %d row starts for %d nodes", len(order), len(rowStart), h.Nodes)
	}
	return encodeRunRows(&h, 0, order, rowStart, words)
}

// encodeRunRows encodes order and the rows of words (RunWord) of ranks
// from on in h's FirstEnc and checks them as Decode does; h.RunCount is
// len(words). O(n + runs).
func encodeRunRows(h *Header, from int, order []int32, rowStart []uint32, words []uint32) (*Runs, error) {
	wide, nibble, _ := runCodeOf(h.FirstEnc)
	var runs []byte
	if Packed(h.FirstEnc) {
		runs = encodePacked(words)
	} else {
		runs = encodeRuns(words, wide, nibble)
	}
	return decodeRuns(h, from, encodeOrder(order, wide), uint32Bytes(rowStart), runs, false)
}

// encodeRuns lays words out as a runs bin: the starts, then the moves.
// O(len(words)).
func encodeRuns(words []uint32, wide, nibble bool) []byte {
	sb, r := 2, len(words)
	if wide {
		sb = 4
	}
	mb := r
	if nibble {
		mb = (r + 1) / 2
	}
	bin := make([]byte, sb*r+mb)
	starts, moves := bin[:0:sb*r], bin[sb*r:]
	for i, w := range words {
		if wide {
			starts = binary.LittleEndian.AppendUint32(starts, uint32(RunStart(w)))
		} else {
			starts = binary.LittleEndian.AppendUint16(starts, uint16(RunStart(w)))
		}
		m := RunMove(w)
		switch {
		case !nibble:
			moves[i] = m
		case m == NoMove:
			moves[i/2] |= noMove4 << (4 * (i & 1))
		default:
			moves[i/2] |= m << (4 * (i & 1))
		}
	}
	return bin
}

// encodeOrder stores order with 2 or 4 bytes a rank. O(n).
func encodeOrder(order []int32, wide bool) []byte {
	if wide {
		return int32Bytes(order)
	}
	b := make([]byte, 0, 2*len(order))
	for _, u := range order {
		b = binary.LittleEndian.AppendUint16(b, uint16(u))
	}
	return b
}

// Len returns the number of runs. O(1).
func (c *RunCode) Len() int {
	if c.Wide { // a packed run's word is 2 bytes, as a 16-bit start
		return len(c.Starts) / 4
	}
	return len(c.Starts) / 2
}

// Start returns the start of run i. O(1).
func (c *RunCode) Start(i int) int {
	switch {
	case c.Packed:
		return int(binary.LittleEndian.Uint16(c.Starts[2*i:]) >> 4)
	case c.Wide:
		return int(binary.LittleEndian.Uint32(c.Starts[4*i:]))
	}
	return int(binary.LittleEndian.Uint16(c.Starts[2*i:]))
}

// Move returns the move of run i: a slot, or NoMove. O(1).
func (c *RunCode) Move(i int) byte {
	if c.Packed {
		return packedMove(c.Starts[2*i])
	}
	return c.move(i)
}

// move is Move of runs that are not packed. O(1).
func (c *RunCode) move(i int) byte {
	if !c.Nibble {
		return c.Moves[i]
	}
	m := c.Moves[i>>1] >> (4 * (i & 1)) & 0xF
	if m == noMove4 {
		return NoMove
	}
	return m
}

// Find returns the move stored for target rank rt in runs [lo, hi):
// NoMove when no run covers it. O(log(hi - lo)).
func (c *RunCode) Find(lo, hi int, rt int) byte {
	i, j := lo, hi
	switch {
	case c.Packed: // in line: a call more costs a step on small levels
		key := uint16(rt)<<4 | 0xF // the largest word of start rt (runs12.go)
		s := c.Starts              // held: through c, each step loads the slice again
		for i < j {
			mid := int(uint(i+j) >> 1)
			if binary.LittleEndian.Uint16(s[2*mid:]) <= key {
				i = mid + 1
			} else {
				j = mid
			}
		}
		if i == lo {
			if !c.Wrap || hi == lo {
				return NoMove
			}
			i = hi // a wrapped row's last run
		}
		return packedMove(s[2*(i-1)])
	case c.Wide:
		key := uint32(rt)
		for i < j {
			mid := int(uint(i+j) >> 1)
			if binary.LittleEndian.Uint32(c.Starts[4*mid:]) <= key {
				i = mid + 1
			} else {
				j = mid
			}
		}
	default:
		key := uint16(rt) // below the nodes, at most 2^16
		for i < j {
			mid := int(uint(i+j) >> 1)
			if binary.LittleEndian.Uint16(c.Starts[2*mid:]) <= key {
				i = mid + 1
			} else {
				j = mid
			}
		}
	}
	if i == lo {
		if c.Wrap && hi > lo {
			return c.move(hi - 1) // a wrapped row's last run
		}
		return NoMove
	}
	return c.move(i - 1)
}

// move returns the slot of the first move from node s toward node target,
// or NoMove. O(log runs of s's row).
func (r *Runs) move(t *Table, s, target int) uint8 {
	if s == target {
		return NoMove
	}
	rs := r.Rank[s]
	if c := t.ComponentStarts(); c != nil && c[rs] != c[r.Rank[target]] {
		return NoMove // another component: no path, the row unread
	}
	if r.Code.Boxes && t.BoxOpen(s, target) {
		return t.symbolMove(s, target, SymbolBase)
	}
	m := r.Code.Find(int(r.RowStart[rs]), int(r.RowStart[rs+1]), int(r.Rank[target]))
	if r.Code.Symbols {
		return t.symbolMove(s, target, m)
	}
	return m
}

func (r *Runs) layout() layout { return runsLayout{} }

func (r *Runs) header(h *Header) {
	h.Layout, h.RunCount, h.Window = LayoutRuns, r.Code.Len(), 0
	bits := 16
	switch {
	case r.Code.Packed:
		bits = 12
	case r.Code.Wide:
		bits = 32
	}
	h.FirstEnc = runEncodingOf(bits, r.Code.Nibble, runForm{symbols: r.Code.Symbols, wrap: r.Code.Wrap, comps: r.Code.Comps, boxes: r.Code.Boxes, jumps: r.Code.Jumps})
}

func (r *Runs) distance(t *Table, s, target int) (float64, bool) {
	return t.walkDistance(s, target, t.Nodes)
}

func (r *Runs) reachable(t *Table) int64 {
	return reachableRuns(r.RowStart, &r.Code, r.From, len(r.Order), t.ComponentStarts())
}

func (r *Runs) covered(*Table) int64 { return int64(len(r.Order)) * int64(len(r.Order)) }

// bytes is what the runs take in t's file: order, row starts or counts
// (rowBytes) and runs (Rank is derived at load), and no distances. O(1),
// O(n) where t's file holds row counts.
func (r *Runs) bytes(t *Table) (first, dist int64) {
	rows := int64(4 * len(r.RowStart))
	if w := r.rowBytes(t); w != 0 {
		rows = int64(w * (len(r.RowStart) - 1))
	}
	return int64(len(r.order)+len(r.runs)) + rows, 0
}

func (r *Runs) bins() [][]byte { return [][]byte{r.order, uint32Bytes(r.RowStart), r.runs} }

func (r *Runs) clone() Payload {
	c := *r
	c.Order, c.Rank, c.RowStart = slices.Clone(r.Order), slices.Clone(r.Rank), slices.Clone(r.RowStart)
	c.order, c.runs = bytes.Clone(r.order), bytes.Clone(r.runs)
	split := len(r.Code.Starts)
	c.Code.Starts, c.Code.Moves = c.runs[:split:split], c.runs[split:]
	return &c
}

func (r *Runs) describe(t *Table, fileBytes int64) Description {
	first, _ := t.PayloadBytes()
	d := Description{Runs: r.Code.Len(), BytesPerNode: t.perNode(fileBytes), FirstBytesPerNode: t.perNode(first)}
	d.Lines = []DescLine{t.pairsLine(), {"layout", fmt.Sprintf("runs: %d runs, %.1f bytes per node (runs, rows and order); distances walked (%s exact)",
		d.Runs, d.FirstBytesPerNode, t.DistKind)}}
	return d
}

// checkOrder decodes the order bin of a table of n nodes, its ranks wide
// (4 bytes) or not (2), and checks that it is a permutation: it returns
// the order and its inverse, the rank of each node. O(n).
func checkOrder(b []byte, wide bool, n int) (order, rank []int32, err error) {
	order, rank = make([]int32, n), make([]int32, n)
	for i := range rank {
		rank[i] = -1
	}
	for k := range order {
		var u int32
		if wide {
			u = int32(binary.LittleEndian.Uint32(b[4*k:]))
		} else {
			u = int32(binary.LittleEndian.Uint16(b[2*k:]))
		}
		if u < 0 || int(u) >= n || rank[u] >= 0 {
			return nil, nil, fmt.Errorf("order: rank %d names node %d, not a permutation of %d nodes", k, u, n)
		}
		order[k], rank[u] = u, int32(k)
	}
	return order, rank, nil
}

// checkRowStarts checks that consecutive rows, rowStart[k] up to
// rowStart[k+1], span exactly runs runs from 0. O(len(rowStart)).
func checkRowStarts(rowStart []uint32, runs int) error {
	if rowStart[0] != 0 || int(rowStart[len(rowStart)-1]) != runs {
		return fmt.Errorf("rows do not span the %d runs", runs)
	}
	for k := 0; k+1 < len(rowStart); k++ {
		if rowStart[k] > rowStart[k+1] {
			return fmt.Errorf("row %d ends before it starts", k)
		}
	}
	return nil
}

// reachableRuns counts the pairs with a path in the rows of source ranks
// from up to from+len(rowStart)-1, whose runs are rowStart[k] up to
// rowStart[k+1] of c, over n targets; comps is each rank's component
// (Table.ComponentStarts) where rows cover their component, else nil.
// O(runs), O(n) more with comps.
func reachableRuns(rowStart []uint32, c *RunCode, from, n int, comps []int32) int64 {
	var ends []int32 // the rank past each rank's component, with comps
	if comps != nil {
		ends = make([]int32, n)
		for r := n - 1; r >= 0; r-- {
			ends[r] = int32(n)
			if r+1 < n && comps[r+1] == comps[r] {
				ends[r] = ends[r+1]
			} else if r+1 < n {
				ends[r] = int32(r + 1)
			}
		}
	}
	var count int64
	for k := 0; k+1 < len(rowStart); k++ {
		rank, cl, ch := from+k, 0, n
		if comps != nil {
			cl, ch = int(comps[rank]), int(ends[rank])
		}
		count += reachableRow(c, int(rowStart[k]), int(rowStart[k+1]), rank, cl, ch)
	}
	return count
}

// reachableRow counts the targets with a path in the row of the source of
// rank rank, runs lo..hi-1 of c, over the target ranks cl..ch-1 its row
// covers. O(runs of the row).
func reachableRow(c *RunCode, lo, hi, rank, cl, ch int) int64 {
	var count int64
	cover := func(start, end int) { // a run of moves over start..end-1
		start, end = max(start, cl), min(end, ch)
		if end > start {
			count += int64(end - start)
			if start <= rank && rank < end {
				count-- // the source itself is a wildcard inside a run
			}
		}
	}
	for i := lo; i < hi; i++ {
		if c.Move(i) == NoMove {
			continue
		}
		end := ch
		if i+1 < hi {
			end = c.Start(i + 1)
		}
		cover(c.Start(i), end)
	}
	if c.Wrap && hi > lo && c.Move(hi-1) != NoMove {
		// The last run also covers the ranks below the first start.
		cover(cl, c.Start(lo))
	}
	return count
}

// decodeRuns splits the order, rows and runs bins of rows from on of a
// run-length table of header h, whose lengths are checked, into its Runs,
// aliased; rows holds each row's run count (rowcounts.go) where counts
// says so, else the row starts. O(n).
func decodeRuns(h *Header, from int, order, rows, runs []byte, counts bool) (*Runs, error) {
	wide, nibble, _ := runCodeOf(h.FirstEnc)
	sb, _, err := h.runWidths()
	if err != nil {
		return nil, err
	}
	split := sb * int64(h.RunCount)
	rowStart, err := rowStarts(h, rows, counts)
	if err != nil {
		return nil, err
	}
	r := &Runs{RowStart: rowStart, From: from, order: order, runs: runs,
		Code: RunCode{Starts: runs[:split:split], Moves: runs[split:], Wide: wide, Nibble: nibble, Symbols: Symbols(h.FirstEnc), Wrap: Wraps(h.FirstEnc), Comps: Comps(h.FirstEnc), Boxes: Boxes(h.FirstEnc), Jumps: Jumps(h.FirstEnc), Packed: Packed(h.FirstEnc)}}
	if r.Order, r.Rank, err = checkOrder(order, wide, h.Nodes); err != nil {
		return nil, err
	}
	if r.Code.Packed {
		if err := checkPacked(runs, rowStart, from, h.Nodes); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// startBits is the width of a start, 12, 16 or 32, in a table of n
// nodes, of form f, whose moves fit a nibble or not. O(1).
func startBits(n int, nibble bool, f runForm) int {
	switch {
	case packs(n, nibble, f):
		return 12
	case n > maxNarrowNodes:
		return 32
	}
	return 16
}

// runEncodingOf names the encoding of starts of bits bits (12 with
// symbols only) and moves nibble or not, of form f (symbols with nibble
// moves only; wrap, comps and boxes with symbols only).
func runEncodingOf(bits int, nibble bool, f runForm) string {
	switch {
	case f.symbols:
		return symbolEncodingOf(bits, f)
	case bits != 32 && nibble:
		return FirstEncRuns16x4
	case bits != 32:
		return FirstEncRuns16x8
	case nibble:
		return FirstEncRuns32x4
	}
	return FirstEncRuns32x8
}

// runsLayout is the rules of LayoutRuns.
type runsLayout struct{}

func (runsLayout) name() Layout       { return LayoutRuns }
func (runsLayout) version() int       { return VersionLayout }
func (runsLayout) binNames() []string { return []string{"order", "rows", "runs"} }

func (runsLayout) binLens(h *Header, rows int) []int64 {
	sb, mb, _ := h.runWidths() // checked by check
	n, r := int64(h.Nodes), int64(h.RunCount)
	return []int64{sb * n, h.rowsBinLen(rows), sb*r + (mb*r+7)/8}
}

// size is order, row starts and the runs, within the node and bin limits.
func (runsLayout) size(h *Header) (int64, error) {
	if h.Nodes < 0 || h.Nodes > MaxRunsNodes {
		return 0, fmt.Errorf("%d nodes: a run-length table holds at most %d", h.Nodes, MaxRunsNodes)
	}
	if h.RunCount < 0 || int64(h.RunCount) > MaxPayload/4 {
		return 0, fmt.Errorf("%d runs: a run-length table holds at most %d", h.RunCount, MaxPayload/4)
	}
	sb, mb, err := h.runWidths()
	if err != nil {
		return 0, err
	}
	n, r := int64(h.Nodes), int64(h.RunCount)
	return sb*n + h.rowsBinLen(h.Nodes) + sb*r + (mb*r+7)/8, nil
}

func (runsLayout) distBytes(*Header) int64 { return 0 }

func (runsLayout) check(h *Header) error {
	if _, _, ok := runCodeOf(h.FirstEnc); !ok {
		return fmt.Errorf("run-length table has first-move encoding %q, want one of %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, %q, a symbol one with %q for %q, or a symbol one with %q", h.FirstEnc, FirstEncRuns16x4, FirstEncRuns16x8, FirstEncRuns32x4, FirstEncRuns32x8, FirstEncRuns16x4H, FirstEncRuns32x4H, FirstEncRuns16x4HW, FirstEncRuns32x4HW, FirstEncRuns16x4HB, FirstEncRuns32x4HB, FirstEncRuns16x4HWB, FirstEncRuns32x4HWB, FirstEncRuns16x4HC, FirstEncRuns32x4HC, FirstEncRuns16x4HCB, FirstEncRuns32x4HCB, "runs12x4", "runs16x4", JumpSuffix)
	}
	if Symbols(h.FirstEnc) && h.Kind != KindGrid {
		return fmt.Errorf("a %s table has first-move encoding %q, whose heuristic symbols only grid tables carry", h.Kind, h.FirstEnc)
	}
	return unused(h, false, true)
}

func (runsLayout) decode(h *Header, from, rows int, bins [][]byte) (Payload, error) {
	return decodeRuns(h, from, bins[0], bins[1], bins[2], h.carriesCells())
}

// checked keeps a 12-bit table's runs too, which decode checks
// (checkPacked).
func (runsLayout) checked(h *Header) []bool { return []bool{true, true, Packed(h.FirstEnc)} }

// validate checks the order and rows bins as decodeRuns does: the order a
// permutation, the rows spanning the runs. Runs themselves are checked
// where they are used. O(n).
func (runsLayout) validate(h *Header, from, rows int, bins [][]byte) error {
	wide, _, _ := runCodeOf(h.FirstEnc)
	if _, _, err := checkOrder(bins[0], wide, h.Nodes); err != nil {
		return err
	}
	rowStart, err := rowStarts(h, bins[1], h.carriesCells())
	if err == nil && Packed(h.FirstEnc) {
		err = checkPacked(bins[2], rowStart, from, h.Nodes)
	}
	return err
}

func (runsLayout) key(*Header) string { return "layout runs" }

func (runsLayout) partEncs() []string {
	encs := []string{FirstEncPartRuns, FirstEncPartRunsH, FirstEncPartRunsHW, FirstEncPartRunsHB, FirstEncPartRunsHWB, FirstEncPartRunsHC, FirstEncPartRunsHCB}
	for _, e := range encs[1:7] {
		encs = append(encs, e+JumpSuffix)
	}
	return encs
}

// fromParts sets the runs of the table whose parts hold runs in all, in
// the narrowest encoding its nodes allow, so that PayloadSize is the least
// the table takes: the join picks the encoding from the runs themselves.
func (runsLayout) fromParts(h *Header, runs int64) error {
	if runs > MaxPayload/4 {
		return fmt.Errorf("the parts hold %d runs: a run-length table holds at most %d", runs, MaxPayload/4)
	}
	h.RunCount, h.FirstEnc = int(runs), runEncoding(h.Nodes, nil, runForm{symbols: Symbols(h.FirstEnc)})
	return nil
}

func (runsLayout) joiner(h *Header) joiner {
	return &runsJoin{n: h.Nodes, rowStart: make([]uint32, 1, h.Nodes+1), words: make([]uint32, 0, h.RunCount)}
}
