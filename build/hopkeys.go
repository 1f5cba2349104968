package build

import (
	"context"
	"math/bits"
	"slices"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A zero-cost edge keeps the distance where it goes, so on levels that
// have one a shortest path may tie in cost with longer ones, and a sweep,
// which keeps the least move among tied packed distances, can store at
// two nodes joined by zero-cost arcs the move toward each other: a walk
// that goes round in circles. The flat plan's hierarchy therefore
// contracts and sweeps such levels on hop keys, w·scale + 1 for an edge of
// key w, with scale = n above the n-1 edges of any path the search can
// prefer. No arc then costs 0, a path's hop key is its cost and its edge
// count in lexicographic order (cost·scale + edges), the stored distance is
// the hop key divided by scale, rounded down, and every first move leads
// to a strictly smaller hop key, so every walk ends. Levels without a
// zero-cost edge keep their plain keys, and so their bytes.

// flatHierarchy contracts g for the flat plan's sweeps: on plain keys
// (exactHierarchy), or on hop keys where g has a zero-cost edge. It
// returns nil where the rows are searched instead: levels whose keys are
// not exact, too dense or costly to contract (more than maxWork arc
// scans; workers share the contraction), or whose hop keys could pass 2^53,
// where a float64 no longer holds every sum exactly.
func flatHierarchy(ctx context.Context, g *maps.Graph, kind table.DistKind, maxWork, workers int) (*hierarchy, error) {
	if !slices.Contains(g.Weights, 0) {
		return exactHierarchy(ctx, g, kind, maxWork, workers)
	}
	octile := g.Metric == maps.MetricOctile
	if !exactKeys(octile, kind) {
		return nil, nil
	}
	keyed := keyedOctile(octile, kind)
	scale, ok := hopScale(g, keyed)
	if !ok {
		return nil, nil
	}
	key := func(e int) float64 { return searchKey(g.Weights[e], keyed)*float64(scale) + 1 }
	h, err := newHierarchy(ctx, g, key, 4*(g.Edges()+g.Nodes()), maxWork, workers)
	if h != nil {
		h.hopScale = scale
	}
	return h, err
}

// hopScale returns the scale of g's hop keys, and false when a path of
// n-1 edges of the largest hop key could reach 2^53. O(E).
func hopScale(g *maps.Graph, keyed bool) (uint64, bool) {
	n := uint64(max(g.Nodes(), 1))
	var top uint64
	for _, w := range g.Weights {
		top = max(top, uint64(searchKey(w, keyed)))
	}
	hi, edge := bits.Mul64(top, n)
	if hi != 0 || edge >= 1<<53 {
		return 0, false
	}
	hi, path := bits.Mul64(edge+1, n-1)
	return n, hi == 0 && path < 1<<53
}
