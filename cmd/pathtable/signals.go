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
	g.mu.Unlock()
	if committed {
		return <-done
	}
	return ctx.Err()
}

// ctxWriter fails every write once ctx is cancelled, so that writing a
// large file stops within one buffer of an interrupt.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
