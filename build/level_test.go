package build

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestInputHashPinned pins InputHash to the hashes tables already on disk
// carry, written by pathtable build before the recipe moved here (flat) or
// when run-length tables came (runs): a change to the recipe would call
// every existing table stale. The options a grid
// is hashed with are the options it is made with, so zero fields hash as
// the defaults; graph formats ignore them.
func TestInputHashPinned(t *testing.T) {
	tests := []struct {
		file  string
		opt   maps.Options
		build Options
		want  string
	}{
		{"../examples/tiny.grid", maps.Options{}, Options{}, "c0c04dbb2199b89a33e953112cb156b9b78844d92fec4c612501e04c7be983ab"},
		{"../examples/tiny.grid", maps.Options{Moves: maps.DefaultMoves}, Options{}, "c0c04dbb2199b89a33e953112cb156b9b78844d92fec4c612501e04c7be983ab"},
		{"../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}, Options{}, "00eaec5fc0059273c82e41cd55558d1cd4f0c7f7ab6f9e0a343823dce5d20490"},
		{"../testdata/lecture.gr", maps.Options{}, Options{}, "c71736cee64dec90fd81c8e05457f74dac88ba418f603d9dd6567dc66cc81763"},
		{"../testdata/lecture.gr", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}, Options{}, "c71736cee64dec90fd81c8e05457f74dac88ba418f603d9dd6567dc66cc81763"},
		{"../testdata/tutorial.json", maps.Options{}, Options{}, "244a0109a72a172165d88cfae8e729304aa267348000172faac2c384f6a0ba9f"},
		{"../examples/tiny.grid", maps.Options{}, Options{Layout: table.LayoutRuns}, "58fca3dd4dbea4c8260f6c79310d131e124c80003cff1ce159f41de1d84d01b5"},
		{"../testdata/lecture.gr", maps.Options{}, Options{Layout: table.LayoutRuns}, "6ab87f68cf087fe35221eada87f2cb18991c561ac4a4761ed7ad4edc60575c5d"},
		// docs/FORMAT.md's recipe by hand: "pathtable table v2\nformat
		// grid\nconnect 8\ndiagonal sqrt2\nwindow 1\n", then the bytes.
		{"../examples/tiny.grid", maps.Options{}, Options{Window: 1}, "5e2773311b11f695a23cb1eafc8da667d29991ea44b33a2af88edbc545a55f2c"},
		// A one-cell agent hashes as no clearance; a larger one adds
		// "clearance K\n" after the grid line (by hand, as above).
		{"../examples/tiny.grid", maps.Options{Clearance: 1}, Options{}, "c0c04dbb2199b89a33e953112cb156b9b78844d92fec4c612501e04c7be983ab"},
		{"../examples/tiny.grid", maps.Options{Clearance: 2}, Options{}, "624c5d5204d4ffaf1bc2e817c2e05aada32d12e8610ecae37e9d88c069214ce2"},
		{"../examples/tiny.grid", maps.Options{Clearance: 2}, Options{Layout: table.LayoutRuns}, "a39270d41a27779f3c0488f075072ded732ba926b2fddc8006ac95b69ea5994b"},
	}
	for _, tc := range tests {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		format, err := maps.FormatOf(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if got := InputHash(format, tc.opt, tc.build, data); got != tc.want {
			t.Errorf("%s %+v: InputHash = %s, want %s", tc.file, tc.opt, got, tc.want)
		}
		lvl, err := maps.Load(tc.file, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := InputHash(lvl.Format, lvl.Options, tc.build, lvl.Data); got != tc.want {
			t.Errorf("%s %+v: InputHash of the loaded level = %s, want %s", tc.file, tc.opt, got, tc.want)
		}
	}
}

// TestBuildLevelMatchesCLI checks that a library caller gets the tables the
// command line writes: examples/tiny-v3.ptab and examples/tiny-runs-v3.ptab
// are pathtable build's output for examples/tiny.grid, flat and -compress,
// and examples/tiny.ptab and examples/tiny-runs.ptab its output with
// -graph-bins (formats 1 and 2), byte for byte (docs/FORMAT.md's worked
// examples show their bytes).
func TestBuildLevelMatchesCLI(t *testing.T) {
	for _, tc := range []struct {
		file      string
		layout    table.Layout
		graphBins bool
		level     string
	}{
		{"../examples/tiny.ptab", table.LayoutFlat, true, "tiny.grid"},
		{"../examples/tiny-runs.ptab", table.LayoutRuns, true, "tiny.grid"},
		{"../examples/tiny-v3.ptab", table.LayoutFlat, false, "tiny.grid"},
		{"../examples/tiny-runs-v3.ptab", table.LayoutRuns, false, "tiny.grid"},
		{"../examples/tiny-box.ptab", table.LayoutRuns, false, "tiny-box.grid"},
	} {
		want, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		lvl, err := maps.Load("../examples/"+tc.level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// -graph-bins builds literal rows: formats 1 and 2 carry no symbols.
		tab, err := BuildLevel(context.Background(), lvl, Options{Layout: tc.layout, Literal: tc.graphBins})
		if err != nil {
			t.Fatal(err)
		}
		tab.GraphBins = tc.graphBins
		var got bytes.Buffer
		if _, err := tab.WriteTo(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("BuildLevel(%s, layout %q) writes %d bytes that differ from %s's %d", tc.level, tc.layout, got.Len(), tc.file, len(want))
		}
	}
}

// TestLevelOptionsReload checks that a table's level loaded with
// LevelOptions hashes as the table records, for every movement model and
// for graphs, in both layouts.
func TestLevelOptionsReload(t *testing.T) {
	models := []maps.Moves{{}, {Connect: 4, Diagonal: maps.DiagonalSqrt2}, {Connect: 8, Diagonal: maps.Diagonal1014}}
	for _, file := range []string{"maze.grid", "small.map", "lecture.gr", "waypoints.json"} {
		for i, mv := range models {
			layout := []table.Layout{table.LayoutFlat, table.LayoutRuns}[i%2]
			path := filepath.Join("..", "testdata", file)
			lvl, err := maps.Load(path, maps.Options{Moves: mv})
			if err != nil {
				t.Fatal(err)
			}
			tab, err := BuildLevel(context.Background(), lvl, Options{Layout: layout})
			if err != nil {
				t.Fatal(err)
			}
			if tab.Source != file || tab.Format != string(lvl.Format) {
				t.Errorf("%s: source %q, format %q", file, tab.Source, tab.Format)
			}
			again, err := maps.Load(path, LevelOptions(&tab.Header))
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckStale(&tab.Header, again.Format, again.Options, TableOptions(&tab.Header), again.Data); err != nil {
				t.Errorf("%s %v: reloaded level: %v", file, mv, err)
			}
			if tab.Kind == table.KindGrid && again.Graph.Grid.Moves != lvl.Graph.Grid.Moves {
				t.Errorf("%s: reloaded with %v, built with %v", file, again.Graph.Grid.Moves, lvl.Graph.Grid.Moves)
			}
		}
	}
}
