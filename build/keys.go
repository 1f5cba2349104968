package build

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// Octile levels whose distances fit table.DistOctile16 search on exact
// integer keys (table.OctileKey), which order exactly as the costs do and
// add up without rounding.

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
	return table.OctileKey(uint64(a), uint64(b))
}

// putOctileKeys writes a row of octile keys (+Inf for unreachable) as
// the distances a + b·√2 they stand for. O(n).
func putOctileKeys(dst table.Octile16Row, keys []float64) {
	for i, key := range keys {
		if math.IsInf(key, 1) {
			dst.SetNone(i)
			continue
		}
		a, b := table.OctileParts(key)
		dst.Set(i, a, b)
	}
}
