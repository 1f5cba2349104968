//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKilledBuildTempRemovedUpToDate: a build killed (SIGKILL) once its
// table is staged leaves its temporary beside the output; the next build,
// which finds the table up to date and writes nothing, removes it, for a
// table and for a part, and leaves a live writer's temporary alone.
func TestKilledBuildTempRemovedUpToDate(t *testing.T) {
	for _, shard := range [][]string{nil, {"-shard", "0/2"}} {
		dir := t.TempDir()
		out := filepath.Join(dir, "level.ptab")
		if shard != nil {
			out = filepath.Join(dir, "level.0-of-2.ptpart")
		}
		args := append([]string{"build", "-quiet", "-o", out}, shard...)
		level := "../../testdata/maze.grid"
		if code, _, errOut := runCLI(t, "", append(args, level)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", shard, code, errOut)
		}
		c := robustStartWith(t, robustSetup{pause: stageStaged}, append(append(args, "-force"), level)...)
		c.reach(t, stageStaged)
		c.cmd.Process.Signal(syscall.SIGKILL)
		c.wait(t, 30*time.Second)
		temps := robustTemps(t, out)
		if len(temps) != 1 {
			t.Fatalf("%v: the killed build left %v, want its temporary", shard, temps)
		}
		live := filepath.Join(dir, "."+filepath.Base(out)+".tmp-"+strconv.Itoa(os.Getppid())+"-1") // our parent runs
		if err := os.WriteFile(live, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdoutText, errOut := runCLI(t, "", append(args, level)...)
		if code != 0 || !strings.HasPrefix(stdoutText, "up to date: ") {
			t.Fatalf("%v: rerun: exit %d, %q %q; want up to date", shard, code, stdoutText, errOut)
		}
		if got := robustTemps(t, out); len(got) != 1 || got[0] != live {
			t.Errorf("%v: after an up-to-date rerun: %v, want only the live writer's %s", shard, got, live)
		}
	}
}
