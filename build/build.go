// Package build computes shortest-path tables of a level graph, in the
// layout Options asks for, each by its own builder:
//
//   - flat tables (the default; build.go): one Dijkstra search per target
//     on the reversed graph, so that the parent pointer of every source is
//     its first move toward that target, fanned out over a worker pool.
//     Most searches start from the finished rows of the target's
//     neighbours (seed.go) and settle only the nodes those rows do not
//     already answer. Larger levels with exact integer distances are
//     contracted into a hierarchy once (hierarchy.go), and their rows are
//     then computed eight at a time by a linear sweep (sweep.go) with no
//     queue at all.
//   - run-length tables (Options.Layout table.LayoutRuns; runs.go):
//     distance rows computed in blocks of sources close in a spatially
//     coherent node order (rowengine.go; order.go, orderpick.go), each
//     turned at once into that source's runs of first moves over the
//     targets (rowcoder.go; with heuristic symbols runsym.go and
//     symgeometry.go).
//   - windowed tables (Options.Window; window.go): for every origin, a
//     search confined to its (2·DELTA+1)² window.
//
// Build makes the table of a graph. BuildLevel makes the table of a level
// loaded by maps.Load and records which level it came from (Source, Format
// and InputHash), exactly as pathtable build does, so that the table can
// be written with table.WriteFile and later checked against the level
// (CheckStale: the one staleness check, which needs no parsing):
//
//	lvl, err := maps.Load("arena.map", maps.Options{})
//	...
//	t, err := build.BuildLevel(ctx, lvl, build.Options{MaxBytes: 1 << 30})
//	...
//	err = table.WriteFile("arena.ptab", t)
//
// BuildPart builds one part of a sharded build (part.go). Plan, PlanLayout
// and PlanWindow give a table's header, and so its size, before anything is
// built; CheckLevelSize refuses a level too large for its table before it
// is parsed, and every refusal over Options.MaxBytes is a *SizeError
// (size.go). It knows graphs and tables, never files.
package build

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Options tune a build. The zero value builds with every core and no size
// limit.
type Options struct {
	// Workers is the number of concurrent searches; 0 means GOMAXPROCS,
	// and more than MaxWorkers means MaxWorkers. The table's bytes do not
	// depend on it.
	Workers int
	// MaxBytes refuses, with a *SizeError, a table whose payloads would
	// exceed it (a run-length table once built, when its size is known);
	// 0 means no limit.
	MaxBytes int64
	// Progress, when set, is incremented once per finished target row
	// (windowed: per finished origin; hierarchy: per contracted node, of
	// which the last, the most important, take the longest), so a caller
	// can poll it for a progress display at no cost to the build.
	Progress *atomic.Int64
	// Window, when not 0, builds a windowed table of that half-width DELTA
	// (1 to table.MaxWindowDelta) instead of all pairs (window.go); grids
	// only.
	Window int
	// Layout, when Window is 0, picks the table layout: flat (the zero
	// value) or table.LayoutRuns, run-length rows per source (runs.go).
	Layout table.Layout
	// Literal makes a run-length table of a grid store literal moves only,
	// no heuristic symbols (table/symbols.go): a table to be written in
	// format 1 or 2 (table.Header.GraphBins) needs it. Symbols take fewer
	// runs on open ground; the answers are the same.
	Literal bool
	// WholeRows makes the symbol rows of a run-length grid table whose
	// level has several components span every rank, each ending in a run
	// of no path, as before the "c" encodings (table.CompSuffix): a table
	// for a reader that predates them. By default such rows cover their
	// source's component only (on a level where every edge has a reverse)
	// and wrap within it: fewer runs, the same answers.
	WholeRows bool
	// NoJump makes the symbol rows of a run-length grid table store H_7
	// in its value, as before the "j" encodings (table.JumpSuffix), not
	// J, the jump move: a table for a reader that predates them. By
	// default rows store J, which serves more targets: fewer runs, the
	// same answers.
	NoJump bool
	// Starts16 makes the symbol rows of a run-length grid table of at
	// most table.MaxPackedNodes nodes keep 16-bit starts and a separate
	// array of moves, as before the "runs12x4" encodings (table.Packed): a
	// table for a reader that predates them. By default a run there is one
	// 16-bit word, its 12-bit start and its move: 2 bytes a run, not 2.5,
	// the same answers. A sharded build's join (table.PartSet.Join) writes
	// the narrowest encoding whatever this says.
	Starts16 bool
}

// TableLayout is the layout of the table opt asks for: LayoutWindow when
// Window is set, else Layout. O(1).
func (opt Options) TableLayout() table.Layout {
	if opt.Window != 0 {
		return table.LayoutWindow
	}
	return opt.Layout
}

// Build returns the table of g: for every ordered pair, the first move and
// the cost of a shortest path. It runs one search per target: O(V·(E + V·C))
// with C distinct edge costs (grids), O(V·(E + V) log V) otherwise, divided
// by the workers; on integer and octile levels a search seeded from its
// neighbours' rows settles only the nodes those rows do not already answer,
// for O(V) per neighbour.
// On such levels of sweepMinNodes nodes or more it instead contracts the
// level once, on the workers, and sweeps each row in O(V + U) for the U
// upward arcs of the hierarchy (a few per node on grids), unless the
// contraction outgrows its budget (contractWork).
// Memory is the table itself, n²·(1 + distance width) bytes, plus O(V + E)
// per worker. It stops early, returning ctx.Err(), when ctx is cancelled.
func Build(ctx context.Context, g *maps.Graph, opt Options) (*table.Table, error) {
	if opt.Window != 0 {
		if opt.Layout != table.LayoutFlat {
			return nil, fmt.Errorf("a windowed table has no layout %q", opt.Layout)
		}
		return buildWindow(ctx, g, opt)
	}
	return buildTable(ctx, g, opt, allShortcuts)
}

// shortcuts names the builder's two savings over a plain search per
// target, which tests turn off to check what each changes.
type shortcuts struct {
	prune bool // skip relaxations that cannot improve (computeSkips)
	seed  bool // start rows from finished neighbours' rows (seed)
	// sweepFrom is the fewest nodes for which exact-key levels are
	// contracted and their flat rows swept (sweep.go); 0 never, neither
	// flat nor run-length rows (see sweeps).
	sweepFrom int
	// budgeted gives up contracting, and searches the rows instead, once
	// the contraction has cost more than contractWork allows (plan.go);
	// tests turn it off to sweep every level they can.
	budgeted bool
}

// sweepMinNodes is where contracting starts to pay for a flat table.
// Contracting costs a time per node, while sweeping saves a time per pair,
// n per node, over seeded searches: tiny levels are faster without it.
// BenchmarkBuild, over levels on both sides of this size, measures where
// the two meet.
const sweepMinNodes = 500

var allShortcuts = shortcuts{prune: true, seed: true, sweepFrom: sweepMinNodes, budgeted: true}

// buildTable is Build with the shortcuts chosen.
func buildTable(ctx context.Context, g *maps.Graph, opt Options, cuts shortcuts) (*table.Table, error) {
	h, err := PlanLayout(g, opt.Layout)
	if err != nil {
		return nil, err
	}
	if opt.Layout == table.LayoutRuns {
		return buildRuns(ctx, g, h, opt, cuts)
	}
	if opt.Layout == table.LayoutHierarchy {
		return buildHierarchy(ctx, g, h, opt)
	}
	if err := CheckSize(&h, opt.MaxBytes); err != nil {
		return nil, err
	}
	// Memory the collector reuses is zeroed by the goroutine that
	// allocates it, serially and in proportion to the table, when a batch
	// bake or a benchmark builds it after another level. With a worker to
	// spare, that runs while the level is contracted, the other serial
	// step.
	var flat *table.Flat
	var hier *hierarchy
	allocate := func() (err error) { flat, err = table.NewFlat(h); return err }
	contract := func() (err error) { hier, err = hierarchyFor(ctx, g, h.DistKind, cuts, workerCount(opt)); return err }
	if workerCount(opt) > 1 {
		var eg errgroup.Group
		eg.Go(allocate)
		eg.Go(contract)
		err = eg.Wait()
	} else if err = allocate(); err == nil {
		err = contract()
	}
	if err != nil {
		return nil, err
	}
	if err := fillRowsWith(ctx, g, h, opt, cuts, hier, 0, h.Nodes, flat.Rows()); err != nil {
		return nil, err
	}
	return newTable(h, flat, g)
}

// newTable returns the table of header h whose answers p holds, with the
// CSR and node arrays of g, aliased. O(1).
func newTable(h table.Header, p table.Payload, g *maps.Graph) (*table.Table, error) {
	t, err := table.New(h, p)
	if err != nil {
		return nil, err
	}
	setGraph(t, g)
	return t, nil
}

// setGraph gives t the CSR and node arrays of g, aliased. O(1).
func setGraph(t *table.Table, g *maps.Graph) {
	t.Offsets, t.Targets, t.Weights = g.Offsets, g.Targets, g.Weights
	if g.Grid != nil {
		t.Cells = g.Grid.Cells
	}
	t.X, t.Y = g.X, g.Y
}

// BuildRows computes only the rows of targets from..to-1 into first and
// dist, which must hold exactly those rows: (to-from)·n bytes of first
// moves and (to-from)·n distances of h.DistKind, h being Plan(g). The rows
// of a table are contiguous and each depends only on the graph and the
// earlier rows of its block, so shards built apart (by a batch engine, on
// other machines) and concatenated in target order are byte for byte the
// table Build makes. Time is that of Build, scaled by the share of
// targets; a range that starts inside a block of blockRows targets also
// computes, into scratch, that block's rows before it (at most
// blockRows-1 rows' time and memory).
func BuildRows(ctx context.Context, g *maps.Graph, h table.Header, opt Options, from, to int, first, dist []byte) error {
	if n := h.Nodes; from < 0 || to > n || from > to {
		return fmt.Errorf("target range [%d, %d) is not within the %d nodes", from, to, n)
	}
	rows, err := table.RowsOf(&h, to-from, first, dist)
	if err != nil {
		return err
	}
	return fillRows(ctx, g, h, opt, allShortcuts, from, to, rows)
}

// blockRows is the span of targets one worker computes in order, each
// row seeded from the finished rows of its in-neighbours earlier in the
// same span. Larger spans leave fewer rows unseeded (only a block's first
// rows lack finished neighbours) but balance the workers worse; the span is
// the one BenchmarkBuild found fastest.
const blockRows = 256

// fillRows computes the rows of targets from..to-1 into rows (which start
// at row from), one block of targets per worker at a time.
// A row's bytes depend only on the graph and its block, never on the
// worker or the range: a range that starts inside a block first computes
// that block's earlier rows into scratch, to seed from.
func fillRows(ctx context.Context, g *maps.Graph, h table.Header, opt Options, cuts shortcuts, from, to int, rows table.Rows) error {
	hier, err := hierarchyFor(ctx, g, h.DistKind, cuts, workerCount(opt))
	if err != nil {
		return err
	}
	return fillRowsWith(ctx, g, h, opt, cuts, hier, from, to, rows)
}

// hierarchyFor contracts g when cuts sweep the flat rows of levels of its
// size and kind (see sweeps), and returns nil when its rows are searched
// instead.
func hierarchyFor(ctx context.Context, g *maps.Graph, kind table.DistKind, cuts shortcuts, workers int) (*hierarchy, error) {
	if !cuts.sweeps(g, false) {
		return nil, nil
	}
	return flatHierarchy(ctx, g, kind, cuts.maxWork(g.Nodes()), workers)
}

// workerCount is the number of concurrent rows opt asks for.
func workerCount(opt Options) int {
	if opt.Workers > 0 {
		return min(opt.Workers, MaxWorkers())
	}
	return runtime.GOMAXPROCS(0)
}

// MaxWorkers is the most workers a build runs, whatever Options.Workers
// asks: more than a few per core only adds O(V + E) scratch memory each,
// never speed.
func MaxWorkers() int { return max(16, 4*runtime.GOMAXPROCS(0)) }

// fillRowsWith is fillRows with the level's hierarchy already made (nil
// when its rows are searched).
func fillRowsWith(ctx context.Context, g *maps.Graph, h table.Header, opt Options, cuts shortcuts, hier *hierarchy, from, to int, rows table.Rows) error {
	workers := workerCount(opt)
	if hier != nil {
		return sweepAll(ctx, hier, workers, opt.Progress, from, rows)
	}
	lo := from / blockRows * blockRows
	blocks := (to - lo + blockRows - 1) / blockRows
	rev := newReverse(g, h.DistKind, cuts.prune)
	seedable := cuts.seed && rev.seedable(h.DistKind)
	pre := table.NewRows(&h, from-lo) // rows lo..from-1 only seed others
	rowOf := func(t int) table.Row {
		if t < from {
			return pre.Row(t - lo)
		}
		return rows.Row(t - from)
	}
	type scratch struct {
		s       *search
		parents []parentRow
	}
	newScratch := func(int) *scratch { return &scratch{s: newSearch(rev)} }
	return pool.Run(ctx, workers, blocks, newScratch, func(ctx context.Context, w *scratch, b int) error {
		s := w.s
		start := lo + b*blockRows
		for target := start; target < min(start+blockRows, to); target++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			row := rowOf(target)
			w.parents = w.parents[:0]
			if seedable {
				w.parents = rev.parents(int32(target), int32(start), w.parents, rowOf)
			}
			if len(w.parents) == 0 {
				s.run(int32(target), row.First)
			} else {
				s.seed(int32(target), row.First, h.DistKind, w.parents)
				s.solve(int32(target), row.First)
			}
			if oct, ok := row.Dist.Octile16(); ok && rev.keyed {
				putOctileKeys(oct, s.dist)
			} else {
				row.Dist.PutFloats(s.dist, s.exact)
			}
			if opt.Progress != nil && target >= from {
				opt.Progress.Add(1)
			}
		}
		return nil
	})
}

// parents appends to dst the finished rows that seed target t: those of
// its in-neighbours from start up to t. O(in-degree).
func (r *reverse) parents(t, start int32, dst []parentRow, rowOf func(int) table.Row) []parentRow {
	for i := r.offsets[t]; i < r.offsets[t+1]; i++ {
		e := r.edges[i]
		p := e.from()
		if p < start || p >= t {
			continue
		}
		dst = append(dst, parentRow{row: rowOf(int(p)), node: p, slot: e.slot(), key: r.edgeKey(i)})
	}
	return dst
}

// sweepAll computes the rows of targets from..from+rows.Len()-1 into rows
// by sweeps of hier, sweepRows targets at a time per worker. Every row
// depends only on the graph, so the bytes do not depend on the workers or
// the range.
func sweepAll(ctx context.Context, hier *hierarchy, workers int, progress *atomic.Int64, from int, rows table.Rows) error {
	count := rows.Len()
	batches := (count + sweepRows - 1) / sweepRows
	type scratch struct {
		s       *sweep
		targets [sweepRows]int32
		rows    [sweepRows]table.Row
	}
	newScratch := func(int) *scratch { return &scratch{s: newSweep(hier)} }
	return pool.Run(ctx, workers, batches, newScratch, func(_ context.Context, w *scratch, b int) error {
		first := b * sweepRows // within rows
		n := min(sweepRows, count-first)
		for j := range w.targets {
			w.targets[j] = int32(from + first + min(j, n-1)) // a short batch repeats its last target
		}
		w.s.run(&w.targets)
		for j := range n {
			w.rows[j] = rows.Row(first + j)
		}
		w.s.putAll(w.rows[:n])
		if progress != nil {
			progress.Add(int64(n))
		}
		return nil
	})
}
