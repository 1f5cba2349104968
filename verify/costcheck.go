package verify

import (
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// costCheck compares a table's costs with live ones the way verify does:
// by the level's metric (maps.Metric.SameCost, which bench uses too), and
// never exactly when the table says its costs are another metric's (a
// table of another level).
type costCheck struct{ metric maps.Metric }

// costCheckFor returns the comparison for table h of level g. O(1).
func costCheckFor(h *table.Header, g *maps.Graph) costCheck {
	m := g.Metric
	if h.Metric != m.String() {
		m = maps.MetricFloat
	}
	return costCheck{metric: m}
}

// Same reports whether costs a and b agree. O(1).
func (c costCheck) Same(a, b float64) bool { return c.metric.SameCost(a, b) }
