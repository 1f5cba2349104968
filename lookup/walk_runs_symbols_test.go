package lookup

import (
	"fmt"
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestSymbolAt checks the walker's decode of symbols against SymbolSlot,
// the definition, with J in H_7's value and H_6's and without, for every
// set of unit moves a node may have in increasing code (as a grid's are),
// every jump set, every symbol value and a few others, and offsets near
// and far in every sector.
func TestSymbolAt(t *testing.T) {
	var offs [][2]int
	for dy := -3; dy <= 3; dy++ {
		for dx := -3; dx <= 3; dx++ {
			offs = append(offs, [2]int{dx, dy})
		}
	}
	for _, o := range [][2]int{{40, 3}, {-40, 3}, {3, -40}, {-3, 40}, {17, 13}, {-13, -17}, {100, 0}, {0, -100}, {-100, 1}} {
		offs = append(offs, o)
	}
	dirX := [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirY := [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
	for _, jumps := range []bool{false, true} {
		for mask := range 256 {
			var dx, dy []int
			for c := range 8 {
				if mask>>c&1 != 0 {
					dx, dy = append(dx, dirX[c]), append(dy, dirY[c])
				}
			}
			base, ok := table.NewSymbolDirs(dx, dy)
			if !ok {
				t.Fatalf("moves %08b: not a node's", mask)
			}
			for jset := range 256 {
				if !jumps && jset > 0 {
					break
				}
				s := base
				if jumps {
					s.SetJump(uint8(jset))
				}
				for _, m := range []uint{0, 7, 8, 9, 10, 11, 12, 13, 14, 15, table.NoMove} {
					for _, o := range offs {
						if e := checkSymbolAt(&s, m, o); e != "" {
							t.Fatal(e)
						}
					}
				}
			}
		}
	}
}

// checkSymbolAt checks symbolAt for value m, where it is a symbol's, of a
// node of moves s toward offset o against SymbolSlot, and returns what
// differs, "" where nothing does.
func checkSymbolAt(s *table.SymbolDirs, m uint, o [2]int) string {
	if m-table.SymbolBase < table.MaxSymbolRank {
		want := uint(s.SymbolSlot(int(m)-table.SymbolBase+1, o[0], o[1]))
		if got := symbolAt(s, m, o[0], o[1]); got != want {
			return fmt.Sprintf("moves %08b, jump set %08b, value %d toward %v: symbolAt %d, want SymbolSlot's %d", s.Mask, s.Jump, m, o, got, want)
		}
	}
	return ""
}

// TestSymbolAtShort is TestSymbolAt on a sample: a few nodes' moves,
// every jump set over them.
func TestSymbolAtShort(t *testing.T) {
	dirX := [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirY := [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
	for _, mask := range []int{0xFF, 0x55, 0xAA, 0x01, 0x83, 0x3E, 0x00} {
		var dx, dy []int
		for c := range 8 {
			if mask>>c&1 != 0 {
				dx, dy = append(dx, dirX[c]), append(dy, dirY[c])
			}
		}
		base, _ := table.NewSymbolDirs(dx, dy)
		for jset := -1; jset < 256; jset++ {
			s := base
			if jset >= 0 {
				s.SetJump(uint8(jset))
			}
			for m := range uint(17) {
				for oy := -3; oy <= 3; oy++ {
					for ox := -3; ox <= 3; ox++ {
						if e := checkSymbolAt(&s, m, [2]int{ox * ox * ox, oy}); e != "" {
							t.Fatal(e)
						}
					}
				}
			}
			if e := checkSymbolAt(&s, table.NoMove, [2]int{5, -2}); e != "" {
				t.Fatal(e)
			}
		}
	}
}

// symbolAt is the walkers' decode of symbol value m from a node of moves
// s toward (dx, dy): runWalker.symbolAt on a walker whose rank 0 is s.
func symbolAt(s *table.SymbolDirs, m uint, dx, dy int) uint {
	w := runWalker{dirs: []table.SymbolDirs{*s}}
	return w.symbolAt(0, s.Slot, s.Jump, m, dx, dy)
}
