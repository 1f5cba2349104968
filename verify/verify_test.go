package verify

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/solve"
	"github.com/pathtable/pathtable/table"
)

// buildTable builds the table of g the way the CLI does, minus the file.
func buildTable(t testing.TB, g *maps.Graph) *table.Table {
	t.Helper()
	tab, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// mustVerify runs Table and fails the test on an error.
func mustVerify(t testing.TB, tab *table.Table, g *maps.Graph, opt Options) *Report {
	t.Helper()
	rep, err := Table(context.Background(), tab, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestVerifyFreshTables(t *testing.T) {
	for _, tg := range mapstest.TestGraphs {
		t.Run(tg.Name, func(t *testing.T) {
			g := tg.Load(t)
			tab := buildTable(t, g)
			for _, opt := range []Options{{}, {Pairs: 300, Seed: 7}, {Workers: 1}} {
				rep := mustVerify(t, tab, g, opt)
				if !rep.OK() {
					t.Fatalf("%+v: %d mismatches, first %v", opt, rep.Failed, rep.Mismatches)
				}
				wantPairs := int64(g.Nodes()) * int64(g.Nodes())
				if opt.Pairs > 0 {
					wantPairs = int64(opt.Pairs)
				}
				if rep.Pairs != wantPairs || rep.AllPairs != (opt.Pairs == 0) {
					t.Errorf("%+v: checked %d pairs (all %v), want %d", opt, rep.Pairs, rep.AllPairs, wantPairs)
				}
			}
		})
	}
}

// TestVerifyEveryLayout verifies a fresh table of every shared small level
// in every layout (windowed ones of grids against the confined search):
// every pair checked, none mismatched.
func TestVerifyEveryLayout(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, l := range build.Layouts(2) {
			tab, err := build.Build(context.Background(), lv.G, l.Options)
			if errors.Is(err, build.ErrWindowGraph) {
				continue
			}
			if err != nil {
				t.Fatalf("%s/%s: %v", lv.Name, l.Name, err)
			}
			rep := mustVerify(t, tab, lv.G, Options{Pairs: AllPairs, Workers: 2})
			if !rep.OK() || rep.Pairs == 0 {
				t.Fatalf("%s/%s: %d of %d pairs mismatch, first %v", lv.Name, l.Name, rep.Failed, rep.Pairs, rep.Mismatches)
			}
		}
	}
}

// changeCell returns the text of a .grid level with the cell at (x, y)
// replaced by c.
func changeCell(t *testing.T, text string, x, y int, c byte) string {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(text, "\n") {
		if line != "" && line[0] != ';' {
			rows = append(rows, line)
		}
	}
	row := []byte(rows[y])
	if row[x] == c {
		t.Fatalf("cell %d,%d is already %q", x, y, c)
	}
	row[x] = c
	rows[y] = string(row)
	return strings.Join(rows, "\n") + "\n"
}

func TestVerifyChangedLevel(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(mapstest.TestdataDir, "maze.grid"))
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []maps.Options{mapstest.M1014x8, mapstest.OctileX8, mapstest.Sqrt2x4} {
		g, err := maps.Parse("maze.grid", data, opt)
		if err != nil {
			t.Fatal(err)
		}
		tab := buildTable(t, g)
		// The top-left corner costs 9 instead of 1: every path onto it
		// costs more, and a path through it is still a walk of the level.
		changed, err := maps.Parse("maze.grid", []byte(changeCell(t, string(data), 0, 0, '9')), opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, vo := range []Options{{}, {Pairs: 2000, Seed: 1}} {
			rep := mustVerify(t, tab, changed, vo)
			if rep.OK() || len(rep.Mismatches) == 0 || len(rep.Mismatches) > DefaultMaxMismatches {
				t.Fatalf("%s %+v: %d failed, %d listed; want failures", opt.Moves, vo, rep.Failed, len(rep.Mismatches))
			}
			m := rep.Mismatches[0]
			// All pairs are checked in target order: node 0 comes first.
			if m.Problem != ProblemDistance || vo.Pairs == 0 && m.ToName != "0,0" {
				t.Errorf("%s %+v: first mismatch %s, want a distance to or from 0,0", opt.Moves, vo, &m)
			}
			// Each listed mismatch is genuine.
			for _, m := range rep.Mismatches {
				live := solve.NewSolver(changed, solve.Dijkstra).Solve(m.From, m.To)
				d, _ := tab.Distance(int(m.From), int(m.To))
				if !mapstest.Near(changed.Metric, live.Cost, m.Live) || d != m.Table || m.Problem <= ProblemDistance && mapstest.Near(changed.Metric, d, live.Cost) {
					t.Errorf("%s: %s: the table says %v, a live solve %v", opt.Moves, &m, d, live.Cost)
				}
				if !strings.Contains(m.String(), m.FromName+" -> "+m.ToName) {
					t.Errorf("%q does not name the pair", m.String())
				}
			}
		}
	}
}

func TestVerifyOtherNodes(t *testing.T) {
	g := mapstest.GraphNamed(t, "tutorial")
	tab := buildTable(t, g)
	other := mapstest.GraphNamed(t, "lecture-directed.json")
	if _, err := Table(context.Background(), tab, other, Options{}); err == nil {
		t.Errorf("verified a table against another level")
	}
	grid := mapstest.GraphNamed(t, "small.map")
	wall, err := maps.Parse("small.map", []byte(strings.Replace(mustRead(t, "small.map"), "@....T", "@@...T", 1)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), buildTable(t, grid), wall, Options{}); err == nil || !strings.Contains(err.Error(), "nodes") {
		t.Errorf("a level with a new wall: err %v, want a node count error", err)
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(mapstest.TestdataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rewritten writes tab to a file, lets alter change its payloads (copies:
// decoded payloads alias the file's bytes) and returns the table read
// back, with a valid checksum over the altered bytes.
func rewritten(t *testing.T, tab *table.Table, alter func(tab *table.Table)) *table.Table {
	t.Helper()
	path := filepath.Join(t.TempDir(), "level.ptab")
	if err := table.WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	got, err := table.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	got = got.Clone()
	alter(got)
	if err := table.WriteFile(path, got); err != nil {
		t.Fatal(err)
	}
	got, err = table.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// worseMove finds a pair (s, t) and an out-edge slot of s that is not on
// any shortest path to t.
func worseMove(g *maps.Graph, tab *table.Table) (s, t int32, slot byte, ok bool) {
	n := int32(g.Nodes())
	for t := range n {
		for s := range n {
			d, ok := tab.Distance(int(s), int(t))
			if !ok || s == t {
				continue
			}
			for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
				dv, okv := tab.Distance(int(g.Targets[e]), int(t))
				if !okv || g.Weights[e]+dv > d+1e-6 {
					return s, t, byte(e - g.Offsets[s]), true
				}
			}
		}
	}
	return 0, 0, 0, false
}

func TestVerifyAlteredTable(t *testing.T) {
	for _, name := range []string{"small.map", "maze.grid/10-14", "waypoints", "lecture.gr", "unreachable.grid"} {
		g := mapstest.GraphNamed(t, name)
		tab := buildTable(t, g)
		n := g.Nodes()
		s, target, slot, ok := worseMove(g, tab)
		if !ok {
			t.Fatalf("%s: no pair with a worse move", name)
		}
		pair := g.NodeName(s) + " -> " + g.NodeName(target)
		cases := []struct {
			what  string
			alter func(tab *table.Table)
			want  Problem
		}{
			{"first move", func(tab *table.Table) { tab.Payload().(*table.Flat).FirstRow(int(target))[s] = slot }, ProblemStep},
			{"no first move", func(tab *table.Table) { tab.Payload().(*table.Flat).FirstRow(int(target))[s] = table.NoMove }, ProblemStep},
			{"invalid first move", func(tab *table.Table) { tab.Payload().(*table.Flat).FirstRow(int(target))[s] = 200 }, ProblemStep},
			{"distance", func(tab *table.Table) {
				// Add one to the lowest byte of the distance: the value
				// changes and stays far from the unreachable sentinel.
				w := tab.DistKind.Width()
				i := (int(target)*n + int(s)) * w
				_, dist := tab.Payload().(*table.Flat).Rows().Bytes()
				if tab.DistKind == table.DistF64 {
					v := math.Float64frombits(binary.LittleEndian.Uint64(dist[i:]))
					binary.LittleEndian.PutUint64(dist[i:], math.Float64bits(v+0.25))
					return
				}
				dist[i]++
			}, ProblemDistance},
		}
		for _, c := range cases {
			bad := rewritten(t, tab, c.alter)
			opts := []Options{{}, {Workers: 3}}
			if n <= 60 { // enough samples to draw every pair
				opts = append(opts, Options{Pairs: 10 * n * n, Seed: 9})
			}
			for _, vo := range opts {
				rep := mustVerify(t, bad, g, vo)
				if rep.OK() {
					t.Errorf("%s, %s of %s altered, %+v: verify passed", name, c.what, pair, vo)
					continue
				}
				m := rep.Mismatches[0]
				if m.From != s || m.To != target || m.Problem != c.want {
					t.Errorf("%s, %s of %s altered, %+v: first mismatch %s (%d failed), want %v of %s",
						name, c.what, pair, vo, &m, rep.Failed, c.want, pair)
				}
			}
		}
	}
}

// TestVerifyLoop makes the first moves of a row run in a circle.
func TestVerifyLoop(t *testing.T) {
	g := mapstest.GraphNamed(t, "tutorial") // g-b, b-a both ways
	tab := buildTable(t, g)
	gn, bn, fn := mapstest.Node(t, g, "g"), mapstest.Node(t, g, "b"), mapstest.Node(t, g, "f")
	slotTo := func(u, v int32) byte {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if g.Targets[e] == v {
				return byte(e - g.Offsets[u])
			}
		}
		t.Fatalf("no edge")
		return 0
	}
	bad := rewritten(t, tab, func(tab *table.Table) {
		tab.Payload().(*table.Flat).FirstRow(int(fn))[bn] = slotTo(bn, gn) // b goes back to g, g goes to b
	})
	for _, vo := range []Options{{}, {Pairs: 2000}} {
		rep := mustVerify(t, bad, g, vo)
		i := slices.IndexFunc(rep.Mismatches, func(m Mismatch) bool { return m.FromName == "g" && m.ToName == "f" })
		if rep.OK() || i < 0 || rep.Mismatches[i].Problem != ProblemPath || !strings.Contains(rep.Mismatches[i].Detail, "loops") {
			t.Errorf("%+v: %d failed, mismatches %v; want g -> f's path to loop", vo, rep.Failed, rep.Mismatches)
		}
	}
}

func TestVerifySameForAnyWorkers(t *testing.T) {
	data := mustRead(t, "maze.grid")
	g, _ := maps.Parse("maze.grid", []byte(data), mapstest.OctileX8)
	changed, _ := maps.Parse("maze.grid", []byte(changeCell(t, data, 5, 2, '7')), mapstest.OctileX8)
	tab := buildTable(t, g)
	for _, pairs := range []int{0, 5000} {
		var first *Report
		for _, w := range []int{1, 2, 5} {
			rep := mustVerify(t, tab, changed, Options{Pairs: pairs, Workers: w, Seed: 3, MaxMismatches: 25})
			if len(rep.Mismatches) != 25 {
				t.Errorf("listed %d mismatches, want 25", len(rep.Mismatches))
			}
			if first == nil {
				first = rep
				continue
			}
			if rep.Failed != first.Failed || !slices.Equal(rep.Mismatches, first.Mismatches) {
				t.Errorf("pairs %d: %d workers found %d failures %v, 1 worker %d %v", pairs, w, rep.Failed, rep.Mismatches, first.Failed, first.Mismatches)
			}
		}
	}
}

func TestVerifyCancel(t *testing.T) {
	g := mapstest.GraphNamed(t, "small.map")
	tab := buildTable(t, g)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, pairs := range []int{AllPairs, 1000} {
		if _, err := Table(ctx, tab, g, Options{Pairs: pairs}); !errors.Is(err, context.Canceled) {
			t.Errorf("pairs %d: err %v, want context.Canceled", pairs, err)
		}
	}
}

func TestVerifyScenarioModel(t *testing.T) {
	sc := []maps.Scenario{{Line: 2, Width: 10, Height: 8, StartX: 1, StartY: 1, GoalX: 4, GoalY: 1, Optimal: 3}}
	for _, c := range []struct {
		tg string
		ok bool
	}{{"small.map", true}, {"small.map/4", false}, {"tutorial", false}, {"maze.grid/octile", false}} {
		g := mapstest.GraphNamed(t, c.tg)
		rep, err := Table(context.Background(), buildTable(t, g), g, Options{Scenarios: sc})
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v, want ok %v", c.tg, err, c.ok)
		}
		if c.ok && (rep.Scenarios != 1 || !rep.OK()) {
			t.Errorf("%s: %d scenarios checked, %d failed", c.tg, rep.Scenarios, rep.Failed)
		}
	}
	// A wrong published length and a blocked cell are mismatches.
	g := mapstest.GraphNamed(t, "small.map")
	bad := []maps.Scenario{sc[0], sc[0], sc[0]}
	bad[1].Optimal = 3.5
	bad[2].GoalX, bad[2].GoalY, bad[2].Line = 5, 1, 9
	rep := mustVerify(t, buildTable(t, g), g, Options{Scenarios: bad})
	if rep.Failed != 2 || len(rep.Mismatches) != 2 || rep.Mismatches[0].Problem != ProblemScenario ||
		!strings.Contains(rep.Mismatches[1].Detail, "goal cell is blocked") {
		t.Errorf("%d failed: %v", rep.Failed, rep.Mismatches)
	}
}

// bigMap is the map too slow for -short and -race.
const bigMap = "maze-128-128-2.map"

func TestVerifyTestMaps(t *testing.T) {
	for _, path := range mapstest.MovingAIMaps(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			if name == bigMap && (testing.Short() || raceEnabled) {
				t.Skip("big map: not with -short or -race")
			}
			g, scen := mapstest.LoadMovingAI(t, path)
			opt := Options{Scenarios: scen}
			if raceEnabled && g.Nodes() > 200 {
				opt.Pairs = 2000 // all pairs of the small maps run without -race
			}
			rep := mustVerify(t, buildTable(t, g), g, opt)
			if !rep.OK() {
				t.Fatalf("%d failed, first %v", rep.Failed, rep.Mismatches)
			}
			t.Logf("%d nodes: %d pairs (all %v) and %d scenarios in %v, %.0f pairs/s",
				rep.Nodes, rep.Pairs, rep.AllPairs, rep.Scenarios, rep.Elapsed, rep.PairsPerSecond())
		})
	}
}

// TestVerifyProgress: Progress is told the size of the check once, in the
// unit the check works in, and every unit is counted by the end.
func TestVerifyProgress(t *testing.T) {
	g := mapstest.GraphNamed(t, "maze.grid/octile")
	n := int64(g.Nodes())
	flat, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	windowed, err := build.Build(context.Background(), g, build.Options{Window: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		tab   *table.Table
		opt   Options
		total int64
		unit  string
	}{
		{"all pairs", flat, Options{Pairs: AllPairs}, n, "targets"},
		{"sampled", flat, Options{Pairs: 777}, 777, "pairs"},
		{"windowed", windowed, Options{Pairs: AllPairs}, n, "origins"},
	} {
		var calls int
		var gotTotal int64
		var gotUnit string
		done := new(atomic.Int64)
		c.opt.Workers = 2
		c.opt.Progress = func(total int64, unit string) *atomic.Int64 {
			calls++
			gotTotal, gotUnit = total, unit
			return done
		}
		rep, err := Table(context.Background(), c.tab, g, c.opt)
		if err != nil || !rep.OK() {
			t.Fatalf("%s: %v, %+v", c.name, err, rep)
		}
		if calls != 1 || gotTotal != c.total || gotUnit != c.unit || done.Load() != c.total {
			t.Errorf("%s: %d calls, told %d %s, counted %d; want one call, %d %s, all counted", c.name, calls, gotTotal, gotUnit, done.Load(), c.total, c.unit)
		}
	}
}
