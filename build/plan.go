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
	if layout == table.LayoutRuns && g.Metric == maps.MetricOctile {
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
