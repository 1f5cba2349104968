package build

import (
	"context"
	"io"
	"time"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// An Estimate is what building a table of a level would take, found
// without building the whole table: its file size, the build's peak memory
// and its wall time on this machine with the options' workers.
type Estimate struct {
	Options   Options
	Bytes     int64         // the table file
	PeakBytes int64         // the build's memory at its peak, beside the level's graph
	Duration  time.Duration // the build's wall time
	// Sampled says Bytes and Duration are extrapolated from a sample of
	// rows; otherwise the table was small enough to build whole, and they
	// are what that build took.
	Sampled bool
}

// estimateRows is how many source rows a sampled estimate builds, twice
// (a part of this many rows and one of twice as many, so that what every
// build pays once, such as a contraction, is told apart from what each row
// costs). Levels of up to 3·estimateRows nodes are built whole.
const estimateRows = 256

// EstimateBuild estimates the build of lvl that opt asks for, of any
// layout. Tables of all pairs are measured on two parts of the level
// (BuildPart, estimateRows and 2·estimateRows source rows from the middle
// of the node order) and extrapolated linearly to every row: exact in size
// for flat tables, whose rows have one size; run-length rows differ by
// source, so their size is a sample's. Windowed tables' sizes are exact
// (PlanWindow); their time is the flat sample's time per searched node
// times the cells an origin's window searches. Small levels are built
// whole. The sample costs about 3·estimateRows rows of the build, plus
// twice what a build pays once; refusals (too many nodes, a window on a
// graph) are the build's errors. Peak memory is the table plus the
// builder's scratch, the largest buffer of each layout.
func EstimateBuild(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	if opt.Window > 0 {
		return estimateWindow(ctx, lvl, opt)
	}
	n := lvl.Graph.Nodes()
	if _, err := PlanLayout(lvl.Graph, opt.TableLayout()); err != nil {
		return Estimate{}, err
	}
	if n <= 3*estimateRows {
		return estimateWhole(ctx, lvl, opt)
	}
	// Samples run on one worker, so that their times add up row by row;
	// the build spreads the same work over its workers.
	one := opt
	one.Workers = 1
	small, err := measurePart(ctx, lvl, one, n/estimateRows)
	if err != nil {
		return Estimate{}, err
	}
	large, err := measurePart(ctx, lvl, one, n/(2*estimateRows))
	if err != nil {
		return Estimate{}, err
	}
	rows := float64(large.rows - small.rows)
	perRowBytes := max(float64(large.bytes-small.bytes)/rows, 0)
	perRowTime := max(float64(large.took-small.took)/rows, 0)
	onceBytes := max(float64(small.bytes)-perRowBytes*float64(small.rows), 0)
	onceTime := max(float64(small.took)-perRowTime*float64(small.rows), 0)
	if opt.TableLayout() == table.LayoutRuns {
		perRowBytes = runRowBytes(lvl.Graph, perRowBytes)
	}
	est := Estimate{Options: opt, Sampled: true,
		Bytes:    int64(onceBytes + perRowBytes*float64(n)),
		Duration: time.Duration((onceTime + perRowTime*float64(n)) / float64(workerCount(opt))),
	}
	est.PeakBytes = peakBytes(opt, n, est.Bytes)
	return est, nil
}

// estimateWhole builds the table of lvl whole and reports what it took.
func estimateWhole(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	start := time.Now()
	t, err := BuildLevel(ctx, lvl, opt)
	if err != nil {
		return Estimate{}, err
	}
	took := time.Since(start)
	size, err := t.WriteTo(io.Discard)
	if err != nil {
		return Estimate{}, err
	}
	return Estimate{Options: opt, Bytes: size, Duration: took, PeakBytes: peakBytes(opt, lvl.Graph.Nodes(), size)}, nil
}

// runRowBytes converts the bytes of a run-length row in a part (a row
// start and 4 bytes a run, as the builder holds them) into a table's: a
// row start, and a start of 2 bytes (4 past 65,535 nodes) and a move of 4
// bits (8 past 15 out-edges) a run.
func runRowBytes(g *maps.Graph, partRow float64) float64 {
	runs := max(partRow-4, 0) / 4
	start, move := 2.0, 0.5
	if g.Nodes() > 1<<16-1 {
		start = 4
	}
	for u := range g.Nodes() {
		if g.Offsets[u+1]-g.Offsets[u] > 15 {
			move = 1
			break
		}
	}
	return 4 + runs*(start+move)
}

// partSample is what building one part took.
type partSample struct {
	rows  int
	bytes int64
	took  time.Duration
}

// measurePart builds the middle part of shards parts of lvl.
func measurePart(ctx context.Context, lvl *maps.Level, opt Options, shards int) (partSample, error) {
	shards = max(shards, 1)
	mid := shards / 2
	start := time.Now()
	p, err := BuildPart(ctx, lvl, opt, mid, shards)
	if err != nil {
		return partSample{}, err
	}
	took := time.Since(start)
	size, err := p.WriteTo(io.Discard)
	if err != nil {
		return partSample{}, err
	}
	from, to := table.ShardRange(mid, shards, lvl.Graph.Nodes())
	return partSample{rows: to - from, bytes: size, took: took}, nil
}

// estimateWindow: the size from PlanWindow and the flat sample's graph
// bytes; the time from the flat sample's cost per node a search settles.
func estimateWindow(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	h, err := PlanWindow(lvl.Graph, opt.Window)
	if err != nil {
		return Estimate{}, err
	}
	payload, err := h.PayloadSize()
	if err != nil {
		return Estimate{}, err
	}
	n := lvl.Graph.Nodes()
	if n <= 3*estimateRows {
		return estimateWhole(ctx, lvl, opt)
	}
	flatOpt := opt
	flatOpt.Window, flatOpt.Layout = 0, table.LayoutFlat
	// One flat part of estimateRows rows: its time per (row, node) is a
	// search's cost per settled node; its bytes less its rows' are the
	// graph's and the header's.
	flatOpt.Workers = 1
	part, err := measurePart(ctx, lvl, flatOpt, n/estimateRows)
	if err != nil {
		return Estimate{}, err
	}
	fh, err := PlanLayout(lvl.Graph, table.LayoutFlat)
	if err != nil {
		fh = table.Header{DistKind: table.DistU32}
	}
	rowBytes := int64(n) * int64(1+fh.DistKind.Width())
	graphBytes := max(part.bytes-int64(part.rows)*rowBytes, 0)
	side := int64(table.WindowSide(opt.Window))
	settled := float64(n) * float64(min(side*side, int64(n)))
	perNode := float64(part.took) / (float64(part.rows) * float64(n))
	est := Estimate{Options: opt, Sampled: true, Bytes: graphBytes + payload,
		Duration: time.Duration(settled * perNode / float64(workerCount(opt)))}
	est.PeakBytes = peakBytes(opt, n, est.Bytes)
	return est, nil
}

// peakBytes is a build's memory at its peak beside the level: the table
// it holds whole, and the builder's scratch, O(V) per worker, or a block
// of distance rows per worker for run-length tables.
func peakBytes(opt Options, n int, tableBytes int64) int64 {
	workers := int64(workerCount(opt))
	scratch := workers * int64(n) * 64
	if opt.TableLayout() == table.LayoutRuns && opt.Window == 0 {
		scratch += workers * int64(runBlock(n, 12)) * int64(n) * 12
	}
	return tableBytes + scratch
}
