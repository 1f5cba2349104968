package build

import (
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// TestPlanRefusesPayloadPastBin32: a level whose distances need 8 bytes
// and whose n² distances would pass 2^32-1 bytes is refused by Plan, with
// the limit in the message; one node fewer is planned.
func TestPlanRefusesPayloadPastBin32(t *testing.T) {
	for _, c := range []struct {
		nodes int
		ok    bool
	}{{23170, true}, {23171, false}} {
		g := &maps.Graph{Offsets: make([]int32, c.nodes+1), Names: make([]string, c.nodes), Metric: maps.MetricFloat}
		h, err := Plan(g)
		if (err == nil) != c.ok {
			t.Errorf("%d nodes (%s): %v, want ok %v", c.nodes, h.DistKind, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "4 GiB") {
			t.Errorf("%d nodes: %v does not name the limit", c.nodes, err)
		}
	}
}
