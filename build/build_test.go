package build

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// mixedIf draws mixed cell costs for mapstest.RandomGrid when mixed is set,
// none otherwise.
func mixedIf(mixed bool) func(*rand.Rand) byte {
	if mixed {
		return mapstest.MixedCosts
	}
	return nil
}

func closeEnough(a, b float64) bool {
	if math.IsInf(a, 1) || math.IsInf(b, 1) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b))
}

// TestBuildMatchesFloydWarshall checks every pair of every small level:
// the distance, reachability, and that the first move starts a shortest
// path (its edge cost plus the rest equals the distance).
func TestBuildMatchesFloydWarshall(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, b := range builders {
			t.Run(lv.Name+"/"+b.name, func(t *testing.T) {
				tab, err := buildTable(context.Background(), lv.G, Options{Workers: 2}, b.cuts)
				if err != nil {
					t.Fatal(err)
				}
				checkFloydWarshall(t, lv, tab)
			})
		}
	}
}

// builders are the builder's plans, each of which every level must give
// the same distances with: plain searches, searches seeded from finished
// rows, and sweeps of a contraction hierarchy, forced here onto levels
// too small to get it by default.
var builders = []struct {
	name string
	cuts shortcuts
}{
	{"plain", shortcuts{}},
	{"seeded", shortcuts{prune: true, seed: true}},
	{"swept", shortcuts{prune: true, seed: true, sweepFrom: 1}},
}

// checkFloydWarshall checks every pair of tab against Floyd-Warshall.
func checkFloydWarshall(t *testing.T, lv mapstest.Level, tab *table.Table) {
	t.Helper()
	want := mapstest.FloydWarshall(lv.G)
	n := lv.G.Nodes()
	for s := 0; s < n; s++ {
		for tg := 0; tg < n; tg++ {
			got, ok := tab.Distance(s, tg)
			if ok != !math.IsInf(want[s][tg], 1) || (ok && !closeEnough(got, want[s][tg])) {
				t.Fatalf("dist %s->%s = %v (reachable %v), want %v", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(tg)), got, ok, want[s][tg])
			}
			if lv.G.Metric == maps.MetricInt && ok && got != math.Round(want[s][tg]) {
				t.Fatalf("dist %d->%d = %v, not exact (%v)", s, tg, got, want[s][tg])
			}
			m := tab.Move(s, tg)
			if s == tg || !ok {
				if m != table.NoMove {
					t.Fatalf("first %d->%d = %d, want none", s, tg, m)
				}
				continue
			}
			if int(m) >= lv.G.OutDegree(int32(s)) {
				t.Fatalf("first %d->%d = slot %d of %d", s, tg, m, lv.G.OutDegree(int32(s)))
			}
			e := lv.G.Offsets[s] + int32(m)
			if rest := lv.G.Weights[e] + want[lv.G.Targets[e]][tg]; !closeEnough(rest, want[s][tg]) {
				t.Fatalf("first %d->%d goes via %d: %v, want %v", s, tg, lv.G.Targets[e], rest, want[s][tg])
			}
		}
	}
	for tg := 0; tg < n; tg++ {
		checkRowEnds(t, lv, tab, tg)
	}
}

// checkRowEnds checks that no walk of tab's first moves toward target goes
// round in circles (zero-cost cycles make one easy to store): the moves,
// as arcs from each node, form a forest. Where a walk stops short of the
// target, the reference check has already failed. O(V).
func checkRowEnds(t *testing.T, lv mapstest.Level, tab *table.Table, target int) {
	t.Helper()
	const (
		unseen = iota
		onWalk
		done
	)
	n := lv.G.Nodes()
	state := make([]uint8, n)
	state[target] = done
	var walk []int
	for s := range n {
		walk = walk[:0]
		u := s
		for state[u] == unseen {
			m := tab.Move(u, target)
			if m == table.NoMove {
				break // unreachable: checked against the reference above
			}
			state[u] = onWalk
			walk = append(walk, u)
			u = int(lv.G.Targets[lv.G.Offsets[u]+int32(m)])
		}
		if state[u] == onWalk {
			t.Fatalf("the walk %s->%s loops through %s", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(target)), lv.G.NodeName(int32(u)))
		}
		for _, v := range walk {
			state[v] = done
		}
	}
}

// TestOctileExact checks that octile distances decode to a + b·√2 with
// integer parts, by comparing with a reference that counts the moves.
func TestOctileExact(t *testing.T) {
	text := "......\n......\n......\n......\n......\n"
	g, err := maps.ParseFormat(maps.FormatGrid, "o.grid", []byte(text), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Build(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.DistKind != table.DistOctile16 {
		t.Fatalf("dist kind %s, want octile16", tab.DistKind)
	}
	from, to := g.Grid.NodeAt(0, 0), g.Grid.NodeAt(5, 4)
	got, _ := tab.Distance(int(from), int(to))
	if want := 1 + 4*math.Sqrt2; got != want { // one straight step and four diagonals
		t.Fatalf("dist = %v, want exactly 1+4√2 = %v", got, want)
	}
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, b := range builders[1:] {
			checkDeterministic(t, lv, b.cuts)
		}
	}
}

// checkDeterministic checks that the table's bytes do not depend on the
// number of workers.
func checkDeterministic(t *testing.T, lv mapstest.Level, cuts shortcuts) {
	t.Helper()
	var first []byte
	for _, workers := range []int{1, 2, 3, 8} {
		tab, err := buildTable(context.Background(), lv.G, Options{Workers: workers}, cuts)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := tab.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = buf.Bytes()
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Fatalf("%s: bytes differ with %d workers", lv.Name, workers)
		}
	}
}

func TestPlanDistKind(t *testing.T) {
	tests := []struct {
		name string
		text string
		opt  maps.Options
		want table.DistKind
	}{
		{"octile", "...\n...\n", maps.Options{}, table.DistOctile16},
		{"10/14", "...\n...\n", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}}, table.DistU16},
		{"4-connected", "..9\n...\n", maps.Options{Moves: maps.Moves{Connect: 4}}, table.DistU16},
	}
	for _, tt := range tests {
		g, err := maps.ParseFormat(maps.FormatGrid, tt.name+".grid", []byte(tt.text), tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Plan(g)
		if err != nil || h.DistKind != tt.want {
			t.Errorf("%s: Plan = %s, %v; want %s", tt.name, h.DistKind, err, tt.want)
		}
	}
	big := mapstest.RandomGraph(rand.New(rand.NewPCG(1, 2)), 10, true)
	big.Weights[0] = 100000
	if h, _ := Plan(big); h.DistKind != table.DistU32 {
		t.Errorf("large integer costs: %s, want u32", h.DistKind)
	}
}

func TestBuildErrors(t *testing.T) {
	star := &maps.Graph{Offsets: []int32{0, 300}, Metric: maps.MetricInt}
	star.Offsets = make([]int32, 302)
	for v := 1; v <= 300; v++ {
		star.Targets = append(star.Targets, int32(v))
		star.Weights = append(star.Weights, 1)
	}
	for u := 1; u <= 301; u++ {
		star.Offsets[u] = 300
	}
	for u := 0; u <= 300; u++ {
		star.Names = append(star.Names, fmt.Sprint(u))
	}
	if _, err := Build(context.Background(), star, Options{}); err == nil || !strings.Contains(err.Error(), "254") {
		t.Errorf("300 out-edges: err = %v, want the 254 limit", err)
	}

	g := mapstest.RandomGraph(rand.New(rand.NewPCG(3, 4)), 50, true)
	var se *SizeError
	// The estimate and the limit, in the library's terms: the flag that
	// raises the limit is the command line's to name.
	_, err := Build(context.Background(), g, Options{MaxBytes: 1000})
	if !errors.As(err, &se) || se.Limit != 1000 || se.Bytes <= se.Limit || se.First+se.Dist != se.Bytes ||
		!strings.Contains(err.Error(), "over the limit of 1000 B") || strings.Contains(err.Error(), "-max-bytes") {
		t.Errorf("over max bytes: err = %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, g, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}

	bad := mapstest.RandomGraph(rand.New(rand.NewPCG(3, 4)), 5, true)
	bad.Weights = append([]float64(nil), bad.Weights...)
	if len(bad.Weights) > 0 {
		bad.Weights[0] = -1
		if _, err := Build(context.Background(), bad, Options{}); err == nil {
			t.Error("negative cost: no error")
		}
	}
}

func TestProgressCounts(t *testing.T) {
	g := mapstest.RandomGraph(rand.New(rand.NewPCG(5, 6)), 30, false)
	var done atomic.Int64
	if _, err := Build(context.Background(), g, Options{Progress: &done}); err != nil {
		t.Fatal(err)
	}
	if done.Load() != 30 {
		t.Errorf("progress = %d, want 30", done.Load())
	}
}

func TestEmptyGraph(t *testing.T) {
	g := &maps.Graph{Offsets: []int32{0}, Names: []string{}}
	tab, err := Build(context.Background(), g, Options{})
	if err != nil || tab.Nodes != 0 {
		t.Fatalf("empty graph: %v, %v", tab, err)
	}
	// Nodes but no edges: every pair but s == t is unreachable.
	for _, text := range []string{".#.\n", "#.#\n"} {
		g, err := maps.ParseFormat(maps.FormatGrid, "iso.grid", []byte(text), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := Build(context.Background(), g, Options{})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for s := 0; s < tab.Nodes; s++ {
			for to := 0; to < tab.Nodes; to++ {
				if _, ok := tab.Distance(s, to); ok != (s == to) {
					t.Fatalf("%q: %d->%d reachable %v", text, s, to, ok)
				}
			}
		}
	}
}

// TestSharedMapsScenarios builds each Moving AI map beside the checkout and
// checks every scenario's published optimal length.
func TestSharedMapsScenarios(t *testing.T) {
	if _, err := os.Stat(sharedMaps); err != nil {
		sharedmaps.Skip(t, "no ../shared/testmaps beside this checkout")
	}
	files, _ := filepath.Glob(filepath.Join(sharedMaps, "*.map"))
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasPrefix(name, "maze-128") && (testing.Short() || raceEnabled) {
			continue // 118 M pairs: a benchmark-sized build
		}
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			t.Run(name+"/"+string(layout), func(t *testing.T) {
				checkScenarios(t, f, layout)
			})
		}
	}
}

// checkScenarios builds the map file f as a table of the given layout and
// checks every scenario's length, and that the table's path has it.
func checkScenarios(t testing.TB, f string, layout table.Layout) {
	lvl, err := maps.Load(f, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	tab, err := Build(context.Background(), g, Options{Layout: layout})
	if err != nil {
		t.Fatal(err)
	}
	scen, err := maps.ReadScenarios(f + ".scen")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, sc := range scen {
		s, tg := g.Grid.NodeAt(sc.StartX, sc.StartY), g.Grid.NodeAt(sc.GoalX, sc.GoalY)
		if s < 0 || tg < 0 {
			t.Fatalf("scenario line %d: %d,%d -> %d,%d is not two nodes", sc.Line, sc.StartX, sc.StartY, sc.GoalX, sc.GoalY)
		}
		got, ok := tab.Distance(int(s), int(tg))
		if !ok || !maps.ScenarioMatches(got, sc.Optimal) {
			t.Fatalf("scenario line %d: %d,%d -> %d,%d = %v (ok %v), want %v", sc.Line, sc.StartX, sc.StartY, sc.GoalX, sc.GoalY, got, ok, sc.Optimal)
		}
		if walked := walkFirstMoves(t, g, tab, s, tg); math.Abs(walked-got) > 1e-9*got {
			t.Fatalf("scenario line %d: the table's path costs %v, its distance %v", sc.Line, walked, got)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no scenarios read")
	}
}

// BenchmarkLargeMapRuns builds brc202d (43,151 nodes, whose flat table
// would take 9.3 GB) as a run-length table and checks every scenario: a
// benchmark, not a test, so that CI's full test run stays fast.
//
//	go test ./build -run '^$' -bench LargeMapRuns -benchtime 1x
func BenchmarkLargeMapRuns(b *testing.B) {
	f := filepath.Join(sharedMaps, "../largemaps/brc202d.map")
	if _, err := os.Stat(f); err != nil {
		b.Skip("no ../shared/largemaps beside this checkout")
	}
	for b.Loop() {
		checkScenarios(b, f, table.LayoutRuns)
	}
}

// TestPruningChangesNothing checks that the skip masks only drop
// relaxations that could not have changed anything: the tables are equal
// byte for byte with and without them, on levels where the triangle
// inequality holds (uniform grids) and where it does not (cell costs).
func TestPruningChangesNothing(t *testing.T) {
	levels := mapstest.SmallLevels(t)
	r := rand.New(rand.NewPCG(9, 9))
	for i, m := range []maps.Moves{{Connect: 8, Diagonal: maps.DiagonalSqrt2}, {Connect: 8, Diagonal: maps.Diagonal1014}, {Connect: 4}} {
		text := mapstest.RandomGrid(r, 30, 20, 0.2, mixedIf(i != 0))
		g, err := maps.ParseFormat(maps.FormatGrid, "r.grid", []byte(text), maps.Options{Moves: m})
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, mapstest.Level{Name: fmt.Sprint("random-30x20-", m), G: g})
	}
	pruned := 0
	for _, lv := range levels {
		a, err := buildTable(context.Background(), lv.G, Options{}, shortcuts{prune: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := buildTable(context.Background(), lv.G, Options{}, shortcuts{})
		if err != nil {
			t.Fatal(err)
		}
		if first, dist := a.Payload().(*table.Flat).Rows().Bytes(); !holds(b, first, dist) {
			t.Errorf("%s: pruning changed the table", lv.Name)
		}
		if newReverse(lv.G, mustPlan(t, lv.G).DistKind, true).near != nil {
			pruned++
		}
	}
	if pruned < len(levels)/2 {
		t.Errorf("only %d of %d levels got skip masks", pruned, len(levels))
	}
}

// walkFirstMoves follows the table's first moves from s to t along the
// level's own edges and returns the summed cost; it fails the test if a
// move is not an edge or the walk does not arrive within n steps.
func walkFirstMoves(t testing.TB, g *maps.Graph, tab *table.Table, s, target int32) float64 {
	t.Helper()
	var cost float64
	for u, steps := s, 0; u != target; steps++ {
		m := tab.Move(int(u), int(target))
		if int(m) >= g.OutDegree(u) || steps > g.Nodes() {
			t.Fatalf("walk %d->%d: bad move %d at %s after %d steps", s, target, m, g.NodeName(u), steps)
		}
		e := g.Offsets[u] + int32(m)
		cost += g.Weights[e]
		u = g.Targets[e]
	}
	return cost
}

// buildShards builds the rows of each range apart, with BuildRows or,
// with other shortcuts, its core, and joins them.
func buildShards(t *testing.T, g *maps.Graph, cuts shortcuts, ranges [][2]int) (first, dist []byte) {
	t.Helper()
	h := mustPlan(t, g)
	for _, r := range ranges {
		rows := table.NewRows(&h, r[1]-r[0])
		f, d := rows.Bytes()
		var err error
		if cuts == allShortcuts {
			err = BuildRows(context.Background(), g, h, Options{Workers: 2}, r[0], r[1], f, d)
		} else {
			err = fillRows(context.Background(), g, h, Options{Workers: 2}, cuts, r[0], r[1], rows)
		}
		if err != nil {
			t.Fatal(err)
		}
		first, dist = append(first, f...), append(dist, d...)
	}
	return first, dist
}

// holds reports whether tab's payloads are first and dist, byte for byte.
func holds(tab *table.Table, first, dist []byte) bool {
	f, d := tab.Payload().(*table.Flat).Rows().Bytes()
	return bytes.Equal(first, f) && bytes.Equal(dist, d)
}

// TestShardsConcatenate checks that rows built in separate ranges and
// joined in target order are the table Build makes, byte for byte.
func TestShardsConcatenate(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t)[:8] {
		whole, err := Build(context.Background(), lv.G, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var ranges [][2]int
		for from := 0; from < lv.G.Nodes(); from += 3 {
			ranges = append(ranges, [2]int{from, min(from+3, lv.G.Nodes())})
		}
		if first, dist := buildShards(t, lv.G, allShortcuts, ranges); !holds(whole, first, dist) {
			t.Errorf("%s: shards differ from the whole table", lv.Name)
		}
	}
	g := mapstest.SmallLevels(t)[0].G
	h, _ := Plan(g)
	if err := BuildRows(context.Background(), g, h, Options{}, 2, 1, nil, nil); err == nil {
		t.Error("a reversed range gave no error")
	}
	if err := BuildRows(context.Background(), g, h, Options{}, 0, 1, nil, nil); err == nil {
		t.Error("short buffers gave no error")
	}
}

// TestEveryLayout builds every shared small level in every layout
// (Layouts): a table of all pairs matches Floyd-Warshall pair by pair; a
// windowed one (grids only) answers exactly its covered pairs, each with a
// walk of the level inside the target's window that costs no less than
// the level's shortest path. package verify checks windowed tables against
// an independent confined search.
func TestEveryLayout(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, l := range Layouts(2) {
			t.Run(lv.Name+"/"+l.Name, func(t *testing.T) {
				tab, err := Build(context.Background(), lv.G, l.Options)
				if lv.G.Grid == nil && errors.Is(err, ErrWindowGraph) && l.Options.Window != 0 {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if tab.AllPairs() {
					checkFloydWarshall(t, lv, tab)
					return
				}
				checkWindowed(t, lv, tab)
			})
		}
	}
}

// checkWindowed checks a windowed table of lv against Floyd-Warshall: a
// pair it does not cover has no move; a covered one's stored walk is a
// walk of the level that stays in the target's window and costs its
// Distance, at least the level's shortest path.
func checkWindowed(t *testing.T, lv mapstest.Level, tab *table.Table) {
	t.Helper()
	want := mapstest.FloydWarshall(lv.G)
	n := lv.G.Nodes()
	gr := lv.G.Grid
	for tg := range n {
		tx, ty := gr.XY(int32(tg))
		for s := range n {
			d, ok := tab.Distance(s, tg)
			if !tab.Covers(s, tg) {
				if ok || tab.Move(s, tg) != table.NoMove {
					t.Fatalf("%s -> %s: not covered, but answered", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(tg)))
				}
				continue
			}
			if !ok {
				continue
			}
			cost, u := 0.0, s
			for steps := 0; u != tg; steps++ {
				m := tab.Move(u, tg)
				if int(m) >= lv.G.OutDegree(int32(u)) || steps > n {
					t.Fatalf("%s -> %s: the walk breaks at %s", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(tg)), lv.G.NodeName(int32(u)))
				}
				e := lv.G.Offsets[u] + int32(m)
				cost += lv.G.Weights[e]
				u = int(lv.G.Targets[e])
				if x, y := gr.XY(int32(u)); max(abs(x-tx), abs(y-ty)) > tab.Window {
					t.Fatalf("%s -> %s: the walk leaves the window at %s", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(tg)), lv.G.NodeName(int32(u)))
				}
			}
			if !closeEnough(cost, d) || d < want[s][tg]-1e-9 {
				t.Fatalf("%s -> %s: walk costs %v, Distance %v, the level's shortest %v", lv.G.NodeName(int32(s)), lv.G.NodeName(int32(tg)), cost, d, want[s][tg])
			}
		}
	}
}

func abs(x int) int { return max(x, -x) }
