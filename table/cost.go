package table

import "math"

// CostSum adds up the edge costs along a path as docs/FORMAT.md says a
// walked distance is summed, the one rule for every layout that stores no
// distances and for every reader: on an "int" level, as integers; on an
// "octile" level whose DistKind is exact (octile16, octile32), as a + b·√2,
// an integer cost adding to a and any other cost w adding round(w/√2) to b
// (decoding refuses an octile level whose costs are not k or k·√2, so this
// is exact); otherwise in float64, from the path's first edge on. The
// result is the value a flat table of the level stores for the same path.
// The zero value sums in float64. O(1) a call.
type CostSum struct {
	mode sumMode
	a, b uint64
	sum  float64
}

type sumMode uint8

const (
	sumFloat sumMode = iota
	sumInt
	sumOctile
)

// NewCostSum returns an empty sum for paths of a table of header h (its
// Metric and DistKind).
func NewCostSum(h *Header) CostSum {
	switch {
	case h.Metric == "int":
		return CostSum{mode: sumInt}
	case h.Metric == "octile" && (h.DistKind == DistOctile16 || h.DistKind == DistOctile32):
		return CostSum{mode: sumOctile}
	}
	return CostSum{}
}

// Add adds the cost of one edge.
func (c *CostSum) Add(w float64) {
	switch {
	case c.mode == sumFloat:
		c.sum += w
	case c.mode == sumInt || w == math.Trunc(w):
		c.a += uint64(w)
	default:
		c.b += uint64(math.Round(w / math.Sqrt2))
	}
}

// Value returns the sum.
func (c *CostSum) Value() float64 {
	if c.mode == sumFloat {
		return c.sum
	}
	return float64(c.a) + float64(c.b)*math.Sqrt2
}

// walkDistance is Distance on a table that stores no distances: it follows
// the first moves from s to target and adds up the edge costs (CostSum).
// O(path length × Move); false when there is no path, or the moves name
// no edge or take more than limit steps (a table altered behind its
// checksum).
func (t *Table) walkDistance(s, target, limit int) (float64, bool) {
	sum := NewCostSum(&t.Header)
	for u, steps := s, 0; u != target; steps++ {
		m := t.Move(u, target)
		lo := int(t.Offsets[u])
		if int(m) >= int(t.Offsets[u+1])-lo || steps >= limit {
			return Unreachable, false
		}
		sum.Add(t.Weights[lo+int(m)])
		u = int(t.Targets[lo+int(m)])
	}
	return sum.Value(), true
}
