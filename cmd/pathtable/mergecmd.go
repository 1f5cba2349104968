package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/table"
)

// runMerge joins the parts of a sharded build (build -shard I/K) into the
// table a one-shot build writes: every part checked by its header first
// (one table, each index once, none missing), then read whole, one at a
// time, and the table written atomically.
func runMerge(ctx context.Context, args []string) error {
	fs := newFlagSet("merge", "[-json] [-max-bytes SIZE] [-max-memory SIZE] -o OUT PART...")
	out := fs.String("o", "", "output table `path` (required)")
	var cfg buildConfig
	fs.BoolVar(&cfg.jsonOut, "json", false, "print one JSON object, as build does")
	maxBytes := bytesFlag{defaultMaxBytes()}
	fs.Var(&maxBytes, "max-bytes", "refuse a table larger than this `size` (as build's; 0: no limit): merge holds the whole table")
	memoryFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 || *out == "" {
		fs.Usage()
		return usagef("merge needs -o OUT and the part files")
	}
	start := time.Now()
	parts := fs.Args()
	if in := sameFileAs(*out, parts); in != "" {
		return errOverwritesInput(*out, in)
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	if err := checkOverwritesTable(*out, false); err != nil {
		return err
	}
	heads := make([]*table.PartHeader, len(parts))
	for i, p := range parts {
		h, err := table.ReadPartHeader(p)
		if err != nil {
			return err
		}
		heads[i] = h
	}
	set, err := table.CheckParts(parts, heads)
	if err != nil {
		return err
	}
	h, err := set.Header()
	if err != nil {
		return err
	}
	// The header's size is the least the table takes (a run-length table's
	// encoding is known only once its runs are read), checked again after
	// the join.
	if err := checkMergeSize(*out, h, maxBytes.n); err != nil {
		return err
	}
	if err := checkMergeMemory(*out, h, parts); err != nil {
		return err
	}
	t, err := set.Join(ctx)
	if err != nil {
		return err
	}
	if err := checkMergeSize(*out, t.Header, maxBytes.n); err != nil {
		return err
	}
	err = writeOutputAt(ctx, *out, func(w io.WriterAt) error {
		_, err := t.WriteAtParallel(w, max(runtime.GOMAXPROCS(0), minWriters))
		return err
	})
	if err != nil {
		return err
	}
	st, err := os.Stat(*out)
	if err != nil {
		return err
	}
	report(buildResult{
		Input: t.Source, Output: *out, Status: "merged", Parts: len(parts), Layout: layoutName(build.TableOptions(&t.Header)),
		Nodes: t.Nodes, Edges: t.Edges, Pairs: t.CoveredPairs(), Reachable: t.ReachablePairs(),
		Bytes: st.Size(), Seconds: time.Since(start).Seconds(), PeakRSS: peakRSS(),
	}, &cfg)
	return nil
}

// checkMergeSize refuses the table of header h, to be written to out, when
// its payloads exceed limit (0: no limit). O(1).
func checkMergeSize(out string, h table.Header, limit int64) error {
	if err := build.CheckSize(&h, limit); err != nil {
		var tooBig *build.SizeError
		if errors.As(err, &tooBig) {
			return fmt.Errorf("%s: %w: raise -max-bytes", out, err)
		}
		return err
	}
	return nil
}
