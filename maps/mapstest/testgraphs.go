package mapstest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// TestGraph is one level with known answers, in the style of gonum's
// internal/testgraphs: every solver (live A*, Dijkstra, the reversed
// search) runs every entry, and verify checks a fresh table of each.
type TestGraph struct {
	Name string
	// File is a level in the repository's testdata folder; or Data holds
	// the level's text: JSON when it starts with "{", else .grid rows
	// with spaces between cells.
	File, Data  string
	Opt         maps.Options
	Queries     []Query
	Unreachable [][2]string // ordered pairs with no path
}

// Query is a pair of node names with its cost and, where it is the only
// shortest path, the path.
type Query struct {
	From, To string
	Cost     float64
	Path     []string
}

// Movement models the test graphs use besides the default.
var (
	Sqrt2x4  = maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.DiagonalSqrt2}}
	M1014x8  = maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}}
	M1014x4  = maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}
	OctileX8 = maps.Options{Moves: maps.DefaultMoves}
)

// TestGraphs are the shared test levels.
var TestGraphs = []TestGraph{
	{
		Name: "tutorial", File: "tutorial.json",
		Queries: []Query{
			{"g", "f", 3, []string{"g", "b", "a", "f"}},
			{"f", "g", 3, []string{"f", "a", "b", "g"}}, // undirected
			{"g", "d", 1, []string{"g", "h", "d"}},
			{"g", "g", 0, []string{"g"}},
		},
	},
	{
		Name: "lecture.gr", File: "lecture.gr", // DIMACS ids 1..6
		Queries: []Query{
			{"1", "5", 10, []string{"1", "2", "3", "4", "5"}},
			{"1", "6", 5, []string{"1", "6"}},
			{"6", "5", 6, []string{"6", "5"}},
		},
		Unreachable: [][2]string{{"5", "1"}, {"6", "2"}, {"5", "4"}},
	},
	{
		Name: "lecture-directed.json", File: "lecture-directed.json",
		Queries:     []Query{{"0", "4", 10, []string{"0", "1", "2", "3", "4"}}},
		Unreachable: [][2]string{{"4", "0"}},
	},
	{
		Name: "zero", File: "zero.json",
		Queries: []Query{
			{"a", "c", 0, []string{"a", "b", "c"}},
			{"a", "d", 1, []string{"a", "b", "c", "d"}},
			{"d", "a", 1, []string{"d", "c", "b", "a"}},
		},
		Unreachable: [][2]string{{"a", "island"}, {"island", "d"}},
	},
	{
		Name: "zero-cycle.gr", File: "zero-cycle.gr", // zero-cost cycles, directed
		Queries: []Query{
			{"1", "6", 3, []string{"1", "2", "3", "4", "5", "6"}},
			{"6", "3", 0, []string{"6", "1", "2", "3"}},
			{"5", "4", 0, []string{"5", "4"}},
		},
	},
	{
		Name: "waypoints", File: "waypoints.json",
		Queries: []Query{
			{"gate", "forge", 6, []string{"gate", "forge"}},
			{"gate", "cave", 6 + 5.66 + 5 + 5.66 + 5, []string{"gate", "forge", "bridge", "mill", "shrine", "cave"}},
		},
	},
	{
		Name: "small.map", File: "small.map",
		Queries: []Query{
			{"1,1", "4,1", 3, []string{"1,1", "2,1", "3,1", "4,1"}},
			{"1,1", "1,6", 5, []string{"1,1", "1,2", "1,3", "1,4", "1,5", "1,6"}},
		},
	},
	{
		Name: "small.map/4", File: "small.map", Opt: Sqrt2x4,
		Queries: []Query{{"1,1", "1,6", 5, nil}},
	},
	{
		Name: "maze.grid/10-14", File: "maze.grid", Opt: M1014x8,
		Queries: []Query{{"0,0", "11,0", 110, nil}, {"0,0", "0,7", 70, nil}},
	},
	{
		Name: "maze.grid/4-10", File: "maze.grid", Opt: M1014x4,
		Queries: []Query{{"0,0", "11,0", 110, nil}},
	},
	{
		Name: "maze.grid/octile", File: "maze.grid",
		Queries: []Query{{"0,0", "11,0", 11, nil}},
	},
	{
		Name: "unreachable.grid", File: "unreachable.grid",
		Queries:     []Query{{"0,0", "3,0", 3, nil}, {"5,0", "7,4", 2 + 2*math.Sqrt2, nil}},
		Unreachable: [][2]string{{"0,0", "7,0"}, {"7,4", "0,4"}, {"3,3", "5,3"}},
	},
	{
		// The costly middle column is avoided: around costs 6 with
		// cardinal moves, 2 + 2√2 with diagonals (onto cells of cost 1).
		Name: "detour/4", Data: "1 9 1\n1 9 1\n1 1 1\n", Opt: Sqrt2x4,
		Queries: []Query{{"0,0", "2,0", 6, []string{"0,0", "0,1", "0,2", "1,2", "2,2", "2,1", "2,0"}}},
	},
	{
		Name: "detour/8", Data: "1 9 1\n1 9 1\n1 1 1\n", Opt: OctileX8,
		Queries: []Query{{"0,0", "2,0", 2 + 2*math.Sqrt2, []string{"0,0", "0,1", "1,2", "2,1", "2,0"}}},
	},
	{
		// Every cell costs 2: the heuristic must scale by the cheapest.
		Name: "costly/8", Data: "2 2 2\n2 # 2\n2 2 2\n", Opt: OctileX8,
		Queries: []Query{{"0,0", "2,2", 8, nil}, {"0,0", "2,0", 4, []string{"0,0", "1,0", "2,0"}}},
	},
	{
		Name: "costly/10-14", Data: "5 5 5 5\n5 5 5 5\n", Opt: M1014x8,
		Queries: []Query{{"0,0", "3,1", 5 * (14 + 20), nil}},
	},
	{
		// Open cells that touch only diagonally have no moves (no corner
		// cutting): every node is isolated.
		Name: "checkerboard", Data: ". # .\n# . #\n. # .\n",
		Queries:     []Query{{"1,1", "1,1", 0, []string{"1,1"}}},
		Unreachable: [][2]string{{"0,0", "1,1"}, {"1,1", "2,2"}, {"2,0", "0,2"}},
	},
	{
		Name: "one-cell", Data: ".\n",
		Queries: []Query{{"0,0", "0,0", 0, []string{"0,0"}}},
	},
	{
		// An edge cheaper than its length scales the Euclidean estimate
		// down: the long way round through "warp" is the shortest.
		Name: "warp", Data: `{"nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 10, "y": 0},
			{"id": "warp", "x": 100, "y": 100}],
			"edges": [{"from": "a", "to": "b", "cost": 10}, {"from": "a", "to": "warp", "cost": 1},
			{"from": "warp", "to": "b", "cost": 1}]}`,
		Queries: []Query{{"a", "b", 2, []string{"a", "warp", "b"}}},
	},
}

// dataFile returns the file name and bytes of a level given as Data: the
// name's own extension where it has one before any "/model" suffix
// ("zero-chain.gr"), else JSON when the text starts with "{" and .grid
// rows otherwise, where spaces between cells are dropped.
func (tg *TestGraph) dataFile() (name string, data []byte) {
	base, _, _ := strings.Cut(tg.Name, "/")
	if _, err := maps.FormatOf(base); err == nil {
		return base, []byte(tg.Data)
	}
	if strings.HasPrefix(strings.TrimSpace(tg.Data), "{") {
		return tg.Name + ".json", []byte(tg.Data)
	}
	return tg.Name + ".grid", []byte(strings.ReplaceAll(tg.Data, " ", ""))
}

// WriteFile writes the level's file into dir, for tests that hand it to a
// command, and returns its path: a copy of File, or Data under the name
// Load parses it by.
func (tg *TestGraph) WriteFile(tb testing.TB, dir string) string {
	tb.Helper()
	name, data := tg.dataFile()
	if tg.File != "" {
		var err error
		name = tg.File
		if data, err = os.ReadFile(filepath.Join(TestdataDir, tg.File)); err != nil {
			tb.Fatal(err)
		}
	}
	path := filepath.Join(dir, filepath.Base(name))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// repoRoot is the repository's root, found from this file so that tests of
// any package reach the same folders.
var repoRoot = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}()

// TestdataDir is the repository's testdata folder.
var TestdataDir = filepath.Join(repoRoot, "testdata")

// Load parses a test graph's level, failing tb on an error.
func (tg *TestGraph) Load(tb testing.TB) *maps.Graph {
	tb.Helper()
	var g *maps.Graph
	var err error
	switch {
	case tg.File != "":
		var lvl *maps.Level
		if lvl, err = maps.Load(filepath.Join(TestdataDir, tg.File), tg.Opt); err == nil {
			g = lvl.Graph
		}
	default:
		name, data := tg.dataFile()
		g, err = maps.Parse(name, data, tg.Opt)
	}
	if err != nil {
		tb.Fatalf("%s: %v", tg.Name, err)
	}
	return g
}

// GraphNamed loads the test graph of that name.
func GraphNamed(tb testing.TB, name string) *maps.Graph {
	tb.Helper()
	for i := range TestGraphs {
		if TestGraphs[i].Name == name {
			return TestGraphs[i].Load(tb)
		}
	}
	tb.Fatalf("no test graph %q", name)
	return nil
}

// Node finds a node by its printable name ("x,y" on grids, an id on
// graphs), failing tb when there is none.
func Node(tb testing.TB, g *maps.Graph, name string) int32 {
	tb.Helper()
	u, err := g.Node(name)
	if err != nil {
		tb.Fatalf("no node %q: %v", name, err)
	}
	return u
}

// Names returns the printable names of a path's nodes.
func Names(g *maps.Graph, path []int32) []string {
	out := make([]string, len(path))
	for i, u := range path {
		out[i] = g.NodeName(u)
	}
	return out
}

// WalkCost sums the level's costs along path, failing when a step is not
// an edge.
func WalkCost(g *maps.Graph, path []int32) (float64, error) {
	sum := 0.0
	for i := 1; i < len(path); i++ {
		w, ok := g.EdgeCost(path[i-1], path[i])
		if !ok {
			return 0, fmt.Errorf("step %s -> %s is not an edge", g.NodeName(path[i-1]), g.NodeName(path[i]))
		}
		sum += w
	}
	return sum, nil
}

// RelTolerance is the relative difference Near allows between float costs,
// the tolerance verify allows.
const RelTolerance = maps.CostTolerance

// Near compares costs as verify does (maps.Metric.SameCost): exactly for
// integer metrics, within RelTolerance otherwise.
func Near(m maps.Metric, a, b float64) bool { return m.SameCost(a, b) }
