package build

import (
	"math"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// EstimateHierarchy estimates a hierarchy table of g (build -hierarchy)
// without contracting it, in O(V + E): its file from the arcs a node
// takes on city, maze and open maps, the build's peak memory per node and
// its time from a power law in the nodes, each fitted to the contractions
// of the large shared maps (docs/LAYOUTS.md gives them) and scaled to
// opt's workers. A plan recommends it for grids past about 50,000 cells,
// where run-length tables grow to gigabytes and hours. Refusals are
// PlanLayout's (graphs are refused by the table's rules at build). The
// estimate is not Sampled.
func EstimateHierarchy(g *maps.Graph, opt Options) (Estimate, error) {
	h, err := PlanLayout(g, table.LayoutHierarchy)
	if err != nil {
		return Estimate{}, err
	}
	n := float64(g.Nodes())
	words := 2.0 // head and cost; a directed level's arcs cost a word more
	if !symmetricCosts(g) {
		words = 3
	}
	h.RunCount = int(math.Ceil(hierarchyArcsPerNode * n))
	h.FirstEnc = table.FirstEncHierarchy
	if words == 3 {
		h.FirstEnc = table.FirstEncHierarchyDirected
	}
	payload, err := h.PayloadSize()
	if err != nil {
		return Estimate{}, err
	}
	workers := float64(workerCount(opt))
	seconds := hierarchySeconds * math.Pow(n/hierarchyNodes, hierarchyExponent) * 2 / max(workers, 1)
	return Estimate{
		Options:   Options{Layout: table.LayoutHierarchy, Workers: opt.Workers},
		Bytes:     payload + levelBytes(g, false) + hierarchyFileOverhead,
		PeakBytes: int64(hierarchyPeakPerNode * n),
		Duration:  time.Duration(seconds * float64(time.Second)),
	}, nil
}

// The model EstimateHierarchy fits: arcs per node (the densest of the
// shared maps, rounded up), peak bytes per node, and the contraction's
// wall time on 2 workers of a level of hierarchyNodes nodes, growing as
// the nodes to hierarchyExponent.
const (
	hierarchyArcsPerNode  = 9
	hierarchyPeakPerNode  = 2000
	hierarchySeconds      = 75
	hierarchyNodes        = 796896
	hierarchyExponent     = 1.5
	hierarchyFileOverhead = 1 << 10
)

// symmetricCosts reports whether every edge of g has its reverse at the
// same cost, as on grids whose cells all cost the same: then a hierarchy
// stores each arc's cost once. O(E·d).
func symmetricCosts(g *maps.Graph) bool {
	for u := range int32(g.Nodes()) {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			w, ok := g.EdgeCost(g.Targets[e], u)
			if !ok || w != g.Weights[e] {
				return false
			}
		}
	}
	return true
}
