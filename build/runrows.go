package build

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A run-length row of source s needs, for every target t, the set of
// optimal first moves from s: the slots m whose edge s→v_m satisfies
// w(s→v_m) + d(v_m, t) = d(s, t). So rows are built from distance rows: a
// block of sources gets the distances from each of them and from each of
// their out-neighbours, and every set is then read off those rows with no
// search. The distance rows come from sweeps of a contraction hierarchy of
// the reversed level (distances to a node of the reversed level are
// distances from it in the level), eight sources at a time, on levels with
// exact integer keys; from one Dijkstra search per source otherwise.

// rowEngine computes distance rows, indexed by target rank. It is shared,
// read-only, by the workers.
type rowEngine struct {
	n    int
	rank []int32
	hier *hierarchy // of the reversed level, or nil
	// rankPos is the position in hier of the node of each rank.
	rankPos []int32
	rev     *reverse // the reversed level's reverse: the level itself, for searches from a source
	// exact reports integer keys, which add up without rounding, so that
	// an optimal move is one whose sum equals the source's own distance.
	exact bool
}

// newRowEngine returns an engine for g whose rows are by node until
// setOrder says otherwise.
func newRowEngine(ctx context.Context, g *maps.Graph, kind table.DistKind) (*rowEngine, error) {
	gt := transpose(g)
	octile := g.Metric == maps.MetricOctile
	e := &rowEngine{n: g.Nodes(), exact: exactKeys(octile, kind)}
	hier, err := exactHierarchy(ctx, gt, kind)
	if err != nil {
		return nil, err
	}
	if hier != nil {
		e.hier = hier
		e.rankPos = make([]int32, len(hier.node))
		e.setOrder(nil, nil)
		return e, nil
	}
	e.setOrder(nil, nil)
	if e.n > table.MaxNodes {
		return nil, fmt.Errorf("a run-length table of more than %d nodes needs integer or octile costs on a level that contracts", table.MaxNodes)
	}
	e.rev = newReverse(gt, kind, true)
	return e, nil
}

// setOrder makes the engine's rows by the ranks of order (rank is its
// inverse), or by node when both are nil. O(V).
func (e *rowEngine) setOrder(order, rank []int32) {
	if order == nil {
		order = make([]int32, e.n)
		for u := range order {
			order[u] = int32(u)
		}
		rank = order
	}
	e.rank = rank
	if e.hier != nil {
		for r := range e.rankPos {
			e.rankPos[r] = e.hier.pos[order[r]]
		}
	}
}

// transpose returns g with every edge turned around, as a level of its own.
// O(V + E).
func transpose(g *maps.Graph) *maps.Graph {
	n := g.Nodes()
	t := &maps.Graph{Offsets: make([]int32, n+1), Targets: make([]int32, g.Edges()), Weights: make([]float64, g.Edges()), Metric: g.Metric}
	for _, v := range g.Targets {
		t.Offsets[v+1]++
	}
	for v := range n {
		t.Offsets[v+1] += t.Offsets[v]
	}
	fill := slices.Clone(t.Offsets[:n])
	for u := range n {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			t.Targets[fill[v]], t.Weights[fill[v]] = int32(u), g.Weights[e]
			fill[v]++
		}
	}
	return t
}

// rowWorker is one worker's scratch: distance rows and the engine's own.
type rowWorker struct {
	e     *rowEngine
	sweep *sweep
	srch  *search
	first []byte      // the search's first moves, unused
	rows  [][]float64 // distance rows by target rank
}

func (e *rowEngine) worker() *rowWorker {
	w := &rowWorker{e: e}
	if e.hier != nil {
		w.sweep = newSweep(e.hier)
	} else {
		w.srch = newSearch(e.rev)
		w.first = make([]byte, e.n)
	}
	return w
}

// compute fills w.rows[i] with the distances from sources[i] to every
// target, by rank (+Inf where there is no path). O(U + V) per eight
// sources over a hierarchy with U up arcs; one search per source
// otherwise.
func (w *rowWorker) compute(sources []int32) {
	for len(w.rows) < len(sources) {
		w.rows = append(w.rows, make([]float64, w.e.n))
	}
	inf := math.Inf(1)
	if w.sweep == nil {
		for i, s := range sources {
			w.srch.run(s, w.first)
			row, rank := w.rows[i], w.e.rank
			for x, d := range w.srch.dist {
				row[rank[x]] = d
			}
		}
		return
	}
	var batch [sweepRows]int32
	for i := 0; i < len(sources); i += sweepRows {
		k := min(sweepRows, len(sources)-i)
		for j := range batch {
			batch[j] = sources[i+min(j, k-1)]
		}
		w.sweep.run(&batch)
		// By rank, all the batch's rows at once: one read of a position's
		// eight distances, eight writes in order, where a pass per row
		// would scatter its writes over the row.
		rows := w.rows[i : i+k]
		for r, p := range w.e.rankPos {
			v := &w.sweep.dist[p]
			for j, row := range rows {
				d := inf
				if x := v[j]; x < unreached&^0xFF {
					d = float64(x >> 8)
				}
				row[r] = d
			}
		}
	}
}
