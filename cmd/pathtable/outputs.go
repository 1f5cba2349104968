package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/internal/directio"
	"github.com/pathtable/pathtable/internal/regular"
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
// not, may be replaced; so may a part when part is set (build -shard
// writes one). Cost: the file's opening bytes read.
func checkOverwritesTable(path string, part bool) error {
	_, err := table.ReadHeader(path)
	if errors.Is(err, table.ErrNotTable) || !part && errors.Is(err, table.ErrPart) {
		return fmt.Errorf("refusing to write %s: it exists and is not a pathtable table; remove it or choose another output", path)
	}
	return nil
}

// checkWritable refuses, before any work, an output that could not be
// written when the work is done: what checkOutputPath refuses, and a
// folder that refuses a new file (permissions, a read-only file system).
// It asks the file system itself, by creating and removing an empty file
// beside the output, as the atomic write will. O(1) system calls.
func checkWritable(path string) error {
	if err := checkOutputPath(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".pathtable-probe-*")
	switch {
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("cannot write %s: the folder %s is on a read-only file system", path, dir)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("cannot write %s: the folder %s is not writable", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// checkOutputPath refuses an output path whose parent folder is missing or
// not a folder, that is a folder or another non-regular file, or a
// symbolic link that leads nowhere a file can be made. It writes
// nothing. O(1) system calls, and one a link followed.
func checkOutputPath(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: the folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %v", path, err)
	case !st.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	if err := regular.Check(path); err != nil {
		return err
	}
	return atomicfile.CheckDestination(path) // a link: where it leads
}

// writeOutput writes what write produces to path atomically, stopping
// within one chunk when ctx is cancelled, and puts it in place through
// the commit gate: when it returns ctx.Err(), path is as it was. The gate
// tracks the temporary file, and removes it if run stops waiting first.
func writeOutput(ctx context.Context, path string, write func(io.Writer) error) error {
	return writeOutputFile(ctx, path, func(f *os.File) error {
		return write(&stageWriter{ctx: ctx, w: ctxWriter{ctx, f}})
	})
}

// writeOutputAt is writeOutput for writers that write at offsets, from
// several goroutines (table.WriteAtParallel): each call is one chunk, and
// aligned ones go past the page cache (internal/directio), which spares
// the CPU copying hundreds of megabytes into it.
func writeOutputAt(ctx context.Context, path string, write func(io.WriterAt) error) error {
	return writeOutputFile(ctx, path, func(f *os.File) error {
		d := directio.New(f)
		err := write(&stageWriterAt{ctx: ctx, w: d})
		if cerr := d.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// writeOutputFile stages what write puts in the temporary file and
// commits it, as writeOutput says.
func writeOutputFile(ctx context.Context, path string, write func(*os.File) error) error {
	var track func(string) error
	if g, ok := ctx.Value(gateKey{}).(*commitGate); ok {
		track = func(tmp string) error { return g.track(ctx, tmp) }
	}
	staged, err := atomicfile.StageFile(path, track, write)
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
