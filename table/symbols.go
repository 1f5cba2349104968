package table

import (
	"fmt"
	"math/bits"
	"strings"
)

// Heuristic symbols. A run-length grid table whose FirstEnc ends in
// SymbolSuffix (format 3 only) stores, beside literal slots 0-7, the move
// values SymbolBase..SymbolBase+MaxSymbolRank-1: H_k, "the k-th best move
// from the source toward the target". The moves of a node are its out-edge
// slots; each is ranked by the heuristic key of the vector from the cell it
// leads to to the target's cell, lowest first, ties by lower slot. The key
// of a vector (dx, dy) is 985·max(|dx|,|dy|) + 408·min(|dx|,|dy|), an
// integer octile distance (408/985 is within 4·10⁻⁷ of √2-1). H_k with k
// beyond the node's moves names no move: no path.

// SymbolSuffix marks a run encoding whose moves 8-14 are heuristic symbols;
// WrapSuffix after it, rows that wrap around: a target whose rank is below
// its row's first start takes the row's last run (a level of one
// component, whose rows cover every rank, so that a row's first and last
// runs can be one).
const (
	SymbolSuffix = "h"
	WrapSuffix   = "w"
)

// CompSuffix, in WrapSuffix's place, marks rows that cover their source's
// component only and wrap within it: the order lists each component of the
// level (its nodes joined by edges, either way) at consecutive ranks, a
// target in another component has no path and its row is not read, and a
// target below its row's first start takes the row's last run, as with
// WrapSuffix (components.go). For a level of several components, whose
// rows would otherwise end in a run of no path and could not wrap.
const CompSuffix = "c"

// BoxSuffix, after SymbolSuffix or SymbolSuffix+WrapSuffix, marks a table
// with open-box wildcards: from s toward a target whose bounding box with
// s holds only open cells, the answer is H_1 and the row is not read
// (boxes.go). Only a format 3 grid table whose every cell costs 1 has it.
const BoxSuffix = "b"

// The symbol encodings: start bits x move bits, with symbols, and with
// rows that wrap.
const (
	FirstEncRuns16x4H  = FirstEncRuns16x4 + SymbolSuffix
	FirstEncRuns32x4H  = FirstEncRuns32x4 + SymbolSuffix
	FirstEncRuns16x4HW = FirstEncRuns16x4H + WrapSuffix
	FirstEncRuns32x4HW = FirstEncRuns32x4H + WrapSuffix

	FirstEncRuns16x4HB  = FirstEncRuns16x4H + BoxSuffix
	FirstEncRuns32x4HB  = FirstEncRuns32x4H + BoxSuffix
	FirstEncRuns16x4HWB = FirstEncRuns16x4HW + BoxSuffix
	FirstEncRuns32x4HWB = FirstEncRuns32x4HW + BoxSuffix

	FirstEncRuns16x4HC  = FirstEncRuns16x4H + CompSuffix
	FirstEncRuns32x4HC  = FirstEncRuns32x4H + CompSuffix
	FirstEncRuns16x4HCB = FirstEncRuns16x4HC + BoxSuffix
	FirstEncRuns32x4HCB = FirstEncRuns32x4HC + BoxSuffix
)

// SymbolBase is the move value of H_1; H_k is SymbolBase+k-1.
const SymbolBase = 8

// MaxSymbolRank is the most ranks a move value can name (8-14; 15 is
// NoMove in a nibble).
const MaxSymbolRank = 7

// HeuristicKey is the ranking key of the vector (dx, dy) between two
// cells. O(1).
func HeuristicKey(dx, dy int) int64 {
	a, b := int64(dx), int64(dy)
	a, b = max(a, -a), max(b, -b)
	return 985*max(a, b) + 408*min(a, b)
}

// Symbols reports whether encoding enc stores heuristic symbols (with J,
// jump.go, or not). O(1).
func Symbols(enc string) bool {
	return symbolBase(withoutJump(enc))
}

// symbolBase reports whether enc, without JumpSuffix, is a symbol
// encoding. O(1).
func symbolBase(enc string) bool {
	enc = strings.TrimSuffix(enc, BoxSuffix)
	return strings.HasPrefix(enc, "runs") && (strings.HasSuffix(enc, SymbolSuffix) || strings.HasSuffix(enc, SymbolSuffix+WrapSuffix) || strings.HasSuffix(enc, SymbolSuffix+CompSuffix))
}

// Wraps reports whether encoding enc's rows wrap around, over every rank
// or within their component (Comps). O(1).
func Wraps(enc string) bool {
	enc = strings.TrimSuffix(withoutJump(enc), BoxSuffix)
	return strings.HasPrefix(enc, "runs") && (strings.HasSuffix(enc, SymbolSuffix+WrapSuffix) || strings.HasSuffix(enc, SymbolSuffix+CompSuffix))
}

// Comps reports whether encoding enc's rows cover their source's
// component only and wrap within it (CompSuffix). O(1).
func Comps(enc string) bool {
	enc = strings.TrimSuffix(withoutJump(enc), BoxSuffix)
	return strings.HasPrefix(enc, "runs") && strings.HasSuffix(enc, SymbolSuffix+CompSuffix)
}

// Boxes reports whether encoding enc has open-box wildcards: a symbol
// encoding with BoxSuffix. O(1).
func Boxes(enc string) bool {
	enc = withoutJump(enc)
	return strings.HasSuffix(enc, BoxSuffix) && Symbols(enc)
}

// RunSymbols reports whether h's run-length rows store heuristic symbols.
func (h *Header) RunSymbols() bool { return h.Layout == LayoutRuns && Symbols(h.FirstEnc) }

// RunBoxes reports whether h's run-length rows have open-box wildcards.
func (h *Header) RunBoxes() bool { return h.Layout == LayoutRuns && Boxes(h.FirstEnc) }

// RunComps reports whether h's run-length rows cover their source's
// component only (Comps).
func (h *Header) RunComps() bool { return h.Layout == LayoutRuns && Comps(h.FirstEnc) }

// checkSymbols refuses symbols where they cannot be decoded: in a table
// other than a grid that carries its cells. O(1).
func (h *Header) checkSymbols() error {
	if h.RunSymbols() && !h.carriesCells() {
		return fmt.Errorf("first-move encoding %q has heuristic symbols, which only grid tables of format %d carry", h.FirstEnc, VersionCells)
	}
	return nil
}

// The eight unit moves of a grid, by direction code: the grid rules' order
// (internal/gridgraph.Directions), N, NE, E, SE, S, SW, W, NW, so that a
// grid node's slots go in increasing code; and the code of the move toward
// the sign of a vector, dirOfSign[(sx+1)*3+sy+1], 8 for none.
var (
	dirX      = [8]int8{0, 1, 1, 1, 0, -1, -1, -1}
	dirY      = [8]int8{-1, -1, 0, 1, 1, 1, 0, -1}
	dirOfSign = func() (d [9]uint8) {
		d[4] = 8
		for c := range 8 {
			d[(int(dirX[c])+1)*3+int(dirY[c])+1] = uint8(c)
		}
		return d
	}()
)

// SignIndex is (sign(dx)+1)·3 + sign(dy)+1, without a branch: the index
// of the move toward the offset's signs (SignSlots). O(1).
func SignIndex(dx, dy int) int {
	sx := dx>>63 | int(uint(-dx)>>63)
	sy := dy>>63 | int(uint(-dy)>>63)
	return sx*3 + sy + 4
}

// SignDir returns the direction code of the unit move toward the signs of
// (dx, dy), 8 for (0, 0). O(1).
func SignDir(dx, dy int) uint8 { return dirOfSign[SignIndex(dx, dy)] }

// The ranking of the eight moves toward a target (dx, dy) depends only on
// the signs of dx and dy and on |dx| - |dy| clamped to -2..2: within such
// a class, each move's key is the same constant plus a term of the move
// alone (the larger coordinate stays the larger, and each coordinate moves
// by the move's own component, or by its size where the target's is 0).
// rankBefore[class][c] is the set of codes (bit per code) that rank before
// code c in that class, ties by lower code, found at init from a
// representative target of the class; TestSymbolClasses checks every
// target within 40 cells against the rule.
var rankBefore = func() (t [45][8]uint8) {
	for cls := range 45 {
		sx, sy, delta := cls/15-1, cls/5%3-1, cls%5-2
		for a := range 6 {
			for b := range 6 {
				if (a == 0) != (sx == 0) || (b == 0) != (sy == 0) || max(-2, min(2, a-b)) != delta {
					continue
				}
				var keys [8]int64
				for c := range 8 {
					keys[c] = HeuristicKey(sx*a-int(dirX[c]), sy*b-int(dirY[c]))
				}
				for c := range 8 {
					for i := range 8 {
						if keys[i] < keys[c] || keys[i] == keys[c] && i < c {
							t[cls][c] |= 1 << i
						}
					}
				}
				goto next
			}
		}
	next:
	}
	return t
}()

// rankClass returns the ranking class of a target at (dx, dy). O(1).
func rankClass(dx, dy int) int {
	a, b := max(dx, -dx), max(dy, -dy)
	return ((sign(dx)+1)*3+sign(dy)+1)*5 + max(-2, min(2, a-b)) + 2
}

// DirOf returns the direction code (0-7) of the unit move (dx, dy), and
// false when it is not one. O(1).
func DirOf(dx, dy int) (uint8, bool) {
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 {
		return 0, false
	}
	d := dirOfSign[(dx+1)*3+dy+1]
	return d, d < 8
}

// SymbolDirs is a node's moves as the symbols rank them: Dir holds, in
// nibble j, the direction code of slot j, for Degree slots; Slot holds, in
// nibble c, the slot of direction c, or 0xF; Mask has bit c for each
// direction c the node has. Sorted reports slots in increasing code, as a
// grid's are, which ranks by the class tables. A grid node's moves go to
// distinct neighbouring cells, so up to 8. Where Jump is not empty
// (SetJump, in a table whose encoding has JumpSuffix), H_7's value names
// J and H_6's J_2, among the directions of Jump (a node without moves has none either
// way).
type SymbolDirs struct {
	Dir, Slot uint32
	Degree    uint8
	Mask      uint8
	Jump      uint8
	Sorted    bool
}

// NewSymbolDirs returns the SymbolDirs of a node whose slots lead in the
// unit moves (dx[j], dy[j]), or false when one is not a unit move, two go
// the same way, or there are more than 8. O(degree).
func NewSymbolDirs(dx, dy []int) (SymbolDirs, bool) {
	s := SymbolDirs{Slot: 0xFFFFFFFF, Degree: uint8(len(dx)), Sorted: true}
	if len(dx) > 8 {
		return s, false
	}
	for j := range dx {
		c, ok := DirOf(dx[j], dy[j])
		if !ok || s.Slot>>(4*c)&0xF != 0xF {
			return s, false
		}
		if s.Mask>>c != 0 {
			s.Sorted = false // a higher code came first
		}
		s.Dir |= uint32(c) << (4 * j)
		s.Slot &^= 0xF << (4 * c)
		s.Slot |= uint32(j) << (4 * c)
		s.Mask |= 1 << c
	}
	return s, true
}

// SymbolSlot returns the slot that H_k names from a node of moves s toward
// a target at (dx, dy) from it, or NoMove when k is not in 1..Degree. The
// best move is toward the sign of (dx, dy) when the node has it: the key
// falls by 1393 (diagonal) or 985 (straight) that way and by less any
// other way. O(1) then, O(degree) with sorted slots, O(degree²) otherwise.
func (s *SymbolDirs) SymbolSlot(k int, dx, dy int) uint8 {
	if k > MaxSymbolRank-JumpValues && s.Jump != 0 {
		return s.JumpSlotN(MaxSymbolRank-k+1, dx, dy)
	}
	if k < 1 || k > int(s.Degree) {
		return NoMove
	}
	if k == 1 {
		sx, sy := sign(dx), sign(dy)
		if c := dirOfSign[(sx+1)*3+sy+1]; c < 8 {
			if j := s.Slot >> (4 * c) & 0xF; j != 0xF {
				return uint8(j)
			}
		}
	}
	if s.Sorted {
		before := &rankBefore[rankClass(dx, dy)]
		for m := s.Mask; m != 0; m &= m - 1 {
			c := bits.TrailingZeros8(m)
			if bits.OnesCount8(s.Mask&before[c]) == k-1 {
				return uint8(s.Slot >> (4 * c) & 0xF)
			}
		}
		return NoMove // unreachable: the ranks are 1..Degree
	}
	var keys [8]int64
	n := int(s.Degree)
	for j := range n {
		c := s.Dir >> (4 * j) & 7
		keys[j] = HeuristicKey(dx-int(dirX[c]), dy-int(dirY[c]))
	}
	for j := range n {
		rank := 1
		for i := range n {
			if keys[i] < keys[j] || keys[i] == keys[j] && i < j {
				rank++
			}
		}
		if rank == k {
			return uint8(j)
		}
	}
	return NoMove // unreachable: the ranks are 1..n
}

// SignSlots returns, for each sign pair (sx, sy) of a target's offset at
// index (sx+1)*3 + sy+1, the slot toward that sign, which is H_1 for every
// such target, or NoMove where the node has no such move (then H_1 is
// SymbolSlot's to find). O(1).
func (s *SymbolDirs) SignSlots() (t [9]uint8) {
	for i, c := range dirOfSign {
		t[i] = NoMove
		if c < 8 {
			if j := s.Slot >> (4 * c) & 0xF; j != 0xF {
				t[i] = uint8(j)
			}
		}
	}
	return t
}

// Ranks fills rank[j] with the rank (1..Degree) of slot j toward a target
// at (dx, dy). O(degree) with sorted slots, O(degree²) otherwise.
func (s *SymbolDirs) Ranks(dx, dy int, rank *[8]uint8) {
	n := int(s.Degree)
	if s.Sorted {
		before := &rankBefore[rankClass(dx, dy)]
		for j := range n {
			c := s.Dir >> (4 * j) & 7
			rank[j] = 1 + uint8(bits.OnesCount8(s.Mask&before[c]))
		}
		return
	}
	var keys [8]int64
	for j := range n {
		c := s.Dir >> (4 * j) & 7
		keys[j] = HeuristicKey(dx-int(dirX[c]), dy-int(dirY[c]))
	}
	for j := range n {
		r := uint8(1)
		for i := range n {
			if keys[i] < keys[j] || keys[i] == keys[j] && i < j {
				r++
			}
		}
		rank[j] = r
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// GridSymbolDirs returns the SymbolDirs of node u of a grid table's graph
// (offsets, targets, cells of width w), and false when its moves are not
// distinct unit moves. O(degree).
func GridSymbolDirs(offsets, targets, cells []int32, w int, u int32) (SymbolDirs, bool) {
	var dx, dy [8]int
	deg := int(offsets[u+1] - offsets[u])
	if deg > 8 {
		return SymbolDirs{}, false
	}
	cu := int(cells[u])
	for j := range deg {
		cv := int(cells[targets[int(offsets[u])+j]])
		dx[j], dy[j] = cv%w-cu%w, cv/w-cu/w
	}
	return NewSymbolDirs(dx[:deg], dy[:deg])
}

// symbolMove decodes move m of node s toward target in grid table t:
// a literal slot as it is, H_k as the slot it names. O(degree²) at most.
func (t *Table) symbolMove(s, target int, m uint8) uint8 {
	if m < SymbolBase || m >= SymbolBase+MaxSymbolRank {
		return m
	}
	d, ok := GridSymbolDirs(t.Offsets, t.Targets, t.Cells, t.Width, int32(s))
	if !ok {
		return NoMove
	}
	if _, ok := IsJumpValue(m); ok {
		if jm := t.jumpMasks(); jm != nil {
			d.SetJump(jm[s])
		}
	}
	cs, ct := int(t.Cells[s]), int(t.Cells[target])
	return d.SymbolSlot(int(m)-SymbolBase+1, ct%t.Width-cs%t.Width, ct/t.Width-cs/t.Width)
}

// checkSymbolGraph checks that every node of grid table t moves only to
// distinct neighbouring cells, as its symbols need. O(V + E).
func (t *Table) checkSymbolGraph() error {
	for u := range int32(t.Nodes) {
		if _, ok := GridSymbolDirs(t.Offsets, t.Targets, t.Cells, t.Width, u); !ok {
			return fmt.Errorf("node %d has moves that are not distinct unit moves, which heuristic symbols need", u)
		}
	}
	return nil
}

// stored is r, or where t's format carries no symbols (formats 1 and 2)
// but r has them, r's literal rows. O(1), O(n² log runs) for the latter.
func (r *Runs) stored(t *Table) (Payload, error) {
	if t.RunSymbols() && !t.carriesCells() {
		return r.literal(t)
	}
	return r, nil
}

// literal returns t's rows with every heuristic symbol replaced by the
// slot it names and every wrapped row unwrapped, for a document that
// cannot carry them: a grid table written with its graph's bins (format 1
// or 2). The answers are the same; the runs more. O(n² log runs) for n
// nodes: a tool's conversion, not a build's path (a build asked for such a
// table stores literals, see build.Options.Literal).
func (r *Runs) literal(t *Table) (*Runs, error) {
	n := len(r.Order)
	words := make([]uint32, 0, r.Code.Len())
	rowStart := make([]uint32, 1, len(r.RowStart))
	for k := range len(r.RowStart) - 1 {
		s := int(r.Order[r.From+k])
		first := len(words)
		last := -1 // the open run's move, -1 before the first
		for x := range n {
			target := int(r.Order[x])
			if target == s {
				continue // a wildcard
			}
			m := int(r.move(t, s, target))
			if m == last {
				continue
			}
			if len(words) == first && m == NoMove {
				last = m // before the first run, no run says no path
				continue
			}
			words = append(words, RunWord(x, uint8(m)))
			last = m
		}
		rowStart = append(rowStart, uint32(len(words)))
	}
	h := t.Header
	h.GraphBins = true
	return newRuns(h, r.Order, rowStart, words, runForm{})
}
