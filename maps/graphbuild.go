package maps

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// arc is a directed edge collected by a graph loader before it becomes CSR.
type arc struct {
	from, to int32
	w        float64
}

// maxEdges is the most edges a CSR graph can index with int32 offsets.
const maxEdges = math.MaxInt32

// buildGraph turns arcs over n nodes into a graph in CSR form: each node's
// out-edges sorted by target, self-loops dropped, parallel arcs merged into
// the cheapest. It reorders arcs. Names, coordinates and Metric are left to
// the caller. O(V + E log E).
func buildGraph(n int, arcs []arc) (*Graph, error) {
	if len(arcs) > maxEdges {
		return nil, fmt.Errorf("%w: %d edges exceed the limit of %d", ErrTooLarge, len(arcs), maxEdges)
	}
	slices.SortFunc(arcs, func(a, b arc) int {
		if c := cmp.Compare(a.from, b.from); c != 0 {
			return c
		}
		if c := cmp.Compare(a.to, b.to); c != 0 {
			return c
		}
		return cmp.Compare(a.w, b.w)
	})
	// Dedupe in place: the first of each (from, to) run is the cheapest.
	kept := arcs[:0]
	for _, a := range arcs {
		if a.from == a.to {
			continue // self-loop
		}
		if k := len(kept); k > 0 && kept[k-1].from == a.from && kept[k-1].to == a.to {
			continue // costlier parallel arc
		}
		kept = append(kept, a)
	}
	g := &Graph{
		Offsets: make([]int32, n+1),
		Targets: make([]int32, len(kept)),
		Weights: make([]float64, len(kept)),
	}
	for i, a := range kept {
		g.Offsets[a.from+1]++
		g.Targets[i] = a.to
		g.Weights[i] = a.w
	}
	for u := 0; u < n; u++ {
		g.Offsets[u+1] += g.Offsets[u]
	}
	return g, nil
}

// metricOf is MetricInt when every weight is an integer in [0, 2^31), else
// MetricFloat. O(E).
func metricOf(weights []float64) Metric {
	for _, w := range weights {
		if w != math.Trunc(w) || w < 0 || w >= 1<<31 {
			return MetricFloat
		}
	}
	return MetricInt
}
