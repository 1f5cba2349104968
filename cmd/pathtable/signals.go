package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// signalContext returns a context that SIGINT or SIGTERM cancels, with a
// signalError as its cause, so that the exit status can name the signal
// (130 for SIGINT, 143 for SIGTERM). stop releases the signals.
func signalContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-ch:
			cancel(signalError{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel(nil) }
}

// signalError is the cause of a context a signal cancelled.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "interrupted by " + e.sig.String() }

// interruptedStatus is the exit status of a command that ctx's
// cancellation stopped: 128 + the signal's number, as shells report, or
// 130 when no signal is known.
func interruptedStatus(ctx context.Context) int {
	var se signalError
	if errors.As(context.Cause(ctx), &se) {
		if s, ok := se.sig.(syscall.Signal); ok {
			return 128 + int(s)
		}
	}
	return 130
}

// commitGate makes "interrupted" and "the output is in place" one
// decision: a context it wraps is cancelled only under its lock, and
// commit renames an output under the same lock, after checking the
// context. So an interrupted command either replaced nothing, or replaced
// its output before the interrupt and goes on to report success.
type commitGate struct {
	mu        sync.Mutex
	committed bool // an output was put in place
	// temps are the temporary files of outputs being written, which
	// abandon removes; abandoned is set once it has.
	temps     []string
	abandoned bool
}

// track records tmp, a temporary output file, for abandon to remove; once
// the gate is abandoned it removes tmp at once and returns ctx's error.
// O(1).
func (g *commitGate) track(ctx context.Context, tmp string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.abandoned {
		os.Remove(tmp)
		return ctx.Err()
	}
	g.temps = append(g.temps, tmp)
	return nil
}

// abandon removes the tracked temporary files: run no longer waits for
// the command, and the process may exit before the command removes them
// itself. A temporary already renamed into place is no longer there to
// remove. The caller holds g.mu. O(temps).
func (g *commitGate) abandon() {
	g.abandoned = true
	for _, tmp := range g.temps {
		os.Remove(tmp)
	}
	g.temps = nil
}

type gateKey struct{}

// withCommitGate returns ctx wrapped so that its cancellation passes
// through a new gate, which commit finds in the context.
func withCommitGate(parent context.Context) (context.Context, *commitGate, func()) {
	g := &commitGate{}
	ctx, cancel := context.WithCancelCause(parent)
	stopAfter := context.AfterFunc(parent, func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		cancel(context.Cause(parent))
	})
	return context.WithValue(ctx, gateKey{}, g), g, func() { stopAfter(); cancel(nil) }
}

// commit runs put (a rename into place) unless ctx is cancelled, as one
// decision against the cancellation (see commitGate). It returns ctx.Err()
// when cancelled, put's error otherwise.
func commit(ctx context.Context, put func() error) error {
	if g, ok := ctx.Value(gateKey{}).(*commitGate); ok {
		g.mu.Lock()
		defer g.mu.Unlock()
		if err := ctx.Err(); err != nil {
			return err
		}
		err := put()
		g.committed = g.committed || err == nil
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return put()
}

// stopGrace is how long a cancelled command has to return by itself
// before run stops waiting for it: a command blocked reading standard
// input or a slow file cannot see its context.
const stopGrace = 300 * time.Millisecond

// runWatched runs cmd and returns its error, or ctx.Err() when ctx is
// cancelled and cmd has not returned within stopGrace, unless cmd has
// already put an output in place: then it waits for cmd to finish, which
// then reports success.
func runWatched(ctx context.Context, g *commitGate, cmd func() error) error {
	done := make(chan error, 1)
	go func() { done <- cmd() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	select {
	case err := <-done:
		return err
	case <-time.After(stopGrace):
	}
	g.mu.Lock() // no commit runs now or later: ctx is cancelled
	committed := g.committed
	if !committed {
		g.abandon()
	}
	g.mu.Unlock()
	if committed {
		return <-done
	}
	return ctx.Err()
}

// ctxWriter fails every write once ctx is cancelled, and hands its writer
// at most writeChunk bytes at a time, so that writing a large file stops
// within one chunk of an interrupt, however large the payload a single
// Write passes it.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

// writeChunk is the most ctxWriter writes between two looks at its
// context.
const writeChunk = 1 << 20

func (c ctxWriter) Write(p []byte) (n int, err error) {
	for {
		if err := c.ctx.Err(); err != nil {
			return n, err
		}
		if len(p) == 0 {
			return n, nil
		}
		chunk := p[:min(len(p), writeChunk)]
		k, err := c.w.Write(chunk)
		n += k
		if err == nil && k < len(chunk) {
			err = io.ErrShortWrite
		}
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
}
