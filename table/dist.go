package table

import (
	"encoding/binary"
	"math"
)

// DistKind is how one distance is stored. Integer and octile kinds are
// exact; the builder picks the narrowest one that provably fits.
type DistKind string

const (
	DistU16      DistKind = "u16"      // uint16; 0xFFFF = unreachable
	DistU32      DistKind = "u32"      // uint32; 0xFFFFFFFF = unreachable
	DistU64      DistKind = "u64"      // uint64; all ones = unreachable
	DistOctile16 DistKind = "octile16" // uint16 a, uint16 b: a + b·√2; a = 0xFFFF = unreachable
	DistOctile32 DistKind = "octile32" // uint32 a, uint32 b: a + b·√2; a = 0xFFFFFFFF = unreachable
	DistF64      DistKind = "f64"      // float64; +Inf = unreachable
)

// Width returns the bytes per stored distance, or 0 for an unknown kind.
// O(1).
func (k DistKind) Width() int {
	switch k {
	case DistU16:
		return 2
	case DistU32, DistOctile16:
		return 4
	case DistU64, DistOctile32, DistF64:
		return 8
	}
	return 0
}

// MaxExact is the largest integer (or octile part) the kind stores; larger
// values would collide with the unreachable sentinel. O(1).
func (k DistKind) MaxExact() uint64 {
	switch k {
	case DistU16, DistOctile16:
		return math.MaxUint16 - 1
	case DistU32, DistOctile32:
		return math.MaxUint32 - 1
	case DistU64:
		return 1<<53 - 1 // float64 holds every integer up to here exactly
	}
	return 0
}

// IntKind returns the narrowest integer kind that holds every value up to
// max, for integer metrics. O(1).
func IntKind(max uint64) DistKind {
	switch {
	case max <= DistU16.MaxExact():
		return DistU16
	case max <= DistU32.MaxExact():
		return DistU32
	}
	return DistU64
}

// OctileKind returns the narrowest octile kind whose parts hold max.
// O(1).
func OctileKind(max uint64) (DistKind, bool) {
	switch {
	case max <= DistOctile16.MaxExact():
		return DistOctile16, true
	case max <= DistOctile32.MaxExact():
		return DistOctile32, true
	}
	return "", false
}

// At decodes distance number i (row*n + column) of payload p; +Inf and
// false mean unreachable. O(1).
func (k DistKind) At(p []byte, i int) (float64, bool) {
	switch k {
	case DistU16:
		if v := binary.LittleEndian.Uint16(p[2*i:]); v != math.MaxUint16 {
			return float64(v), true
		}
	case DistU32:
		if v := binary.LittleEndian.Uint32(p[4*i:]); v != math.MaxUint32 {
			return float64(v), true
		}
	case DistU64:
		if v := binary.LittleEndian.Uint64(p[8*i:]); v != math.MaxUint64 {
			return float64(v), true
		}
	case DistOctile16:
		if a := binary.LittleEndian.Uint16(p[4*i:]); a != math.MaxUint16 {
			return float64(a) + float64(binary.LittleEndian.Uint16(p[4*i+2:]))*math.Sqrt2, true
		}
	case DistOctile32:
		if a := binary.LittleEndian.Uint32(p[8*i:]); a != math.MaxUint32 {
			return float64(a) + float64(binary.LittleEndian.Uint32(p[8*i+4:]))*math.Sqrt2, true
		}
	case DistF64:
		if v := math.Float64frombits(binary.LittleEndian.Uint64(p[8*i:])); !math.IsInf(v, 1) {
			return v, true
		}
	}
	return math.Inf(1), false
}

// putRow encodes one row of distances d into dst (see DistRow.PutFloats).
// O(n); it runs once per row of a build, so each case is one tight loop.
func (k DistKind) putRow(dst []byte, d []float64, exact []uint64) {
	inf := math.Inf(1)
	dst = dst[:k.Width()*len(d)]
	switch k {
	case DistU16:
		for i, v := range d {
			x := uint16(math.MaxUint16)
			if v != inf {
				x = uint16(v)
			}
			binary.LittleEndian.PutUint16(dst[2*i:], x)
		}
	case DistU32:
		for i, v := range d {
			x := uint32(math.MaxUint32)
			if v != inf {
				x = uint32(v)
			}
			binary.LittleEndian.PutUint32(dst[4*i:], x)
		}
	case DistU64:
		for i, v := range d {
			x := uint64(math.MaxUint64)
			if v != inf {
				x = uint64(v)
			}
			binary.LittleEndian.PutUint64(dst[8*i:], x)
		}
	case DistOctile16:
		exact = exact[:len(d)]
		for i, v := range d {
			x := uint32(math.MaxUint32) // a = b = 0xFFFF
			if v != inf {
				x = uint32(exact[i]>>32) | uint32(exact[i])<<16 // a, then b, little-endian
			}
			binary.LittleEndian.PutUint32(dst[4*i:], x)
		}
	case DistOctile32:
		exact = exact[:len(d)]
		for i, v := range d {
			x := uint64(math.MaxUint64)
			if v != inf {
				x = exact[i]>>32 | exact[i]<<32 // a, then b, little-endian
			}
			binary.LittleEndian.PutUint64(dst[8*i:], x)
		}
	case DistF64:
		for i, v := range d {
			binary.LittleEndian.PutUint64(dst[8*i:], math.Float64bits(v))
		}
	}
}

// SplitOctile writes an octile edge cost w as a + b·√2 with one of a, b
// zero: exactly the two forms the grid loaders make (k, or k·√2 computed as
// float64(k)*math.Sqrt2, for an integer k below 2^31). ok is false for any
// other value. O(1).
func SplitOctile(w float64) (a, b int64, ok bool) {
	if w == math.Trunc(w) && w >= 0 && w < 1<<31 {
		return int64(w), 0, true
	}
	k := math.Round(w / math.Sqrt2)
	if k >= 0 && k < 1<<31 && k*math.Sqrt2 == w {
		return 0, int64(k), true
	}
	return 0, 0, false
}
