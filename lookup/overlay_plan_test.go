package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestOverlayPlanLevels runs overlays over flat and run-length tables of
// the shared plan levels (zero-cost cycles, isolated nodes, past the flat
// builder's contraction threshold), unchanged and under random changes,
// and checks sampled targets against DistancesTo on the changed level:
// Dist, and a Path that is a walk of that cost. Under -short only the
// zero-cost chain runs.
func TestOverlayPlanLevels(t *testing.T) {
	for _, tg := range mapstest.PlanLevels {
		if testing.Short() && tg.Name != "zero-chain.gr" {
			continue
		}
		g := tg.Load(t)
		for _, l := range overlayLayouts() {
			t.Run(fmt.Sprintf("%s/%s", tg.Name, l.Name), func(t *testing.T) {
				lt, ok := buildOverlayTable(t, g, l.Options)
				if !ok {
					t.Skip("no hierarchy table of this level")
				}
				r := rand.New(rand.NewPCG(uint64(g.Nodes()), 3))
				o := lookup.NewOverlay(lt)
				checkSampledPairs(t, o, g, r)
				c := randomChanges(r, g, 40)
				c.apply(t, o)
				checkSampledPairs(t, o, changedLevel(g, c), r)
			})
		}
	}
}

// checkSampledPairs checks 20 random targets from 100 random sources
// each, and every source for one target, against DistancesTo on changed.
func checkSampledPairs(t *testing.T, o *lookup.Overlay, changed *maps.Graph, r *rand.Rand) {
	t.Helper()
	n := o.Len()
	for i := range 21 {
		d := r.IntN(n)
		want := mapstest.DistancesTo(changed, int32(d))
		sources := n
		if i > 0 {
			sources = 100
		}
		for k := range sources {
			s := k
			if i > 0 {
				s = r.IntN(n)
			}
			wd := want[s]
			if o.Blocked(s) || o.Blocked(d) {
				wd = math.Inf(1)
			}
			dist, ok := o.Dist(s, d)
			path, cost, pok := o.Path(s, d)
			if reach := !math.IsInf(wd, 1); ok != reach || pok != reach {
				t.Fatalf("%s->%s: Dist ok %v, Path ok %v, want reachable %v", changed.NodeName(int32(s)), changed.NodeName(int32(d)), ok, pok, reach)
			}
			if !ok {
				continue
			}
			if !sameCost(dist, wd, changed.Metric) || !sameCost(cost, wd, changed.Metric) {
				t.Fatalf("%s->%s: Dist %v, Path cost %v, want %v", changed.NodeName(int32(s)), changed.NodeName(int32(d)), dist, cost, wd)
			}
			sum := 0.0
			for j := 1; j < len(path); j++ {
				sum += weightOf(changed, path[j-1], path[j])
			}
			if path[0] != s || path[len(path)-1] != d || len(path) > n || !sameCost(sum, wd, changed.Metric) {
				t.Fatalf("%s->%s: a path of %d nodes from %d to %d costs %v on the changed level, want %v", changed.NodeName(int32(s)), changed.NodeName(int32(d)), len(path), path[0], path[len(path)-1], sum, wd)
			}
		}
	}
}
