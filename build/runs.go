package build

import (
	"context"
	"fmt"
	"math"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// runBlock returns the span of source ranks one worker turns into rows at
// a time on a level of n nodes. A block's sources are close in the level,
// so they share most of the out-neighbours whose distance rows they need:
// the larger the block, the fewer rows beyond its own (on the shared maps,
// 1.4-2.2 times the block's at 64 sources, 1.0-1.45 at 256). A block holds
// up to about 1.5·span rows of rowBytes bytes a node (8 for distances, 12
// with hops), kept near runBlockBytes. Rows are independent of the blocks,
// so the bytes do not depend on it.
func runBlock(n, rowBytes int) int {
	return max(8, min(256, runBlockBytes/(rowBytes*3/2*max(n, 1))))
}

const runBlockBytes = 64 << 20

// buildRuns makes a LayoutRuns table of g (h = PlanLayout(g, LayoutRuns)):
// every row computed from distance rows in blocks (see runrows.go),
// run-length encoded at once, and kept in source-rank order, so memory is
// the table plus O(runBlock·V) per worker, and the bytes do not depend on
// the workers.
func buildRuns(ctx context.Context, g *maps.Graph, h table.Header, opt Options, cuts shortcuts) (*table.Table, error) {
	order, rowStart, words, rk, err := runRows(ctx, g, h, opt, cuts, 0, g.Nodes(), !opt.Literal)
	if err != nil {
		return nil, err
	}
	var runs *table.Runs
	switch {
	case rk.boxes:
		runs, err = table.NewBoxRuns(h, order, rowStart, words, rk.wrap)
	case rk.symbols:
		runs, err = table.NewSymbolRuns(h, order, rowStart, words, rk.wrap)
	default:
		runs, err = table.NewRuns(h, order, rowStart, words)
	}
	if err != nil {
		return nil, err
	}
	t, err := newTable(h, runs, g)
	if err != nil {
		return nil, err
	}
	// Its size is known only now: the runs are what the level makes.
	if err := CheckSize(&t.Header, opt.MaxBytes); err != nil {
		return nil, err
	}
	return t, nil
}

// runRows computes the run-length rows of the sources of ranks from..to-1
// of g: the node order, the rows' starts within words (to-from+1 of them,
// from 0) and the run words. A row depends only on the level and its
// source, never on the range, the blocks or the workers, so rows built in
// parts and concatenated are the rows of one build. Time is that of a
// whole build scaled by the share of sources, plus the contraction of the
// level (once per call); memory is the rows plus O(runBlock·V) per worker.
// With symbols on a grid, rows store heuristic symbols (runsym.go), and
// rows wrap on a grid of one component; kind says which.
func runRows(ctx context.Context, g *maps.Graph, h table.Header, opt Options, cuts shortcuts, from, to int, symbols bool) (order []int32, rowStart []uint32, words []uint32, kind rowKind, err error) {
	keyed := keyedOctile(g.Metric == maps.MetricOctile, h.DistKind)
	keys := make([]float64, g.Edges())
	for e, w := range g.Weights {
		keys[e] = searchKey(w, keyed)
	}
	eng, err := newRowEngine(ctx, g, h.DistKind, keys, cuts, workerCount(opt))
	if err != nil {
		return nil, nil, nil, rowKind{}, err
	}
	ord, geo, err := chooseRunOrder(ctx, g, eng, keys, symbols, workerCount(opt))
	if err != nil {
		return nil, nil, nil, rowKind{}, err
	}
	coder := func() *rowCoder {
		return &rowCoder{g: g, keys: keys, order: ord, exact: eng.exact, hops: eng.hops, geo: geo}
	}
	blocks, err := codeRunBlocks(ctx, g, eng, coder, opt, from, to)
	if err != nil {
		return nil, nil, nil, rowKind{}, err
	}
	if rowStart, words, err = joinRunBlocks(blocks, to-from); err != nil {
		return nil, nil, nil, rowKind{}, err
	}
	return ord.node, rowStart, words, rowKind{symbols: geo != nil, wrap: geo != nil && geo.wrap, boxes: geo != nil && geo.boxes}, nil
}

// chooseRunOrder picks the node order of g's rows (pickOrder) and sets
// eng to it; with symbols, it returns the symbol geometry by that order
// too, or nil where g has none. O(pickOrder).
func chooseRunOrder(ctx context.Context, g *maps.Graph, eng *rowEngine, keys []float64, symbols bool, workers int) (*runOrder, *symbolGeometry, error) {
	dfs := newRunOrder(g)
	var geo *symbolGeometry
	if symbols {
		geo = newSymbolGeometry(g, dfs.node)
	}
	ord, err := pickOrder(ctx, g, eng, keys, geo, workers, append([]*runOrder{dfs, hilbertOrder(g, dfs), transposedHilbertOrder(g, dfs)}, cutOrders(g, dfs)...)...)
	if err != nil {
		return nil, nil, err
	}
	eng.setOrder(ord)
	if geo != nil {
		n := g.Nodes()
		geo = geo.withOrder(g, ord.node)
		// One component: every row spans every rank, and may wrap.
		geo.wrap = n > 0 && ord.compEnd != nil && ord.compStart[0] == 0 && int(ord.compEnd[0]) == n
	}
	return ord, geo, nil
}

// runBlockRows are the run-length rows of one block of sources.
type runBlockRows struct {
	words  []uint32
	counts []uint32 // runs of each source of the block
}

// codeRunBlocks codes the rows of the sources of ranks from..to-1 in
// blocks of runBlock sources, each on a worker with its own coder.
// O(rows' cost) over the workers; memory the rows plus O(runBlock·V) per
// worker.
func codeRunBlocks(ctx context.Context, g *maps.Graph, eng *rowEngine, coder func() *rowCoder, opt Options, from, to int) ([]runBlockRows, error) {
	n := g.Nodes()
	rowBytes := 8
	if eng.hops {
		rowBytes += 4
	}
	span := runBlock(n, rowBytes)
	done := make([]runBlockRows, (to-from+span-1)/span)
	newScratch := func(int) *runWorker {
		w := &runWorker{rows: eng.worker(), c: coder(), slot: make([]int32, n)}
		for i := range w.slot {
			w.slot[i] = -1
		}
		return w
	}
	err := pool.Run(ctx, workerCount(opt), len(done), newScratch, func(_ context.Context, w *runWorker, b int) error {
		lo, hi := from+b*span, min(from+(b+1)*span, to)
		done[b] = w.block(lo, hi)
		if opt.Progress != nil {
			opt.Progress.Add(int64(hi - lo))
		}
		return nil
	})
	return done, err
}

// joinRunBlocks concatenates the rows of blocks, rows in all, into row
// starts from 0 and run words, dropping the blocks' words. O(runs).
func joinRunBlocks(blocks []runBlockRows, rows int) (rowStart []uint32, words []uint32, err error) {
	total := 0
	for b := range blocks {
		total += len(blocks[b].words)
	}
	if int64(total) >= math.MaxUint32 {
		return nil, nil, fmt.Errorf("%d runs: a run-length table holds fewer than 2^32", total)
	}
	rowStart = make([]uint32, 0, rows+1)
	words = make([]uint32, 0, total)
	rowStart = append(rowStart, 0)
	for b := range blocks {
		for _, c := range blocks[b].counts {
			rowStart = append(rowStart, rowStart[len(rowStart)-1]+c)
		}
		words = append(words, blocks[b].words...)
		blocks[b].words = nil
	}
	return rowStart, words, nil
}

// rowKind is what runRows's rows store: heuristic symbols, rows that wrap
// (see table.NewSymbolRuns), and open-box wildcards (table.NewBoxRuns).
type rowKind struct{ symbols, wrap, boxes bool }

// runWorker is one buildRuns worker's scratch.
type runWorker struct {
	rows *rowWorker
	c    *rowCoder
	slot []int32 // node → its distance row in rows.rows, or -1
	need []int32 // the nodes whose distance rows the block needs
}

// add makes u's distance row one the block needs. O(1).
func (w *runWorker) add(u int32) {
	if w.slot[u] < 0 {
		w.slot[u] = int32(len(w.need))
		w.need = append(w.need, u)
	}
}

// block codes the rows of the sources of ranks lo..hi-1: it computes the
// distance rows of the sources and their out-neighbours, then each row.
// O(the rows' cost).
func (w *runWorker) block(lo, hi int) runBlockRows {
	g, ord := w.c.g, w.c.order
	w.need = w.need[:0]
	for r := lo; r < hi; r++ {
		s := ord.node[r]
		w.add(s)
		for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
			w.add(g.Targets[e])
		}
	}
	w.rows.compute(w.need)
	var out runBlockRows
	out.counts = make([]uint32, hi-lo)
	for r := lo; r < hi; r++ {
		before := len(out.words)
		if w.c.geo != nil {
			out.words = w.c.symRow(out.words, ord.node[r], w.rows.rows, w.rows.hops, w.slot)
		} else {
			out.words = w.c.row(out.words, ord.node[r], w.rows.rows, w.rows.hops, w.slot)
		}
		out.counts[r-lo] = uint32(len(out.words) - before)
	}
	for _, u := range w.need {
		w.slot[u] = -1
	}
	return out
}

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
// (see runrows.go). s itself is a wildcard; so are
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
