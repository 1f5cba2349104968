package main

import (
	"context"
	"fmt"
	"github.com/pathtable/pathtable/internal/sharedmaps"
	"os"
	"testing"
	"time"
)

// robustRunMain, set to 1 in a child's environment, makes the test binary
// the pathtable command: TestMain runs os.Args[1:] as main does (the same
// signal handling: SIGINT or SIGTERM cancels the context) and exits with
// run's status. Tests use it to kill or interrupt a real build process.
const robustRunMain = "PATHTABLE_RUN_MAIN"

// robustPause, in a child's environment, names a stage (stages.go) at
// which the child stops until its context is cancelled (by the signal the
// test sends) or it is killed; a minute at most, so that a test that never
// signals does not hang.
const robustPause = "PATHTABLE_TEST_PAUSE"

// robustAt opens the line a child writes to stderr at each stage, the
// stage's name after it: "pathtable-test: at building". The line for
// stageReady says its signal handler is installed, so that an interrupt
// will be caught.
const robustAt = "pathtable-test: at "

// stageReady is the child's first line, before the command starts.
const stageReady stage = "ready"

func TestMain(m *testing.M) {
	if os.Getenv(robustRunMain) == "1" {
		pause := stage(os.Getenv(robustPause))
		hook := func(ctx context.Context, s stage) {
			fmt.Fprintf(os.Stderr, "%s%s\n", robustAt, s)
			if s == pause {
				select {
				case <-ctx.Done():
				case <-time.After(time.Minute):
				}
			}
		}
		testHook.Store(&hook)
		ctx, stop := signalContext(context.Background())
		fmt.Fprintf(os.Stderr, "%s%s\n", robustAt, stageReady)
		code := run(ctx, os.Args[1:])
		stop()
		os.Exit(code)
	}
	os.Exit(sharedmaps.Main(m))
}
