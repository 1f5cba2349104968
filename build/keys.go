package build

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// Octile levels whose distances fit table.DistOctile16 search on exact
// integer keys: a cost a + b·√2 becomes a·octileS + b·octileT, with
// octileT an odd integer within 1 of √2·octileS. With both parts below
// 2^16 two different costs differ by more than 6.3e-6, which octileS
// scales past the 2^16 that the rounding of octileT can add up to, so keys
// order exactly as the costs do and equal costs get equal keys. Every key
// stays below 2^53, so float64 holds it and sums of keys without rounding:
// the search needs no exact side array, ties are true ties, and a stored
// row can be read back into keys that compare equal to the search's own.
const (
	octileShift = 34
	octileS     = 1 << octileShift
	octileT     = 24296003999        // the odd integer nearest √2·2^34, 0.81 below it
	octileTInv  = 0x2ba43004256d425f // octileT·octileTInv ≡ 1 mod 2^64
)

// octileKey is the search key of a + b·√2.
func octileKey(a, b uint64) float64 {
	return float64(int64(a*octileS + b*octileT)) // int64 converts in one instruction
}

// octileParts recovers a and b from a key: b is the key times the inverse
// of octileT modulo octileS (b < octileS), and a what remains.
func octileParts(key float64) (a, b uint64) {
	k := uint64(int64(key))
	b = (k * octileTInv) & (octileS - 1)
	return (k - b*octileT) >> octileShift, b
}

// keyedOctile reports whether a table of kind uses exact octile keys.
func keyedOctile(octile bool, kind table.DistKind) bool {
	return octile && kind == table.DistOctile16
}

// exactKeys reports whether a table of kind is searched on exact integer
// keys, which add up without rounding in any order: integer costs, or
// keyed octile costs. Rows of such tables read back into the search's own
// keys (seeding) and may be summed over shortcuts (sweeping).
func exactKeys(octile bool, kind table.DistKind) bool {
	switch kind {
	case table.DistU16, table.DistU32, table.DistU64:
		return true
	}
	return keyedOctile(octile, kind)
}

// searchKey is the search key of an edge cost w: the cost itself, or its
// exact integer form on keyed octile levels.
func searchKey(w float64, keyed bool) float64 {
	if !keyed {
		return w
	}
	a, b, _ := table.SplitOctile(w) // Plan checked every cost
	return octileKey(uint64(a), uint64(b))
}

// putOctileKeys writes a row of octile keys (+Inf for unreachable) as
// the distances a + b·√2 they stand for. O(n).
func putOctileKeys(dst table.Octile16Row, keys []float64) {
	for i, key := range keys {
		if math.IsInf(key, 1) {
			dst.SetNone(i)
			continue
		}
		a, b := octileParts(key)
		dst.Set(i, a, b)
	}
}
