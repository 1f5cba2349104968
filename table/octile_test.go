package table

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestOctileKeyConstants(t *testing.T) {
	if T, inv := uint64(octileT), uint64(octileTInv); T%2 == 0 || T*inv != 1 {
		t.Fatalf("octileT = %d is not odd with inverse %#x", octileT, uint64(octileTInv))
	}
	exact := new(big.Float).SetPrec(200).SetInt64(2)
	exact.Sqrt(exact).Mul(exact, new(big.Float).SetInt64(octileS))
	gap := new(big.Float).Sub(new(big.Float).SetInt64(octileT), exact)
	if g, _ := gap.Float64(); math.Abs(g) >= 1 {
		t.Fatalf("octileT is %v from √2·2^34; the ordering proof needs under 1", g)
	}
}

// lessOctile compares a1 + b1·√2 with a2 + b2·√2 exactly: x + y·√2 < 0
// with x = a1-a2, y = b1-b2 decided by signs and by x² against 2y².
func lessOctile(a1, b1, a2, b2 int64) bool {
	x, y := a1-a2, b1-b2
	switch {
	case x <= 0 && y <= 0:
		return x < 0 || y < 0
	case x >= 0 && y >= 0:
		return false
	case x < 0: // y > 0: x + y√2 < 0 when x² > 2y²
		return x*x > 2*y*y
	default: // x > 0, y < 0
		return x*x < 2*y*y
	}
}

// TestOctileKeysOrderExactly checks the keys' promise on random pairs and
// on the hardest ones, the Pell pairs p² - 2q² = ±1 where p + q√2 nearly
// cancels: keys order exactly as the costs do and give back their parts.
func TestOctileKeysOrderExactly(t *testing.T) {
	type cost struct{ a, b int64 }
	var costs []cost
	for p, q := int64(1), int64(1); p < 1<<16; p, q = p+2*q, p+q {
		costs = append(costs, cost{p, 0}, cost{0, q}, cost{p, 1}, cost{1, q}, cost{65534, q}, cost{p, 65534})
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		costs = append(costs, cost{r.Int64N(65535), r.Int64N(65535)}, cost{r.Int64N(300), r.Int64N(300)})
	}
	costs = append(costs, cost{0, 0}, cost{65534, 65534})
	for _, c := range costs {
		a, b := OctileParts(OctileKey(uint64(c.a), uint64(c.b)))
		if int64(a) != c.a || int64(b) != c.b {
			t.Fatalf("key of %d + %d√2 gives back %d + %d√2", c.a, c.b, a, b)
		}
	}
	for i, c := range costs {
		for _, d := range costs[max(0, i-40):i] { // near neighbours and all Pell pairs
			kc, kd := OctileKey(uint64(c.a), uint64(c.b)), OctileKey(uint64(d.a), uint64(d.b))
			if (kc < kd) != lessOctile(c.a, c.b, d.a, d.b) || (kc == kd) != (c == d) {
				t.Fatalf("keys of %d + %d√2 and %d + %d√2 order wrongly", c.a, c.b, d.a, d.b)
			}
		}
	}
}
