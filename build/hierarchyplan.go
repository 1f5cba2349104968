package build

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// EstimateHierarchy estimates a hierarchy table of g (build -hierarchy)
// without contracting it, in O(V + E): its file from the arcs a node
// takes on city, maze and open maps, the build's peak memory per node and
// its time from a power law in the nodes, each fitted to the contractions
// of the large shared maps (docs/LAYOUTS.md gives them); the same on any
// workers, as the contraction is mostly serial. A plan recommends it for
// grids past 65,536 cells, where run-length bakes grow to hours and their
// files to hundreds of megabytes. It refuses what
// the build refuses before contracting: PlanLayout's refusals, graphs and
// levels of inexact costs, so that a plan never offers a hierarchy its
// build cannot make. The estimate is not Sampled.
func EstimateHierarchy(g *maps.Graph, opt Options) (Estimate, error) {
	h, err := PlanLayout(g, table.LayoutHierarchy)
	if err != nil {
		return Estimate{}, err
	}
	if g.Grid == nil {
		return Estimate{}, errHierarchyGraph
	}
	if !exactKeys(g.Metric == maps.MetricOctile, h.DistKind) {
		return Estimate{}, fmt.Errorf("a hierarchy table needs exact integer or octile costs; this level's distances are %s", h.DistKind)
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
	// The contraction is mostly serial: on the shared maps its wall time
	// on 2 workers is about its CPU time, so both are the CPU's model.
	cpu := time.Duration(hierarchyCPUSeconds * math.Pow(n/hierarchyNodes, hierarchyExponent) * float64(time.Second))
	return Estimate{
		Options:   Options{Layout: table.LayoutHierarchy, Workers: opt.Workers},
		Bytes:     payload + levelBytes(g, false) + hierarchyFileOverhead,
		PeakBytes: PeakMemory(Options{Layout: table.LayoutHierarchy}, g.Nodes(), g.Edges(), 0),
		Duration:  cpu,
		CPU:       cpu,
	}, nil
}

// errHierarchyGraph refuses a hierarchy table of a graph level: the table
// holds grids only.
var errHierarchyGraph = errors.New("a hierarchy table holds grid levels only")

// The model EstimateHierarchy fits: arcs per node (the densest of the
// shared maps, rounded up), peak bytes per node, and the contraction's
// CPU time (the workers' together) of a level of hierarchyNodes nodes,
// growing as the nodes to hierarchyExponent.
const (
	hierarchyArcsPerNode  = 9
	hierarchyPeakPerNode  = 2200
	hierarchyCPUSeconds   = 41
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
