package build

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
)

// orderSamples is how many sources a round of pickOrder's sample
// encodes to compare orders; levels of at most smallLevel nodes take
// 4·orderSamples in one round, as cheap there, where 64 rows tell orders
// apart less surely (room-32-32-4's symbol rows picked depth-first for 0.7
// runs per node more than Hilbert's).
const (
	orderSamples = 64
	smallLevel   = 1024
)

// pickOrder returns the candidate order (nil ones left out) whose rows
// take the fewest runs over a sample of sources spread over the node
// numbering (sampleSource), a strip order's weighed by stripCost, the
// first on a tie: which order suits a level best varies (depth-first wins
// on mazes, a Hilbert curve on open rooms, strips on rooms along
// corridors), and a sample tells them apart for a few rows' cost. Above
// smallLevel nodes the sample is a race (raceOrders): rounds of
// orderSamples sources, each weighing only the orders still near the
// best. eng's rows must be by node; the choice depends on g only. On
// levels with zero-cost edges the samples count runs of all optimal moves,
// as if no hops were asked. O(s · (row cost + c·d·V)) for s samples, c
// candidates and degree d, divided by the workers, s at most
// max(orderSamples, V/raceShare) and c falling after the first round. It
// fails only when ctx is done.
//
// With geo (not nil), rows are counted as symRow codes them, with geo's
// moves and each candidate's ranks, wrapping as the build's will (a row's
// first and last runs are one where they agree, which some orders make
// far more often than others).
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
	if n > smallLevel {
		return raceOrders(ctx, g, eng, keys, geo, workers, orders)
	}
	total, err := orderSampleRuns(ctx, g, eng, keys, geo, workers, orders, min(n, 4*orderSamples), 0)
	if err != nil {
		return nil, err
	}
	w := weighed(orders, total)
	return orders[slices.Index(w, slices.Min(w))], nil
}

// The race's bounds: an order stays in it while its runs so far are
// within raceMargin·√(orderSamples/s) of the best's after s sample rows
// (the sample's spread falls as 1/√s), raceFinalists at most; it stops
// before its rows pass V/raceShare; and it overturns its first round's
// pick only for an order raceSwitch below it. One round of 64 rows
// misjudges orders by 10-25% on levels of 20,000-45,000 nodes (brc202d
// picked the row strips, 15% more weighed runs than the ratio cut over
// the whole table; AR0601SR, with other spots, the cut order over the
// transposed Hilbert's 14% fewer), since a few sources' rows hold most
// of the runs. Orders within a few percent stay within the sample's
// noise even at V/raceShare rows, and a switch between them is a coin's
// toss (on Berlin_1_256 a 2% weighed lead of the row strips is 12% of
// the runs), so the race keeps the first pick there.
const (
	raceMargin    = 0.2
	raceShare     = 128
	raceFinalists = 3
	raceSwitch    = 0.03
)

// raceOrders is pickOrder on levels above smallLevel: rounds of
// orderSamples sources (sampleSource, a new spot in each stratum every
// round), each coded by the orders still in the race (the first round's
// pick among them), until one is left or the rows reach the budget.
// O(pickOrder).
func raceOrders(ctx context.Context, g *maps.Graph, eng *rowEngine, keys []float64, geo *symbolGeometry, workers int, orders []*runOrder) (*runOrder, error) {
	w := make([]float64, len(orders)) // weighed runs so far
	alive := make([]int, len(orders)) // of orders still in the race
	for i := range alive {
		alive[i] = i
	}
	budget := max(orderSamples, g.Nodes()/raceShare)
	first := -1
	in := make([]*runOrder, 0, len(orders))
	for rows, round := 0, 0; ; round++ {
		in = in[:0]
		for _, i := range alive {
			in = append(in, orders[i])
		}
		total, err := orderSampleRuns(ctx, g, eng, keys, geo, workers, in, orderSamples, round)
		if err != nil {
			return nil, err
		}
		for k, x := range weighed(in, total) {
			w[alive[k]] += x
		}
		rows += orderSamples
		// By weighed runs so far, the first on a tie.
		slices.SortFunc(alive, func(a, b int) int { return cmp.Or(cmp.Compare(w[a], w[b]), a-b) })
		best := alive[0]
		if first < 0 {
			first = best
		}
		limit := w[best] * (1 + raceMargin*math.Sqrt(float64(orderSamples)/float64(rows)))
		alive = slices.DeleteFunc(alive, func(i int) bool { return w[i] > limit && i != first })
		if len(alive) > raceFinalists {
			alive = alive[:raceFinalists]
			if !slices.Contains(alive, first) {
				alive[raceFinalists-1] = first
			}
		}
		if len(alive) == 1 || rows+orderSamples > budget {
			if w[best] < w[first]*(1-raceSwitch) {
				return orders[best], nil
			}
			return orders[first], nil
		}
		slices.Sort(alive)
	}
}

// stripCost is how many more runs than another order's a strip order's
// must save to be picked: along a strip its ranks follow the level, but
// across strips neighbours lie a strip's length apart, so a path step
// reads rows farther apart than in a cut or Hilbert order (on
// maze-128-128-2 the column strips' 4.5% fewer runs cost 5% more a step,
// and its sample puts them 8% ahead).
const stripCost = 0.1

// weighed returns the runs of each order, total[i] for orders[i], a strip
// order's times 1+stripCost. O(len(orders)).
func weighed(orders []*runOrder, total []int) []float64 {
	w := make([]float64, len(total))
	for i, o := range orders {
		w[i] = float64(total[i])
		if o.strip {
			w[i] *= 1 + stripCost
		}
	}
	return w
}

// orderSampleRuns returns the runs of the rows of samples sources
// (sampleSource, of the given round) by each of orders, as pickOrder
// counts them.
// O(samples · (row cost + c·d·V)) divided by the workers.
func orderSampleRuns(ctx context.Context, g *maps.Graph, eng *rowEngine, keys []float64, geo *symbolGeometry, workers int, orders []*runOrder, samples, round int) ([]int, error) {
	geos := make([]*symbolGeometry, len(orders))
	if geo != nil {
		for i, o := range orders {
			geos[i] = geo.withOrder(g, o.node)
			geos[i].wrap, geos[i].comps = o.rowWrap(true)
		}
	}
	// Samples go eight at a time, whose rows sweep together, a group per
	// task on the workers; the counts add up alike in any order.
	groups := (samples + sweepRows - 1) / sweepRows
	runs := make([][]int, groups) // of each group, by candidate
	newScratch := func(int) *orderScratch { return newOrderScratch(g, eng, keys, orders, geos) }
	err := pool.Run(ctx, workers, groups, newScratch, func(_ context.Context, sc *orderScratch, k int) error {
		runs[k] = sc.groupRuns(k, samples, round)
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
	return total, nil
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

// groupRuns returns the runs of the rows of group k of samples sources
// (sampleSource, of the given round) by each order. O(sweepRows · (row
// cost + c·d·V)) for c orders and degree d.
func (sc *orderScratch) groupRuns(k, samples, round int) []int {
	g, n := sc.g, sc.g.Nodes()
	sc.need = sc.need[:0]
	group := make([]int32, 0, sweepRows)
	for i := k * sweepRows; i < min(samples, (k+1)*sweepRows); i++ {
		s := sampleSource(i, n, samples, round)
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

// sampleSource returns sample i of samples over n nodes in the given
// round: one of the nodes of stratum i (numbers i·n/samples up to
// (i+1)·n/samples), at a spot a multiplicative hash of i and the round
// picks, another spot each round. Evenly spaced samples fall at the same
// spot of every stratum, which on a grid numbered row by row lines them up
// with strips of the level, and a sample along strips reads them all
// alike: on AR0601SR such a sample picked the row strips for 5.15 runs a
// node over the transposed Hilbert order's 4.46. O(1).
func sampleSource(i, n, samples, round int) int32 {
	h := uint64((uint32(i+1) + uint32(round)*0x9e3779b9) * 2654435761) // Knuth's multiplicative hash
	return int32((uint64(i)*uint64(n) + h*uint64(n)>>32) / uint64(samples))
}
