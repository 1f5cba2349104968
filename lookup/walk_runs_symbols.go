package lookup

import "github.com/pathtable/pathtable/table"

// The symbols a walk decodes, without SymbolSlot's calls, for the three
// that rows store most: H_1, the move toward the offset's signs where the
// node has it; J and J_2, one lookup by the node's jump set and the
// target's sector (J one step away: the move there where the node has
// it). Each is a handful of operations and no call, where SymbolSlot
// calls JumpSlotN and JumpSlot for J. Every other case goes to
// SymbolSlot, the definition; TestSymbolAt holds the two equal.

// jumpDirs is, by jump set and sector (table.JumpSector), the direction
// codes of J (low nibble) and J_2 (high nibble) toward a target more than
// one step away in that sector, 8 where there is none: table.JumpSlotN's
// answers for a node whose slot of direction c is c, read once for an
// offset of each sector.
var jumpDirs = func() (t [256][16]uint8) {
	var at [16][2]int // an offset more than one step away in each sector
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			if max(dx, -dx, dy, -dy) > 1 {
				at[table.JumpSector(dx, dy)] = [2]int{dx, dy}
			}
		}
	}
	for set := range 256 {
		s := table.SymbolDirs{Dir: 0x76543210, Slot: 0x76543210, Degree: 8, Mask: 0xFF, Jump: uint8(set), Sorted: true}
		for sec, o := range at {
			j1, j2 := min(s.JumpSlotN(1, o[0], o[1]), 8), min(s.JumpSlotN(2, o[0], o[1]), 8)
			t[set][sec] = j1 | j2<<4
		}
	}
	return t
}()

// jump1 and jump2 are the values of J and J_2 in a table whose rows store
// them (a node whose Jump is not empty).
const (
	jump1 = table.SymbolBase + table.MaxSymbolRank - 1
	jump2 = table.SymbolBase + table.MaxSymbolRank - 2
)

// symbolAt decodes symbol value m (SymbolBase..) of the row of rank r,
// from the node's Slot and Jump (table.SymbolDirs, passed where the
// caller holds them) toward a target at (dx, dy) from it: the slot it
// names, or NoMove. H_1, J and J_2 here; the rest (another symbol, H_1
// where the node has no move toward the signs) by the node's
// SymbolSlot, the definition. O(1) for those three.
func (w *runWalker) symbolAt(r int32, slot uint32, jump uint8, m uint, dx, dy int) uint {
	switch {
	case m == table.SymbolBase:
		if c := table.SignDir(dx, dy); c < 8 {
			if j := slot >> (4 * c) & 0xF; j != 0xF {
				return uint(j)
			}
		}
	case m >= jump2 && jump != 0 && (dx != 0 || dy != 0):
		if m == jump1 && uint(dx+1) <= 2 && uint(dy+1) <= 2 {
			// One step away: the move there, where the node has it.
			if j := slot >> (4 * table.SignDir(dx, dy)) & 0xF; j != 0xF {
				return uint(j)
			}
		}
		// table.JumpSector(dx, dy), written out: the compiler inlines
		// neither it nor a copy. TestSymbolAt checks every sector.
		a, b := dx^dx>>63-dx>>63, dy^dy>>63-dy>>63 // |dx|, |dy|
		sx, sy := dx>>63|int(uint(-dx)>>63), dy>>63|int(uint(-dy)>>63)
		q := uint(2*sx+sy)>>63<<1 | uint(2*sy-sx)>>63
		p := 3 - uint(a-2*b-1)>>63 - uint(a-b-1)>>63 - uint(2*a-b-1)>>63
		c := uint(jumpDirs[jump][(q*4+p)&15])
		if m == jump2 {
			c >>= 4
		}
		if c &= 0xF; c >= 8 {
			return table.NoMove
		}
		return uint(slot >> (4 * c) & 0xF)
	}
	return uint(w.dirs[r].SymbolSlot(int(m)-table.SymbolBase+1, dx, dy))
}
