package build

import (
	"context"
	"io"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// estimateLevels are levels large enough to be sampled, not built whole:
// open, sparse and dense random grids, with and without cell costs.
func estimateLevels(t *testing.T) []*maps.Level {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 25))
	var out []*maps.Level
	for _, c := range []struct {
		name  string
		w, h  int
		walls float64
		cost  func(*rand.Rand) byte
	}{
		{"open-40x40.grid", 40, 40, 0, nil},
		{"random10-48x40.grid", 48, 40, 0.1, nil},
		{"random30-50x50.grid", 50, 50, 0.3, nil},
		{"costs-40x36.grid", 40, 36, 0.15, mapstest.MixedCosts},
	} {
		lvl, err := maps.ParseLevel(c.name, []byte(mapstest.RandomGrid(r, c.w, c.h, c.walls, c.cost)), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, lvl)
	}
	return out
}

// TestEstimateBytes: an estimate's file size against the real build's, on
// generated levels: exact for flat and windowed tables (their rows have
// one size), within estimateTolerance for run-length tables, whose rows
// differ by source; a range that holds the figure; a peak that holds the
// table.
func TestEstimateBytes(t *testing.T) {
	for _, lvl := range estimateLevels(t) {
		for _, lb := range Layouts(6) {
			est, err := EstimateBuild(context.Background(), lvl, lb.Options)
			if err != nil {
				t.Fatalf("%s %s: %v", lvl.Name, lb.Name, err)
			}
			tab, err := BuildLevel(context.Background(), lvl, lb.Options)
			if err != nil {
				t.Fatal(err)
			}
			size, err := tab.WriteTo(io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			ratio := float64(est.Bytes) / float64(size)
			lo, hi := 0.999, 1.001
			if lb.Options.TableLayout() == table.LayoutRuns {
				lo, hi = 1/estimateTolerance, estimateTolerance
			}
			if ratio < lo || ratio > hi || est.PeakBytes < est.Bytes || est.CPU <= 0 ||
				est.BytesLow > est.Bytes || est.BytesHigh < est.Bytes || est.CPULow > est.CPU || est.CPUHigh < est.CPU {
				t.Errorf("%s %s: estimate %+v, real %d bytes (ratio %.3f, want %.3f to %.3f)", lvl.Name, lb.Name, est, size, ratio, lo, hi)
			}
		}
	}
}

// estimateTolerance is how far an estimate may be from the build it
// estimates, either way.
const estimateTolerance = 1.3

// TestEstimateRefusals: a layout the level cannot have is refused with the
// build's own error, before any row is built.
func TestEstimateRefusals(t *testing.T) {
	g := mapstest.GraphNamed(t, "tutorial")
	lvl := &maps.Level{Graph: g, Name: "tutorial.json", Source: "tutorial.json", Format: maps.FormatJSON}
	if _, err := EstimateBuild(context.Background(), lvl, Options{Window: 3}); err != ErrWindowGraph {
		t.Errorf("window on a graph: %v, want ErrWindowGraph", err)
	}
}

// TestEstimateSampledDrift samples a run-length build of generated levels
// on a few blocks, where every figure is extrapolated, and fails when its
// size, peak memory or CPU time drifts past estimateTolerance from the
// real build's, measured alike (process CPU, the runtime's memory).
func TestEstimateSampledDrift(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector slows CPU time unevenly")
	}
	r := rand.New(rand.NewPCG(11, 4))
	for _, c := range []struct {
		name  string
		w, h  int
		walls float64
	}{{"random10-96x80.grid", 96, 80, 0.1}, {"random25-90x90.grid", 90, 90, 0.25}} {
		lvl, err := maps.ParseLevel(c.name, []byte(mapstest.RandomGrid(r, c.w, c.h, c.walls, nil)), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Layout: table.LayoutRuns}
		est, m, err := sampleRuns(context.Background(), lvl, opt, 6)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.samples) >= m.total || !est.Sampled {
			t.Fatalf("%s: %d of %d blocks sampled", c.name, len(m.samples), m.total)
		}
		real := measureBuild(t, lvl, opt)
		ratio := func(a, b float64) float64 { return a / b }
		got := ratios{ratio(float64(est.Bytes), float64(real.bytes)), ratio(float64(est.PeakBytes), float64(real.peak)), ratio(est.CPU.Seconds(), real.cpu.Seconds())}
		t.Logf("%s: %d nodes, estimate/real bytes %.2f, peak %.2f, cpu %.2f (%.2fs)", c.name, lvl.Graph.Nodes(), got.bytes, got.peak, got.cpu, real.cpu.Seconds())
		for _, x := range []float64{got.bytes, got.peak, got.cpu} {
			if x > estimateTolerance || x < 1/estimateTolerance {
				t.Errorf("%s: estimate/real bytes %.2f, peak %.2f, cpu %.2f: past %.1fx", c.name, got.bytes, got.peak, got.cpu, estimateTolerance)
				break
			}
		}
	}
}

// TestEstimateStepsCounted: EstimateBuild counts in opt.Progress exactly
// the steps EstimateSteps announces, so a progress display ends full, for
// levels built whole and sampled, of every layout; a layout the level
// cannot have announces none.
func TestEstimateStepsCounted(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 9))
	big, err := maps.ParseLevel("open-140x130.grid", []byte(mapstest.RandomGrid(r, 140, 130, 0.05, nil)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, lvl := range append(estimateLevels(t)[:2], big) {
		for _, lb := range Layouts(4) {
			if lvl == big && lb.Options.Window == 0 {
				continue // big is there for the windowed sample, past whole builds
			}
			var done atomic.Int64
			opt := lb.Options
			opt.Progress = &done
			if _, err := EstimateBuild(context.Background(), lvl, opt); err != nil {
				t.Fatal(err)
			}
			if want := EstimateSteps(lvl.Graph, opt); done.Load() != int64(want) {
				t.Errorf("%s %s: %d steps counted, %d announced", lvl.Name, lb.Name, done.Load(), want)
			}
		}
	}
	g := mapstest.GraphNamed(t, "tutorial")
	if n := EstimateSteps(g, Options{Window: 3}); n != 0 {
		t.Errorf("a window on a graph announces %d steps, want 0", n)
	}
}
