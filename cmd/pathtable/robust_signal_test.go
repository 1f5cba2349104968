//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
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
// TestMain), with its stderr collected and the stages it reports.
type robustChild struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	stderr bytes.Buffer
	stages map[stage]chan struct{} // closed once the child reports the stage
	at     map[stage]time.Time     // when it did
	done   chan struct{}
	err    error // from Wait, once done is closed
	exited time.Time
}

// robustSetup is how a child starts: its standard input and output, and
// the stage it pauses at (robustPause), if any.
type robustSetup struct {
	stdin  io.Reader
	stdout io.Writer
	pause  stage
}

// robustStart starts the child and returns once its signal handler is
// installed.
func robustStart(t *testing.T, args ...string) *robustChild {
	t.Helper()
	return robustStartWith(t, robustSetup{}, args...)
}

// robustStartWith is robustStart with a setup.
func robustStartWith(t *testing.T, setup robustSetup, args ...string) *robustChild {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := &robustChild{cmd: exec.Command(exe, args...), stages: map[stage]chan struct{}{}, at: map[stage]time.Time{}, done: make(chan struct{})}
	c.cmd.Stdin, c.cmd.Stdout = setup.stdin, setup.stdout
	c.cmd.Env = append(os.Environ(), robustRunMain+"=1", robustPause+"="+string(setup.pause))
	pipe, err := c.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		r := bufio.NewReader(pipe)
		for {
			line, err := r.ReadString('\n')
			c.mu.Lock()
			c.stderr.WriteString(line)
			if name, ok := strings.CutPrefix(strings.TrimSpace(line), robustAt); ok {
				if _, seen := c.at[stage(name)]; !seen {
					c.at[stage(name)] = time.Now()
					close(c.stageLocked(stage(name)))
				}
			}
			c.mu.Unlock()
			if err != nil {
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
	c.reach(t, stageReady)
	return c
}

// stageLocked returns the channel closed when the child reports s; c.mu
// is held.
func (c *robustChild) stageLocked(s stage) chan struct{} {
	ch, ok := c.stages[s]
	if !ok {
		ch = make(chan struct{})
		c.stages[s] = ch
	}
	return ch
}

// reach waits until the child reports stage s and returns when it did. A
// child that ends first fails the test, as does one that neither reports
// s nor ends within a minute (a hang, not a slow machine).
func (c *robustChild) reach(t *testing.T, s stage) time.Time {
	t.Helper()
	c.mu.Lock()
	ch := c.stageLocked(s)
	c.mu.Unlock()
	select {
	case <-ch:
	case <-c.done:
		select {
		case <-ch:
		default:
			c.mu.Lock()
			defer c.mu.Unlock()
			t.Fatalf("child ended before reaching %q: %s", s, c.stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatalf("child did not reach %q within a minute", s)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at[s]
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

// TestRobustKilledBuild kills (SIGKILL) builds that overwrite a good table:
// stopped at each stage of the bake and the write, and at random moments
// from start-up to the rename. The old table stays intact, byte for byte,
// after each kill before the rename, and the new one is complete after
// each kill after it. A later build that completes leaves no temporary
// files.
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
	ready := c.reach(t, stageReady)
	full := c.reach(t, stageCommitted).Sub(ready)
	if code, errOut := c.wait(t, 60*time.Second); code != 0 {
		t.Fatalf("reference build: exit %d: %s", code, errOut)
	}
	newer, err := os.ReadFile(ref)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a %dx%d build takes %v and writes %d bytes", side, side, full, len(newer))

	// kill kills a build once it reaches stage s, or, when s is "", after
	// delay, and checks the table it leaves. It reports whether the build
	// was killed before its rename.
	kill := func(what string, s stage, delay time.Duration) (before bool) {
		c := robustStartWith(t, robustSetup{pause: s}, append(args, "-o", out, big)...)
		if s != "" {
			c.reach(t, s)
		} else {
			time.Sleep(delay) // a random moment: every outcome below is right
		}
		c.cmd.Process.Signal(syscall.SIGKILL)
		code, errOut := c.wait(t, 30*time.Second)
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if _, err := table.Open(out); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		switch {
		case bytes.Equal(got, old):
			if code == 0 {
				t.Fatalf("%s: build exited 0 but the old table is still there", what)
			}
			return true
		case bytes.Equal(got, newer):
			// It got as far as the rename: a complete new table. Put the
			// old one back for the next round.
			if err := os.WriteFile(out, old, 0o644); err != nil {
				t.Fatal(err)
			}
			return false
		}
		t.Fatalf("%s (exit %d, %s): the table is neither the old nor the new one (%d bytes)", what, code, errOut, len(got))
		return false
	}
	for _, s := range []stage{stageBuilding, stageWriting, stageStaged, stageCommitted} {
		if before := kill("killed at "+string(s), s, 0); before != (s != stageCommitted) {
			t.Errorf("killed at %s: the table in place is the %s one", s, map[bool]string{true: "old", false: "new"}[before])
		}
		// A killed writer leaves its temporary; the next writer removes it.
		if temps := robustTemps(t, out); (len(temps) > 0) != (s == stageWriting || s == stageStaged) {
			t.Errorf("killed at %s: temporaries %v", s, temps)
		}
	}

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	rounds := 6
	if robustRace {
		rounds = 2 // each start costs the race runtime most of a second
	}
	killed := 0
	for round := range rounds {
		// Half the rounds anywhere in the build, half near its end, where
		// the table is written.
		delay := time.Duration(rng.Float64() * float64(full))
		if round%2 == 1 {
			delay = time.Duration((0.6 + 0.4*rng.Float64()) * float64(full))
		}
		if kill(fmt.Sprintf("round %d: killed after %v", round, delay), "", delay) {
			killed++
		}
	}
	t.Logf("%d rounds at random moments: %d killed before the rename", rounds, killed)

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

// TestRobustInterrupt sends SIGINT to a build that takes seconds, once it
// has started baking: it stops within a second, exit status 130, with no
// output file and no temporary, and leaves an existing table at the output
// path untouched.
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
		c.reach(t, stageBuilding) // seconds of work ahead of it
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
