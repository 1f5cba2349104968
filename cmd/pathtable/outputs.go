package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/pathtable/pathtable/internal/atomicfile"
)

// sameFileAs returns the first of inputs that is the same file as output
// (through symbolic and hard links alike), or "" when none is, or output
// does not exist yet. O(len(inputs)) stats.
func sameFileAs(output string, inputs []string) string {
	out, err := os.Stat(output)
	if err != nil {
		return ""
	}
	for _, in := range inputs {
		if st, err := os.Stat(in); err == nil && os.SameFile(out, st) {
			return in
		}
	}
	return ""
}

// errOverwritesInput is the error for an output that is one of the inputs.
func errOverwritesInput(output, input string) error {
	return fmt.Errorf("refusing to write %s: it is the input %s", output, input)
}

// writeOutput writes what write produces to path atomically, stopping
// within one buffer when ctx is cancelled, and puts it in place through
// the commit gate: when it returns ctx.Err(), path is as it was.
func writeOutput(ctx context.Context, path string, write func(io.Writer) error) error {
	staged, err := atomicfile.Stage(path, func(w io.Writer) error {
		return write(&stageWriter{ctx: ctx, w: ctxWriter{ctx, w}})
	})
	if err != nil {
		return err
	}
	reached(ctx, stageStaged)
	if err := commit(ctx, staged.Commit); err != nil {
		staged.Discard()
		return err
	}
	reached(ctx, stageCommitted)
	return nil
}
