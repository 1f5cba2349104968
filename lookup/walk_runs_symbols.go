package lookup

import "github.com/pathtable/pathtable/table"

// The symbols a walk decodes most, H_1 and J, without SymbolSlot's call:
// both are the move toward the offset's signs where the node has it (J
// only one step away), and J further away is one lookup by the target's
// sector. Every other value goes to SymbolSlot, so a change of what the
// values mean changes nothing here but the value J holds (jumpValue).

// signDir is the direction code toward each sign pair (sx, sy) of an
// offset, at signIndex, 8 for (0, 0).
var signDir = func() (d [9]uint8) {
	for i := range d {
		c, ok := table.DirOf(i/3-1, i%3-1)
		d[i] = 8
		if ok {
			d[i] = c
		}
	}
	return d
}()

// jumpValue is the move value that holds J in a table whose rows store it
// (table.Header.RunJumps), and a value no row stores in any other.
func jumpValue(t *table.Table) uint {
	if t.RunJumps() {
		return table.SymbolBase + table.MaxSymbolRank - 1
	}
	return ^uint(0)
}

// signIndex is (sign(dx)+1)·3 + sign(dy)+1, branch-free. O(1).
func signIndex(dx, dy int) int {
	sx := dx>>63 | int(uint(-dx)>>63)
	sy := dy>>63 | int(uint(-dy)>>63)
	return sx*3 + sy + 4
}

// symbolAt decodes symbol value m (SymbolBase..) from the node of rank r
// toward a target at (dx, dy) from it: the slot it names, or NoMove. O(1)
// for H_1 where the node has the move toward the offset's signs and for
// J, as SymbolSlot for the rest.
func (w *runWalker) symbolAt(r int32, m uint, dx, dy int) uint {
	s := &w.dirs[r]
	if m != table.SymbolBase && m != w.jump {
		return uint(s.SymbolSlot(int(m)-table.SymbolBase+1, dx, dy))
	}
	if c := signDir[signIndex(dx, dy)]; c < 8 {
		if j := s.Slot >> (4 * c) & 0xF; j != 0xF && (m == table.SymbolBase || uint(dx+1) <= 2 && uint(dy+1) <= 2) {
			return uint(j)
		}
	}
	if m == table.SymbolBase || dx == 0 && dy == 0 {
		return uint(s.SymbolSlot(int(m)-table.SymbolBase+1, dx, dy))
	}
	return uint(s.JumpFar(table.JumpSector(dx, dy)))
}
