package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/table"
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

// checkOverwritesTable refuses an output path that exists and is not a
// table (by its opening bytes): a level, a part, any file a table would
// destroy, such as the level a merge's parts were built from, which they
// name only by its base name. A missing output, or a table, damaged or
// not, may be replaced. Cost: the file's opening bytes read.
func checkOverwritesTable(path string) error {
	_, err := table.ReadHeader(path)
	if errors.Is(err, table.ErrNotTable) || errors.Is(err, table.ErrPart) {
		return fmt.Errorf("refusing to write %s: it exists and is not a pathtable table; remove it or choose another output", path)
	}
	return nil
}

// writeOutput writes what write produces to path atomically, stopping
// within one chunk when ctx is cancelled, and puts it in place through
// the commit gate: when it returns ctx.Err(), path is as it was. The gate
// tracks the temporary file, and removes it if run stops waiting first.
func writeOutput(ctx context.Context, path string, write func(io.Writer) error) error {
	var track func(string) error
	if g, ok := ctx.Value(gateKey{}).(*commitGate); ok {
		track = func(tmp string) error { return g.track(ctx, tmp) }
	}
	staged, err := atomicfile.StageTracked(path, track, func(w io.Writer) error {
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
