package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// progressFake replaces the display's clock, ticker and terminal check, and
// stderr, for one test. Ticks are sent by hand with the time they stand for.
type progressFake struct {
	t0     time.Time
	ticks  chan time.Time
	out    bytes.Buffer // read only after the display has stopped
	ticker bool         // progressTicker was called
}

func newProgressFake(t *testing.T, tty bool, cols int) *progressFake {
	f := &progressFake{t0: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), ticks: make(chan time.Time)}
	oldErr, oldNow, oldTicker, oldTerm := stderr, progressNow, progressTicker, progressTerminal
	t.Cleanup(func() { stderr, progressNow, progressTicker, progressTerminal = oldErr, oldNow, oldTicker, oldTerm })
	stderr = &f.out
	progressNow = func() time.Time { return f.t0 }
	progressTicker = func(time.Duration) (<-chan time.Time, func()) {
		f.ticker = true
		return f.ticks, func() {}
	}
	progressTerminal = func(io.Writer) (bool, int) { return tty, cols }
	return f
}

// tick sends the tick for t0+d and returns once the display has handled
// it: the display takes the second, identical tick (a no-op, as nothing is
// due twice at one instant) only after it has finished with the first.
func (f *progressFake) tick(d time.Duration) {
	f.ticks <- f.t0.Add(d)
	f.ticks <- f.t0.Add(d)
}

func TestProgressPlain(t *testing.T) {
	f := newProgressFake(t, false, 0)
	var done atomic.Int64
	stop := startProgress(&done, 10000, "targets", "maze.map", false)
	f.tick(500 * time.Millisecond) // before the delay: nothing
	done.Store(2000)
	f.tick(time.Second)
	done.Store(4000)
	f.tick(3 * time.Second) // under progressEvery since the last line: nothing
	done.Store(6000)
	f.tick(6 * time.Second)
	done.Store(10000)
	stop()
	stop() // a second call is harmless
	want := "maze.map: 2000/10000 targets, 2000/s, ETA 4s\n" +
		"maze.map: 6000/10000 targets, 1000/s, ETA 4s\n"
	if got := f.out.String(); got != want {
		t.Errorf("output:\n%q\nwant:\n%q", got, want)
	}
}

func TestProgressTerminal(t *testing.T) {
	f := newProgressFake(t, true, 0)
	var done atomic.Int64
	stop := startProgress(&done, 1000, "targets", "small.map", false)
	f.tick(200 * time.Millisecond)
	done.Store(250)
	f.tick(time.Second)
	done.Store(500)
	f.tick(1100 * time.Millisecond) // under progressRedraw since the last bar
	f.tick(2 * time.Second)
	stop()
	bar1 := "\rsmall.map [#####...............] 250/1000 targets  250/s  ETA 3s"
	bar2 := "\rsmall.map [##########..........] 500/1000 targets  250/s  ETA 2s"
	clear := "\r" + strings.Repeat(" ", len(bar2)-1) + "\r"
	if got, want := f.out.String(), bar1+bar2+clear; got != want {
		t.Errorf("output:\n%q\nwant:\n%q", got, want)
	}
}

func TestProgressTerminalWidth(t *testing.T) {
	f := newProgressFake(t, true, 30)
	var done atomic.Int64
	stop := startProgress(&done, 1000, "targets", "a-long-level-name.map", false)
	done.Store(100)
	f.tick(2 * time.Second)
	stop()
	for _, line := range strings.Split(f.out.String(), "\r") {
		if len(line) > 29 {
			t.Errorf("bar %q is wider than a 30-column terminal allows", line)
		}
	}
}

func TestProgressShortBuildShowsNothing(t *testing.T) {
	for _, tty := range []bool{false, true} {
		f := newProgressFake(t, tty, 0)
		var done atomic.Int64
		stop := startProgress(&done, 100, "targets", "x.grid", false)
		done.Store(100)
		f.tick(900 * time.Millisecond)
		stop()
		if f.out.Len() != 0 {
			t.Errorf("tty %v: a build under the delay wrote %q", tty, f.out.String())
		}
	}
}

func TestProgressQuiet(t *testing.T) {
	f := newProgressFake(t, true, 0)
	var done atomic.Int64
	stop := startProgress(&done, 100, "targets", "x.grid", true)
	stop()
	if f.ticker || f.out.Len() != 0 {
		t.Errorf("quiet: ticker started %v, wrote %q", f.ticker, f.out.String())
	}
}

// progressLockedBuffer is a writer the test may read while the display
// writes to it.
type progressLockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *progressLockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *progressLockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestProgressRealTicker runs the display on the real clock and ticker with
// short intervals, for the race detector.
func TestProgressRealTicker(t *testing.T) {
	oldErr, oldDelay, oldEvery, oldRedraw := stderr, progressDelay, progressEvery, progressRedraw
	defer func() { stderr, progressDelay, progressEvery, progressRedraw = oldErr, oldDelay, oldEvery, oldRedraw }()
	var out progressLockedBuffer
	stderr = &out // not an *os.File: the plain lines
	progressDelay, progressEvery, progressRedraw = time.Millisecond, 2*time.Millisecond, time.Millisecond
	var done atomic.Int64
	stop := startProgress(&done, 50, "targets", "real.grid", false)
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(out.String(), "\n") < 2 && time.Now().Before(deadline) {
		done.Add(1)
		time.Sleep(2 * time.Millisecond)
	}
	stop()
	text := out.String()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("got %q, want at least two lines", text)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "real.grid: ") || !strings.Contains(l, "/50 targets, ") {
			t.Errorf("line %q", l)
		}
	}
}

func TestFormatETA(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                       "0s",
		1400 * time.Millisecond: "1s",
		59 * time.Second:        "59s",
		65 * time.Second:        "1m05s",
		2*time.Hour + 3*time.Minute + 9*time.Second: "2h03m",
	} {
		if got := formatETA(d); got != want {
			t.Errorf("formatETA(%v) = %q, want %q", d, got, want)
		}
	}
}
