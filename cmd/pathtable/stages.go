package main

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
)

// stage names a moment in a command's run. The signal tests interrupt or
// kill a command at one (robust_signal_test.go), instead of guessing the
// moment with a sleep: a test that waits on an event passes on a loaded
// machine as on an idle one.
type stage string

const (
	stageStarted   stage = "started"   // the command is about to run
	stageBuilding  stage = "building"  // a level is parsed and its bake starts
	stageWriting   stage = "writing"   // the output's temporary holds its first bytes
	stageStaged    stage = "staged"    // the temporary is complete and synced, not yet in place
	stageCommitted stage = "committed" // the output is in place
)

// testHook, unset outside tests, is called with the command's context at
// each stage; it may block (until ctx is cancelled, say). Atomic, because
// a command that outlives its interrupt may still read it.
var testHook atomic.Pointer[func(context.Context, stage)]

// reached calls the test hook, if any, for stage s. O(1) without one.
func reached(ctx context.Context, s stage) {
	if h := testHook.Load(); h != nil {
		(*h)(ctx, s)
	}
}

// stageWriter reports stageWriting once its first write has gone through.
type stageWriter struct {
	ctx  context.Context
	w    io.Writer
	seen bool
}

func (s *stageWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err == nil && !s.seen {
		s.seen = true
		reached(s.ctx, stageWriting)
	}
	return n, err
}

// stageWriterAt is stageWriter for writes at offsets, several at once: it
// fails every write once ctx is cancelled, and reports stageWriting once
// a write has gone through; writes that finish meanwhile wait for the
// report, as the next write waits for stageWriter's.
type stageWriterAt struct {
	ctx  context.Context
	w    io.WriterAt
	once sync.Once
}

func (s *stageWriterAt) WriteAt(p []byte, off int64) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := s.w.WriteAt(p, off)
	if err == nil {
		s.once.Do(func() { reached(s.ctx, stageWriting) })
	}
	return n, err
}
