package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pathtable/pathtable/internal/memlimit"
)

// watchMemory returns a context, derived from ctx, that a watcher cancels
// when the memory the process may still use falls under what its heap's
// next growth may take (an eighth of what the runtime holds, at least
// watchMargin): work whose peak could not be known before it started,
// such as a run-length table's rows, then stops with an error rather
// than the runtime's crash. stop ends the watcher and returns that error
// (what ran short, and what would fit), or nil. A few small file reads
// every watchEvery while the room is under watchNear times the margin,
// every watchIdle before: each look allocates a little, and a build's
// heap may not be collected for a long while.
func watchMemory(ctx context.Context, what, fits string) (context.Context, func() error) {
	wctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		wait := watchEvery
		for {
			select {
			case <-done:
				return
			case <-wctx.Done():
				return
			case <-time.After(wait):
			}
			l, ok := memlimit.Current()
			held := memlimit.Held()
			// The room the limit leaves, its reserve not kept back:
			// the margin is what the heap's next growth maps.
			if need := max(held/8, watchMargin); ok && l.Bytes-l.Used < need {
				l.Reserve = 0 // the room itself, as the margin counts it
				cancel(fmt.Errorf("%w; %s", &memlimit.Error{What: what + " ran short: its next growth", Need: need, Limit: l}, fits))
				return
			} else if ok && l.Bytes-l.Used < watchNear*need {
				wait = watchEvery
			} else {
				wait = watchIdle
			}
		}
	}()
	return wctx, func() error {
		close(done)
		<-finished
		err := context.Cause(wctx)
		cancel(nil)
		var me *memlimit.Error
		if errors.As(err, &me) {
			return err
		}
		return nil
	}
}

const (
	watchEvery  = 50 * time.Millisecond
	watchIdle   = time.Second
	watchNear   = 4
	watchMargin = 16 << 20
)
