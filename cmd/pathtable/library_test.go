package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestLibraryTableIsCurrent checks that a table a Go program bakes with
// maps.Load and build.BuildLevel is the file pathtable build writes, and
// that verify, bench and build all take it as current.
func TestLibraryTableIsCurrent(t *testing.T) {
	tests := []struct {
		level string
		flags []string
		opt   maps.Options
	}{
		{"small.map", nil, maps.Options{}},
		{"maze.grid", []string{"-connect", "4", "-diagonal", "10/14"}, maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}},
		{"lecture.gr", nil, maps.Options{}},
		{"waypoints.json", nil, maps.Options{}},
	}
	for _, tc := range tests {
		level := filepath.Join("../../testdata", tc.level)
		lvl, err := maps.Load(level, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build.BuildLevel(context.Background(), lvl, build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		lib := filepath.Join(t.TempDir(), "lib.ptab")
		if err := table.WriteFile(lib, tab); err != nil {
			t.Fatal(err)
		}
		cli := buildTestTable(t, tc.level, tc.flags...)
		a, _ := os.ReadFile(lib)
		b, _ := os.ReadFile(cli)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the library's table differs from pathtable build's", tc.level)
		}
		if code, _, errOut := runCLI(t, "", "verify", lib, level); code != 0 {
			t.Errorf("%s: verify of the library's table: exit %d: %s", tc.level, code, errOut)
		}
		if code, _, errOut := runCLI(t, "", "bench", "-time", "1ms", "-pairs", "10", lib, level); code != 0 {
			t.Errorf("%s: bench of the library's table: exit %d: %s", tc.level, code, errOut)
		}
		args := append([]string{"build", "-o", lib}, tc.flags...)
		if code, out, errOut := runCLI(t, "", append(args, level)...); code != 0 || !strings.HasPrefix(out, "up to date: ") {
			t.Errorf("%s: build over the library's table: exit %d, %q %q", tc.level, code, out, errOut)
		}
	}
}
