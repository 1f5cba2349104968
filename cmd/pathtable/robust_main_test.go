package main

import (
	"context"
	"fmt"
	"os"
	"testing"
)

// robustRunMain, set to 1 in a child's environment, makes the test binary
// the pathtable command: TestMain runs os.Args[1:] as main does (the same
// signal handling: SIGINT or SIGTERM cancels the context) and exits with
// run's status. Tests use it to kill or interrupt a real build process.
const robustRunMain = "PATHTABLE_RUN_MAIN"

// robustReady is the line such a child writes to stderr once its signal
// handler is installed, so that a test knows an interrupt will be caught.
const robustReady = "pathtable-test: signal handler ready"

func TestMain(m *testing.M) {
	if os.Getenv(robustRunMain) == "1" {
		ctx, stop := signalContext(context.Background())
		fmt.Fprintln(os.Stderr, robustReady)
		code := run(ctx, os.Args[1:])
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}
