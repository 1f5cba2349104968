package build

import (
	"context"
	"slices"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// An Estimate is what building a table of a level would take, found
// without building the whole table: its file size, the build's peak memory
// and its time on this machine with the options' workers. Where the
// estimate is extrapolated from a sample, the Low and High fields bound
// the figure the sample allows (two standard errors of the rows sampled);
// otherwise they equal it.
type Estimate struct {
	Options Options
	Bytes   int64 // the table file
	// PeakBytes is the process's memory at the build's peak: what it held
	// before the build (the level among it) and what the build adds.
	PeakBytes int64
	// Duration is the build's wall time: CPU spread over the workers.
	Duration time.Duration
	// Sampled says the figures are extrapolated from a sample of rows;
	// otherwise the table was small enough to build whole, and they are
	// what that build took.
	Sampled bool
	// CPU is the build's CPU time, the steadier figure on a shared
	// machine: its rows, what it pays once, and writing the file.
	CPU                 time.Duration
	BytesLow, BytesHigh int64
	// OnceCPU is the share of CPU every part of a sharded build repeats
	// (a contraction, a node order), and RowsPeakBytes the share of
	// PeakBytes that the rows hold, which K parts split K ways.
	OnceCPU       time.Duration
	RowsPeakBytes int64
	// BaseBytes is the share of PeakBytes the process held before the
	// estimate began (its level among it), as the estimate measured it.
	BaseBytes         int64
	PeakLow, PeakHigh int64
	CPULow, CPUHigh   time.Duration
}

// estimateRows is how many target rows a sampled flat estimate builds in
// its small part; its large part has estimateScale times as many, so that
// what every build pays once, such as a contraction, is told apart from
// what each row costs. Levels of up to 3·estimateRows nodes are built
// whole.
const (
	estimateRows  = 256
	estimateScale = 8
)

// EstimateBuild estimates the build of lvl that opt asks for, of any
// layout, by running the builder's own code on a sample and measuring
// what it takes: CPU time (process CPU, so workers add up), memory (the Go
// runtime's, polled) and run counts.
//
//   - Flat tables: two parts of estimateRows and estimateScale·estimateRows
//     target rows, extrapolated linearly; the size is exact.
//   - Run-length tables: the build's setup once (contraction, node order)
//     and blocks of sources spread evenly over the order, as many as
//     runSampleWork allows; rows vary by source, so size and time come
//     with a range. Levels past fastRunsNodes sample rows by one search
//     each instead (estimatefast.go), which costs O(V log V) a row and no
//     contraction; their time is calibrated on a part of the level.
//   - Windowed tables: exact size, and windowSampleOrigins origins' searches.
//
// Small levels are built whole. The cost is O(V log V) and a bounded
// number of rows of O(V) each, never O(V²); refusals (too many nodes, a
// window on a graph) are the build's errors. opt.Progress, when set,
// counts the sample's steps: EstimateSteps of them.
func EstimateBuild(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	switch opt.TableLayout() {
	case table.LayoutWindow:
		return estimateWindow(ctx, lvl, opt)
	case table.LayoutRuns:
		if _, err := PlanLayout(lvl.Graph, table.LayoutRuns); err != nil {
			return Estimate{}, err
		}
		return estimateRuns(ctx, lvl, opt)
	}
	if _, err := PlanLayout(lvl.Graph, opt.TableLayout()); err != nil {
		return Estimate{}, err
	}
	return estimateFlat(ctx, lvl, opt)
}

// ProcessCPU is the CPU time (user and system) the process has used so
// far, 0 where it is not known: a caller that loads a level adds what the
// load took to an estimate, as a build pays it too. O(1).
func ProcessCPU() time.Duration {
	d, _ := cpuTime()
	return d
}

// exact returns e with its ranges collapsed onto its figures.
func (e Estimate) exact() Estimate {
	e.BytesLow, e.BytesHigh = e.Bytes, e.Bytes
	e.PeakLow, e.PeakHigh = e.PeakBytes, e.PeakBytes
	e.CPULow, e.CPUHigh = e.CPU, e.CPU
	e.Duration = e.CPU / time.Duration(workerCount(e.Options))
	return e
}

// estimateFlat samples a flat build in two parts (see EstimateBuild).
func estimateFlat(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	n := lvl.Graph.Nodes()
	if n <= 3*estimateRows {
		return estimateWhole(ctx, lvl, opt)
	}
	base := settledMemory()
	small, err := measurePart(ctx, lvl, opt, n/estimateRows)
	if err != nil {
		return Estimate{}, err
	}
	large, err := measurePart(ctx, lvl, opt, n/(estimateScale*estimateRows))
	if err != nil {
		return Estimate{}, err
	}
	rows := float64(large.rows - small.rows)
	perRowBytes := max(float64(large.bytes-small.bytes)/rows, 0)
	perRowTime := max(float64(large.took-small.took)/rows, 0)
	onceBytes := max(float64(small.bytes)-perRowBytes*float64(small.rows), 0)
	onceTime := max(float64(small.took)-perRowTime*float64(small.rows), 0)
	// A part carries the level's graph, a grid table its cells instead.
	onceBytes = max(onceBytes-float64(levelBytes(lvl.Graph, true)-levelBytes(lvl.Graph, false)), 0)
	est := Estimate{Options: opt, Sampled: true, Bytes: int64(onceBytes + perRowBytes*float64(n))}
	est.CPU = time.Duration(onceTime+perRowTime*float64(n)) + large.writeCPU(est.Bytes)
	// The large part's scratch, less its rows, beside the whole table.
	lw, err := levelWrite(lvl.Graph, opt)
	if err != nil {
		return Estimate{}, err
	}
	est.PeakBytes = base + max(large.grew-large.payload, lw.grew+writeScratch(est.Bytes, opt)) + est.Bytes
	est.BaseBytes = base
	return est.exact(), nil
}

// estimateWhole builds the table of lvl whole, writes it as a build does,
// and reports what that took.
func estimateWhole(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	base := settledMemory()
	watch := startMemWatch()
	start, _ := cpuTime()
	quiet := opt
	quiet.Progress = nil // the whole build is one step
	t, err := BuildLevel(ctx, lvl, quiet)
	end, _ := cpuTime()
	grew := watch.stop()
	if err != nil {
		return Estimate{}, err
	}
	ws, err := sampleWrite(t, opt)
	if err != nil {
		return Estimate{}, err
	}
	if opt.Progress != nil {
		opt.Progress.Add(int64(EstimateSteps(lvl.Graph, opt)))
	}
	// The writers' chunks come on top of the table, which the build's
	// scratch may no longer.
	est := Estimate{Options: opt, Bytes: ws.bytes, CPU: end - start + ws.cpu, BaseBytes: base, PeakBytes: base + grew + ws.grew}
	return est.exact(), nil
}

// partSample is what building one part took: its rows, its file bytes, the
// CPU time it took (wall time times the workers where the CPU time is not
// known), the memory it grew by, its payload, and the CPU time writing it
// took.
type partSample struct {
	rows          int
	bytes         int64
	took          time.Duration
	grew, payload int64
	write         time.Duration
	writeGrew     int64
}

// writeCPU is the CPU time writing a file of size bytes takes, at the
// part's rate.
func (p partSample) writeCPU(size int64) time.Duration {
	if p.bytes <= 0 {
		return 0
	}
	return time.Duration(float64(p.write) * float64(size) / float64(p.bytes))
}

// measurePart builds the middle part of shards parts of lvl.
func measurePart(ctx context.Context, lvl *maps.Level, opt Options, shards int) (partSample, error) {
	shards = max(shards, 1)
	mid := shards / 2
	watch := startMemWatch()
	start, cpu := cpuTime()
	wall := time.Now()
	p, err := BuildPart(ctx, lvl, opt, mid, shards)
	grew := watch.stop()
	if err != nil {
		return partSample{}, err
	}
	end, _ := cpuTime()
	took := end - start
	if !cpu {
		took = time.Since(wall) * time.Duration(workerCount(opt))
	}
	ws, err := sampleWrite(p, opt)
	if err != nil {
		return partSample{}, err
	}
	from, to := table.ShardRange(mid, shards, lvl.Graph.Nodes()) // BuildPart counted them
	h, _ := PlanLayout(lvl.Graph, table.LayoutFlat)
	payload := int64(to-from) * int64(h.Nodes) * int64(1+h.DistKind.Width())
	return partSample{rows: to - from, bytes: ws.bytes, took: took, grew: grew, payload: payload, write: ws.cpu, writeGrew: ws.grew}, nil
}

// levelBytes is the bytes of the bins that describe g's level in a file
// of its table (graphBins: in a part, or a table written with its
// graph's bins). O(V) on grids, O(1) otherwise.
func levelBytes(g *maps.Graph, graphBins bool) int64 {
	h := table.Header{Kind: table.KindGraph, Nodes: g.Nodes(), Edges: g.Edges(), GraphBins: graphBins}
	plain := true
	if gr := g.Grid; gr != nil {
		h.Kind, h.Width, h.Height = table.KindGrid, gr.Width, gr.Height
		for _, c := range gr.Cells {
			plain = plain && gr.Costs[c] == 1
		}
	}
	return h.LevelBytes(plain)
}

// peakBytes is a model of a build's memory at its peak beside the level,
// for checks made before any sample: the table it holds whole, and the
// builder's scratch, O(V) per worker, or a block of distance rows per
// worker for run-length tables. EstimateBuild measures instead.
func peakBytes(opt Options, n int, tableBytes int64) int64 {
	workers := int64(workerCount(opt))
	scratch := workers * int64(n) * 64
	if opt.TableLayout() == table.LayoutRuns && opt.Window == 0 {
		scratch += workers * int64(runBlock(n, 12)) * int64(n) * 12
	}
	return tableBytes + scratch
}

// EstimateSteps is how many steps EstimateBuild of g as opt asks counts in
// opt.Progress, for a progress display's total. O(1), O(E) on levels
// past fastRunsNodes.
func EstimateSteps(g *maps.Graph, opt Options) int {
	n := g.Nodes()
	switch opt.TableLayout() {
	case table.LayoutWindow:
		if g.Grid == nil {
			return 0 // refused before any step
		}
		if n <= windowSampleOrigins {
			return 1
		}
		return windowSampleGroups
	case table.LayoutRuns:
		if n > fastRunsNodes && fastRunsFits(g) {
			return fastRunsSteps
		}
		rowBytes := 8
		if slices.Contains(g.Weights, 0) {
			rowBytes += 4
		}
		span := runBlock(n, rowBytes)
		total := (n + span - 1) / span
		return runSetupSteps + runSampleBlocks(n, span, total)
	}
	if n > table.MaxNodes {
		return 0 // refused before any step
	}
	if n <= 3*estimateRows {
		return 1
	}
	small := n / max(n/estimateRows, 1)
	return small + n/max(n/(estimateScale*estimateRows), 1)
}

// WorkerCount is the number of workers a build with opt runs. O(1).
func (opt Options) WorkerCount() int { return workerCount(opt) }
