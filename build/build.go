// Package build computes all-pairs first-move and distance tables: one
// Dijkstra search per target on the reversed graph, so that the parent
// pointer of every source is its first move toward that target, fanned out
// over a worker pool. It knows graphs and tables, never files.
package build

import (
	"context"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Options tune a build. The zero value builds with every core and no size
// limit.
type Options struct {
	// Workers is the number of concurrent searches; 0 means GOMAXPROCS.
	// The table's bytes do not depend on it.
	Workers int
	// MaxBytes refuses, with a *SizeError, a table whose payloads would
	// exceed it; 0 means no limit.
	MaxBytes int64
	// Progress, when set, is incremented once per finished target row, so
	// a caller can poll it for a progress display at no cost to the build.
	Progress *atomic.Int64
}

// Build returns the table of g: for every ordered pair, the first move and
// the cost of a shortest path. It runs one search per target: O(V·(E + V·C))
// with C distinct edge costs (grids), O(V·(E + V) log V) otherwise, divided
// by the workers. Memory is the table itself, n²·(1 + distance width) bytes,
// plus O(V + E) per worker. It stops early, returning ctx.Err(), when ctx is
// cancelled.
func Build(ctx context.Context, g *maps.Graph, opt Options) (*table.Table, error) {
	return buildTable(ctx, g, opt, true)
}

// buildTable is Build with the search's edge pruning optional, so tests can
// check that pruning changes no byte of the table.
func buildTable(ctx context.Context, g *maps.Graph, opt Options, prune bool) (*table.Table, error) {
	h, err := Plan(g)
	if err != nil {
		return nil, err
	}
	if opt.MaxBytes > 0 {
		if size, _ := h.PayloadSize(); size > opt.MaxBytes {
			n := int64(h.Nodes)
			return nil, &SizeError{Nodes: h.Nodes, Bytes: size, Limit: opt.MaxBytes,
				First: n * n, Dist: size - n*n, DistKind: h.DistKind}
		}
	}
	t, err := table.New(h)
	if err != nil {
		return nil, err
	}
	t.Offsets, t.Targets, t.Weights = g.Offsets, g.Targets, g.Weights
	if g.Grid != nil {
		t.Cells = g.Grid.Cells
	}
	t.X, t.Y = g.X, g.Y

	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, h.Nodes))
	rev := newReverse(g, prune)
	var next atomic.Int64
	eg, ctx := errgroup.WithContext(ctx)
	for range workers {
		eg.Go(func() error {
			s := newSearch(rev)
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				target := int(next.Add(1) - 1)
				if target >= h.Nodes {
					return nil
				}
				s.run(int32(target), t.FirstRow(target))
				t.DistKind.PutRow(t.DistRow(target), s.dist, s.exact)
				if opt.Progress != nil {
					opt.Progress.Add(1)
				}
			}
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	return t, nil
}
