package build

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestVectorSweepMatches checks the vector loop of the sweep against the
// Go loop, bit for bit, on every level it can be run on.
func TestVectorSweepMatches(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no vector sweep on this processor")
	}
	defer func() { vectorSweep = hasAVX2 }()
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		h, _ := exactHierarchy(context.Background(), lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2)
		if h == nil {
			continue
		}
		n := lv.G.Nodes()
		vec, scalar := newSweep(h), newSweep(h)
		var targets [sweepRows]int32
		for first := 0; first < n; first += sweepRows {
			for j := range targets {
				targets[j] = int32(min(first+j, n-1))
			}
			vectorSweep = true
			vec.run(&targets)
			vectorSweep = false
			scalar.run(&targets)
			if !slices.Equal(vec.dist, scalar.dist) {
				t.Fatalf("%s: targets %v: the vector sweep differs", lv.Name, targets)
			}
		}
	}
}
