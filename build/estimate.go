package build

import (
	"context"
	"io"
	"strings"
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

// estimateRows is how many source rows a sampled estimate builds in its
// small part; its large part has estimateScale times as many, so that what
// every build pays once, such as a contraction, is told apart from what
// each row costs, by a difference well above the noise of timing. Levels
// of up to 3·estimateRows nodes are built whole.
const (
	estimateRows  = 256
	estimateScale = 8
)

// EstimateBuild estimates the build of lvl that opt asks for, of any
// layout. Tables of all pairs are measured on two parts of the level
// (BuildPart, estimateRows and estimateScale·estimateRows source rows from
// the middle of the node order) and extrapolated linearly to every row:
// exact in size for flat tables, whose rows have one size; run-length rows
// differ by source, so their size is a sample's. Windowed tables are built
// whole up to windowWholeBytes (their build is cheap, O(V·DELTA²)); past
// it, their payload size is exact (PlanWindow) and their time an open
// grid's per node. Small levels are built whole. The sample costs about
// 9·estimateRows rows of the build, plus twice what a build pays once;
// refusals (too many nodes, a window on a graph) are the build's errors.
// Peak memory is the table plus the builder's scratch, the largest buffer
// of each layout.
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
	if opt.TableLayout() == table.LayoutRuns {
		perRowBytes = runRowBytes(lvl.Graph, perRowBytes)
	}
	// A part carries the level's graph, a grid table its cells instead;
	// a run-length part's order takes 4 bytes a node, a table's 2 up to
	// 65,536 nodes.
	asPart, asTable := levelBytes(lvl.Graph, true), levelBytes(lvl.Graph, false)
	if opt.TableLayout() == table.LayoutRuns && n <= 1<<16 {
		asPart += 2 * int64(n)
	}
	onceBytes = max(onceBytes-float64(asPart-asTable), 0)
	// The samples' times are CPU time, which adds up row by row whatever
	// the workers; the build spreads it over its workers.
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

// runRowBytes converts the bytes of a run-length row in a part file (a
// row start and 5 bytes a run: a part's runs are runs32x8, a 4-byte start
// and a move byte) into a table's: a row start (a grid table's, which
// carries its cells, a run count of 1 byte, 2 from 256 runs a row), and a
// start of 2 bytes (4 past 65,535 nodes) and a move of 4 bits (8 past 15
// out-edges) a run.
func runRowBytes(g *maps.Graph, partRow float64) float64 {
	runs := max(partRow-4, 0) / 5
	row := 4.0
	if g.Grid != nil {
		row = 1
		if runs >= 1<<8 {
			row = 2
		}
	}
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
	return row + runs*(start+move)
}

// partSample is what building one part took: its rows, its file bytes and
// the CPU time it took (wall time times the workers where the CPU time is
// not known).
type partSample struct {
	rows  int
	bytes int64
	took  time.Duration
}

// measurePart builds the middle part of shards parts of lvl.
func measurePart(ctx context.Context, lvl *maps.Level, opt Options, shards int) (partSample, error) {
	shards = max(shards, 1)
	mid := shards / 2
	start, _ := cpuTime()
	wall := time.Now()
	p, err := BuildPart(ctx, lvl, opt, mid, shards)
	if err != nil {
		return partSample{}, err
	}
	end, cpu := cpuTime()
	took := end - start
	if !cpu {
		took = time.Since(wall) * time.Duration(workerCount(opt))
	}
	size, err := p.WriteTo(io.Discard)
	if err != nil {
		return partSample{}, err
	}
	from, to := table.ShardRange(mid, shards, lvl.Graph.Nodes())
	return partSample{rows: to - from, bytes: size, took: took}, nil
}

// estimateWindow: a windowed build costs O(V·DELTA²) and holds only its
// table, so levels whose table takes up to windowWholeBytes are built
// whole. Larger ones are timed on an open grid of windowProbeSide² cells
// under the level's movement model, where every window is full, so the
// time is an upper bound; the size is exact (PlanWindow) either way.
func estimateWindow(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	h, err := PlanWindow(lvl.Graph, opt.Window)
	if err != nil {
		return Estimate{}, err
	}
	payload, err := h.PayloadSize()
	if err != nil {
		return Estimate{}, err
	}
	if payload <= windowWholeBytes {
		return estimateWhole(ctx, lvl, opt)
	}
	return estimateWindowProbe(ctx, lvl, opt, payload)
}

// estimateWindowProbe is estimateWindow past windowWholeBytes, for a
// table whose payload takes payload bytes.
func estimateWindowProbe(ctx context.Context, lvl *maps.Level, opt Options, payload int64) (Estimate, error) {
	probe, err := maps.ParseLevel("probe.grid", []byte(strings.Repeat(strings.Repeat(".", windowProbeSide)+"\n", windowProbeSide)), lvl.Options)
	if err != nil {
		return Estimate{}, err
	}
	small, err := estimateWhole(ctx, probe, opt)
	if err != nil {
		return Estimate{}, err
	}
	n := lvl.Graph.Nodes()
	// The header and framing are the probe's; the level's bins its own.
	framing := small.Bytes - payloadOf(probe, opt) - levelBytes(probe.Graph, false)
	est := Estimate{Options: opt, Sampled: true, Bytes: framing + levelBytes(lvl.Graph, false) + payload,
		Duration: small.Duration * time.Duration(n) / time.Duration(probe.Graph.Nodes())}
	est.PeakBytes = peakBytes(opt, n, est.Bytes)
	return est, nil
}

const (
	windowWholeBytes = 256 << 20
	windowProbeSide  = 64
)

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

// payloadOf is the payload size of lvl's windowed table, or 0.
func payloadOf(lvl *maps.Level, opt Options) int64 {
	h, err := PlanWindow(lvl.Graph, opt.Window)
	if err != nil {
		return 0
	}
	size, _ := h.PayloadSize()
	return size
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
