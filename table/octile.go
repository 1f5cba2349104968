package table

import (
	"encoding/binary"
	"math"
)

// Octile costs a + b·√2 whose parts fit DistOctile16 have exact integer
// keys: a·octileS + b·octileT, with octileT an odd integer within 1 of
// √2·octileS. With both parts below 2^16 two different costs differ by more
// than 6.3e-6, which octileS scales past the 2^16 that the rounding of
// octileT can add up to, so keys order exactly as the costs do and equal
// costs get equal keys. Every such key is below OctileKeyLimit (2^50), so a
// float64 holds it, and sums of keys below 2^53, without rounding: a search
// on keys needs no exact side array and its ties are true ties. Builders
// and the runtime overlay search on the same keys, and a stored row reads
// back into keys that compare equal to theirs.
const (
	octileShift = 34
	octileS     = 1 << octileShift
	octileT     = 24296003999        // the odd integer nearest √2·2^34, 0.81 below it
	octileTInv  = 0x2ba43004256d425f // octileT·octileTInv ≡ 1 mod 2^64
)

// OctileKeyLimit bounds the keys that order exactly: a key below it has
// both parts below 2^16. A search whose sums reach it has left the range
// where keys are exact.
const OctileKeyLimit = float64(1 << (octileShift + 16))

// OctileKey returns the search key of a + b·√2, for parts below 2^16.
// O(1).
func OctileKey(a, b uint64) float64 {
	return float64(int64(a*octileS + b*octileT)) // int64 converts in one instruction
}

// OctileParts recovers a and b from a key below OctileKeyLimit: b is the
// key times the inverse of octileT modulo octileS (b < octileS), and a
// what remains. O(1).
func OctileParts(key float64) (a, b uint64) {
	return OctileKeyParts(uint64(int64(key)))
}

// OctileKeyParts is OctileParts for a key held as an integer, as the
// builder's sweeps hold them: no float conversion. O(1).
func OctileKeyParts(key uint64) (a, b uint64) {
	b = (key * octileTInv) & (octileS - 1)
	return (key - b*octileT) >> octileShift, b
}

// Key returns distance i as its octile key (see OctileKey), and +Inf when
// it is unreachable. O(1); it inlines.
func (r Octile16Row) Key(i int) float64 {
	x := binary.LittleEndian.Uint32(r[4*i:])
	if x&0xFFFF == math.MaxUint16 {
		return math.Inf(1)
	}
	return OctileKey(uint64(x&0xFFFF), uint64(x>>16))
}
