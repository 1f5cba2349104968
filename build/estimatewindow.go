package build

import (
	"context"
	"strings"
	"time"

	"github.com/pathtable/pathtable/maps"
)

// Windowed tables (window.go) cost O(DELTA²) an origin and hold their
// table, whose size PlanWindow gives exactly; an estimate times the
// confined searches of windowSampleOrigins origins spread over the level,
// in windowSampleGroups groups whose spread gives the time's range.
const (
	windowSampleOrigins = 16384
	windowSampleGroups  = 32
	// windowProbeSide is the side of the open grid whose windowed table
	// tells the file's framing (header and bin lengths) and the rate at
	// which a table is written.
	windowProbeSide = 64
	// windowWholeBytes: levels whose windowed table takes up to this many
	// bytes and that have no more origins than the sample are built whole.
	windowWholeBytes = 256 << 20
)

// estimateWindow estimates a windowed build (see EstimateBuild).
func estimateWindow(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	g := lvl.Graph
	h, err := PlanWindow(g, opt.Window)
	if err != nil {
		return Estimate{}, err
	}
	payload, err := h.PayloadSize()
	if err != nil {
		return Estimate{}, err
	}
	n := g.Nodes()
	if n <= windowSampleOrigins && payload <= windowWholeBytes {
		return estimateWhole(ctx, lvl, opt)
	}
	probe, err := windowProbe(ctx, lvl, opt)
	if err != nil {
		return Estimate{}, err
	}
	base := settledMemory()
	watch := startMemWatch()
	start, _ := cpuTime()
	wg, err := newWindowGrid(g, opt.Window, h.DistKind)
	if err != nil {
		watch.stop()
		return Estimate{}, err
	}
	set, _ := cpuTime()
	took, counts := sampleWindows(ctx, wg, n, opt)
	grew := watch.stop()
	if err := ctx.Err(); err != nil {
		return Estimate{}, err
	}
	est := Estimate{Options: opt, Sampled: true, Bytes: probe.framing + levelBytes(g, false) + payload}
	c, lo, hi := ratioRange(took, counts, windowSampleGroups, windowSampleGroups*max(n/windowSampleOrigins, 1), float64(n))
	write := probe.write.rate(est.Bytes)
	est.CPU, est.CPULow, est.CPUHigh = set-start+time.Duration(c)+write, set-start+time.Duration(lo)+write, set-start+time.Duration(hi)+write
	est.Duration = est.CPU / time.Duration(workerCount(opt))
	// Writing holds the table, the writers' chunks and what the level's
	// cells take to write.
	lw, err := levelWrite(g, opt)
	if err != nil {
		return Estimate{}, err
	}
	est.PeakBytes, est.BaseBytes = base+payload+max(grew, lw.grew+writeScratch(est.Bytes, opt)), base
	est.BytesLow, est.BytesHigh, est.PeakLow, est.PeakHigh = est.Bytes, est.Bytes, est.PeakBytes, est.PeakBytes
	return est, nil
}

// sampleWindows runs the confined searches of windowSampleOrigins origins
// spread evenly over n, in windowSampleGroups groups, on one goroutine so
// that each group's CPU time is its own, and returns each group's CPU time
// and origins.
func sampleWindows(ctx context.Context, wg *windowGrid, n int, opt Options) (took, counts []float64) {
	s := newWindowSearch(wg)
	block := make([]byte, (wg.side*wg.side+1)/2)
	k := min(n, windowSampleOrigins)
	per := (k + windowSampleGroups - 1) / windowSampleGroups
	for i := 0; i < k && ctx.Err() == nil; i += per {
		start, _ := cpuTime()
		for j := i; j < min(i+per, k); j++ {
			s.run(int32(int64(j)*int64(n)/int64(k)), block)
		}
		end, _ := cpuTime()
		took, counts = append(took, float64(end-start)), append(counts, float64(min(i+per, k)-i))
		if opt.Progress != nil {
			opt.Progress.Add(1)
		}
	}
	return took, counts
}

// probeFile is what the windowed table of an open probe grid tells: the
// bytes of a file beyond its payload and level (the header, bin lengths,
// checksum), and the CPU time a byte takes to write.
type probeFile struct {
	framing int64
	write   writeSample
}

// windowProbe builds the windowed table of an open grid of
// windowProbeSide² cells under lvl's movement model and writes it as a
// build does.
func windowProbe(ctx context.Context, lvl *maps.Level, opt Options) (probeFile, error) {
	probe, err := maps.ParseLevel("probe.grid", []byte(strings.Repeat(strings.Repeat(".", windowProbeSide)+"\n", windowProbeSide)), lvl.Options)
	if err != nil {
		return probeFile{}, err
	}
	o := opt
	o.Progress = nil
	t, err := BuildLevel(ctx, probe, o)
	if err != nil {
		return probeFile{}, err
	}
	ws, err := sampleWrite(t, opt)
	if err != nil {
		return probeFile{}, err
	}
	h, err := PlanWindow(probe.Graph, opt.Window)
	if err != nil {
		return probeFile{}, err
	}
	payload, _ := h.PayloadSize()
	return probeFile{framing: ws.bytes - payload - levelBytes(probe.Graph, false), write: ws}, nil
}
