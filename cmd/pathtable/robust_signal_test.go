//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pathtable/pathtable/table"
)

// robustChild is the test binary started as the pathtable command (see
// TestMain), with its stderr collected.
type robustChild struct {
	cmd     *exec.Cmd
	mu      sync.Mutex
	stderr  bytes.Buffer
	ready   chan struct{}
	done    chan struct{}
	err     error // from Wait, once done is closed
	readyAt time.Time
	exited  time.Time
}

// robustStart starts the child and returns once its signal handler is
// installed.
func robustStart(t *testing.T, args ...string) *robustChild {
	t.Helper()
	return robustStartIn(t, nil, args...)
}

// robustStartIn is robustStart with the child's standard input.
func robustStartIn(t *testing.T, stdin io.Reader, args ...string) *robustChild {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := &robustChild{cmd: exec.Command(exe, args...), ready: make(chan struct{}), done: make(chan struct{})}
	c.cmd.Stdin = stdin
	c.cmd.Env = append(os.Environ(), robustRunMain+"=1")
	pipe, err := c.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		r := bufio.NewReader(pipe)
		signalled := false
		for {
			line, err := r.ReadString('\n')
			c.mu.Lock()
			c.stderr.WriteString(line)
			c.mu.Unlock()
			if !signalled && strings.TrimSpace(line) == robustReady {
				c.readyAt = time.Now()
				close(c.ready)
				signalled = true
			}
			if err != nil {
				if !signalled {
					close(c.ready)
				}
				break
			}
		}
		c.err = c.cmd.Wait()
		c.exited = time.Now()
		close(c.done)
	}()
	t.Cleanup(func() {
		c.cmd.Process.Kill()
		<-c.done
	})
	select {
	case <-c.ready:
	case <-time.After(30 * time.Second):
		t.Fatal("child did not start within 30s")
	}
	return c
}

// wait returns the child's exit status (-1 when a signal ended it) and its
// stderr, failing the test if it runs longer than d.
func (c *robustChild) wait(t *testing.T, d time.Duration) (int, string) {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(d):
		c.cmd.Process.Kill()
		<-c.done
		t.Fatalf("child still running after %v", d)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var ee *exec.ExitError
	if c.err != nil && !errors.As(c.err, &ee) {
		t.Fatal(c.err)
	}
	return c.cmd.ProcessState.ExitCode(), c.stderr.String()
}

// robustSides are the grid sides of the killed build (about half a second)
// and the interrupted one (several seconds), smaller under the race
// detector, which slows the builder about tenfold.
func robustSides() (killed, interrupted int) {
	if robustRace {
		return 30, 40
	}
	return 50, 80
}

// TestRobustKilledBuild kills (SIGKILL) builds that overwrite a good table
// at random moments, from start-up to the rename: the old table stays
// intact, byte for byte, after each. A later build that completes leaves no
// temporary files.
func TestRobustKilledBuild(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "level.ptab")
	if code, _, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", out, "../../testdata/maze.grid"); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, errOut)
	}
	old, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	side, _ := robustSides()
	big := robustGrid(t, dir, side)
	args := []string{"build", "-quiet", "-diagonal", "10/14", "-workers", "2"}

	// One complete build elsewhere: how long a build takes, and the bytes a
	// build that finishes before the kill leaves.
	refDir := filepath.Join(dir, "ref")
	if err := os.Mkdir(refDir, 0o755); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(refDir, "level.ptab")
	c := robustStart(t, append(args, "-o", ref, big)...)
	var renamed time.Time // when the table appeared: the end of the window that matters
	for renamed.IsZero() {
		_, err := os.Stat(ref)
		select {
		case <-c.done:
			renamed = c.exited
		default:
			if err == nil {
				renamed = time.Now()
			}
			time.Sleep(time.Millisecond)
		}
	}
	if code, errOut := c.wait(t, 60*time.Second); code != 0 {
		t.Fatalf("reference build: exit %d: %s", code, errOut)
	}
	full := renamed.Sub(c.readyAt)
	newer, err := os.ReadFile(ref)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a %dx%d build takes %v and writes %d bytes", side, side, full, len(newer))

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	rounds := 8
	if robustRace {
		rounds = 4 // each start costs the race runtime most of a second
	}
	var killed, finished, sawTemps int
	for round := range rounds {
		// Half the rounds anywhere in the build, half near its end, where
		// the table is written.
		delay := time.Duration(rng.Float64() * float64(full))
		if round%2 == 1 {
			delay = time.Duration((0.6 + 0.4*rng.Float64()) * float64(full))
		}
		c := robustStart(t, append(args, "-o", out, big)...)
		time.Sleep(delay)
		c.cmd.Process.Signal(syscall.SIGKILL)
		code, errOut := c.wait(t, 30*time.Second)
		if len(robustTemps(t, out)) > 0 {
			sawTemps++
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("round %d: killed after %v: %v", round, delay, err)
		}
		switch {
		case bytes.Equal(got, old):
			if code == 0 {
				t.Fatalf("round %d: build exited 0 but the old table is still there", round)
			}
			killed++
		case bytes.Equal(got, newer):
			// It got as far as the rename: a complete new table. Put the
			// old one back for the next round.
			finished++
			if err := os.WriteFile(out, old, 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("round %d: killed after %v (exit %d, %s): the table is neither the old nor the new one (%d bytes)",
				round, delay, code, errOut, len(got))
		}
		if _, err := table.Open(out); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	t.Logf("%d rounds: %d killed before the rename (%d of them left a temporary), %d after", rounds, killed, sawTemps, finished)
	if killed == 0 {
		t.Errorf("no kill landed during a build")
	}

	// A build that completes replaces the table and removes every
	// temporary the killed builds left.
	c = robustStart(t, append(args, "-o", out, big)...)
	if code, errOut := c.wait(t, 60*time.Second); code != 0 {
		t.Fatalf("final build: exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(out)
	if err != nil || !bytes.Equal(got, newer) {
		t.Errorf("final build: the table is not the new one (%v)", err)
	}
	if temps := robustTemps(t, out); len(temps) > 0 {
		t.Errorf("temporary files left after a complete build: %v", temps)
	}
}

// TestRobustInterrupt sends SIGINT to a build that takes seconds: it stops
// within a second, exit status 130, with no output file and no temporary,
// and leaves an existing table at the output path untouched.
func TestRobustInterrupt(t *testing.T) {
	dir := t.TempDir()
	_, side := robustSides()
	big := robustGrid(t, dir, side)
	for _, existing := range []bool{false, true} {
		out := filepath.Join(dir, "open.ptab")
		os.Remove(out)
		var old []byte
		if existing {
			if code, _, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", out, "../../testdata/maze.grid"); code != 0 {
				t.Fatalf("build: exit %d: %s", code, errOut)
			}
			old, _ = os.ReadFile(out)
		}
		c := robustStart(t, "build", "-diagonal", "10/14", "-workers", "2", "-o", out, big)
		time.Sleep(300 * time.Millisecond)
		select {
		case <-c.done:
			t.Fatalf("build ended before the interrupt: %s", c.stderr.String())
		default:
		}
		sent := time.Now()
		if err := c.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		code, errOut := c.wait(t, 30*time.Second)
		if d := c.exited.Sub(sent); d > promptExit {
			t.Errorf("build exited %v after SIGINT, want within a second", d)
		}
		if code != 130 || !strings.Contains(errOut, "interrupted") {
			t.Errorf("interrupted build: exit %d, stderr %q; want 130 and \"interrupted\"", code, errOut)
		}
		got, err := os.ReadFile(out)
		switch {
		case !existing && !errors.Is(err, os.ErrNotExist):
			t.Errorf("interrupted build left %s (%v)", out, err)
		case existing && (err != nil || !bytes.Equal(got, old)):
			t.Errorf("interrupted build changed the existing table (%v)", err)
		}
		if temps := robustTemps(t, out); len(temps) > 0 {
			t.Errorf("interrupted build left %v", temps)
		}
	}
}
