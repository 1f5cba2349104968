package solve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// algorithms are the solvers every test graph runs against. "reverse" is
// TargetSearch, which answers the cost only.
var algorithms = []string{"astar", "dijkstra", "reverse"}

// solveWith answers one query with the named algorithm.
func solveWith(g *maps.Graph, alg string, from, to int32) Result {
	switch alg {
	case "astar":
		return NewSolver(g, AStar).Solve(from, to)
	case "dijkstra":
		return NewSolver(g, Dijkstra).Solve(from, to)
	}
	d := NewTargetSearch(g).Run(to)[from]
	return Result{Cost: d, Reachable: !math.IsInf(d, 1)}
}

func TestTestGraphs(t *testing.T) {
	for _, tg := range mapstest.TestGraphs {
		g := tg.Load(t)
		for _, alg := range algorithms {
			t.Run(tg.Name+"/"+alg, func(t *testing.T) {
				for _, q := range tg.Queries {
					from, to := mapstest.Node(t, g, q.From), mapstest.Node(t, g, q.To)
					r := solveWith(g, alg, from, to)
					if !r.Reachable || !mapstest.Near(g.Metric, r.Cost, q.Cost) {
						t.Errorf("%s -> %s: cost %v reachable %v, want %v", q.From, q.To, r.Cost, r.Reachable, q.Cost)
						continue
					}
					if alg == "reverse" {
						continue
					}
					if got := mapstest.Names(g, r.Path); q.Path != nil && !slices.Equal(got, q.Path) {
						t.Errorf("%s -> %s: path %v, want %v", q.From, q.To, got, q.Path)
					}
					if c, err := mapstest.WalkCost(g, r.Path); err != nil || !mapstest.Near(g.Metric, c, r.Cost) || r.Path[0] != from || r.Path[len(r.Path)-1] != to {
						t.Errorf("%s -> %s: path %v (cost %v, %v) does not match cost %v", q.From, q.To, mapstest.Names(g, r.Path), c, err, r.Cost)
					}
				}
				for _, p := range tg.Unreachable {
					r := solveWith(g, alg, mapstest.Node(t, g, p[0]), mapstest.Node(t, g, p[1]))
					if r.Reachable || !math.IsInf(r.Cost, 1) || r.Path != nil {
						t.Errorf("%s -> %s: got cost %v path %v, want unreachable", p[0], p[1], r.Cost, r.Path)
					}
				}
			})
		}
	}
}

// randomGrid returns the text of a random .grid level and a movement
// model: walls, and cells of cost 1, of one cost 2..9 or of mixed costs.
func randomGrid(rng *rand.Rand) (string, maps.Options) {
	w, h := 2+rng.IntN(9), 2+rng.IntN(9)
	walls := rng.Float64() * 0.4
	mode, k := rng.IntN(3), byte('2'+rng.IntN(8))
	cost := []func(*rand.Rand) byte{nil, func(*rand.Rand) byte { return k }, mapstest.MixedCosts}[mode]
	text := mapstest.RandomGrid(rng, w, h, walls, cost)
	opt := maps.Options{Moves: maps.Moves{Connect: 4 + 4*rng.IntN(2), Diagonal: maps.DiagonalSqrt2}}
	if rng.IntN(2) == 0 {
		opt.Moves.Diagonal = maps.Diagonal1014
	}
	return text, opt
}

// randomGraph returns the text of a random JSON waypoint graph: directed
// or not, with or without coordinates, integer or fractional costs, some
// edges cheaper than their length, a few of cost 0.
func randomGraph(rng *rand.Rand) string {
	n := 2 + rng.IntN(40)
	coords := rng.IntN(3) > 0
	integer := rng.IntN(3) == 0
	var b strings.Builder
	fmt.Fprintf(&b, `{"directed": %v, "nodes": [`, rng.IntN(2) == 0)
	xs, ys := make([]float64, n), make([]float64, n)
	for u := range n {
		if u > 0 {
			b.WriteByte(',')
		}
		if !coords {
			fmt.Fprintf(&b, `{"id": "n%d"}`, u)
			continue
		}
		xs[u], ys[u] = float64(rng.IntN(50)), float64(rng.IntN(50))
		fmt.Fprintf(&b, `{"id": "n%d", "x": %v, "y": %v}`, u, xs[u], ys[u])
	}
	b.WriteString(`], "edges": [`)
	m := rng.IntN(3 * n)
	for i := range m {
		u, v := rng.IntN(n), rng.IntN(n)
		var c float64
		switch {
		case rng.IntN(30) == 0:
			c = 0
		case coords:
			c = length(xs[u]-xs[v], ys[u]-ys[v]) * (0.8 + rng.Float64())
		default:
			c = rng.Float64() * 20
		}
		if integer {
			c = math.Round(c)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"from": "n%d", "to": "n%d", "cost": %s}`, u, v, strconv.FormatFloat(c, 'g', -1, 64))
	}
	b.WriteString("]}")
	return b.String()
}

// expansions totals the nodes each algorithm expanded.
type expansions struct{ astar, dijkstra, queries int }

// checkLevel compares A*, Dijkstra and TargetSearch with Floyd–Warshall on
// every pair of g, checks every path, and checks that the heuristic never
// overestimates.
func checkLevel(t *testing.T, label string, g *maps.Graph, exp *expansions) {
	t.Helper()
	fw := mapstest.FloydWarshall(g)
	a, d, ts := NewSolver(g, AStar), NewSolver(g, Dijkstra), NewTargetSearch(g)
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 5 {
			t.Errorf("%s: %s", label, fmt.Sprintf(format, args...))
		}
	}
	if u, v, h, want, ok := overestimate(g, a.h, fw); ok {
		fail("heuristic %v from %s to %s is %v, above the true cost %v", a.h.kind, g.NodeName(u), g.NodeName(v), h, want)
	}
	tab, err := build.Build(context.Background(), g, build.Options{Workers: 1})
	if err != nil {
		t.Fatalf("%s: building the table: %v", label, err)
	}
	n := int32(g.Nodes())
	for to := range n {
		rev := ts.Run(to)
		for from := range n {
			want := fw[from][to]
			reach := !math.IsInf(want, 1)
			if td, ok := tab.Distance(int(from), int(to)); ok != reach || reach && !mapstest.Near(g.Metric, td, want) {
				fail("table %s -> %s: %v (reachable %v), Floyd–Warshall %v", g.NodeName(from), g.NodeName(to), td, ok, want)
			}
			ra, rd := a.Solve(from, to), d.Solve(from, to)
			exp.astar += ra.Expanded
			exp.dijkstra += rd.Expanded
			exp.queries++
			for _, r := range []struct {
				alg string
				Result
			}{{"A*", ra}, {"Dijkstra", rd}, {"reverse", Result{Cost: rev[from], Reachable: !math.IsInf(rev[from], 1)}}} {
				if r.Reachable != reach || reach && !mapstest.Near(g.Metric, r.Cost, want) {
					fail("%s %s -> %s: cost %v, Floyd–Warshall %v", r.alg, g.NodeName(from), g.NodeName(to), r.Cost, want)
					continue
				}
				if r.alg == "reverse" || !reach {
					continue
				}
				c, err := mapstest.WalkCost(g, r.Path)
				if err != nil || r.Path[0] != from || r.Path[len(r.Path)-1] != to || !mapstest.Near(g.Metric, c, r.Cost) {
					fail("%s %s -> %s: path %v costs %v (%v), reported %v", r.alg, g.NodeName(from), g.NodeName(to), mapstest.Names(g, r.Path), c, err, r.Cost)
				}
			}
		}
	}
}

// overestimate returns a pair where h is above the true cost, if any. The
// comparison allows mapstest.RelTolerance, the float64 rounding of the sums.
func overestimate(g *maps.Graph, h *heuristic, fw [][]float64) (u, v int32, hv, want float64, found bool) {
	n := int32(g.Nodes())
	for v := range n {
		tx, ty := h.target(v)
		for u := range n {
			want := fw[u][v]
			if hv := h.estimate(u, tx, ty); hv > want && !mapstest.Near(maps.MetricFloat, hv, want) {
				return u, v, hv, want, true
			}
		}
	}
	return 0, 0, 0, 0, false
}

// levels is how many random grids and graphs the property tests try.
func levels() int {
	if testing.Short() || raceEnabled {
		return 40
	}
	return 250
}

func TestRandomGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	byModel := map[maps.Moves]*expansions{}
	for i := range levels() {
		text, opt := randomGrid(rng)
		g, err := maps.Parse("random.grid", []byte(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		exp := byModel[opt.Moves]
		if exp == nil {
			exp = &expansions{}
			byModel[opt.Moves] = exp
		}
		checkLevel(t, fmt.Sprintf("grid %d (%s)\n%s", i, opt.Moves, text), g, exp)
	}
	for m, exp := range byModel {
		t.Logf("%s: %d queries, A* expanded %.1f, Dijkstra %.1f per query", m, exp.queries,
			float64(exp.astar)/float64(exp.queries), float64(exp.dijkstra)/float64(exp.queries))
		if exp.astar > exp.dijkstra {
			t.Errorf("%s: A* expanded %d nodes, more than Dijkstra's %d", m, exp.astar, exp.dijkstra)
		}
	}
}

func TestRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var exp expansions
	for i := range levels() {
		text := randomGraph(rng)
		g, err := maps.Parse("random.json", []byte(text), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkLevel(t, fmt.Sprintf("graph %d %s", i, text), g, &exp)
	}
	t.Logf("%d queries, A* expanded %.1f, Dijkstra %.1f per query", exp.queries,
		float64(exp.astar)/float64(exp.queries), float64(exp.dijkstra)/float64(exp.queries))
	if exp.astar > exp.dijkstra {
		t.Errorf("A* expanded %d nodes, more than Dijkstra's %d", exp.astar, exp.dijkstra)
	}
}

// TestOverestimateCaught shows that the property tests have teeth: the
// usual heuristic mistakes are inadmissible on the random levels, and
// overestimate (and, for some, the cost comparison) catches them.
func TestOverestimateCaught(t *testing.T) {
	mistakes := []struct {
		name   string
		level  func(rng *rand.Rand) *maps.Graph
		mutate func(h *heuristic)
	}{
		{"manhattan on 8-connected", func(rng *rand.Rand) *maps.Graph {
			text, _ := randomGrid(rng)
			g, _ := maps.Parse("r.grid", []byte(text), mapstest.OctileX8)
			return g
		}, func(h *heuristic) { h.kind = hManhattan }},
		{"scaled by the dearest cell", func(rng *rand.Rand) *maps.Graph {
			text, _ := randomGrid(rng)
			g, _ := maps.Parse("r.grid", []byte(text), mapstest.M1014x8)
			return g
		}, func(h *heuristic) {
			if h.kind != hZero {
				h.card, h.diag = 9*10, 9*14
			}
		}},
		{"10/14 estimate on sqrt2 costs", func(rng *rand.Rand) *maps.Graph {
			text, _ := randomGrid(rng)
			g, _ := maps.Parse("r.grid", []byte(text), mapstest.OctileX8)
			return g
		}, func(h *heuristic) { h.card, h.diag = 10, 14 }},
		{"euclidean not scaled down", func(rng *rand.Rand) *maps.Graph {
			g, _ := maps.Parse("r.json", []byte(randomGraph(rng)), maps.Options{})
			return g
		}, func(h *heuristic) {
			if h.kind == hEuclid {
				h.scale = 1.5
			}
		}},
	}
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			caught, wrongCost := 0, 0
			for range levels() / 5 {
				g := m.level(rng)
				s := NewSolver(g, AStar)
				h := *s.h
				m.mutate(&h)
				s.h = &h
				fw := mapstest.FloydWarshall(g)
				if _, _, _, _, bad := overestimate(g, s.h, fw); bad {
					caught++
				}
				for to := range int32(g.Nodes()) {
					for from := range int32(g.Nodes()) {
						if r := s.SolveCost(from, to); r.Reachable && !mapstest.Near(g.Metric, r.Cost, fw[from][to]) {
							wrongCost++
						}
					}
				}
			}
			if caught == 0 {
				t.Errorf("no level caught the mistake")
			}
			t.Logf("caught on %d of %d levels; %d wrong A* costs", caught, levels()/5, wrongCost)
		})
	}
}

func TestSolverReuse(t *testing.T) {
	g := mapstest.GraphNamed(t, "detour/8")
	s := NewSolver(g, AStar)
	s.gen = math.MaxUint32 - 2 // wrap the generation during the test
	n := int32(g.Nodes())
	for range 3 {
		for to := range n {
			for from := range n {
				got, want := s.Solve(from, to), NewSolver(g, AStar).Solve(from, to)
				if got.Cost != want.Cost || !slices.Equal(got.Path, want.Path) || got.Expanded != want.Expanded {
					t.Fatalf("%d -> %d after %d queries: %+v, fresh solver %+v", from, to, s.gen, got, want)
				}
			}
		}
	}
	if s.gen > 1000 {
		t.Errorf("generation did not wrap: %d", s.gen)
	}
}

func TestSolveOutOfRange(t *testing.T) {
	g := mapstest.GraphNamed(t, "tutorial")
	defer func() {
		if recover() == nil {
			t.Errorf("Solve(0, %d) did not panic", g.Nodes())
		}
	}()
	NewSolver(g, AStar).Solve(0, int32(g.Nodes()))
}

func TestHeuristicChoice(t *testing.T) {
	for _, c := range []struct {
		tg   string
		kind hKind
		card float64
	}{
		{"small.map", hOctile, 1}, {"small.map/4", hManhattan, 1}, {"maze.grid/10-14", hOctile, 10},
		{"maze.grid/4-10", hManhattan, 10}, {"costly/8", hOctile, 2}, {"costly/10-14", hOctile, 50},
		{"lecture.gr", hZero, 0}, {"tutorial", hZero, 0}, {"waypoints", hEuclid, 0}, {"warp", hEuclid, 0},
		{"zero", hZero, 0},
	} {
		g := mapstest.GraphNamed(t, c.tg)
		h := NewSolver(g, AStar).h
		if h.kind != c.kind || h.kind != hEuclid && h.card != c.card {
			t.Errorf("%s: heuristic %v card %v, want %v card %v", c.tg, h.kind, h.card, c.kind, c.card)
		}
		if d := NewSolver(g, Dijkstra); d.Heuristic(0, int32(g.Nodes()-1)) != 0 {
			t.Errorf("%s: Dijkstra has a heuristic", c.tg)
		}
	}
}

// TestScenariosLive checks the live solver alone against every published
// length: A* must find the optimal cost on the benchmark maps too.
func TestScenariosLive(t *testing.T) {
	for _, path := range mapstest.MovingAIMaps(t) {
		name := filepath.Base(path)
		g, scen := mapstest.LoadMovingAI(t, path)
		if (testing.Short() || raceEnabled) && len(scen) > 100 {
			scen = scen[:100]
		}
		s := NewSolver(g, AStar)
		for _, sc := range scen {
			from, to := g.Grid.NodeAt(sc.StartX, sc.StartY), g.Grid.NodeAt(sc.GoalX, sc.GoalY)
			r := s.SolveCost(from, to)
			if !r.Reachable || !maps.ScenarioMatches(r.Cost, sc.Optimal) {
				t.Errorf("%s line %d: A* cost %v, published %v", name, sc.Line, r.Cost, sc.Optimal)
			}
		}
	}
}
