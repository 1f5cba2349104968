package verify

import (
	"math"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestCostCheck pins the comparison verify and bench share (maps.Metric.SameCost): integer levels
// compare exactly, others within RelTolerance of the larger cost.
func TestCostCheck(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name         string
		table, level string // table metric, level metric
		a, b         float64
		want         bool
	}{
		{"int equal", "int", "int", 3, 3, true},
		{"int off by a hair", "int", "int", 3, 3 + 1e-12, false},
		{"octile within tolerance", "octile", "octile", 1 + math.Sqrt2, 1 + math.Sqrt2 + 1e-12, true},
		{"float within tolerance", "float", "float", 1e6, 1e6 * (1 + 1e-10), true},
		{"float outside tolerance", "float", "float", 1, 1.001, false},
		{"tolerance is relative, near zero too", "float", "float", 0, 1e-12, false},
		{"int table of a float level", "int", "float", 2, 2 + 1e-12, true},
		{"unreachable both", "float", "float", inf, inf, true},
		{"unreachable one", "float", "float", inf, 1e300, false},
		{"unreachable one, int", "int", "int", 5, inf, false},
	}
	metric := map[string]maps.Metric{"int": maps.MetricInt, "octile": maps.MetricOctile, "float": maps.MetricFloat}
	for _, tc := range tests {
		c := costCheckFor(&table.Header{Metric: tc.table}, &maps.Graph{Metric: metric[tc.level]})
		if got := c.Same(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Same(%v, %v) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
		if got := c.Same(tc.b, tc.a); got != tc.want {
			t.Errorf("%s: Same(%v, %v) = %v, want %v (not symmetric)", tc.name, tc.b, tc.a, got, tc.want)
		}
	}
}
