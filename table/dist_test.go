package table

import (
	"math"
	"slices"
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

// TestDistRowSetters writes a row through the builders' setters and reads
// it back with At, Int and Octile16: exact values, the largest stored
// value, and the unreachable sentinel, which must read back exactly as
// PutFloats writes it.
func TestDistRowSetters(t *testing.T) {
	for _, kind := range []DistKind{DistU16, DistU32, DistU64, DistOctile16, DistOctile32, DistF64} {
		const n = 4
		row := newDistRow(kind, make([]byte, n*kind.Width()))
		if row.kind() != kind || row.Len() != n {
			t.Fatalf("%s: row of kind %s and length %d", kind, row.kind(), row.Len())
		}
		want := newDistRow(kind, make([]byte, n*kind.Width()))
		want.PutFloats([]float64{math.Inf(1)}, []uint64{0})
		row.SetNone(0)
		if !slices.Equal(row.b[:kind.Width()], want.b[:kind.Width()]) {
			t.Errorf("%s: SetNone wrote %x, PutFloats %x", kind, row.b[:kind.Width()], want.b[:kind.Width()])
		}
		if _, ok := row.At(0); ok {
			t.Errorf("%s: SetNone reads back as reachable", kind)
		}
		switch oct, isOct := row.Octile16(); {
		case isOct:
			if kind != DistOctile16 {
				t.Errorf("%s: Octile16 accepted it", kind)
			}
			top := kind.MaxExact()
			for i, ab := range [][2]uint64{{3, 4}, {top, top}, {0, 0}} {
				oct.Set(i+1, ab[0], ab[1])
				a, b, ok := oct.At(i + 1)
				d, okAt := row.At(i + 1)
				if !ok || !okAt || a != ab[0] || b != ab[1] || d != float64(a)+float64(b)*math.Sqrt2 {
					t.Errorf("%s: Set(%d, %d) reads back %d, %d, %v; At %v, %v", kind, ab[0], ab[1], a, b, ok, d, okAt)
				}
			}
			if _, _, ok := oct.At(0); ok {
				t.Errorf("%s: Octile16 At reads SetNone as reachable", kind)
			}
		case kind == DistU16 || kind == DistU32 || kind == DistU64:
			for i, v := range []uint64{7, kind.MaxExact(), 0} {
				row.SetInt(i+1, v)
				got, ok := row.Int(i + 1)
				d, okAt := row.At(i + 1)
				if !ok || !okAt || got != v || d != float64(v) {
					t.Errorf("%s: SetInt(%d) reads back %d, %v; At %v, %v", kind, v, got, ok, d, okAt)
				}
			}
			if _, ok := row.Int(0); ok {
				t.Errorf("%s: Int reads SetNone as reachable", kind)
			}
		}
	}
}
