package build

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Plan returns the header of the table Build would make for g, with the
// narrowest exact distance encoding that provably holds every distance,
// without building anything. Header.PayloadSize then gives the table's size,
// so callers can refuse a build before spending memory on it. The layout's
// own field, FirstEnc, is table.New's to set. O(V + E).
func Plan(g *maps.Graph) (table.Header, error) {
	return PlanLayout(g, table.LayoutFlat)
}

// PlanLayout is Plan for a table of the given layout, flat or
// table.LayoutRuns: run-length tables hold up to table.MaxRunsNodes nodes
// and store no distances, but their DistKind still says how exactly
// distances add up, from the level's true distances on octile levels of
// more than 65,535 nodes (see octileRuns). O(V + E), and O((V + E) log V)
// for those.
func PlanLayout(g *maps.Graph, layout table.Layout) (table.Header, error) {
	if err := g.Validate(); err != nil {
		return table.Header{}, err
	}
	maxNodes := table.MaxNodes
	switch layout {
	case table.LayoutFlat:
	case table.LayoutRuns:
		maxNodes = table.MaxRunsNodes
	case table.LayoutHierarchy:
		maxNodes = table.MaxHierarchyNodes
	default:
		return table.Header{}, fmt.Errorf("unknown table layout %q", layout)
	}
	if n := g.Nodes(); n > maxNodes {
		return table.Header{}, fmt.Errorf("level has %d nodes; a table holds at most %d", n, maxNodes)
	}
	h, err := plan(g, uint64(max(g.Nodes()-1, 0)))
	if err != nil {
		return h, err
	}
	h.Layout = layout
	if layout != table.LayoutFlat && g.Metric == maps.MetricOctile {
		h.DistKind = octileRuns(g, h.DistKind)
	}
	// A payload the format cannot hold is refused here, before a build
	// allocates or computes anything.
	_, err = h.PayloadSize()
	return h, err
}

// plan is Plan for paths of at most steps edges, the bound its distance
// encoding must hold.
func plan(g *maps.Graph, steps uint64) (table.Header, error) {
	n := g.Nodes()
	h := table.Header{
		Nodes:  n,
		Edges:  g.Edges(),
		Names:  g.Names,
		Metric: g.Metric.String(),
	}
	for u := int32(0); int(u) < n; u++ {
		if d := g.OutDegree(u); d > table.MaxDegree {
			return h, fmt.Errorf("node %s has %d out-edges; a one-byte first move addresses at most %d", g.NodeName(u), d, table.MaxDegree)
		}
	}
	if gr := g.Grid; gr != nil {
		h.Kind = table.KindGrid
		h.Width, h.Height = gr.Width, gr.Height
		h.Model = gr.Moves.String()
		h.Connect = gr.Moves.Connect
		h.Diagonal = string(gr.Moves.Diagonal)
		if gr.Clearance > 1 {
			h.Clearance = gr.Clearance
		}
	} else {
		h.Kind = table.KindGraph
		h.Model = "graph"
	}

	// A shortest path has at most steps edges, so steps·(largest part of
	// an edge cost) bounds every distance.
	switch g.Metric {
	case maps.MetricInt:
		var top uint64
		for i, w := range g.Weights {
			if w != math.Trunc(w) || w >= 1<<31 {
				return h, fmt.Errorf("edge %d has cost %v, not an integer below 2^31, in an integer-cost level", i, w)
			}
			top = max(top, uint64(w))
		}
		h.DistKind = table.IntKind(steps * top)
	case maps.MetricOctile:
		var top uint64
		for i, w := range g.Weights {
			a, b, ok := table.SplitOctile(w)
			if !ok {
				return h, fmt.Errorf("edge %d has cost %v, neither k nor k·√2 for an integer k, in an octile level", i, w)
			}
			top = max(top, uint64(a), uint64(b))
		}
		kind, ok := table.OctileKind(steps * top)
		if !ok {
			kind = table.DistF64
		}
		h.DistKind = kind
	default:
		h.DistKind = table.DistF64
	}
	return h, nil
}

// The rows of a table come from sweeps of a contraction hierarchy or from
// a search per row (seeded from neighbouring rows where keys are exact).
// Sweeps win wherever a level contracts into few up arcs per node, which
// the minimum-degree contraction order (see contractor.priority) achieves
// on mazes, open fields, rooms and streets alike; small flat tables and
// levels without exact keys are searched, and so is any level whose
// contraction outgrows its budget. The choice depends on the level alone,
// never on the machine, so that a flat table's bytes (ties between first
// moves go differently in sweeps and searches) do too. BenchmarkBuild and
// BenchmarkBuildRuns measure both sides.

// sweeps reports whether the rows of g are to be swept, as cuts allow: on
// exact levels of cuts.sweepFrom nodes or more, or of any size for a
// run-length table (whose rows, unlike a flat table's, need the level's
// distances more than once), when cuts.sweepFrom is not 0. Such a level is
// then swept if it contracts within maxWork. O(1).
func (cuts shortcuts) sweeps(g *maps.Graph, runs bool) bool {
	if cuts.sweepFrom == 0 {
		return false
	}
	return runs || g.Nodes() >= cuts.sweepFrom
}

// maxWork is the contraction's budget on a level of n nodes.
func (cuts shortcuts) maxWork(n int) int {
	if !cuts.budgeted {
		return math.MaxInt
	}
	return contractWork(n)
}

// contractWork is the most arc scans a level of n nodes may spend in the
// witness searches of its contraction before its rows are searched
// instead. Grids of every kind scan under n² (BenchmarkHierarchy reports
// work/n²), so only levels whose cores grow dense get that far, and the
// budget, a count and never a time, bounds the time spent learning it to
// about that of searching the rows.
func contractWork(n int) int {
	return int(float64(n) * float64(n))
}
