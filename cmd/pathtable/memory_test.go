package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/memlimit"
	"github.com/pathtable/pathtable/maps"
)

// TestMaxMemory: every command that allocates by a table's or a level's
// size refuses, under a -max-memory its peak does not fit, in one line
// naming the need, the limit and its source, with exit 1 and nothing
// written; with room, the same commands succeed.
func TestMaxMemory(t *testing.T) {
	tab := buildTestTable(t, "small.map")
	dir := t.TempDir()
	part := filepath.Join(dir, "small.0-of-1.ptpart")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-shard", "0/1", "-o", part, "../../testdata/small.map"); code != 0 {
		t.Fatalf("build -shard: %d %s", code, errOut)
	}
	level := "../../testdata/small.map"
	out := filepath.Join(dir, "out.ptab")
	for _, tc := range []struct {
		name  string
		args  []string
		input string
		wrote string // a file the command writes when it succeeds
	}{
		{"build", []string{"build", "-quiet", "-o", out, level}, "", out},
		{"build -compress", []string{"build", "-quiet", "-compress", "-o", out, level}, "", out},
		{"build -window", []string{"build", "-quiet", "-window", "4", "-o", out, level}, "", out},
		{"build -shard", []string{"build", "-quiet", "-shard", "1/2", "-o", out, level}, "", out},
		{"merge", []string{"merge", "-o", out, part}, "", out},
		{"plan", []string{"plan", level}, "", ""},
		{"info", []string{"info", tab}, "", ""},
		{"query", []string{"query", tab}, "1,1 3,1\n", ""},
		{"path", []string{"path", tab, "1,1", "3,1"}, "", ""},
		{"verify", []string{"verify", "-quiet", tab, level}, "", ""},
		{"bench", []string{"bench", "-pairs", "10", "-time", "1ms", tab, level}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			// The process's resident memory alone is over a kibibyte.
			args := append([]string{tc.args[0], "-max-memory", "1KiB"}, tc.args[1:]...)
			code, stdout, errOut := runCLI(t, tc.input, args...)
			if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "of memory, over the") || !strings.Contains(errOut, "-max-memory 1.0 KiB") {
				t.Errorf("%v: exit %d, stderr %q; want exit 1 and a one-line refusal naming -max-memory", args, code, errOut)
			}
			if tc.name != "plan" && stdout != "" {
				t.Errorf("%v: printed %q", args, stdout)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%v: wrote %s", args, out)
			}
			args = append([]string{tc.args[0], "-max-memory", "1TiB"}, tc.args[1:]...)
			if code, _, errOut := runCLI(t, tc.input, args...); code != 0 {
				t.Errorf("%v: exit %d: %s", args, code, errOut)
			}
			if _, err := os.Stat(tc.wrote); tc.wrote != "" && err != nil {
				t.Errorf("%v: wrote nothing: %v", args, err)
			}
		})
	}
}

// TestBuildPeakNamesFits: a flat build refused for its peak names the
// layouts that would fit, and its estimate is over the flat table itself.
func TestBuildPeakNamesFits(t *testing.T) {
	code, _, errOut := runCLI(t, "", "build", "-quiet", "-max-memory", "1KiB", "-o", filepath.Join(t.TempDir(), "m.ptab"), "../../testdata/maze.grid")
	if code != 1 || !strings.Contains(errOut, "a flat build of") || !strings.Contains(errOut, "-compress") || !strings.Contains(errOut, "-shard") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	lvl, err := maps.Load("../../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := lvl.Graph.Nodes()
	if flat := int64(3 * n * n); build.PeakMemory(build.Options{}, n, -1, build.LeastPayload(build.Options{}, n)) <= flat {
		t.Errorf("peak of a flat build of %d nodes not over its %d bytes of table", n, flat)
	}
}

// TestWatchMemory: the watcher stops work when the limit leaves less
// than the heap's next growth, with an error naming it, and lets work
// under no such limit run.
func TestWatchMemory(t *testing.T) {
	defer memlimit.SetMax(0)
	memlimit.SetMax(1 << 50)
	ctx, stop := watchMemory(context.Background(), "a test", "fits")
	time.Sleep(3 * watchEvery)
	if ctx.Err() != nil || stop() != nil {
		t.Fatalf("stopped under 1 PiB: %v", ctx.Err())
	}
	memlimit.SetMax(1)
	ctx, stop = watchMemory(context.Background(), "a test", "fits")
	select {
	case <-ctx.Done():
	case <-time.After(100 * watchEvery):
		t.Fatal("not stopped under -max-memory 1 B")
	}
	err := stop()
	var me *memlimit.Error
	if !errors.As(err, &me) || !strings.HasSuffix(err.Error(), "; fits") || !strings.Contains(err.Error(), "a test ran short") {
		t.Fatalf("stop() = %v", err)
	}
}
