package build

import (
	"math"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rowCoder turns distance rows into one source's runs.
type rowCoder struct {
	g     *maps.Graph
	keys  []float64 // search key of each edge's cost
	order *runOrder
	exact bool
	hops  bool            // the level has zero-cost edges: rows carry hops
	geo   *symbolGeometry // rows with heuristic symbols, or nil
	// Scratch for the source being encoded: its usable out-edges' slots,
	// keys and the distance rows of their heads, and the moves still
	// allowed for every target of the open run.
	moves []uint8
	w     []float64
	d     [][]float64
	cand  []uint8
	lim   [4][]int32  // the source's open staircase (symbolGeometry.boxLimits)
	sym   symRowCoder // the symbol row being coded (symRow)
	// masked holds, for each zero-cost move, its head's distance row with
	// +Inf wherever the move is not allowed (see allowZero).
	masked [][]float64
}

// row appends to dst the runs of source s over the targets by rank: a run
// starts where no move allowed for every target since the last start stays
// allowed, and stores the lowest such move. A move is allowed when it is
// optimal and, if it costs 0 on a level with hop rows, leads to fewer hops
// (see rowengine.go). s itself is a wildcard; so are
// targets outside s's component on symmetric levels, whose row covers its
// component only and closes with a NoMove run. Unreachable targets on other
// levels get NoMove runs, except before the first run, where no run means
// no path. rows[slot[u]] is the distance row of node u and, when c.hops,
// hops[slot[u]] its hop row. O(V·c) for c the moves still open, usually 1
// or 2.
func (c *rowCoder) row(dst []uint32, s int32, rows [][]float64, hops [][]int32, slot []int32) []uint32 {
	rs, lo, hi := c.span(s)
	c.loadMoves(s, rows, hops, slot)
	ds := rows[slot[s]]
	inf := math.Inf(1)
	start, none := -1, false // the open run
	first := len(dst)
	emit := func() {
		switch {
		case start < 0:
		case none:
			if len(dst) > first { // before the first run, no run says no path
				dst = append(dst, table.RunWord(start, table.NoMove))
			}
		default:
			dst = append(dst, table.RunWord(start, c.moves[c.cand[0]]))
		}
	}
	for r := lo; r < hi; r++ {
		if r == rs {
			continue
		}
		d := ds[r]
		if !c.exact && d != inf {
			d = inf
			for i := range c.d {
				d = min(d, c.w[i]+c.d[i][r])
			}
		}
		if d == inf {
			if start >= 0 && none {
				continue
			}
			emit()
			start, none = r, true
			continue
		}
		if start >= 0 && !none {
			k := 0
			for _, i := range c.cand {
				if c.w[i]+c.d[i][r] == d {
					c.cand[k] = i
					k++
				}
			}
			if k > 0 {
				c.cand = c.cand[:k]
				continue
			}
		}
		emit()
		start, none = r, false
		c.cand = c.cand[:0]
		for i := range c.d {
			if c.w[i]+c.d[i][r] == d {
				c.cand = append(c.cand, uint8(i))
			}
		}
		none = len(c.cand) == 0 // only if the distance rows disagree: answer no path
	}
	emit()
	if hi < len(c.order.node) {
		dst = append(dst, table.RunWord(hi, table.NoMove))
	}
	return dst
}

// span returns the rank rs of source s and the ranks lo..hi-1 its row
// covers: its component's on a level whose order has them, else all.
// O(1).
func (c *rowCoder) span(s int32) (rs, lo, hi int) {
	o := c.order
	rs, hi = int(o.rank[s]), len(o.node)
	if o.compEnd != nil {
		lo, hi = int(o.compStart[rs]), int(o.compEnd[rs])
	}
	return rs, lo, hi
}

// loadMoves sets c's moves, w and d to the usable out-edges of s: their
// slots, keys and the distance rows of their heads (rows[slot[v]] for
// head v), masked by allowZero where the level has hop rows. O(degree),
// plus allowZero's.
func (c *rowCoder) loadMoves(s int32, rows [][]float64, hops [][]int32, slot []int32) {
	g := c.g
	c.moves, c.w, c.d = c.moves[:0], c.w[:0], c.d[:0]
	for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
		if v := g.Targets[e]; v != s {
			c.moves = append(c.moves, uint8(e-g.Offsets[s]))
			c.w = append(c.w, c.keys[e])
			c.d = append(c.d, rows[slot[v]])
		}
	}
	if c.hops {
		c.allowZero(s, hops, slot)
	}
}

// allowZero replaces the distance row of each zero-cost move of s by a
// copy with +Inf at every target the move brings no closer in hops, so
// that the moves that stay equal to a target's distance are the allowed
// ones and encoding reads no hops. O(V) per zero-cost move.
func (c *rowCoder) allowZero(s int32, hops [][]int32, slot []int32) {
	hs := hops[slot[s]]
	inf := math.Inf(1)
	k := 0
	for i, e := 0, c.g.Offsets[s]; e < c.g.Offsets[s+1]; e++ {
		v := c.g.Targets[e]
		if v == s {
			continue
		}
		if c.w[i] == 0 {
			if len(c.masked) == k {
				c.masked = append(c.masked, make([]float64, len(hs)))
			}
			m, dv, hv := c.masked[k], c.d[i], hops[slot[v]]
			for r := range m {
				m[r] = dv[r]
				if hv[r] >= hs[r] {
					m[r] = inf
				}
			}
			c.d[i] = m
			k++
		}
		i++
	}
}
