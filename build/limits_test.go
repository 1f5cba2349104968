package build

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestPlanRefusesPayloadPastBin32: a level whose distances need 8 bytes
// and whose n² distances would pass 2^32-1 bytes is refused by Plan, with
// the limit in the message; one node fewer is planned.
func TestPlanRefusesPayloadPastBin32(t *testing.T) {
	for _, c := range []struct {
		nodes int
		ok    bool
	}{{23170, true}, {23171, false}} {
		g := &maps.Graph{Offsets: make([]int32, c.nodes+1), Names: make([]string, c.nodes), Metric: maps.MetricFloat}
		h, err := Plan(g)
		if (err == nil) != c.ok {
			t.Errorf("%d nodes (%s): %v, want ok %v", c.nodes, h.DistKind, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "4 GiB") {
			t.Errorf("%d nodes: %v does not name the limit", c.nodes, err)
		}
	}
}

// TestSizeErrors: every refusal over a byte limit is one *SizeError whose
// bytes split into first moves and distances as the table's layout stores
// them, whatever refused it: Build of each layout, BuildPart, CheckSize and
// the check before parsing (CheckLevelSize).
func TestSizeErrors(t *testing.T) {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := int64(lvl.Graph.Nodes())
	for _, c := range []struct {
		name         string
		opt          Options
		dist         func(bytes int64) int64 // the distances' share of the refused bytes
		compressible bool
	}{
		{"flat", Options{}, func(int64) int64 { return n * n * 4 }, true}, // octile16
		{"runs", Options{Layout: table.LayoutRuns}, func(int64) int64 { return 0 }, false},
		{"window", Options{Window: 2}, func(int64) int64 { return 0 }, false},
	} {
		c.opt.MaxBytes = 10
		check := func(what string, err error) {
			var e *SizeError
			if !errors.As(err, &e) {
				t.Fatalf("%s %s: %v, want a *SizeError", c.name, what, err)
			}
			if e.First+e.Dist != e.Bytes || e.Dist != c.dist(e.Bytes) || e.Compressible != c.compressible || e.Limit != 10 {
				t.Errorf("%s %s: %+v", c.name, what, e)
			}
		}
		_, err := BuildLevel(context.Background(), lvl, c.opt)
		check("Build", err)
		if c.opt.Window == 0 {
			_, err = BuildPart(context.Background(), lvl, c.opt, 0, 1)
			if c.opt.Layout == table.LayoutFlat {
				check("BuildPart", err)
			} else if err == nil {
				t.Errorf("%s BuildPart: no error", c.name)
			}
		}
		if c.opt.Layout != table.LayoutRuns { // a run-length table's size is known once built
			var e *SizeError
			if err := CheckLevelSize(lvl.Format, lvl.Data, c.opt); !errors.As(err, &e) || e.AtLeast != (c.opt.Window == 0) {
				t.Errorf("%s CheckLevelSize: %v", c.name, err)
			}
		}
	}
}

// TestCheckStale: a table is stale for another level file, other options
// or another layout, with a *StaleError naming both hashes; not for its
// own.
func TestCheckStale(t *testing.T) {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := BuildLevel(context.Background(), lvl, Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	h := &tab.Header
	if err := CheckStale(h, lvl.Format, lvl.Options, TableOptions(h), lvl.Data); err != nil {
		t.Fatalf("its own level: %v", err)
	}
	changed := append([]byte("#"), lvl.Data...)[1:]
	changed[0] ^= 1
	for name, err := range map[string]error{
		"changed level": CheckStale(h, lvl.Format, lvl.Options, TableOptions(h), changed),
		"other model":   CheckStale(h, lvl.Format, maps.Options{Moves: maps.Moves{Connect: 4}}, TableOptions(h), lvl.Data),
		"flat":          CheckStale(h, lvl.Format, lvl.Options, Options{}, lvl.Data),
		"window":        CheckStale(h, lvl.Format, lvl.Options, Options{Window: 3}, lvl.Data),
	} {
		var stale *StaleError
		if !errors.As(err, &stale) || stale.TableHash != h.InputHash || stale.LevelHash == h.InputHash {
			t.Errorf("%s: %v, want a *StaleError", name, err)
		}
	}
}
