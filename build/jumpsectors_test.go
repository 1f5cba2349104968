package build

import (
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestOffsetCodes: J_n by an offset's code (newOffsetCodes, jumpByCode)
// is JumpSlotN, for every n, every set of unit moves, every jump set over
// them and every offset of a grid; and a grid too large has no table.
func TestOffsetCodes(t *testing.T) {
	const w, h = 9, 7
	o := newOffsetCodes(w, h)
	if o == nil || len(o.code) != (2*w-1)*(2*h-1) {
		t.Fatalf("%d×%d grid: no table or a wrong size", w, h)
	}
	if newOffsetCodes(4096, 4096) != nil {
		t.Error("4096×4096 grid: a table past maxOffsetCodes")
	}
	dirX := [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirY := [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
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
			s := base
			s.SetJump(uint8(jset))
			for n := 1; n <= table.JumpValues; n++ {
				by := jumpByCode(&s, n)
				for oy := 1 - h; oy < h; oy++ {
					for ox := 1 - w; ox < w; ox++ {
						if ox == 0 && oy == 0 {
							continue // the source: a wildcard
						}
						got, want := by[o.code[o.centre+oy*o.stride+ox]], s.JumpSlotN(n, ox, oy)
						if got != want {
							t.Fatalf("moves %08b, jump set %08b, J_%d toward (%d, %d): slot %d, JumpSlotN's %d", mask, jset, n, ox, oy, got, want)
						}
					}
				}
			}
		}
	}
}
