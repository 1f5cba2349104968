// Package build computes all-pairs first-move and distance tables: one
// Dijkstra search per target on the reversed graph, so that the parent
// pointer of every source is its first move toward that target, fanned out
// over a worker pool. It knows graphs and tables, never files.
package build

import (
	"context"
	"fmt"
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

	if err := fillRows(ctx, g, h, opt, prune, 0, h.Nodes, t.First, t.Dist); err != nil {
		return nil, err
	}
	return t, nil
}

// BuildRows computes only the rows of targets from..to-1 into first and
// dist, which must hold exactly those rows: (to-from)·n bytes of first
// moves and (to-from)·n distances of h.DistKind, h being Plan(g). The rows
// of a table are contiguous and each is computed alone, so shards built
// apart (by a batch engine, on other machines) and concatenated in target
// order are byte for byte the table Build makes. Time is that of Build,
// scaled by the share of targets.
func BuildRows(ctx context.Context, g *maps.Graph, h table.Header, opt Options, from, to int, first, dist []byte) error {
	n := h.Nodes
	if from < 0 || to > n || from > to {
		return fmt.Errorf("target range [%d, %d) is not within the %d nodes", from, to, n)
	}
	if len(first) != (to-from)*n || len(dist) != (to-from)*n*h.DistKind.Width() {
		return fmt.Errorf("row buffers hold %d and %d bytes, want %d and %d for %d rows",
			len(first), len(dist), (to-from)*n, (to-from)*n*h.DistKind.Width(), to-from)
	}
	return fillRows(ctx, g, h, opt, true, from, to, first, dist)
}

// fillRows runs the searches for targets from..to-1 over the worker pool,
// each writing its rows in place into first and dist (which start at row
// from).
func fillRows(ctx context.Context, g *maps.Graph, h table.Header, opt Options, prune bool, from, to int, first, dist []byte) error {
	n, width := h.Nodes, h.DistKind.Width()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, to-from))
	rev := newReverse(g, prune)
	next := atomic.Int64{}
	next.Store(int64(from))
	eg, ctx := errgroup.WithContext(ctx)
	for range workers {
		eg.Go(func() error {
			s := newSearch(rev)
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				target := int(next.Add(1) - 1)
				if target >= to {
					return nil
				}
				row := target - from
				s.run(int32(target), first[row*n:(row+1)*n])
				h.DistKind.PutRow(dist[row*n*width:(row+1)*n*width], s.dist, s.exact)
				if opt.Progress != nil {
					opt.Progress.Add(1)
				}
			}
		})
	}
	return eg.Wait()
}
