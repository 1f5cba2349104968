package lookup

import (
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestSymbolAt checks the walker's decode of H_1 and J against
// SymbolSlot, with and without J in H_7's value, for every set of unit
// moves a node may have in increasing code (as a grid's are), every jump
// set over them, every symbol value and offsets near and far in every
// sector.
func TestSymbolAt(t *testing.T) {
	var offs [][2]int
	for dy := -5; dy <= 5; dy++ {
		for dx := -5; dx <= 5; dx++ {
			offs = append(offs, [2]int{dx, dy})
		}
	}
	for _, o := range [][2]int{{40, 3}, {-40, 3}, {3, -40}, {-3, 40}, {17, 13}, {-13, -17}, {100, 0}, {0, -100}} {
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
				w := &runWalker{dirs: []table.SymbolDirs{s}, jump: ^uint(0)}
				if jumps {
					s.SetJump(uint8(jset))
					w.dirs[0], w.jump = s, table.SymbolBase+table.MaxSymbolRank-1
				}
				for m := uint(table.SymbolBase); m < table.SymbolBase+table.MaxSymbolRank; m++ {
					for _, o := range offs {
						want := uint(s.SymbolSlot(int(m)-table.SymbolBase+1, o[0], o[1]))
						if got := w.symbolAt(0, m, o[0], o[1]); got != want {
							t.Fatalf("moves %08b, jump set %08b (J %v), value %d toward %v: slot %d, want SymbolSlot's %d", mask, jset, jumps, m, o, got, want)
						}
					}
				}
			}
		}
	}
}
