package verify

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
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
	RelTolerance = 1e-9
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
	// each start and goal must be within ScenarioTolerance of the published
	// optimal length. Grid tables of the Moving AI model only.
	Scenarios []maps.Scenario
	// MaxMismatches is how many mismatches the report lists (the count
	// covers all of them); 0 means DefaultMaxMismatches.
	MaxMismatches int
}

// Table checks table t against live solves on g, the level it claims to
// be built from (the caller checks staleness, e.g. by the input hash).
// For each pair checked:
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
// each. Work is spread over opt.Workers goroutines. Table returns an
// error, and no report, when the table and the graph do not even have the
// same nodes, when scenarios do not fit the table, or when ctx is done.
func Table(ctx context.Context, t *table.Table, g *maps.Graph, opt Options) (*Report, error) {
	start := time.Now()
	if err := sameNodes(t, g); err != nil {
		return nil, err
	}
	if len(opt.Scenarios) > 0 {
		if err := scenariosFit(t, opt.Scenarios); err != nil {
			return nil, err
		}
	}
	n := g.Nodes()
	v := &verifier{t: t, lt: lookup.New(t), g: g, exact: g.Metric == maps.MetricInt && t.Metric == maps.MetricInt.String(),
		max: opt.MaxMismatches}
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
	exact bool
	max   int

	failed atomic.Int64
	mu     sync.Mutex
	list   []ranked // the first failures by (problem, seq), at most max
}

// equal compares two costs with the level's tolerance.
func (v *verifier) equal(a, b float64) bool {
	if v.exact || a == b {
		return a == b
	}
	return math.Abs(a-b) <= RelTolerance*max(math.Abs(a), math.Abs(b))
}

// Problem says what is wrong with a pair. Lower values are more basic: a
// report lists them first, so that the root cause of a cascade of failures
// (one bad entry breaks every path through it) comes before its effects.
type Problem uint8

const (
	// ProblemReachable: the table and the live solver disagree on whether
	// there is a path.
	ProblemReachable Problem = iota
	// ProblemDistance: the table's distance is not the live cost.
	ProblemDistance
	// ProblemStep: the table's first move from the source is not an edge of
	// the level, or its cost plus the table's distance from the next node
	// is not the table's distance.
	ProblemStep
	// ProblemPath: the table's whole path is not a walk of the level whose
	// summed cost is the table's distance (it stops, loops, leaves the
	// level's edges, or sums to something else).
	ProblemPath
	// ProblemScenario: the table's distance is not a scenario's published
	// optimal length.
	ProblemScenario
)

func (p Problem) String() string {
	switch p {
	case ProblemReachable:
		return "reachability differs"
	case ProblemDistance:
		return "distance differs"
	case ProblemStep:
		return "bad first move"
	case ProblemPath:
		return "bad path"
	case ProblemScenario:
		return "scenario length differs"
	}
	return "Problem(" + strconv.Itoa(int(p)) + ")"
}

// Mismatch is one pair (or scenario) where the table is wrong.
type Mismatch struct {
	Problem          Problem
	From, To         int32   // nodes; -1 for a scenario cell that is not a node
	FromName, ToName string  // "x,y" on grids, ids on graphs
	Table            float64 // the table's distance, +Inf when it has none
	Live             float64 // the live cost (a scenario's published length), +Inf when none
	Detail           string  // what exactly is wrong
}

func (m *Mismatch) String() string {
	live := "live cost"
	if m.Problem == ProblemScenario {
		live = "published"
	}
	return fmt.Sprintf("%s -> %s: table cost %s, %s %s (%s: %s)",
		m.FromName, m.ToName, FormatCost(m.Table), live, FormatCost(m.Live), m.Problem, m.Detail)
}

// FormatCost prints a cost as the shortest decimal that reads back as the
// same float64, and +Inf as "unreachable".
func FormatCost(c float64) string {
	if math.IsInf(c, 1) {
		return "unreachable"
	}
	return strconv.FormatFloat(c, 'f', -1, 64)
}

// Report is the outcome of Table.
type Report struct {
	Nodes      int
	AllPairs   bool          // every pair was checked (else a sample)
	Pairs      int64         // pairs checked
	Scenarios  int           // scenarios checked
	Failed     int64         // pairs and scenarios that failed
	Mismatches []Mismatch    // the first failures, most basic problems first, then in pair order
	Elapsed    time.Duration // wall time of the whole check
}

// OK reports whether nothing failed.
func (r *Report) OK() bool { return r.Failed == 0 }

// PairsPerSecond is the checking rate.
func (r *Report) PairsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Pairs) / r.Elapsed.Seconds()
}

type ranked struct {
	seq int64
	m   Mismatch
}

// record counts a failure and keeps it if it is among the first max;
// describe builds the mismatch only then. A pair drawn again by the
// sampler is counted again but listed once.
func (v *verifier) record(p Problem, seq int64, from, to int32, describe func() Mismatch) {
	v.failed.Add(1)
	v.mu.Lock()
	defer v.mu.Unlock()
	for i := range v.list {
		if m := &v.list[i].m; m.From == from && m.To == to && m.Problem == p && p != ProblemScenario {
			if seq < v.list[i].seq { // keep the order independent of the workers
				v.list[i].seq = seq
				slices.SortFunc(v.list, func(a, b ranked) int {
					return cmp.Or(cmp.Compare(a.m.Problem, b.m.Problem), cmp.Compare(a.seq, b.seq))
				})
			}
			return
		}
	}
	// i is where (p, seq) goes in the list, ordered by problem, then seq.
	i := len(v.list)
	for i > 0 && cmp.Or(cmp.Compare(p, v.list[i-1].m.Problem), cmp.Compare(seq, v.list[i-1].seq)) < 0 {
		i--
	}
	if i >= v.max {
		return
	}
	m := describe()
	m.Problem = p
	v.list = slices.Insert(v.list, i, ranked{seq, m})
	if len(v.list) > v.max {
		v.list = v.list[:v.max]
	}
}

// Path states of a table path.
const (
	pathUnknown uint8 = iota
	pathOpen          // being walked
	pathReach         // reaches the target through level edges
	pathBroken        // stops (no move or an invalid move) or leaves the level's edges
	pathLoop          // runs into a cycle
)

// facts are what a checker knows about one pair.
type facts struct {
	s, t     int32
	live     float64
	liveOK   bool
	tab      float64
	tabOK    bool
	next     int32   // the table's next node from s, -1 for none
	w        float64 // level cost of the step s→next
	edgeOK   bool    // s→next is an edge of the level
	nextTab  float64 // the table's distance from next
	nextOK   bool
	path     uint8   // state of the table's path from s
	pathCost float64 // its summed level cost, when it reaches t
	seq      int64
}

// judge returns the most basic problem of a pair, and false when it has
// none.
func (v *verifier) judge(f *facts) (Problem, bool) {
	if f.liveOK != f.tabOK {
		return ProblemReachable, true
	}
	if f.tabOK && !v.equal(f.tab, f.live) {
		return ProblemDistance, true
	}
	if f.s == f.t {
		return 0, false
	}
	if !f.tabOK {
		if f.path == pathReach {
			return ProblemPath, true
		}
		return 0, false
	}
	if f.next < 0 || !f.edgeOK || !f.nextOK || !v.equal(f.tab, f.w+f.nextTab) {
		return ProblemStep, true
	}
	if f.path != pathReach || !v.equal(f.pathCost, f.tab) {
		return ProblemPath, true
	}
	return 0, false
}

// check judges one pair and records it if it fails.
func (v *verifier) check(f *facts) {
	p, bad := v.judge(f)
	if !bad {
		return
	}
	v.record(p, f.seq, f.s, f.t, func() Mismatch {
		m := Mismatch{From: f.s, To: f.t, FromName: v.g.NodeName(f.s), ToName: v.g.NodeName(f.t),
			Table: table.Unreachable, Live: math.Inf(1)}
		if f.tabOK {
			m.Table = f.tab
		}
		if f.liveOK {
			m.Live = f.live
		}
		m.Detail = v.detail(p, f)
		return m
	})
}

// detail explains a problem; it runs only for listed mismatches.
func (v *verifier) detail(p Problem, f *facts) string {
	name := v.g.NodeName
	switch p {
	case ProblemReachable:
		if f.tabOK {
			return "the live solver finds no path"
		}
		return "the table has no path"
	case ProblemDistance:
		return fmt.Sprintf("off by %g", f.tab-f.live)
	case ProblemStep:
		switch {
		case f.next < 0:
			return fmt.Sprintf("the table has no valid first move from %s", name(f.s))
		case !f.edgeOK:
			return fmt.Sprintf("first move %s -> %s is not an edge of the level", name(f.s), name(f.next))
		case !f.nextOK:
			return fmt.Sprintf("first move %s -> %s leads to a node the table cannot reach %s from", name(f.s), name(f.next), name(f.t))
		}
		return fmt.Sprintf("first move %s -> %s costs %s and the table's distance from %s is %s; they do not add up",
			name(f.s), name(f.next), FormatCost(f.w), name(f.next), FormatCost(f.nextTab))
	}
	return v.describePath(f.s, f.t, f.tabOK)
}

// describePath says what is wrong with the table's path from s to t.
func (v *verifier) describePath(s, t int32, tabOK bool) string {
	name := v.g.NodeName
	w := v.walk(nil, s, t)
	p := w.nodes
	switch {
	case !w.reaches:
		return "the table's path stops or loops before it reaches " + name(t)
	case !tabOK:
		return fmt.Sprintf("the table's first moves reach %s in %d steps but its distance says unreachable", name(t), len(p)-1)
	case w.badStep > 0:
		return fmt.Sprintf("step %s -> %s of the table's path is not an edge of the level", name(int32(p[w.badStep-1])), name(int32(p[w.badStep])))
	}
	return fmt.Sprintf("the table's path of %d steps costs %s, not its distance", len(p)-1, FormatCost(w.cost))
}

// tablePath is the table's path from s to t as lookup walks it, measured
// on the level's edges.
type tablePath struct {
	nodes   []int   // s .. t, when lookup reaches t
	reaches bool    // lookup reaches t: the path neither stops nor loops
	badStep int     // index in nodes of the head of the first step that is not an edge of the level; 0 when every step is one
	cost    float64 // summed level cost of the steps, when every step is an edge
}

// walk follows the table's path from s to t with lookup, appending it to
// buf, and sums its cost over the level's edges up to the first step that
// is not one. Sampled pairs and the description of a bad path both walk
// here. O(path length × degree).
func (v *verifier) walk(buf []int, s, t int32) tablePath {
	p, ok := v.lt.AppendPath(buf, int(s), int(t))
	w := tablePath{nodes: p, reaches: ok}
	if !ok {
		return w
	}
	for i := 1; i < len(p); i++ {
		c, ok := v.g.EdgeCost(int32(p[i-1]), int32(p[i]))
		if !ok {
			w.badStep = i
			return w
		}
		w.cost += c
	}
	return w
}

// checker is one worker's scratch.
type checker struct {
	v *verifier
	// per row of the table, for all pairs
	f     []facts
	pc    []float64
	st    []uint8
	stack []int32
	path  []int
	one   facts // the sampled pair being checked
}

// allPairs checks every pair, one target row per task.
func (v *verifier) allPairs(ctx context.Context, workers int) error {
	n := v.g.Nodes()
	ts := solve.NewTargetSearch(v.g)
	var next atomic.Int64
	eg, ctx := errgroup.WithContext(ctx)
	for w := range workers {
		search := ts
		if w > 0 {
			search = ts.Clone()
		}
		eg.Go(func() error {
			c := &checker{v: v, f: make([]facts, n), pc: make([]float64, n), st: make([]uint8, n)}
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				t := next.Add(1) - 1
				if t >= int64(n) {
					return nil
				}
				c.row(int32(t), search.Run(int32(t)))
			}
		})
	}
	return eg.Wait()
}

// row checks every source against target t, given the live costs to t.
// O(V) plus the degree of each node: the table's paths of a row form a
// tree (each node's first move), so each path's cost is its first step's
// cost plus the cost of the path from the next node, computed once.
func (c *checker) row(t int32, live []float64) {
	v, f, n := c.v, c.f, len(c.f)
	for s := range n {
		fs := &f[s]
		*fs = facts{s: int32(s), t: t, live: live[s], liveOK: !math.IsInf(live[s], 1),
			seq: int64(t)*int64(n) + int64(s)}
		fs.tab, fs.tabOK = v.t.Distance(s, int(t))
		fs.next = int32(v.lt.Next(s, int(t)))
		if fs.next >= 0 {
			fs.w, fs.edgeOK = v.g.EdgeCost(int32(s), fs.next)
		}
		c.st[s] = pathUnknown
	}
	for s := range n {
		if fs := &f[s]; fs.next >= 0 {
			fs.nextTab, fs.nextOK = v.t.Distance(int(fs.next), int(t))
		}
	}
	c.pathCosts(t)
	for s := range n {
		f[s].path, f[s].pathCost = c.st[s], c.pc[s]
		v.check(&f[s])
	}
}

// pathCosts sets st and pc of every node for the row of target t: whether
// its table path reaches t by edges of the level and at what summed cost.
// Each node is walked once. O(V).
func (c *checker) pathCosts(t int32) {
	f, st, pc := c.f, c.st, c.pc
	st[t], pc[t] = pathReach, 0
	for s := range f {
		if st[s] != pathUnknown {
			continue
		}
		stack := c.stack[:0]
		u := int32(s)
		var end uint8
		for {
			if k := st[u]; k != pathUnknown {
				end = k
				if k == pathOpen {
					end = pathLoop
				}
				break
			}
			st[u] = pathOpen
			stack = append(stack, u)
			if f[u].next < 0 || !f[u].edgeOK {
				end = pathBroken
				break
			}
			u = f[u].next
		}
		for i := len(stack) - 1; i >= 0; i-- {
			x := stack[i]
			st[x] = end
			if end == pathReach {
				pc[x] = f[x].w + pc[f[x].next]
			}
		}
		c.stack = stack
	}
}

// sampled checks pairs random pairs with A*, in chunks of sampleChunk
// whose pairs depend only on the seed and the chunk's index.
func (v *verifier) sampled(ctx context.Context, pairs int, seed uint64, workers int) error {
	const sampleChunk = 256
	n := v.g.Nodes()
	chunks := (pairs + sampleChunk - 1) / sampleChunk
	solver := solve.NewSolver(v.g, solve.AStar)
	var next atomic.Int64
	eg, ctx := errgroup.WithContext(ctx)
	for w := range min(workers, chunks) {
		s := solver
		if w > 0 {
			s = solver.Clone()
		}
		eg.Go(func() error {
			c := &checker{v: v}
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				k := int(next.Add(1) - 1)
				if k >= chunks {
					return nil
				}
				rng := rand.New(rand.NewPCG(seed, uint64(k)))
				for i := k * sampleChunk; i < min(pairs, (k+1)*sampleChunk); i++ {
					from, to := int32(rng.IntN(n)), int32(rng.IntN(n))
					c.pair(int64(i), from, to, s.SolveCost(from, to))
				}
			}
		})
	}
	return eg.Wait()
}

// pair checks one pair against a live result. O(path length × degree).
func (c *checker) pair(seq int64, s, t int32, r solve.Result) {
	v := c.v
	f := &c.one
	*f = facts{s: s, t: t, live: r.Cost, liveOK: r.Reachable, seq: seq, next: -1}
	f.tab, f.tabOK = v.t.Distance(int(s), int(t))
	if s != t {
		f.next = int32(v.lt.Next(int(s), int(t)))
		if f.next >= 0 {
			f.w, f.edgeOK = v.g.EdgeCost(s, f.next)
			f.nextTab, f.nextOK = v.t.Distance(int(f.next), int(t))
		}
		f.path, f.pathCost = c.walkState(s, t)
	}
	v.check(f)
}

// walkState follows the table's path from s to t in the checker's buffer
// and says whether it reaches t over the level's edges, and at what cost.
func (c *checker) walkState(s, t int32) (uint8, float64) {
	w := c.v.walk(c.path[:0], s, t)
	c.path = w.nodes
	if !w.reaches || w.badStep > 0 {
		return pathBroken, 0
	}
	return pathReach, w.cost
}

// scenariosFit checks that scenarios can be checked against t.
func scenariosFit(t *table.Table, scen []maps.Scenario) error {
	if t.Kind != table.KindGrid {
		return fmt.Errorf("scenarios need a grid table, not a %s", t.Kind)
	}
	if t.Connect != 8 || t.Diagonal != string(maps.DiagonalSqrt2) {
		return fmt.Errorf("%w; the table uses %s", errScenarioModel, t.Model)
	}
	for _, s := range scen {
		if s.Width != t.Width || s.Height != t.Height {
			return fmt.Errorf("scenario on line %d is for a %dx%d map (%s), the table's grid is %dx%d",
				s.Line, s.Width, s.Height, s.Map, t.Width, t.Height)
		}
	}
	return nil
}

// scenarios checks the table's distances against published lengths.
func (v *verifier) scenarios(scen []maps.Scenario) {
	gr := v.g.Grid
	for i, sc := range scen {
		s, t := gr.NodeAt(sc.StartX, sc.StartY), gr.NodeAt(sc.GoalX, sc.GoalY)
		d, ok := table.Unreachable, false
		if s >= 0 && t >= 0 {
			d, ok = v.t.Distance(int(s), int(t))
		}
		if ok && math.Abs(d-sc.Optimal) <= maps.ScenarioTolerance {
			continue
		}
		v.record(ProblemScenario, int64(i), s, t, func() Mismatch {
			m := Mismatch{From: s, To: t, Table: d, Live: sc.Optimal,
				FromName: fmt.Sprintf("%d,%d", sc.StartX, sc.StartY), ToName: fmt.Sprintf("%d,%d", sc.GoalX, sc.GoalY),
				Detail: fmt.Sprintf("scenario on line %d", sc.Line)}
			switch {
			case s < 0:
				m.Detail += ": the start cell is blocked"
			case t < 0:
				m.Detail += ": the goal cell is blocked"
			}
			return m
		})
	}
}

// errScenarioModel is returned by Table for scenarios on a table whose
// movement model is not the one scenario lengths assume.
var errScenarioModel = errors.New("scenario lengths assume 8-connected moves with sqrt2 diagonals")
