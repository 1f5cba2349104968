package build

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// realBuild is what building a table took, measured as estimates measure:
// process CPU (the build and writing its file), the memory it grew by
// beyond what the process held, and its file's bytes.
type realBuild struct {
	bytes int64
	cpu   time.Duration
	peak  int64
}

// measureBuild builds lvl as opt asks and writes it as the CLI does.
func measureBuild(tb testing.TB, lvl *maps.Level, opt Options) realBuild {
	tb.Helper()
	base := settledMemory()
	watch := startMemWatch()
	start, _ := cpuTime()
	t, err := BuildLevel(context.Background(), lvl, opt)
	end, _ := cpuTime()
	grew := watch.stop()
	if err != nil {
		tb.Fatal(err)
	}
	ws, err := sampleWrite(t, opt)
	if err != nil {
		tb.Fatal(err)
	}
	return realBuild{bytes: ws.bytes, cpu: end - start + ws.cpu, peak: base + grew + ws.grew}
}

// compareEstimate estimates lvl's build as opt asks, builds it, logs one
// line of the table and returns the ratios, estimate over real.
func compareEstimate(tb testing.TB, name string, lvl *maps.Level, opt Options) (bytes, peak, cpu float64) {
	tb.Helper()
	est, err := EstimateBuild(context.Background(), lvl, opt)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	real := measureBuild(tb, lvl, opt)
	bytes = float64(est.Bytes) / float64(real.bytes)
	peak = float64(est.PeakBytes) / float64(real.peak)
	cpu = est.CPU.Seconds() / max(real.cpu.Seconds(), 1e-3)
	// Sizes built whole, or exact, may differ by a header's few bytes.
	slack := max(real.bytes/1000, 256)
	inRange := est.BytesLow-slack <= real.bytes && real.bytes <= est.BytesHigh+slack
	tb.Logf("%-22s %-6s %7d nodes  bytes %10d / %10d = %.2f (in range %v)  peak %7.1f / %7.1f MiB = %.2f  cpu %7.2fs / %7.2fs = %.2f",
		name, opt.TableLayout(), lvl.Graph.Nodes(), est.Bytes, real.bytes, bytes, inRange,
		float64(est.PeakBytes)/(1<<20), float64(real.peak)/(1<<20), peak, est.CPU.Seconds(), real.cpu.Seconds(), cpu)
	if real.cpu < minJudgedCPU {
		cpu = 1 // a few clock ticks and the machine's noise decide it
	}
	return bytes, peak, cpu
}

// minJudgedCPU is the shortest real build whose CPU time the estimate is
// held to: below it a process's CPU clock (a tick of 10 ms) and a shared
// machine's noise are most of the figure.
const minJudgedCPU = 250 * time.Millisecond

// TestEstimateSharedMaps prints each estimate beside the real build, for
// every map of ../shared/testmaps and ../shared/moremaps: run-length and
// windowed tables, flat ones of up to 6,000 nodes. A size off by more than
// estimateTolerance fails; peak memory and CPU time, which a shared
// machine disturbs, fail only past twice that (CPU time only for builds
// of at least minJudgedCPU). Skipped under -short and
// without ../shared; largemaps are BenchmarkEstimateLargeMaps's.
func TestEstimateSharedMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every shared map: not under -short")
	}
	files := append(sharedmaps.Glob(t, "testmaps/*.map"), sharedmaps.Glob(t, "moremaps/*.map")...)
	for _, f := range files {
		lvl, err := maps.Load(f, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, lb := range Layouts(8) {
			if lb.Options.TableLayout() == table.LayoutFlat && lvl.Graph.Nodes() > 6000 {
				continue
			}
			checkRatios(t, filepath.Base(f), lb.Name, compareEstimateR(t, filepath.Base(f), lvl, lb.Options))
		}
	}
}

// ratios are an estimate's figures over the real build's.
type ratios struct{ bytes, peak, cpu float64 }

func compareEstimateR(tb testing.TB, name string, lvl *maps.Level, opt Options) ratios {
	b, p, c := compareEstimate(tb, name, lvl, opt)
	return ratios{b, p, c}
}

// checkRatios fails a size off by more than estimateTolerance, a peak or
// a CPU time off by more than twice that.
func checkRatios(t *testing.T, name, layout string, r ratios) {
	t.Helper()
	off := func(x, tol float64) bool { return math.Abs(math.Log(x)) > math.Log(tol) }
	if off(r.bytes, estimateTolerance) || off(r.peak, 2*estimateTolerance) || off(r.cpu, 2*estimateTolerance) {
		t.Errorf("%s %s: estimate/real bytes %.2f, peak %.2f, cpu %.2f", name, layout, r.bytes, r.peak, r.cpu)
	}
}

// BenchmarkEstimateLargeMaps logs estimates beside real builds of
// ../shared/largemaps (not Boston_0_1024's all-pairs tables, hours long:
// its windowed one only), one iteration each: go test -run X -bench
// EstimateLargeMaps -benchtime 1x ./build/. Minutes of CPU.
func BenchmarkEstimateLargeMaps(b *testing.B) {
	files := sharedmaps.Glob(b, "largemaps/*.map")
	b.ReportAllocs()
	for range b.N {
		for _, f := range files {
			lvl, err := maps.Load(f, maps.Options{})
			if err != nil {
				b.Fatal(err)
			}
			for _, lb := range Layouts(8) {
				if lb.Options.TableLayout() == table.LayoutFlat || (lb.Options.Window == 0 && lvl.Graph.Nodes() > 1<<18) {
					continue
				}
				r := compareEstimateR(b, filepath.Base(f), lvl, lb.Options)
				fmt.Fprintf(os.Stderr, "%s %s: estimate/real bytes %.2f peak %.2f cpu %.2f\n", filepath.Base(f), lb.Name, r.bytes, r.peak, r.cpu)
			}
		}
	}
}
