package maps

import (
	"fmt"
	"math"
)

// checkCostRange refuses a level whose path costs could overflow: a
// shortest path has at most n-1 edges, so every path cost is finite when
// (n-1) × the largest edge cost is. Every loader goes through it, so the
// builder, the live solver and verify never see a cost that adds up to
// +Inf. O(E).
func checkCostRange(g *Graph) error {
	top := 0.0
	for _, w := range g.Weights {
		top = max(top, w)
	}
	steps := float64(max(g.Nodes()-1, 0))
	if steps > 0 && top > math.MaxFloat64/steps {
		return fmt.Errorf("%w: edge costs up to %g over %d nodes can add up past the largest float64 (%g)", ErrCostOverflow, top, g.Nodes(), math.MaxFloat64)
	}
	return nil
}
