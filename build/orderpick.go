package build

import (
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
// samples count runs of all optimal moves, as if no hops were asked. O(orderSamples · (row cost + c·d·V))
// for c candidates and degree d.
//
// With geo (not nil), rows are counted as symRow codes them, with geo's
// moves and each candidate's ranks.
func pickOrder(g *maps.Graph, eng *rowEngine, keys []float64, geo *symbolGeometry, candidates ...*runOrder) *runOrder {
	var orders []*runOrder
	for _, o := range candidates {
		if o != nil {
			orders = append(orders, o)
		}
	}
	if len(orders) == 1 {
		return orders[0]
	}
	n := g.Nodes()
	w := eng.worker()
	runs := make([]int, len(orders))
	coders := make([]*rowCoder, len(orders))
	for i, o := range orders {
		coders[i] = &rowCoder{g: g, keys: keys, order: o, exact: eng.exact}
		if geo != nil {
			coders[i].geo = geo.withOrder(g, o.node)
		}
	}
	// Samples go eight at a time, whose rows sweep together.
	slot := make([]int32, n)
	for i := range slot {
		slot[i] = -1
	}
	var need []int32
	add := func(u int32) {
		if slot[u] < 0 {
			slot[u] = int32(len(need))
			need = append(need, u)
		}
	}
	var byRank [][]float64 // one source's rows by a candidate's ranks
	local := make([]int32, n)
	var words []uint32
	samples := min(n, orderSamples)
	if n <= smallLevel {
		samples = min(n, 4*orderSamples)
	}
	for k0 := 0; k0 < samples; k0 += sweepRows {
		need = need[:0]
		group := make([]int32, 0, sweepRows)
		for k := k0; k < min(samples, k0+sweepRows); k++ {
			s := int32(k * n / samples)
			group = append(group, s)
			add(s)
			for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
				add(g.Targets[e])
			}
		}
		w.compute(need)
		for _, s := range group {
			for i, o := range orders {
				// s's row first, then its out-neighbours' rows.
				for j := 0; j <= int(g.Offsets[s+1]-g.Offsets[s]); j++ {
					u := s
					if j > 0 {
						u = g.Targets[int(g.Offsets[s])+j-1]
					}
					if len(byRank) <= j {
						byRank = append(byRank, make([]float64, n))
					}
					for v, d := range w.rows[slot[u]] {
						byRank[j][o.rank[v]] = d
					}
					local[u] = int32(j)
				}
				if coders[i].geo != nil {
					words = coders[i].symRow(words[:0], s, byRank, nil, local)
				} else {
					words = coders[i].row(words[:0], s, byRank, nil, local)
				}
				runs[i] += len(words)
			}
		}
		for _, u := range need {
			slot[u] = -1
		}
	}
	best := 0
	for i := range orders {
		if runs[i] < runs[best] {
			best = i
		}
	}
	return orders[best]
}
