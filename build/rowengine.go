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
// read-only, by the workers. Rows come from sweeps of a hierarchy of the
// reversed level where the level contracts within its budget (see
// contractWork), and otherwise from a search per source over the level
// renumbered by rank, each seeded from the finished rows of its
// out-neighbours where keys are exact (seed.go, with the edges turned
// around). On a level whose order splits it into components (see
// runOrder), a row is computed over its source's component only, the one
// part of it the coder reads, so that a row costs what its source reaches.
type rowEngine struct {
	n    int
	rank []int32
	// compStart and compEnd are the ranks of the component of each rank,
	// or nil when every row covers every node.
	compStart, compEnd []int32
	hier               *hierarchy // of the reversed level, or nil
	// rankPos is the position in hier of the node of each rank, and
	// posStart and posEnd the positions of its component (see
	// hierarchy.layout).
	rankPos, posStart, posEnd []int32
	// exact reports integer keys, which add up without rounding, so that
	// an optimal move is one whose sum equals the source's own distance.
	exact bool
	// g and keys (the search key of each edge's cost) are what hop rows
	// are counted over; hops reports a level with a zero-cost edge, whose
	// rows need them.
	g    *maps.Graph
	keys []float64
	hops bool
	kind table.DistKind
	// Searched rows: the level renumbered by rank, its search keys, and
	// its edges as the per-target search walks them (the reverse of its
	// transpose), where the search can number its nodes (else nil, and
	// rows come from forward searches); seeded reports exact keys.
	byRank   *maps.Graph
	rankKeys []float64
	rev      *reverse
	seeded   bool
	// prune and seed are the searched plan's shortcuts.
	cuts shortcuts
}

// newRowEngine returns an engine for g whose rows are by node until
// setOrder says otherwise, with hop rows when g has a zero-cost edge; keys
// holds the search key of each edge's cost; a contraction runs on workers
// goroutines. cuts picks the plan (see sweeps): sweeps where the level
// contracts within its budget, else searches. Rows hold exact distances either way, so the
// table's bytes do not depend on the plan on exact levels.
func newRowEngine(ctx context.Context, g *maps.Graph, kind table.DistKind, keys []float64, cuts shortcuts, workers int) (*rowEngine, error) {
	octile := g.Metric == maps.MetricOctile
	e := &rowEngine{n: g.Nodes(), exact: exactKeys(octile, kind), g: g, keys: keys, hops: slices.Contains(g.Weights, 0), kind: kind, cuts: cuts}
	if cuts.sweeps(g, true) {
		hier, err := exactHierarchy(ctx, transpose(g), kind, cuts.maxWork(e.n), workers)
		if err != nil {
			return nil, err
		}
		e.hier = hier
	}
	e.setOrder(nil)
	return e, nil
}

// setOrder makes the engine's rows by the ranks of o, or by node when o is
// nil. O((V + E)·d) for degree d.
func (e *rowEngine) setOrder(o *runOrder) {
	order := make([]int32, e.n)
	for u := range order {
		order[u] = int32(u)
	}
	e.rank, e.compStart, e.compEnd = order, nil, nil
	if o != nil {
		order = o.node
		e.rank, e.compStart, e.compEnd = o.rank, o.compStart, o.compEnd
	}
	if e.hier != nil {
		e.placeRanks(order)
		return
	}
	e.byRank, e.rankKeys = renumber(e.g, e.keys, order, e.rank)
	e.rev = nil
	if e.n <= maxSearchNodes {
		e.rev = newReverse(transpose(e.byRank), e.kind, e.cuts.prune)
	}
	e.seeded = e.cuts.seed && e.rev != nil && e.rev.seedable(e.kind)
}

// placeRanks lays the hierarchy out by rank (see hierarchy.layout), so
// that a sweep's reads, and the rows it fills, go nearly in order, with
// the positions of each component together on levels with components,
// and fills rankPos, posStart and posEnd. O(V log V + U).
func (e *rowEngine) placeRanks(order []int32) {
	h := e.hier
	var comp []int32 // component number of each node
	count := int32(0)
	if e.compStart != nil {
		comp = make([]int32, e.n)
		for r, x := range order {
			if r > 0 && e.compStart[r] != e.compStart[r-1] {
				count++
			}
			comp[x] = count
		}
	}
	start := h.layout(comp, int(count)+1, e.rank)
	e.posStart, e.posEnd = nil, nil
	if comp != nil {
		e.posStart, e.posEnd = make([]int32, e.n), make([]int32, e.n)
		for r, x := range order {
			e.posStart[r], e.posEnd[r] = start[comp[x]], start[comp[x]+1]
		}
	}
	e.rankPos = make([]int32, e.n)
	for r, x := range order {
		e.rankPos[r] = h.pos[x]
	}
}

// maxSearchNodes is the most nodes the per-target search addresses (it
// packs them in 16 bits, see revEdge); larger levels without a hierarchy
// get forward searches.
const maxSearchNodes = 1 << 16

// span returns the ranks a row of the source of rank r covers: its
// component, or every rank. O(1).
func (e *rowEngine) span(r int32) (lo, hi int32) {
	if e.compStart == nil {
		return 0, int32(e.n)
	}
	return e.compStart[r], e.compEnd[r]
}

// renumber returns g with node order[r] renumbered r (rank is order's
// inverse) and each node's out-edges in their order, and the keys of its
// edges. O(V + E).
func renumber(g *maps.Graph, keys []float64, order, rank []int32) (*maps.Graph, []float64) {
	n := g.Nodes()
	t := &maps.Graph{Offsets: make([]int32, n+1), Targets: make([]int32, 0, g.Edges()), Weights: make([]float64, 0, g.Edges()), Metric: g.Metric}
	k := make([]float64, 0, g.Edges())
	for r, u := range order {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			t.Targets = append(t.Targets, rank[g.Targets[e]])
			t.Weights = append(t.Weights, g.Weights[e])
			k = append(k, keys[e])
		}
		t.Offsets[r+1] = int32(len(t.Targets))
	}
	return t, k
}

// transpose returns g with every edge turned around, as a level of its own
// with g's nodes, and so g's geometry: the contraction's witness searches
// aim by it (only the coordinates: the grid's cell costs are those of
// moves onto cells, which the turned edges leave). O(V + E).
func transpose(g *maps.Graph) *maps.Graph {
	n := g.Nodes()
	t := &maps.Graph{Offsets: make([]int32, n+1), Targets: make([]int32, g.Edges()), Weights: make([]float64, g.Edges()), Metric: g.Metric, Grid: g.Grid}
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
	fwd   *forward
	rows  [][]float64 // distance rows by target rank
	hops  [][]int32   // hop rows by target rank when e.hops, else nil
	first [][]byte    // each searched row's first moves, which seed others
	// row is the index in rows of each rank's row during compute, or -1.
	row     []int32
	parents []parentRow
	queue   []int32 // scratch of countHops
	// work counts the entries compute has touched: positions swept, and
	// entries reset or written, which is what a row costs beyond its
	// search's edges.
	work int
}

func (e *rowEngine) worker() *rowWorker {
	w := &rowWorker{e: e}
	switch {
	case e.hier != nil:
		w.sweep = newSweep(e.hier)
	case e.rev != nil:
		w.srch = newSearch(e.rev)
		w.row = make([]int32, e.n)
		for i := range w.row {
			w.row[i] = -1
		}
	default:
		w.fwd = newForward(e.byRank, e.rankKeys)
	}
	return w
}

// compute fills w.rows[i] with the distances from sources[i] to every
// target of its span, by rank (+Inf where there is no path; other entries
// are left as they were), and w.hops[i] with the hops on levels that need
// them. O(U' + V') per eight sources over a hierarchy with U' up arcs in
// the sources' components of V' nodes; one search per source otherwise,
// O(V') when seeded rows leave it little to settle; O(V' + E') more per
// source for hops.
func (w *rowWorker) compute(sources []int32) {
	for len(w.rows) < len(sources) {
		w.rows = append(w.rows, make([]float64, w.e.n))
		if w.e.hops {
			w.hops = append(w.hops, make([]int32, w.e.n))
		}
		if w.srch != nil {
			w.first = append(w.first, make([]byte, w.e.n))
		}
	}
	switch {
	case w.sweep != nil:
		w.swept(sources)
	case w.srch != nil:
		w.searched(sources)
	default:
		for i, s := range sources {
			r := w.e.rank[s]
			lo, hi := w.e.span(r)
			w.fwd.run(r)
			copy(w.rows[i][lo:hi], w.fwd.dist[lo:hi])
			w.work += int(hi - lo)
		}
	}
	if w.e.hops {
		for i, s := range sources {
			w.countHops(s, w.rows[i], w.hops[i])
		}
	}
}

// swept fills w.rows for sources by sweeps of the hierarchy, eight at a
// time, each over the positions of its sources' components.
func (w *rowWorker) swept(sources []int32) {
	e := w.e
	inf := math.Inf(1)
	var batch [sweepRows]int32
	for i := 0; i < len(sources); i += sweepRows {
		k := min(sweepRows, len(sources)-i)
		rlo, rhi := int32(e.n), int32(0)
		plo, phi := int32(e.n), int32(0)
		for j := range batch {
			batch[j] = sources[i+min(j, k-1)]
			r := e.rank[batch[j]]
			lo, hi := e.span(r)
			rlo, rhi = min(rlo, lo), max(rhi, hi)
			if e.posStart != nil {
				plo, phi = min(plo, e.posStart[r]), max(phi, e.posEnd[r])
			}
		}
		if e.posStart == nil {
			plo, phi = 0, int32(e.n)
		}
		w.sweep.runRange(&batch, plo, phi)
		w.work += int(phi-plo) + k*int(rhi-rlo)
		// By rank, all the batch's rows at once: one read of a position's
		// eight distances, eight writes in order, where a pass per row
		// would scatter its writes over the row.
		rows := w.rows[i : i+k]
		for r := rlo; r < rhi; r++ {
			v := &w.sweep.dist[e.rankPos[r]]
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

// searched fills w.rows for sources by searches over the level renumbered
// by rank, in order, each seeded from the rows already done of its
// out-neighbours: a walk through an out-neighbour v costs w(s→v) plus v's
// row, which bounds s's row from above and is exact wherever a shortest
// path passes v (see seed.go, here with the edges turned around).
func (w *rowWorker) searched(sources []int32) {
	e, s := w.e, w.srch
	for i, src := range sources {
		r := e.rank[src]
		s.lo, s.hi = e.span(r)
		w.work += int(s.hi - s.lo)
		w.parents = w.parents[:0]
		if e.seeded {
			rev := e.rev
			for k := rev.offsets[r]; k < rev.offsets[r+1]; k++ {
				edge := rev.edges[k]
				if j := w.row[edge.from()]; j >= 0 {
					w.parents = append(w.parents, parentRow{row: table.Row{First: w.first[j]}, keys: w.rows[j], node: edge.from(), slot: edge.slot(), key: rev.edgeKey(k)})
				}
			}
		}
		if len(w.parents) == 0 {
			s.run(r, w.first[i])
		} else {
			s.seed(r, w.first[i], e.kind, w.parents)
			s.solve(r, w.first[i])
		}
		// The search's distances become the row; the row's old array
		// becomes the next search's scratch, which it resets over its span.
		w.rows[i], s.dist = s.dist, w.rows[i]
		w.row[r] = int32(i)
	}
	for _, src := range sources {
		w.row[e.rank[src]] = -1
	}
}

// noHops marks a target that the source's tight edges do not reach.
const noHops = math.MaxInt32

// countHops fills hops, by rank, with the fewest edges of a shortest path
// from s to each target, given s's distance row dist. Every edge of a
// shortest path is tight (its tail's distance plus its cost is its head's)
// and every walk of tight edges from s is a shortest path, so this is a
// breadth-first search from s over tight edges. Targets it does not reach
// get noHops. O(V' + E') for the V' nodes and E' edges of s's span.
func (w *rowWorker) countHops(s int32, dist []float64, hops []int32) {
	g, rank, keys := w.e.g, w.e.rank, w.e.keys
	lo, hi := w.e.span(rank[s])
	for i := lo; i < hi; i++ {
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
