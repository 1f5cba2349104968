package build

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// runSetup is what a run-length build computes once, before its rows: the
// edges' search keys, the row engine (a contraction where the level has
// one), and the node order with its symbol geometry.
type runSetup struct {
	g    *maps.Graph
	h    table.Header
	keys []float64
	eng  *rowEngine
	ord  *runOrder
	geo  *symbolGeometry
}

// newRunSetup is runRows's setup for a build of g with header h (see
// runRows): the same engine and order (chooseRunOrder), so that the rows
// it samples are the rows a build makes. O(what a build pays once).
func newRunSetup(ctx context.Context, g *maps.Graph, h table.Header, opt Options, symbols bool) (*runSetup, error) {
	keyed := keyedOctile(g.Metric == maps.MetricOctile, h.DistKind)
	s := &runSetup{g: g, h: h, keys: make([]float64, g.Edges())}
	for e, w := range g.Weights {
		s.keys[e] = searchKey(w, keyed)
	}
	eng, err := newRowEngine(ctx, g, h.DistKind, s.keys, allShortcuts, workerCount(opt))
	if err != nil {
		return nil, err
	}
	s.eng = eng
	s.ord, s.geo, err = chooseRunOrder(ctx, g, eng, s.keys, symbols, !opt.WholeRows, !opt.NoJump, workerCount(opt))
	if err != nil {
		return nil, err
	}
	return s, nil
}

// runCandidates are the node orders a run-length build chooses among
// (chooseRunOrder's), some nil where g is no grid.
func runCandidates(g *maps.Graph, dfs *runOrder) []*runOrder {
	return slices.Concat([]*runOrder{dfs, hilbertOrder(g, dfs), transposedHilbertOrder(g, dfs), flippedHilbertOrder(g, dfs)}, cutOrders(g, dfs), stripOrders(g, dfs))
}

// span is the sources a block of the build takes (runBlock).
func (s *runSetup) span() int { return runBlock(s.g.Nodes(), s.rowBytes()) }

// rowBytes is the bytes a node of a distance row takes, with its hops.
func (s *runSetup) rowBytes() int {
	if s.eng != nil && s.eng.hops {
		return 12
	}
	return 8
}

// maxNeed is the most distance rows a block of span sources needs (its
// sources and their out-neighbours) over k blocks spread over s's order.
// O(k·span·degree).
func (s *runSetup) maxNeed(span, k int) int {
	g, n := s.g, s.g.Nodes()
	seen := make(map[int32]bool)
	most := 0
	for _, b := range pickBlocks((n+span-1)/span, k) {
		clear(seen)
		for r := b * span; r < min((b+1)*span, n); r++ {
			u := s.ord.node[r]
			seen[u] = true
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				seen[g.Targets[e]] = true
			}
		}
		most = max(most, len(seen))
	}
	return most
}

// blockSample is what coding one block of sources took.
type blockSample struct {
	rows, runs, most int // most: the longest row's runs
	work             int // entries the distance rows touched (rowWorker.work)
	need             int // distance rows the block needed
}

// sampleBlocks codes the given blocks of s's sources as a build codes them
// (on the options' workers, a block at a time) and reports each. O(the
// blocks' share of a build).
func (s *runSetup) sampleBlocks(ctx context.Context, opt Options, blocks []int) ([]blockSample, error) {
	g, n, span := s.g, s.g.Nodes(), s.span()
	out := make([]blockSample, len(blocks))
	newScratch := func(int) *runWorker {
		w := &runWorker{rows: s.eng.worker(), c: &rowCoder{g: g, keys: s.keys, order: s.ord, exact: s.eng.exact, hops: s.eng.hops, geo: s.geo}, slot: make([]int32, n)}
		for i := range w.slot {
			w.slot[i] = -1
		}
		return w
	}
	err := pool.Run(ctx, workerCount(opt), len(blocks), newScratch, func(_ context.Context, w *runWorker, i int) error {
		lo, hi := blocks[i]*span, min((blocks[i]+1)*span, n)
		work := w.rows.work
		rows := w.block(lo, hi)
		b := blockSample{rows: hi - lo, work: w.rows.work - work, need: len(w.need), runs: len(rows.words)}
		for _, c := range rows.counts {
			b.most = max(b.most, int(c))
		}
		out[i] = b
		if opt.Progress != nil {
			opt.Progress.Add(1)
		}
		return nil
	})
	return out, err
}

// fileModel gives the bytes of a run-length table file of s's level from
// its run count: the file of a table with no runs (its order, rows bin,
// the level's cells and the header, written once) and the widths of a run.
type fileModel struct {
	empty       int64       // the file with no runs
	n           int64       // nodes: one row count each
	startBytes  int64       // a run's start
	moveBits    int64       // a run's move
	write       writeSample // writing the empty file
	nibbleMoves bool
}

// newFileModel writes the table of s's level with one run a row (so that
// its header counts runs as a real one does) and takes the runs out.
// O(V).
func (s *runSetup) newFileModel(g *maps.Graph, opt Options) (fileModel, error) {
	n := g.Nodes()
	kind := s.geo.kind(opt)
	ws, err := writeTemplate(g, s.h, s.ord.node, kind, opt)
	if err != nil {
		return fileModel{}, err
	}
	m := fileModel{n: int64(n), startBytes: 2, moveBits: 4, write: ws, nibbleMoves: true}
	if n > 1<<16 {
		m.startBytes = 4
	}
	// Moves take a nibble where every slot is below 15 (see table.NewRuns).
	for u := range n {
		if g.Offsets[u+1]-g.Offsets[u] > 15 {
			m.moveBits, m.nibbleMoves = 8, false
			break
		}
	}
	// The template's runs (move 0) take nibble moves, or none where a run
	// is one 16-bit word (table.Packed) as symbol rows are on small levels.
	tmplBits := int64(4)
	if kind.symbols && !kind.starts16 && n <= table.MaxPackedNodes {
		m.moveBits, tmplBits = 0, 0
	}
	m.empty = ws.bytes - m.startBytes*int64(n) - (tmplBits*int64(n)+7)/8
	return m, nil
}

// writeTemplate writes, as a build does, the run-length table of g (header
// h) by order with one run a row, of the kind given: the file's framing,
// the level's cells and what writing them takes, with no rows to speak of.
// O(V + E).
func writeTemplate(g *maps.Graph, h table.Header, order []int32, kind rowKind, opt Options) (writeSample, error) {
	n := g.Nodes()
	rowStart, words := make([]uint32, n+1), make([]uint32, n)
	for i := range words {
		rowStart[i+1] = uint32(i + 1)
	}
	t, err := kind.runs(h, order, rowStart, words)
	if err != nil {
		return writeSample{}, err
	}
	tab, err := newTable(h, t, g)
	if err != nil {
		return writeSample{}, err
	}
	return sampleWrite(tab, opt)
}

// levelWrite is writeTemplate for g in node order, without symbols: what
// writing any table of g's level costs beside its payload.
func levelWrite(g *maps.Graph, opt Options) (writeSample, error) {
	h, err := PlanLayout(g, table.LayoutRuns)
	if err != nil {
		return writeSample{}, err
	}
	order := make([]int32, g.Nodes())
	for i := range order {
		order[i] = int32(i)
	}
	return writeTemplate(g, h, order, rowKind{}, opt)
}

// bytes is the file of a table of runs runs whose longest row has most.
func (m fileModel) bytes(runs float64, most int) int64 {
	width := int64(1)
	switch {
	case most >= 1<<16:
		width = 4
	case most >= 1<<8:
		width = 2
	}
	r := int64(math.Ceil(runs))
	return m.empty + (width-1)*m.n + m.startBytes*r + (m.moveBits*r+7)/8
}

// pickBlocks returns k of total blocks spread evenly, each the middle of
// its share, so that every part of the order is sampled. O(k).
func pickBlocks(total, k int) []int {
	k = min(k, total)
	out := make([]int, k)
	for i := range out {
		out[i] = int((int64(2*i+1) * int64(total)) / int64(2*k))
	}
	return out
}

// runSampleWork bounds a run-length sample's rows by the level's size:
// about runSampleWork/V rows, each O(V), so that a sample costs the same
// on every level, and a level of up to √runSampleWork nodes is sampled
// whole.
const runSampleWork = 1 << 27

// minSampleBlocks is the fewest blocks a sample codes, where the level has
// them, for a spread that gives its range meaning.
const minSampleBlocks = 16

// runSampleBlocks is how many blocks of span sources, of total, a sample
// of a level of n nodes codes.
func runSampleBlocks(n, span, total int) int {
	return min(total, max(minSampleBlocks, runSampleWork/max(n, 1)/span))
}

// estimateRuns samples a run-length build (see EstimateBuild).
func estimateRuns(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	if g := lvl.Graph; g.Nodes() > fastRunsNodes && fastRunsFits(g) {
		return estimateRunsFast(ctx, lvl, opt)
	}
	est, _, err := sampleRuns(ctx, lvl, opt, 0)
	return est, err
}

// sampleRuns samples a run-length build of lvl: its setup, and k blocks
// (0: as many as runSampleBlocks allows). It returns the estimate and
// what was measured, the rows' CPU extrapolated to every row.
func sampleRuns(ctx context.Context, lvl *maps.Level, opt Options, k int) (Estimate, runMeasures, error) {
	g := lvl.Graph
	h, err := PlanLayout(g, table.LayoutRuns)
	if err != nil {
		return Estimate{}, runMeasures{}, err
	}
	base := settledMemory()
	watch, setWatch := startMemWatch(), startMemWatch()
	start, _ := cpuTime()
	setup, err := newRunSetup(ctx, g, h, opt, !opt.Literal)
	setGrew := setWatch.stop()
	if err != nil {
		watch.stop()
		return Estimate{}, runMeasures{}, err
	}
	if opt.Progress != nil {
		opt.Progress.Add(runSetupSteps)
	}
	set, _ := cpuTime()
	n, span := g.Nodes(), setup.span()
	total := (n + span - 1) / span
	if k == 0 {
		k = runSampleBlocks(n, span, total)
	}
	samples, err := setup.sampleBlocks(ctx, opt, pickBlocks(total, k))
	grew := watch.stop()
	if err != nil {
		return Estimate{}, runMeasures{}, err
	}
	coded, _ := cpuTime()
	model, err := setup.newFileModel(g, opt)
	if err != nil {
		return Estimate{}, runMeasures{}, err
	}
	m := runMeasures{base: base, grew: grew, setGrew: setGrew, setup: set - start, rows: coded - set,
		samples: samples, total: total, n: n, model: model, rowBytes: setup.rowBytes()}
	est := runEstimate(opt, m)
	sampledRows := 0
	for _, b := range samples {
		sampledRows += b.rows
	}
	m.rows = time.Duration(float64(m.rows) * float64(n) / float64(max(sampledRows, 1)))
	return est, m, nil
}

// runSetupSteps is what a run-length sample's setup counts in progress.
const runSetupSteps = 4

// runMeasures is what a run-length sample measured.
type runMeasures struct {
	base, grew  int64         // memory before, and the sample's growth
	setGrew     int64         // the growth during the setup
	rowBytes    int           // a distance row's bytes a node
	setup, rows time.Duration // CPU of the setup and of the sampled rows
	samples     []blockSample
	total, n    int // blocks and nodes of the level
	model       fileModel
}

// runEstimate extrapolates m to the whole build.
func runEstimate(opt Options, m runMeasures) Estimate {
	k := len(m.samples)
	runs, rows, work := make([]float64, k), make([]float64, k), make([]float64, k)
	most, sampledRows := 0, 0
	for i, b := range m.samples {
		runs[i], rows[i], work[i] = float64(b.runs), float64(b.rows), float64(b.work)
		most = max(most, b.most)
		sampledRows += b.rows
	}
	n := float64(m.n)
	r, rLo, rHi := ratioRange(runs, rows, k, m.total, n)
	w, wLo, wHi := ratioRange(work, rows, k, m.total, n)
	est := Estimate{Options: opt, Sampled: k < m.total}
	est.Bytes = m.model.bytes(r, most)
	est.BytesLow, est.BytesHigh = m.model.bytes(rLo, most), m.model.bytes(rHi, 2*most)
	cpu := func(work float64) time.Duration {
		rowsCPU := 0.0
		if w > 0 {
			rowsCPU = float64(m.rows) * n / float64(sampledRows) * work / w
		}
		return m.setup + time.Duration(rowsCPU) + m.model.writeCPU(est.Bytes)
	}
	est.CPU, est.CPULow, est.CPUHigh = cpu(w), cpu(wLo), cpu(wHi)
	est.Duration = est.CPU / time.Duration(workerCount(opt))
	peak := func(runs float64, size int64) int64 {
		// The blocks' words and their join (4 bytes a run each), the
		// encoded runs, and the row counts and starts.
		rows := int64(8*runs) + (size - m.model.empty) + 8*int64(m.n)
		return m.base + max(m.grew+rows, size+writeScratch(size, opt))
	}
	est.PeakBytes, est.PeakLow, est.PeakHigh = peak(r, est.Bytes), peak(rLo, est.BytesLow), peak(rHi, est.BytesHigh)
	est.OnceCPU, est.RowsPeakBytes, est.BaseBytes = m.setup, max(est.PeakBytes-m.base-m.grew, 0), m.base
	return est
}

// writeCPU is the CPU time writing a file of size bytes takes, at the rate
// the empty file took.
func (m fileModel) writeCPU(size int64) time.Duration { return m.write.rate(size) }
