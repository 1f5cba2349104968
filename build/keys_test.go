package build

import (
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestOctileParts checks the integer split of octile keys against the
// table's own, at the corners of the 16-bit parts and at random.
func TestOctileParts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const top = 1<<16 - 1
	for i := range 10000 {
		a, b := uint64(r.IntN(top+1)), uint64(r.IntN(top+1))
		if i < 4 {
			a, b = uint64(i&1)*top, uint64(i>>1)*top
		}
		key := table.OctileKey(a, b)
		ga, gb := octileParts(uint64(key))
		wa, wb := table.OctileParts(key)
		if ga != a || gb != b || wa != a || wb != b {
			t.Fatalf("key of %d + %d·√2: split %d, %d, table %d, %d", a, b, ga, gb, wa, wb)
		}
	}
}
