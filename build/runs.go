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
// every row computed from distance rows in blocks (see rowengine.go),
// run-length encoded at once, and kept in source-rank order, so memory is
// the table plus O(runBlock·V) per worker, and the bytes do not depend on
// the workers.
func buildRuns(ctx context.Context, g *maps.Graph, h table.Header, opt Options, cuts shortcuts) (*table.Table, error) {
	order, rowStart, words, rk, err := runRows(ctx, g, h, opt, cuts, 0, g.Nodes(), !opt.Literal)
	if err != nil {
		return nil, err
	}
	runs, err := rk.runs(h, order, rowStart, words)
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
	ord, geo, err := chooseRunOrder(ctx, g, eng, keys, symbols, !opt.WholeRows, !opt.NoJump, workerCount(opt))
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
	return ord.node, rowStart, words, geo.kind(opt), nil
}

// forceOrder, set by tests alone, overrides pickOrder's choice with its
// own among the candidates, so that every candidate's table can be checked.
var forceOrder func(candidates []*runOrder) *runOrder

// chooseRunOrder picks the node order of g's rows (pickOrder) and sets
// eng to it; with symbols, it returns the symbol geometry by that order
// too, or nil where g has none, whose rows cover their component with
// comps (not Options.WholeRows), and J with jumps (not Options.NoJump).
// O(pickOrder).
func chooseRunOrder(ctx context.Context, g *maps.Graph, eng *rowEngine, keys []float64, symbols, comps, jumps bool, workers int) (*runOrder, *symbolGeometry, error) {
	dfs := newRunOrder(g)
	var geo *symbolGeometry
	if symbols {
		geo = newSymbolGeometry(g, dfs.node)
		if !jumps {
			geo = geo.withoutJumps()
		}
	}
	var ord *runOrder
	var err error
	if forceOrder != nil {
		ord = forceOrder(runCandidates(g, dfs))
	} else {
		ord, err = pickOrder(ctx, g, eng, keys, geo, workers, runCandidates(g, dfs)...)
	}
	if err != nil {
		return nil, nil, err
	}
	eng.setOrder(ord)
	if geo != nil {
		geo = geo.withOrder(g, ord.node)
		// Components (a symmetric level): every row spans its source's
		// and may wrap within it; with several, only where the reader
		// knows them (comps, table.CompSuffix).
		geo.wrap, geo.comps = ord.rowWrap(comps)
	}
	return ord, geo, nil
}

// rowWrap says how rows by o wrap: on a symmetric level (components
// known) every row spans its source's component and wraps within it;
// several says the level has more than one, which only readers of the
// component encodings know, so without comps its rows do not wrap. O(1).
func (o *runOrder) rowWrap(comps bool) (wrap, several bool) {
	n := len(o.node)
	wrap = n > 0 && o.compEnd != nil
	several = wrap && int(o.compEnd[0]) != n
	if several && !comps {
		return false, false
	}
	return wrap, several
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
// (see table.NewSymbolRuns), within their component (comps, see
// table.NewComponentRuns), and open-box wildcards (table.NewBoxRuns);
// starts16 keeps 16-bit starts where 12-bit ones would do
// (Options.Starts16).
type rowKind struct{ symbols, wrap, comps, boxes, jumps, starts16 bool }

// kind is what rows with geometry geo store, built with opt: literal
// slots where geo is nil. O(1).
func (geo *symbolGeometry) kind(opt Options) rowKind {
	if geo == nil {
		return rowKind{}
	}
	return rowKind{symbols: true, wrap: geo.wrap, comps: geo.comps, boxes: geo.boxes, jumps: geo.jumps, starts16: opt.Starts16}
}

// form is the table.RunForm of symbol rows of kind k. O(1).
func (k rowKind) form() table.RunForm {
	return table.RunForm{Wrap: k.wrap, Comps: k.comps, Boxes: k.boxes, Jumps: k.jumps, Starts16: k.starts16}
}

// runs makes the table.Runs of rows of kind k (words by rowStart, sources
// in order) with the table constructor of that kind, which checks them.
func (k rowKind) runs(h table.Header, order []int32, rowStart, words []uint32) (*table.Runs, error) {
	if k.symbols {
		return table.NewRunsOf(h, order, rowStart, words, k.form())
	}
	return table.NewRuns(h, order, rowStart, words)
}

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
