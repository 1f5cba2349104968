//go:build unix

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRobustInterruptWritePhase interrupts builds that overwrite a good
// table at many moments, most of them while the new table is being
// written (once its temporary file appears): an interrupted build (130
// for SIGINT, 143 for SIGTERM) leaves the old table byte for byte and no
// temporary; a build that put its table in place reports success (0).
func TestRobustInterruptWritePhase(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "level.ptab")
	if code, _, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", out, "../../testdata/maze.grid"); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, errOut)
	}
	old, _ := os.ReadFile(out)
	side, _ := robustSides()
	big := robustGrid(t, dir, side)
	args := []string{"build", "-quiet", "-diagonal", "10/14", "-workers", "2", "-o", out, big}
	rounds := 10
	if robustRace {
		rounds = 4
	}
	var interrupted, finished int
	for round := range rounds {
		sig, want := os.Signal(os.Interrupt), 130
		if round%2 == 1 {
			sig, want = syscall.SIGTERM, 143
		}
		c := robustStart(t, args...)
		// Wait for the write phase, then a little more on some rounds.
		for len(robustTemps(t, out)) == 0 {
			select {
			case <-c.done:
				t.Fatalf("round %d: build ended before writing: %s", round, c.stderr.String())
			default:
				time.Sleep(200 * time.Microsecond)
			}
		}
		time.Sleep(time.Duration(round%4) * time.Millisecond)
		sent := time.Now()
		c.cmd.Process.Signal(sig)
		code, errOut := c.wait(t, 30*time.Second)
		if d := c.exited.Sub(sent); d > promptExit {
			t.Errorf("round %d: exited %v after the signal", round, d)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		switch code {
		case want:
			interrupted++
			if !bytes.Equal(got, old) {
				t.Errorf("round %d: exit %d (%s) but the table was replaced", round, code, strings.TrimSpace(errOut))
			}
		case 0:
			finished++
			if bytes.Equal(got, old) {
				t.Errorf("round %d: exit 0 but the old table is still there", round)
			}
			os.WriteFile(out, old, 0o644)
		default:
			t.Errorf("round %d: exit %d (%s), want %d or 0", round, code, errOut, want)
		}
		if temps := robustTemps(t, out); len(temps) > 0 {
			t.Errorf("round %d: left %v", round, temps)
		}
	}
	t.Logf("%d rounds: %d interrupted, %d finished", rounds, interrupted, finished)
	if interrupted == 0 {
		t.Error("no interrupt landed while the table was written")
	}
}

// TestRobustReadersStop sends SIGINT or SIGTERM to commands that only
// read: a query waiting on standard input, a query being fed, a bench
// that would run a minute. Each stops within a second with 130 or 143.
func TestRobustReadersStop(t *testing.T) {
	dir := t.TempDir()
	tab := filepath.Join(dir, "maze.ptab")
	const level = "../../testdata/maze.grid"
	if code, _, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", tab, level); code != 0 {
		t.Fatalf("build: exit %d: %s", code, errOut)
	}
	feed := func(w *os.File) {
		for {
			if _, err := io.WriteString(w, "0,0 11,0\n"); err != nil {
				return
			}
		}
	}
	for _, c := range []struct {
		name string
		args []string
		fed  bool
	}{
		{"query waiting", []string{"query", tab}, false},
		{"query fed", []string{"query", tab}, true},
		{"bench", []string{"bench", "-time", "60s", tab, level}, false},
	} {
		for _, s := range []struct {
			sig  os.Signal
			want int
		}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
			// A real pipe: the child reads it directly, and exec waits for
			// no copying goroutine.
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			child := robustStartIn(t, r, c.args...)
			r.Close()
			if c.fed {
				go feed(w)
			}
			time.Sleep(300 * time.Millisecond)
			sent := time.Now()
			child.cmd.Process.Signal(s.sig)
			code, errOut := child.wait(t, 10*time.Second)
			w.Close()
			if d := child.exited.Sub(sent); d > promptExit {
				t.Errorf("%s, %v: exited %v after the signal", c.name, s.sig, d)
			}
			if code != s.want || !strings.Contains(errOut, "interrupted") {
				t.Errorf("%s, %v: exit %d, stderr %q; want %d and \"interrupted\"", c.name, s.sig, code, errOut, s.want)
			}
		}
	}
}
