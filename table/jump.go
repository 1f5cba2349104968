package table

import (
	"strings"
	"sync"
)

// The jump move. A run-length grid table whose FirstEnc ends in JumpSuffix
// stores, in move value SymbolBase+MaxSymbolRank-1 (H_7's), J: the move
// toward the centre of the target's sector, among the source's moves into
// neighbours that jump point search would not prune. Where H_1 is the
// diagonal toward any target off the axes, J is the straight move toward
// a shallow one, and where H_1 leads into a dead-end pocket, J does not:
// the two are optimal in different places, and a row keeps whichever
// serves a run longer.
//
// J from node s toward a target at offset (dx, dy):
//   - one step away (|dx|, |dy| <= 1), s's move that way where it has one;
//   - otherwise the first direction, in the preference list of the
//     target's sector (jumpPrefs), that is in s's jump set.
//
// s's jump set is its moves into a neighbour n that has a successor when
// entered by that move (JumpMasks); s's moves if none has.
//
// In H_6's value it stores J_2, J's second choice: the second direction
// of the target's sector's list in s's jump set (no one-step rule), no
// move where the set has one direction.

// JumpSuffix, after a symbol encoding (SymbolSuffix, with WrapSuffix or
// CompSuffix and BoxSuffix or not), marks the top JumpValues move values
// as J_n instead of H_k: SymbolBase+MaxSymbolRank-n is J_n, so H_7's
// value is J (J_1) and H_6's J_2.
const JumpSuffix = "j"

// JumpValues is how many move values of a j encoding name J_n (jumpNth)
// rather than H_k: once J is there, H_6 serves few runs, and J's second
// choice in the jump set, where the first is not optimal, serves more.
const JumpValues = 2

// IsJumpValue reports whether move value m of a j encoding names J_n,
// and n. O(1).
func IsJumpValue(m uint8) (n int, ok bool) {
	n = SymbolBase + MaxSymbolRank - int(m)
	return n, n >= 1 && n <= JumpValues
}

// jumpPrefs lists, by sector (jumpSector), the eight direction codes in
// increasing distance from the sector's centre plus the move's length:
// the centre is (±25, ±100), (±75, ±100), (±100, ±75) or (±100, ±25) for
// parts 0-3, signed by the sector's quadrant. No two distances of a list
// are within 0.01, so the lists are exact; TestJumpPrefs computes them.
var jumpPrefs = [16][8]uint8{
	{4, 3, 5, 2, 6, 0, 1, 7}, {3, 4, 2, 5, 6, 1, 0, 7}, {3, 2, 4, 1, 0, 5, 6, 7}, {2, 3, 1, 4, 0, 6, 5, 7},
	{0, 1, 7, 2, 6, 4, 3, 5}, {1, 0, 2, 7, 6, 3, 4, 5}, {1, 2, 0, 3, 4, 7, 6, 5}, {2, 1, 3, 0, 4, 6, 7, 5},
	{4, 5, 3, 6, 2, 0, 7, 1}, {5, 4, 6, 3, 2, 7, 0, 1}, {5, 6, 4, 7, 0, 3, 2, 1}, {6, 5, 7, 4, 0, 2, 3, 1},
	{0, 7, 1, 6, 2, 4, 5, 3}, {7, 0, 6, 1, 2, 5, 4, 3}, {7, 6, 0, 5, 4, 1, 2, 3}, {6, 7, 5, 0, 4, 2, 1, 3},
}

// jumpFirst is, by jump set and sector, the first direction of the
// sector's list in the set (8 for the empty set): JumpSlot's answer
// without the list's scan.
var jumpFirst = func() (t [256][16]uint8) {
	for set := range 256 {
		for sec := range 16 {
			t[set][sec] = 8
			for _, c := range jumpPrefs[sec] {
				if set>>c&1 != 0 {
					t[set][sec] = c
					break
				}
			}
		}
	}
	return t
}()

// jumpSector returns the sector of a target at (dx, dy) != (0, 0):
// quadrant·4 + part, where the quadrant has bit 1 for a negative x side
// (dx < 0, or dx = 0 and dy < 0) and bit 0 for a negative y side (dy < 0,
// or dy = 0 and dx > 0), and the part splits the quadrant at
// |dy| = 2|dx|, |dy| = |dx| and |dx| = 2|dy|: 0 where 2|dx| <= |dy|, 1
// where |dx| <= |dy| < 2|dx|, 2 where |dy| < |dx| <= 2|dy|, 3 where
// 2|dy| < |dx|. O(1).
//
// Branch-free, as a row's coding asks it of every target: with sx, sy the
// signs, the x side is negative where 2sx + sy < 0, the y side where
// 2sy - sx < 0, and p is 3 less one for each of 2b >= a, b >= a, b >= 2a.
func jumpSector(dx, dy int) int {
	a, b := max(dx, -dx), max(dy, -dy)
	sx := dx>>63 | int(uint(-dx)>>63)
	sy := dy>>63 | int(uint(-dy)>>63)
	q := int(uint(2*sx+sy)>>63)<<1 | int(uint(2*sy-sx)>>63)
	p := 3 - int(uint(a-2*b-1)>>63) - int(uint(a-b-1)>>63) - int(uint(2*a-b-1)>>63)
	return q*4 + p
}

// JumpSlot returns the slot of J from a node of moves s toward a target at
// (dx, dy) from it, or NoMove where s has no moves. O(1).
func (s *SymbolDirs) JumpSlot(dx, dy int) uint8 {
	if dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
		if c := dirOfSign[(dx+1)*3+dy+1]; c < 8 {
			if j := s.Slot >> (4 * c) & 0xF; j != 0xF {
				return uint8(j)
			}
		}
	}
	if s.Jump == 0 || dx == 0 && dy == 0 {
		return NoMove
	}
	c := jumpFirst[s.Jump][jumpSector(dx, dy)] & 7 // Jump is not empty
	return uint8(s.Slot >> (4 * c) & 0xF)
}

// JumpSector returns the sector (0-15) of a target at (dx, dy) != (0, 0)
// by which J picks a move (docs/FORMAT.md "The jump move J"). O(1).
func JumpSector(dx, dy int) int { return jumpSector(dx, dy) }

// JumpSectors returns, by sector, the slot of J from a node of moves s
// toward a target more than one step away in that sector, NoMove where s
// has no moves: JumpSlot for a row's every target, by one lookup.
// O(16).
func (s *SymbolDirs) JumpSectors() (t [16]uint8) {
	for sec := range t {
		t[sec] = NoMove
		if c := jumpFirst[s.Jump][sec]; c < 8 {
			t[sec] = uint8(s.Slot >> (4 * c) & 0xF)
		}
	}
	return t
}

// SetJump makes the top JumpValues values of s name J_n instead of H_k
// (H_7's J, H_6's J_2), with jump the directions whose neighbour has a successor
// (JumpMasks): s's jump set is its moves among them, or all its moves
// where none is (none for a node without moves, whose H_7 and J alike name
// no move). O(1).
func (s *SymbolDirs) SetJump(jump uint8) {
	s.Jump = s.Mask & jump
	if s.Jump == 0 {
		s.Jump = s.Mask
	}
}

// JumpMasks returns, for each node of a w×h grid whose nodes sit at cells
// (y·w + x each), the directions d (bit per code) whose neighbouring cell n
// is a node with a successor when entered by d, as jump point search
// prunes (without cutting corners): for a straight d, the cell beyond n
// that way is a node, or a cell beside n (left or right of d) is a node
// and the cell behind it (that cell minus d) is not; for a diagonal d,
// the cell beyond n along either of d's two straight parts is a node.
// O(V).
func JumpMasks(w, h int, cells []int32) []uint8 {
	open := make([]bool, w*h)
	for _, c := range cells {
		if c >= 0 && int(c) < w*h {
			open[c] = true
		}
	}
	at := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && open[y*w+x] }
	masks := make([]uint8, len(cells))
	for u, c := range cells {
		if c < 0 || int(c) >= w*h {
			continue
		}
		x, y := int(c)%w, int(c)/w
		for d := range 8 {
			ex, ey := int(dirX[d]), int(dirY[d])
			nx, ny := x+ex, y+ey
			if !at(nx, ny) {
				continue
			}
			var ok bool
			if ex != 0 && ey != 0 {
				ok = at(nx+ex, ny) || at(nx, ny+ey)
			} else {
				// The two sides of d are (-ey, ex) and (ey, -ex).
				ok = at(nx+ex, ny+ey) ||
					at(nx-ey, ny+ex) && !at(nx-ey-ex, ny+ex-ey) ||
					at(nx+ey, ny-ex) && !at(nx+ey-ex, ny-ex-ey)
			}
			if ok {
				masks[u] |= 1 << d
			}
		}
	}
	return masks
}

// Jumps reports whether encoding enc stores J_n in the top JumpValues
// values: a symbol encoding with JumpSuffix. O(1).
func Jumps(enc string) bool {
	return strings.HasSuffix(enc, JumpSuffix) && Symbols(enc)
}

// withoutJump is enc without JumpSuffix where it is a jump encoding. O(1).
func withoutJump(enc string) string {
	if b, ok := strings.CutSuffix(enc, JumpSuffix); ok && strings.HasPrefix(b, "runs") && symbolBase(b) {
		return b
	}
	return enc
}

// RunJumps reports whether h's run-length rows store J (Jumps).
func (h *Header) RunJumps() bool { return h.Layout == LayoutRuns && Jumps(h.FirstEnc) }

// jumpCache holds a table's JumpMasks, made once: at load, or at the first
// query of a table New made (whose graph the caller sets after New).
type jumpCache struct {
	once  sync.Once
	masks []uint8
}

// jumpMasks returns t's JumpMasks by node, made on first use (O(V) then,
// O(1) after), or nil for a table without J. O(1).
func (t *Table) jumpMasks() []uint8 {
	c := t.jumps
	if c == nil {
		return nil
	}
	c.once.Do(func() { c.masks = JumpMasks(t.Width, t.Height, t.Cells) })
	return c.masks
}

// JumpMasks returns t's JumpMasks by node for a table whose rows store J
// (Header.RunJumps), nil for any other. O(1) after the first call, which
// may make them (O(V)).
func (t *Table) JumpMasks() []uint8 {
	if !t.RunJumps() {
		return nil
	}
	return t.jumpMasks()
}

// jumpNth is, by jump set and sector, the directions of the sector's
// list that are in the set, in the list's order, 8 past the set's size:
// J_n's answer without the list's scan.
var jumpNth = func() (t [256][16][8]uint8) {
	for set := range 256 {
		for sec := range 16 {
			n := 0
			for _, c := range jumpPrefs[sec] {
				if set>>c&1 != 0 {
					t[set][sec][n] = c
					n++
				}
			}
			for ; n < 8; n++ {
				t[set][sec][n] = 8
			}
		}
	}
	return t
}()

// JumpSlotN returns the slot of J_n from a node of moves s toward a
// target at (dx, dy): J itself for n = 1 (JumpSlot), else the n-th
// direction of the target's sector's list in s's jump set, NoMove where
// the set has fewer (or s no moves). O(1).
func (s *SymbolDirs) JumpSlotN(n, dx, dy int) uint8 {
	if n == 1 {
		return s.JumpSlot(dx, dy)
	}
	if s.Jump == 0 || dx == 0 && dy == 0 || n < 1 || n > 8 {
		return NoMove
	}
	c := jumpNth[s.Jump][jumpSector(dx, dy)][n-1]
	if c >= 8 {
		return NoMove
	}
	return uint8(s.Slot >> (4 * c) & 0xF)
}
