package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// Progress display settings; package variables so tests can shorten them
// and drive the clock.
var (
	// progressDelay: a build that finishes sooner shows nothing.
	progressDelay = time.Second
	// progressRedraw is how often a terminal's bar is redrawn.
	progressRedraw = 200 * time.Millisecond
	// progressEvery is how often a plain line is printed off a terminal.
	progressEvery = 5 * time.Second
	// progressNow is the clock the start time is read from.
	progressNow = time.Now
	// progressTicker returns the channel that wakes the display, and a
	// function that stops it. Each tick carries the time it stands for.
	progressTicker = func(d time.Duration) (<-chan time.Time, func()) {
		t := time.NewTicker(d)
		return t.C, t.Stop
	}
	// progressTerminal reports whether w is a terminal, and its width in
	// columns (0 when unknown).
	progressTerminal = func(w io.Writer) (bool, int) {
		f, ok := w.(*os.File)
		if !ok || !term.IsTerminal(int(f.Fd())) {
			return false, 0
		}
		cols, _, err := term.GetSize(int(f.Fd()))
		if err != nil {
			cols = 0
		}
		return true, cols
	}
)

// startProgress shows a build's (or a check's) progress, in units of work
// such as "targets", on stderr until the returned
// function is called: nothing for the first progressDelay, then on a
// terminal a bar redrawn in place, elsewhere (CI logs) a plain line every
// progressEvery:
//
//	maze.map [##########..........] 4100/10858 targets  2950/s  ETA 2s
//	maze.map: 4100/10858 targets, 2950/s, ETA 2s
//
// It polls done, which the builder increments once per target row, so it
// costs the build nothing. The returned function stops the display, clears
// the bar, and may be called more than once.
func startProgress(done *atomic.Int64, total int, unit, name string, quiet bool) func() {
	if quiet || total <= 0 {
		return func() {}
	}
	w := stderr
	tty, cols := progressTerminal(w)
	every := progressEvery
	if tty {
		every = progressRedraw
	}
	p := &progress{w: w, done: done, total: int64(total), unit: unit, name: name, tty: tty, cols: cols,
		start: progressNow(), every: every}
	tick, stopTicker := progressTicker(min(every, progressRedraw))
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		defer stopTicker()
		for {
			select {
			case <-quit:
				p.clear()
				return
			case now := <-tick:
				p.tick(now)
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			<-finished
		})
	}
}

// progress is the state of one display; only its goroutine touches it.
type progress struct {
	w           io.Writer
	done        *atomic.Int64
	total       int64
	unit, name  string
	tty         bool
	cols        int
	start       time.Time
	every       time.Duration
	last        time.Time // when a line or bar was last written
	drawn       bool      // a bar is on the terminal's last line
	shown       bool      // anything was written
	lastVisible int       // length of the last bar, to blank its leftovers
}

// tick writes the display for time now when it is due.
func (p *progress) tick(now time.Time) {
	elapsed := now.Sub(p.start)
	if elapsed < progressDelay || (p.shown && now.Sub(p.last) < p.every) {
		return
	}
	p.last, p.shown = now, true
	done := min(p.done.Load(), p.total)
	var rate float64
	if secs := elapsed.Seconds(); secs > 0 {
		rate = float64(done) / secs
	}
	eta := ""
	if rate > 0 {
		eta = formatETA(time.Duration(float64(p.total-done) / rate * float64(time.Second)))
	}
	if !p.tty {
		line := fmt.Sprintf("%s: %d/%d %s, %s/s", p.name, done, p.total, p.unit, formatRate(rate))
		if eta != "" {
			line += ", ETA " + eta
		}
		fmt.Fprintln(p.w, line)
		return
	}
	const width = 20
	fill := int(done * width / p.total)
	line := fmt.Sprintf("%s [%s%s] %d/%d %s  %s/s", p.name,
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, p.total, p.unit, formatRate(rate))
	if eta != "" {
		line += "  ETA " + eta
	}
	if p.cols > 1 && len(line) > p.cols-1 {
		line = line[:p.cols-1] // a wrapped line could not be redrawn in place
	}
	pad := max(p.lastVisible-len(line), 0)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	p.lastVisible = len(line)
	p.drawn = true
}

// clear erases the bar so that the next output starts on a clean line.
func (p *progress) clear() {
	if p.drawn {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.lastVisible))
		p.drawn = false
	}
}

// formatRate prints units per second: whole numbers, one decimal below 10.
func formatRate(r float64) string {
	if r < 10 {
		return fmt.Sprintf("%.1f", r)
	}
	return fmt.Sprintf("%.0f", r)
}

// formatETA prints a duration as 2s, 1m05s or 2h03m.
func formatETA(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
}
