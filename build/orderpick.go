package build

import (
	"context"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
)

// orderSamples is how many sources pickOrder encodes to compare orders;
// levels of at most smallLevel nodes take 4·orderSamples, as cheap there,
// where 64 rows tell orders apart less surely (room-32-32-4's symbol rows
// picked depth-first for 0.7 runs per node more than Hilbert's).
const (
	orderSamples = 64
	smallLevel   = 1024
)

// pickOrder returns the candidate order (nil ones left out) whose rows
// take the fewest runs over up to orderSamples sources spread evenly over
// the node numbering, the first on a tie: which order suits a level best
// varies (depth-first wins on mazes, a Hilbert curve on open rooms), and a
// sample tells them apart for a few rows' cost. eng's rows must be by
// node; the choice depends on g only. On levels with zero-cost edges the
// samples count runs of all optimal moves, as if no hops were asked.
// O(orderSamples · (row cost + c·d·V)) for c candidates and degree d,
// divided by the workers. It fails only when ctx is done.
//
// With geo (not nil), rows are counted as symRow codes them, with geo's
// moves and each candidate's ranks.
func pickOrder(ctx context.Context, g *maps.Graph, eng *rowEngine, keys []float64, geo *symbolGeometry, workers int, candidates ...*runOrder) (*runOrder, error) {
	var orders []*runOrder
	for _, o := range candidates {
		if o != nil {
			orders = append(orders, o)
		}
	}
	if len(orders) == 1 {
		return orders[0], nil
	}
	n := g.Nodes()
	// Samples go eight at a time, whose rows sweep together, a group per
	// task on the workers; the counts add up alike in any order.
	samples := min(n, orderSamples)
	if n <= smallLevel {
		samples = min(n, 4*orderSamples)
	}
	geos := make([]*symbolGeometry, len(orders))
	if geo != nil {
		for i, o := range orders {
			// Rows wrap as the build's will: a row's first and last runs
			// are one where they agree, which some orders make far more
			// often than others.
			geos[i] = geo.withOrder(g, o.node)
			geos[i].wrap = o.wraps()
		}
	}
	groups := (samples + sweepRows - 1) / sweepRows
	runs := make([][]int, groups) // of each group, by candidate
	newScratch := func(int) *orderScratch { return newOrderScratch(g, eng, keys, orders, geos) }
	err := pool.Run(ctx, workers, groups, newScratch, func(_ context.Context, sc *orderScratch, k int) error {
		runs[k] = sc.groupRuns(k, samples)
		return nil
	})
	if err != nil {
		return nil, err
	}
	total := make([]int, len(orders))
	for _, r := range runs {
		for i, c := range r {
			total[i] += c
		}
	}
	best := 0
	for i := range orders {
		if total[i] < total[best] {
			best = i
		}
	}
	return orders[best], nil
}

// orderScratch is one pickOrder worker's scratch: a row coder for each
// candidate order, and the rows of a group of samples.
type orderScratch struct {
	g      *maps.Graph
	w      *rowWorker
	orders []*runOrder
	coders []*rowCoder
	slot   []int32 // of each needed node in w.rows, else -1
	need   []int32
	byRank [][]float64 // one source's rows by a candidate's ranks
	local  []int32
	words  []uint32
}

// newOrderScratch returns a worker's scratch for coding rows of g by each
// of orders, with the symbol geometry geos holds for it (nil entries
// without symbols). O(V).
func newOrderScratch(g *maps.Graph, eng *rowEngine, keys []float64, orders []*runOrder, geos []*symbolGeometry) *orderScratch {
	n := g.Nodes()
	sc := &orderScratch{g: g, w: eng.worker(), orders: orders, slot: make([]int32, n), local: make([]int32, n)}
	for i := range sc.slot {
		sc.slot[i] = -1
	}
	for i, o := range orders {
		sc.coders = append(sc.coders, &rowCoder{g: g, keys: keys, order: o, exact: eng.exact, geo: geos[i]})
	}
	return sc
}

// add makes u's distance row one the group needs. O(1).
func (sc *orderScratch) add(u int32) {
	if sc.slot[u] < 0 {
		sc.slot[u] = int32(len(sc.need))
		sc.need = append(sc.need, u)
	}
}

// groupRuns returns the runs of the rows of group k of samples sources,
// spread evenly over the node numbering, by each order. O(sweepRows ·
// (row cost + c·d·V)) for c orders and degree d.
func (sc *orderScratch) groupRuns(k, samples int) []int {
	g, n := sc.g, sc.g.Nodes()
	sc.need = sc.need[:0]
	group := make([]int32, 0, sweepRows)
	for i := k * sweepRows; i < min(samples, (k+1)*sweepRows); i++ {
		s := int32(i * n / samples)
		group = append(group, s)
		sc.add(s)
		for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
			sc.add(g.Targets[e])
		}
	}
	sc.w.compute(sc.need)
	runs := make([]int, len(sc.orders))
	for _, s := range group {
		for i := range sc.orders {
			runs[i] += sc.rowRuns(s, i)
		}
	}
	for _, u := range sc.need {
		sc.slot[u] = -1
	}
	return runs
}

// rowRuns returns the runs of source s's row by order i: its row and its
// out-neighbours' gathered by the order's ranks, then coded. O(d·V) plus
// the row's coding.
func (sc *orderScratch) rowRuns(s int32, i int) int {
	g, o := sc.g, sc.orders[i]
	// s's row first, then its out-neighbours' rows.
	for j := 0; j <= int(g.Offsets[s+1]-g.Offsets[s]); j++ {
		u := s
		if j > 0 {
			u = g.Targets[int(g.Offsets[s])+j-1]
		}
		if len(sc.byRank) <= j {
			sc.byRank = append(sc.byRank, make([]float64, g.Nodes()))
		}
		// A gather: reads scattered, writes in order, which costs less
		// than the scatter by rank.
		row, dst := sc.w.rows[sc.slot[u]], sc.byRank[j][:len(o.node)]
		for r, v := range o.node {
			dst[r] = row[v]
		}
		sc.local[u] = int32(j)
	}
	if c := sc.coders[i]; c.geo != nil {
		sc.words = c.symRow(sc.words[:0], s, sc.byRank, nil, sc.local)
	} else {
		sc.words = c.row(sc.words[:0], s, sc.byRank, nil, sc.local)
	}
	return len(sc.words)
}
