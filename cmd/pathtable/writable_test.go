package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestOutputsRefusedBeforeTheBake: an output that cannot be written is
// refused with one line naming it, before any level is parsed or baked
// (the building stage is never reached), and nothing is left behind.
func TestOutputsRefusedBeforeTheBake(t *testing.T) {
	dir := t.TempDir()
	level := "../../testdata/maze.grid"
	notFolder := filepath.Join(dir, "file")
	if err := os.WriteFile(notFolder, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	inTheWay := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(inTheWay, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, out, want string
	}{
		{"missing folder", filepath.Join(dir, "nope", "maze.ptab"), "the folder " + filepath.Join(dir, "nope") + " does not exist"},
		{"parent is a file", filepath.Join(notFolder, "maze.ptab"), notFolder + " is not a folder"},
		{"output is a folder", dir, "not a regular file"},
		{"not a table", inTheWay, "refusing to write " + inTheWay + ": it exists and is not a pathtable table"},
	}
	if os.Geteuid() != 0 { // root writes into any folder whatever its mode
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		tests = append(tests, struct{ name, out, want string }{"read-only folder", filepath.Join(ro, "maze.ptab"), "the folder " + ro + " is not writable"})
	}
	for _, cmd := range []string{"build", "build -compress", "build -shard 1/2", "merge", "render"} {
		for _, tc := range tests {
			if cmd == "render" && tc.name == "not a table" {
				continue // render writes pictures, not tables
			}
			if strings.HasPrefix(cmd, "build") && tc.name == "output is a folder" {
				continue // build -o FOLDER bakes into it
			}
			t.Run(cmd+"/"+tc.name, func(t *testing.T) {
				var building atomic.Bool
				hook := func(_ context.Context, s stage) {
					if s == stageBuilding {
						building.Store(true)
					}
				}
				testHook.Store(&hook)
				defer testHook.Store(nil)
				var args []string
				switch cmd {
				case "merge":
					args = []string{"merge", "-o", tc.out, level}
				case "render":
					args = []string{"render", "-o", tc.out, level}
				default:
					args = append(strings.Fields(cmd), "-quiet", "-o", tc.out, level)
				}
				code, _, errOut := runCLI(t, "", args...)
				if code == 0 || !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 && cmd != "render" && cmd != "merge" {
					t.Fatalf("%v: exit %d, stderr %q; want a failure saying %q", args, code, errOut, tc.want)
				}
				if building.Load() {
					t.Errorf("%v: refused after the bake started", args)
				}
				if b, err := os.ReadFile(inTheWay); err != nil || string(b) != "keep me" {
					t.Errorf("%s changed: %q, %v", inTheWay, b, err)
				}
			})
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".pathtable-probe-*")); len(leftovers) > 0 {
		t.Errorf("probe files left behind: %v", leftovers)
	}
}
