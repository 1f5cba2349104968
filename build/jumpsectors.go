package build

import "github.com/pathtable/pathtable/table"

// What J's choice reads of a target's offset, by a table: a row tests J
// toward target after target (scanJump), and the sector's arithmetic
// (table.JumpSector) and the one-step test cost more than a load from a
// table the size of the grid's offsets, made once a build.

// maxOffsetCodes bounds offsetCodes' table, in entries (bytes): larger
// grids compute each offset's code.
const maxOffsetCodes = 1 << 22

// offsetCodes maps each offset (dx, dy) between two cells of a grid to its
// code: 16 + table.SignIndex(dx, dy) one step away (|dx|, |dy| <= 1), the
// sector (table.JumpSector) further.
type offsetCodes struct {
	code   []uint8 // at centre + dy·stride + dx
	stride int
	centre int
}

// newOffsetCodes returns the codes of a w×h grid's offsets, or nil where
// they would take more than maxOffsetCodes bytes. O(w·h).
func newOffsetCodes(w, h int) *offsetCodes {
	if w <= 0 || h <= 0 || (2*w-1)*(2*h-1) > maxOffsetCodes {
		return nil
	}
	o := &offsetCodes{code: make([]uint8, (2*w-1)*(2*h-1)), stride: 2*w - 1, centre: (h-1)*(2*w-1) + w - 1}
	for dy := 1 - h; dy < h; dy++ {
		for dx := 1 - w; dx < w; dx++ {
			c := uint8(16 + table.SignIndex(dx, dy))
			if dx < -1 || dx > 1 || dy < -1 || dy > 1 {
				c = uint8(table.JumpSector(dx, dy))
			}
			o.code[o.centre+dy*o.stride+dx] = c
		}
	}
	return o
}

// sectorOffsets is, by sector, an offset more than one step away in it.
var sectorOffsets = func() (t [16][2]int) {
	for dy := 4; dy >= -4; dy-- {
		for dx := 4; dx >= -4; dx-- {
			if max(dx, -dx, dy, -dy) >= 2 {
				t[table.JumpSector(dx, dy)] = [2]int{dx, dy}
			}
		}
	}
	return t
}()

// jumpByCode returns, by offset code, the slot of J_n from a node of
// moves s: JumpSlotN toward any offset by one load. O(25).
func jumpByCode(s *table.SymbolDirs, n int) (t [25]uint8) {
	for sec, o := range sectorOffsets {
		t[sec] = s.JumpSlotN(n, o[0], o[1])
	}
	for i := range 9 {
		t[16+i] = s.JumpSlotN(n, i/3-1, i%3-1)
	}
	return t
}

// jumpNth is n where move value v names J_n in a j encoding
// (table.IsJumpValue), 0 where it does not. O(1).
func jumpNth(v uint8) int {
	n, ok := table.IsJumpValue(v)
	if !ok {
		return 0
	}
	return n
}
