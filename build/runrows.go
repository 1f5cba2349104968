package build

import (
	"context"
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
//
// A zero-cost edge keeps the distance where it goes, so on levels that have
// them an optimal move alone could walk in circles (two nodes joined both
// ways each storing the move toward the other). There a zero-cost move also
// has to bring the walk strictly closer in hops: every row carries, beside
// its distances, the fewest edges of a shortest path to each target (hops),
// and a zero-cost move to v is allowed toward t only when v's hops to t are
// fewer than the source's. Along any walk the pair (distance, hops) then
// falls strictly at every step, so it ends at t, and the first edge of a
// shortest path with the fewest edges is always allowed, so no set is
// empty. Moves of positive cost keep their whole optimal set.

// rowEngine computes distance rows, indexed by target rank. It is shared,
// read-only, by the workers.
type rowEngine struct {
	n    int
	rank []int32
	hier *hierarchy // of the reversed level, or nil
	// rankPos is the position in hier of the node of each rank.
	rankPos []int32
	// exact reports integer keys, which add up without rounding, so that
	// an optimal move is one whose sum equals the source's own distance.
	exact bool
	// g and keys (the search key of each edge's cost) are what hop rows
	// are counted over; hops reports a level with a zero-cost edge, whose
	// rows need them.
	g    *maps.Graph
	keys []float64
	hops bool
}

// newRowEngine returns an engine for g whose rows are by node until
// setOrder says otherwise, with hop rows when g has a zero-cost edge; keys
// holds the search key of each edge's cost.
func newRowEngine(ctx context.Context, g *maps.Graph, kind table.DistKind, keys []float64) (*rowEngine, error) {
	gt := transpose(g)
	octile := g.Metric == maps.MetricOctile
	e := &rowEngine{n: g.Nodes(), exact: exactKeys(octile, kind), g: g, keys: keys, hops: slices.Contains(g.Weights, 0)}
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
	srch  *forward    // where there is no hierarchy
	rows  [][]float64 // distance rows by target rank
	hops  [][]int32   // hop rows by target rank when e.hops, else nil
	queue []int32     // scratch of countHops
}

func (e *rowEngine) worker() *rowWorker {
	w := &rowWorker{e: e}
	if e.hier != nil {
		w.sweep = newSweep(e.hier)
	} else {
		w.srch = newForward(e.g, e.keys)
	}
	return w
}

// compute fills w.rows[i] with the distances from sources[i] to every
// target, by rank (+Inf where there is no path), and w.hops[i] with the
// hops on levels that need them. O(U + V) per eight sources over a
// hierarchy with U up arcs; one search per source otherwise; O(V + E) more
// per source for hops.
func (w *rowWorker) compute(sources []int32) {
	for len(w.rows) < len(sources) {
		w.rows = append(w.rows, make([]float64, w.e.n))
		if w.e.hops {
			w.hops = append(w.hops, make([]int32, w.e.n))
		}
	}
	w.distances(sources)
	if w.e.hops {
		for i, s := range sources {
			w.countHops(s, w.rows[i], w.hops[i])
		}
	}
}

// distances fills w.rows for sources.
func (w *rowWorker) distances(sources []int32) {
	inf := math.Inf(1)
	if w.sweep == nil {
		for i, s := range sources {
			w.srch.run(s)
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

// noHops marks a target that the source's tight edges do not reach.
const noHops = math.MaxInt32

// countHops fills hops, by rank, with the fewest edges of a shortest path
// from s to each target, given s's distance row dist. Every edge of a
// shortest path is tight (its tail's distance plus its cost is its head's)
// and every walk of tight edges from s is a shortest path, so this is a
// breadth-first search from s over tight edges. Targets it does not reach
// get noHops. O(V + E).
func (w *rowWorker) countHops(s int32, dist []float64, hops []int32) {
	g, rank, keys := w.e.g, w.e.rank, w.e.keys
	for i := range hops {
		hops[i] = noHops
	}
	hops[rank[s]] = 0
	q := append(w.queue[:0], s)
	for head := 0; head < len(q); head++ {
		u := q[head]
		du, hu := dist[rank[u]], hops[rank[u]]
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := rank[g.Targets[e]]
			if hops[v] == noHops && du+keys[e] == dist[v] {
				hops[v] = hu + 1
				q = append(q, g.Targets[e])
			}
		}
	}
	w.queue = q
}
