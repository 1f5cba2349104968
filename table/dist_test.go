package table

import (
	"math"
	"testing"
)

// TestDistRoundTrip writes a row in every encoding and reads it back:
// exact values, the unreachable sentinel, and the largest stored value.
func TestDistRoundTrip(t *testing.T) {
	inf := math.Inf(1)
	oct := func(a, b uint64) (float64, uint64) { return float64(a) + float64(b)*math.Sqrt2, a<<32 | b }
	tests := []struct {
		kind  DistKind
		d     []float64
		exact []uint64
	}{
		{DistU16, []float64{0, 7, inf, 65534}, nil},
		{DistU32, []float64{0, 70000, inf, math.MaxUint32 - 1}, nil},
		{DistU64, []float64{0, 1 << 40, inf, 1<<53 - 1}, nil},
		{DistF64, []float64{0, 0.1, inf, 1e300}, nil},
	}
	var od16, od32 []float64
	var ox16, ox32 []uint64
	for _, ab := range [][2]uint64{{0, 0}, {3, 4}, {65534, 65534}} {
		d, x := oct(ab[0], ab[1])
		od16, ox16 = append(od16, d), append(ox16, x)
	}
	for _, ab := range [][2]uint64{{0, 0}, {70000, 3}, {math.MaxUint32 - 1, math.MaxUint32 - 1}} {
		d, x := oct(ab[0], ab[1])
		od32, ox32 = append(od32, d), append(ox32, x)
	}
	tests = append(tests,
		struct {
			kind  DistKind
			d     []float64
			exact []uint64
		}{DistOctile16, append(od16, inf), append(ox16, 12345)},
		struct {
			kind  DistKind
			d     []float64
			exact []uint64
		}{DistOctile32, append(od32, inf), append(ox32, 12345)},
	)
	for _, tt := range tests {
		row := newDistRow(tt.kind, make([]byte, tt.kind.Width()*len(tt.d)))
		row.PutFloats(tt.d, tt.exact)
		for i, want := range tt.d {
			got, ok := row.At(i)
			if ok != !math.IsInf(want, 1) || got != want {
				t.Errorf("%s[%d] = %v, %v; want %v", tt.kind, i, got, ok, want)
			}
		}
	}
}
