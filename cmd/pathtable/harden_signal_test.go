//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestRobustInterruptWritePhase interrupts builds that overwrite a good
// table at each stage of writing it, with SIGINT and with SIGTERM: stopped
// once its temporary holds the first bytes, or once it is complete but not
// yet in place, an interrupted build (130 for SIGINT, 143 for SIGTERM)
// leaves the old table byte for byte and no temporary; stopped once its
// table is in place, it reports success (0), the new table in place.
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
	for _, s := range []stage{stageWriting, stageStaged, stageCommitted} {
		for _, sig := range []struct {
			sig  os.Signal
			want int
		}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
			what := fmt.Sprintf("%v at %s", sig.sig, s)
			want := sig.want
			if s == stageCommitted {
				want = 0
			}
			c := robustStartWith(t, robustSetup{pause: s}, args...)
			c.reach(t, s)
			sent := time.Now()
			c.cmd.Process.Signal(sig.sig)
			code, errOut := c.wait(t, 30*time.Second)
			if d := c.exited.Sub(sent); d > promptExit {
				t.Errorf("%s: exited %v after the signal", what, d)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case code != want:
				t.Errorf("%s: exit %d (%s), want %d", what, code, strings.TrimSpace(errOut), want)
			case want != 0 && !bytes.Equal(got, old):
				t.Errorf("%s: exit %d but the table was replaced", what, code)
			case want == 0 && bytes.Equal(got, old):
				t.Errorf("%s: exit 0 but the old table is still there", what)
			}
			if want == 0 {
				os.WriteFile(out, old, 0o644)
			}
			if temps := robustTemps(t, out); len(temps) > 0 {
				t.Errorf("%s: left %v", what, temps)
			}
		}
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
			answered := make(chan struct{})
			child := robustStartWith(t, robustSetup{stdin: r, stdout: &firstWrite{done: answered}}, c.args...)
			r.Close()
			child.reach(t, stageStarted)
			if c.fed {
				go feed(w)
				<-answered // reading and answering
			}
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

// firstWrite closes done at its first write and discards what it is given.
type firstWrite struct {
	once sync.Once
	done chan struct{}
}

func (f *firstWrite) Write(p []byte) (int, error) {
	f.once.Do(func() { close(f.done) })
	return len(p), nil
}
