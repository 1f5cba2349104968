package live

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// testGraph is one level with known answers, in the style of gonum's
// internal/testgraphs: every algorithm of the package runs every entry.
type testGraph struct {
	name string
	// file is a level in the repository's testdata folder; or data holds
	// the level's text, in the format of name's extension.
	file, data  string
	opt         maps.Options
	queries     []query
	unreachable [][2]string // ordered pairs with no path
}

// query is a pair with its cost and, where it is the only shortest path,
// the path.
type query struct {
	from, to string
	cost     float64
	path     []string
}

const testdataDir = "../../testdata"

var (
	sqrt2x4  = maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.DiagonalSqrt2}}
	m1014x8  = maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}}
	m1014x4  = maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}
	octileX8 = maps.Options{Moves: maps.DefaultMoves}
)

var testGraphs = []testGraph{
	{
		name: "tutorial", file: "tutorial.json",
		queries: []query{
			{"g", "f", 3, []string{"g", "b", "a", "f"}},
			{"f", "g", 3, []string{"f", "a", "b", "g"}}, // undirected
			{"g", "d", 1, []string{"g", "h", "d"}},
			{"g", "g", 0, []string{"g"}},
		},
	},
	{
		name: "lecture.gr", file: "lecture.gr", // DIMACS ids 1..6
		queries: []query{
			{"1", "5", 10, []string{"1", "2", "3", "4", "5"}},
			{"1", "6", 5, []string{"1", "6"}},
			{"6", "5", 6, []string{"6", "5"}},
		},
		unreachable: [][2]string{{"5", "1"}, {"6", "2"}, {"5", "4"}},
	},
	{
		name: "lecture-directed.json", file: "lecture-directed.json",
		queries:     []query{{"0", "4", 10, []string{"0", "1", "2", "3", "4"}}},
		unreachable: [][2]string{{"4", "0"}},
	},
	{
		name: "zero", file: "zero.json",
		queries: []query{
			{"a", "c", 0, []string{"a", "b", "c"}},
			{"a", "d", 1, []string{"a", "b", "c", "d"}},
			{"d", "a", 1, []string{"d", "c", "b", "a"}},
		},
		unreachable: [][2]string{{"a", "island"}, {"island", "d"}},
	},
	{
		name: "waypoints", file: "waypoints.json",
		queries: []query{
			{"gate", "forge", 6, []string{"gate", "forge"}},
			{"gate", "cave", 6 + 5.66 + 5 + 5.66 + 5, []string{"gate", "forge", "bridge", "mill", "shrine", "cave"}},
		},
	},
	{
		name: "small.map", file: "small.map",
		queries: []query{
			{"1,1", "4,1", 3, []string{"1,1", "2,1", "3,1", "4,1"}},
			{"1,1", "1,6", 5, []string{"1,1", "1,2", "1,3", "1,4", "1,5", "1,6"}},
		},
	},
	{
		name: "small.map/4", file: "small.map", opt: sqrt2x4,
		queries: []query{{"1,1", "1,6", 5, nil}},
	},
	{
		name: "maze.grid/10-14", file: "maze.grid", opt: m1014x8,
		queries: []query{{"0,0", "11,0", 110, nil}, {"0,0", "0,7", 70, nil}},
	},
	{
		name: "maze.grid/4-10", file: "maze.grid", opt: m1014x4,
		queries: []query{{"0,0", "11,0", 110, nil}},
	},
	{
		name: "maze.grid/octile", file: "maze.grid",
		queries: []query{{"0,0", "11,0", 11, nil}},
	},
	{
		name: "unreachable.grid", file: "unreachable.grid",
		queries:     []query{{"0,0", "3,0", 3, nil}, {"5,0", "7,4", 2 + 2*math.Sqrt2, nil}},
		unreachable: [][2]string{{"0,0", "7,0"}, {"7,4", "0,4"}, {"3,3", "5,3"}},
	},
	{
		// The costly middle column is avoided: around costs 6 with
		// cardinal moves, 2 + 2√2 with diagonals (onto cells of cost 1).
		name: "detour/4", data: "1 9 1\n1 9 1\n1 1 1\n", opt: sqrt2x4,
		queries: []query{{"0,0", "2,0", 6, []string{"0,0", "0,1", "0,2", "1,2", "2,2", "2,1", "2,0"}}},
	},
	{
		name: "detour/8", data: "1 9 1\n1 9 1\n1 1 1\n", opt: octileX8,
		queries: []query{{"0,0", "2,0", 2 + 2*math.Sqrt2, []string{"0,0", "0,1", "1,2", "2,1", "2,0"}}},
	},
	{
		// Every cell costs 2: the heuristic must scale by the cheapest.
		name: "costly/8", data: "2 2 2\n2 # 2\n2 2 2\n", opt: octileX8,
		queries: []query{{"0,0", "2,2", 8, nil}, {"0,0", "2,0", 4, []string{"0,0", "1,0", "2,0"}}},
	},
	{
		name: "costly/10-14", data: "5 5 5 5\n5 5 5 5\n", opt: m1014x8,
		queries: []query{{"0,0", "3,1", 5 * (14 + 20), nil}},
	},
	{
		// An edge cheaper than its length scales the Euclidean estimate
		// down: the long way round through "warp" is the shortest.
		name: "warp", data: `{"nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 10, "y": 0},
			{"id": "warp", "x": 100, "y": 100}],
			"edges": [{"from": "a", "to": "b", "cost": 10}, {"from": "a", "to": "warp", "cost": 1},
			{"from": "warp", "to": "b", "cost": 1}]}`,
		queries: []query{{"a", "b", 2, []string{"a", "warp", "b"}}},
	},
}

// gridText turns "1 9 1\n..." into .grid rows.
func gridText(s string) string { return strings.ReplaceAll(s, " ", "") }

// load parses a test graph's level.
func (tg *testGraph) load(t testing.TB) *maps.Graph {
	t.Helper()
	var g *maps.Graph
	var err error
	switch {
	case tg.file != "":
		g, _, err = maps.Load(filepath.Join(testdataDir, tg.file), tg.opt)
	case strings.HasPrefix(strings.TrimSpace(tg.data), "{"):
		g, err = maps.Parse(tg.name+".json", []byte(tg.data), tg.opt)
	default:
		g, err = maps.Parse(tg.name+".grid", []byte(gridText(tg.data)), tg.opt)
	}
	if err != nil {
		t.Fatalf("%s: %v", tg.name, err)
	}
	return g
}

// graphNamed loads the test graph of that name.
func graphNamed(t testing.TB, name string) *maps.Graph {
	t.Helper()
	for i := range testGraphs {
		if testGraphs[i].name == name {
			return testGraphs[i].load(t)
		}
	}
	t.Fatalf("no test graph %q", name)
	return nil
}

// node finds a node by its printable name: "x,y" on grids, an id on graphs.
func node(t testing.TB, g *maps.Graph, name string) int32 {
	t.Helper()
	if g.Grid != nil {
		xs, ys, _ := strings.Cut(name, ",")
		x, _ := strconv.Atoi(xs)
		y, _ := strconv.Atoi(ys)
		if u := g.Grid.NodeAt(x, y); u >= 0 {
			return u
		}
	} else {
		for u, id := range g.Names {
			if id == name {
				return int32(u)
			}
		}
	}
	t.Fatalf("no node %q", name)
	return -1
}

func names(g *maps.Graph, path []int32) []string {
	out := make([]string, len(path))
	for i, u := range path {
		out[i] = g.NodeName(u)
	}
	return out
}

// walkCost sums the level's costs along path, failing when a step is not
// an edge.
func walkCost(g *maps.Graph, path []int32) (float64, error) {
	sum := 0.0
	for i := 1; i < len(path); i++ {
		u, v := path[i-1], path[i]
		best := math.Inf(1)
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if g.Targets[e] == v {
				best = min(best, g.Weights[e])
			}
		}
		if math.IsInf(best, 1) {
			return 0, fmt.Errorf("step %s -> %s is not an edge", g.NodeName(u), g.NodeName(v))
		}
		sum += best
	}
	return sum, nil
}

// near compares costs as verify does: exactly for integer metrics, within
// RelTolerance otherwise.
func near(m maps.Metric, a, b float64) bool {
	if m == maps.MetricInt || a == b {
		return a == b
	}
	return math.Abs(a-b) <= RelTolerance*max(math.Abs(a), math.Abs(b))
}
