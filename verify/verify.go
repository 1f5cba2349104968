package verify

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Defaults of Options.
const (
	// AllPairs, as Options.Pairs, checks every ordered pair.
	AllPairs = -1
	// DefaultAllPairsNodes is the largest level whose pairs are all checked
	// by default.
	DefaultAllPairsNodes = 2000
	// DefaultSamples is how many random pairs are checked by default on
	// larger levels.
	DefaultSamples = 10000
	// DefaultMaxMismatches is how many mismatches a Report lists by default.
	DefaultMaxMismatches = 10
	// RelTolerance is the relative difference allowed between two costs
	// of a level whose metric is not MetricInt (integer costs must match
	// exactly): float64 sums of the same path taken in a different order
	// differ in the last bits.
	RelTolerance = maps.CostTolerance
)

// Options tune Table. The zero value checks the default pairs on
// every core.
type Options struct {
	// Pairs is how many random ordered pairs (s, t), drawn uniformly with
	// replacement, to check with A*. AllPairs (any negative value) checks
	// every pair, target by target with one Dijkstra each on the reversed
	// graph. 0 means AllPairs up to DefaultAllPairsNodes nodes, else
	// DefaultSamples.
	Pairs int
	// Seed chooses the random pairs; the same seed checks the same pairs
	// whatever the number of workers.
	Seed uint64
	// Workers is the number of concurrent checkers; 0 means GOMAXPROCS.
	Workers int
	// Scenarios, when set, are also checked: the table's distance between
	// each start and goal must match the published (maps.ScenarioMatches)
	// optimal length. Grid tables of the Moving AI model only.
	Scenarios []maps.Scenario
	// MaxMismatches is how many mismatches the report lists (the count
	// covers all of them); 0 means DefaultMaxMismatches.
	MaxMismatches int
	// Progress, when set, is called once before the check starts, with
	// how many units of work it will do and what they are ("targets",
	// "pairs" or "origins"); the check adds each finished unit to the
	// counter it returns, which a display may poll.
	Progress func(total int64, unit string) *atomic.Int64
}

// Table checks table t against live solves on g, the level it claims to
// be built from (the caller checks staleness, e.g. by the input hash).
// A windowed table is checked origin by origin: every pair it covers
// against a search confined to the origin's window, which must also hold
// the table's whole path; Report.Longer counts the pairs whose confined
// path costs more than the level's shortest path. For each pair checked:
//
//   - the table's distance equals the live cost (exactly for MetricInt,
//     within RelTolerance otherwise), and both agree on reachability;
//   - the table's first move is an edge of g whose cost plus the table's
//     distance from the next node is the table's distance;
//   - the table's path (as lookup walks it) is a walk of g whose summed
//     cost is the table's distance.
//
// All pairs cost one Dijkstra per target, O(V·(E + V) log V) in all, and
// O(V) per row for the paths, whose costs are shared through the row's
// first-move tree; sampled pairs cost one A* search and one path walk
// each; a window costs a confined search and a search of the whole level
// per origin, and a walk per covered pair. Work is spread over
// opt.Workers goroutines. Table returns an
// error, and no report, when the table and the graph do not even have the
// same nodes, when scenarios do not fit the table, or when ctx is done.
func Table(ctx context.Context, t *table.Table, g *maps.Graph, opt Options) (*Report, error) {
	start := time.Now()
	if err := sameNodes(t, g); err != nil {
		return nil, err
	}
	if len(opt.Scenarios) > 0 && !t.AllPairs() {
		return nil, fmt.Errorf("scenarios check tables of all pairs; this one is windowed (DELTA %d)", t.Window)
	}
	if len(opt.Scenarios) > 0 {
		if err := scenariosFit(t, opt.Scenarios); err != nil {
			return nil, err
		}
	}
	n := g.Nodes()
	v := &verifier{t: t, lt: lookup.New(t), g: g, costs: costCheckFor(&t.Header, g),
		max: opt.MaxMismatches, progress: opt.Progress}
	if v.max <= 0 {
		v.max = DefaultMaxMismatches
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep := &Report{Nodes: n}
	pairs := opt.Pairs
	rep.AllPairs = pairs < 0 || pairs == 0 && n <= DefaultAllPairsNodes
	if pairs <= 0 {
		pairs = DefaultSamples
	}
	var err error
	switch {
	case n == 0:
	case !t.AllPairs():
		rep.Window = t.Window
		rep.Origins, rep.Pairs, rep.Longer, err = v.windows(ctx, rep.AllPairs, pairs, opt.Seed, workers)
	case rep.AllPairs:
		rep.Pairs = int64(n) * int64(n)
		err = v.allPairs(ctx, min(workers, n))
	default:
		rep.Pairs = int64(pairs)
		err = v.sampled(ctx, pairs, opt.Seed, workers)
	}
	if err != nil {
		return nil, err
	}
	rep.Scenarios = len(opt.Scenarios)
	v.scenarios(opt.Scenarios)
	rep.Failed = v.failed.Load()
	rep.Mismatches = make([]Mismatch, len(v.list))
	for i := range v.list {
		rep.Mismatches[i] = v.list[i].m
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// sameNodes checks that t and g name the same nodes in the same order.
func sameNodes(t *table.Table, g *maps.Graph) error {
	if t.Nodes != g.Nodes() || len(t.Offsets) != t.Nodes+1 {
		return fmt.Errorf("the table has %d nodes, the level %d", t.Nodes, g.Nodes())
	}
	if (t.Kind == table.KindGrid) != (g.Grid != nil) {
		return fmt.Errorf("the table is a %s, the level is not", t.Kind)
	}
	if g.Grid != nil {
		if t.Width != g.Grid.Width || t.Height != g.Grid.Height {
			return fmt.Errorf("the table's grid is %dx%d, the level's %dx%d", t.Width, t.Height, g.Grid.Width, g.Grid.Height)
		}
		if !slices.Equal(t.Cells, g.Grid.Cells) {
			return fmt.Errorf("the table's passable cells are not the level's")
		}
		return nil
	}
	if !slices.Equal(t.Names, g.Names) {
		return fmt.Errorf("the table's node ids are not the level's")
	}
	return nil
}

// verifier is the state the checkers share.
type verifier struct {
	t     *table.Table
	lt    *lookup.Table
	g     *maps.Graph
	costs costCheck
	max   int

	progress func(total int64, unit string) *atomic.Int64

	failed atomic.Int64
	mu     sync.Mutex
	list   []ranked // the first failures by (problem, seq), at most max
}

// started announces a check of total units to opt.Progress and returns
// the counter of finished units: the one Progress returned, or a private
// one. O(1).
func (v *verifier) started(total int64, unit string) *atomic.Int64 {
	if v.progress != nil {
		if c := v.progress(total, unit); c != nil {
			return c
		}
	}
	return new(atomic.Int64)
}
