package verify

import (
	"math"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// CostCheck compares a table's costs with live ones the way Verify does:
// exactly where the table and the level both have integer costs, within
// RelTolerance otherwise. Anything that reports whether a table agrees with
// live solves (verify, bench) uses it, so they cannot disagree.
type CostCheck struct{ exact bool }

// CostCheckFor returns the comparison Verify uses for table h of level g.
// O(1).
func CostCheckFor(h *table.Header, g *maps.Graph) CostCheck {
	return CostCheck{exact: g.Metric == maps.MetricInt && h.Metric == maps.MetricInt.String()}
}

// Same reports whether costs a and b agree; an infinite cost agrees only
// with itself. O(1).
func (c CostCheck) Same(a, b float64) bool {
	if c.exact || a == b || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b // the relative test would pass Inf against any large cost
	}
	return math.Abs(a-b) <= RelTolerance*max(math.Abs(a), math.Abs(b))
}
