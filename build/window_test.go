package build

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
	"github.com/pathtable/pathtable/verify"
)

// windowDeltas are the half-widths every windowed test runs: the smallest,
// a few that cut most levels, and one that covers every small level whole.
var windowDeltas = []int{1, 2, 4, 40}

// TestWindowVerifies builds every small grid level windowed, checks each
// against the live confined searches, and checks that the bytes do not
// depend on the workers.
func TestWindowVerifies(t *testing.T) {
	longer := int64(0)
	for _, lv := range mapstest.SmallLevels(t) {
		if lv.G.Grid == nil {
			continue
		}
		for _, delta := range windowDeltas {
			tab, err := Build(context.Background(), lv.G, Options{Window: delta, Workers: 1})
			if err != nil {
				t.Fatalf("%s delta %d: %v", lv.Name, delta, err)
			}
			again, err := Build(context.Background(), lv.G, Options{Window: delta, Workers: 3})
			if err != nil || !bytes.Equal(tab.Payload().(*table.Window).Blocks(), again.Payload().(*table.Window).Blocks()) {
				t.Errorf("%s delta %d: 3 workers build other bytes (%v)", lv.Name, delta, err)
			}
			rep, err := verify.Table(context.Background(), tab, lv.G, verify.Options{Pairs: verify.AllPairs})
			if err != nil {
				t.Fatalf("%s delta %d: %v", lv.Name, delta, err)
			}
			if !rep.OK() || rep.Origins != int64(tab.Nodes) {
				t.Errorf("%s delta %d: %d of %d pairs fail over %d origins; first %v", lv.Name, delta, rep.Failed, rep.Pairs, rep.Origins, rep.Mismatches)
			}
			longer += rep.Longer
		}
	}
	if longer == 0 {
		t.Error("no confined path on any level is longer than unconfined: the check cannot see what windows cost")
	}
}

// TestWindowWholeLevel: a window that covers the whole level confines
// nothing, so its distances are the all-pairs table's, pair for pair, and
// its every first move starts a shortest path.
func TestWindowWholeLevel(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		if lv.G.Grid == nil {
			continue
		}
		delta := max(lv.G.Grid.Width, lv.G.Grid.Height)
		win, err := Build(context.Background(), lv.G, Options{Window: delta})
		if err != nil {
			t.Fatal(err)
		}
		flat, err := Build(context.Background(), lv.G, Options{})
		if err != nil {
			t.Fatal(err)
		}
		lw, lf := lookup.New(win), lookup.New(flat)
		for s := range win.Nodes {
			for d := range win.Nodes {
				if !lw.Covered(s, d) {
					t.Fatalf("%s: %d -> %d not covered by a window of %d", lv.Name, s, d, delta)
				}
				cw, okw := lw.Dist(s, d)
				cf, okf := lf.Dist(s, d)
				if okw != okf || okw && math.Float64bits(cw) != math.Float64bits(cf) {
					t.Fatalf("%s: %d -> %d windowed %v %v, all pairs %v %v", lv.Name, s, d, cw, okw, cf, okf)
				}
			}
		}
	}
}

// TestWindowVerifyCatchesDamage changes one stored move and expects
// VerifyWindow to notice: the check can fail.
func TestWindowVerifyCatchesDamage(t *testing.T) {
	damaged := 0
	for _, lv := range mapstest.SmallLevels(t) {
		if lv.G.Grid == nil || lv.G.Nodes() < 20 {
			continue
		}
		tab, err := Build(context.Background(), lv.G, Options{Window: 3})
		if err != nil {
			t.Fatal(err)
		}
		// Turn the first stored move around: it now leads away from the
		// origin, or names no edge at all.
		blocks := tab.Payload().(*table.Window).Blocks()
		for i, b := range blocks {
			if m := b & 0xF; m < 8 {
				blocks[i] = b&0xF0 | (m+4)%8
				break
			}
		}
		rep, err := verify.Table(context.Background(), tab, lv.G, verify.Options{Pairs: verify.AllPairs})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OK() {
			t.Errorf("%s: a reversed move went unnoticed", lv.Name)
		}
		damaged++
	}
	if damaged == 0 {
		t.Error("no level was damaged")
	}
}

func TestWindowErrors(t *testing.T) {
	var graph, grid mapstest.Level
	for _, lv := range mapstest.SmallLevels(t) {
		if lv.G.Grid == nil && graph.G == nil {
			graph = lv
		}
		if lv.G.Grid != nil && grid.G == nil {
			grid = lv
		}
	}
	if _, err := Build(context.Background(), graph.G, Options{Window: 4}); !errors.Is(err, ErrWindowGraph) {
		t.Errorf("graph level: %v, want ErrWindowGraph", err)
	}
	for _, delta := range []int{-1, table.MaxWindowDelta + 1} { // 0 builds all pairs
		if _, err := Build(context.Background(), grid.G, Options{Window: delta}); err == nil {
			t.Errorf("delta %d: no error", delta)
		}
	}
	h, err := PlanWindow(grid.G, 4)
	if err != nil {
		t.Fatal(err)
	}
	size, _ := h.PayloadSize()
	if want := int64(grid.G.Nodes() * table.WindowBlockBytes(4)); size != want {
		t.Errorf("planned %d bytes, want %d", size, want)
	}
	var se *SizeError
	if _, err := Build(context.Background(), grid.G, Options{Window: 4, MaxBytes: size - 1}); !errors.As(err, &se) || se.Bytes != size {
		t.Errorf("over the limit: %v, want a SizeError of %d bytes", err, size)
	}
	var done atomic.Int64
	if _, err := Build(context.Background(), grid.G, Options{Window: 4, MaxBytes: size, Progress: &done}); err != nil || done.Load() != int64(grid.G.Nodes()) {
		t.Errorf("at the limit: %v, progress %d of %d", err, done.Load(), grid.G.Nodes())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, grid.G, Options{Window: 4}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestWindowCheckNodes: a level too big for all pairs passes the pre-parse
// check for a windowed table, and -max-bytes still refuses one too large.
func TestWindowCheckNodes(t *testing.T) {
	n := table.MaxNodes + 1
	if err := CheckNodes(n, Options{}); err == nil {
		t.Errorf("%d nodes pass for all pairs", n)
	}
	if err := CheckNodes(n, Options{Window: 16}); err != nil {
		t.Errorf("%d nodes, window 16: %v", n, err)
	}
	var se *SizeError
	if err := CheckNodes(n, Options{Window: 16, MaxBytes: 1000}); !errors.As(err, &se) || se.Bytes != int64(n*table.WindowBlockBytes(16)) {
		t.Errorf("window 16 over -max-bytes: %v", err)
	}
}

// TestWindowFitsTheLevel: a window wider than the level confines paths of
// at most the level's nodes, so its distances fit where those of a window
// of that width over a larger level would not: maze.grid (12x8, octile)
// builds with DELTA 59, while an open field of cost-9 cells large enough
// for the window is still refused.
func TestWindowFitsTheLevel(t *testing.T) {
	g := mapstest.GraphNamed(t, "maze.grid/octile")
	tab, err := Build(context.Background(), g, Options{Window: 59})
	if err != nil {
		t.Fatalf("maze.grid, DELTA 59: %v", err)
	}
	rep, err := verify.Table(context.Background(), tab, g, verify.Options{Pairs: verify.AllPairs})
	if err != nil || !rep.OK() {
		t.Fatalf("maze.grid, DELTA 59: %v, %+v", err, rep)
	}
	field := strings.Repeat(strings.Repeat("9", 100)+"\n", 100)
	big, err := maps.ParseFormat(maps.FormatGrid, "field.grid", []byte(field), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlanWindow(big, 59); err == nil || !strings.Contains(err.Error(), "too large for this level's costs") {
		t.Fatalf("100x100 field of 9s, DELTA 59: %v, want refused", err)
	}
}
