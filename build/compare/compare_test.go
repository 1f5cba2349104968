// Package compare measures pathtable against gonum's graph/path package,
// the reference named in the project's issue. It is a separate module so
// that the project itself does not depend on gonum.
package compare

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
)

// mapDir holds the Moving AI levels and their scenario files.
const mapDir = "../../../shared/testmaps"

// checkQueries is how many scenarios are checked against gonum before timing.
const checkQueries = 50

// toGonum converts g into a gonum weighted directed graph whose node ids
// are g's node indices, with every CSR edge and its weight.
func toGonum(g *maps.Graph) *simple.WeightedDirectedGraph {
	gg := simple.NewWeightedDirectedGraph(0, math.Inf(1))
	n := g.Nodes()
	for u := 0; u < n; u++ {
		gg.AddNode(simple.Node(u))
	}
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			gg.SetWeightedEdge(gg.NewWeightedEdge(simple.Node(u), simple.Node(g.Targets[e]), g.Weights[e]))
		}
	}
	return gg
}

// octile returns gonum's A* heuristic for grid g: the octile distance
// between two nodes' cells, admissible for cardinal cost 1 and diagonal √2.
func octile(g *maps.Graph) path.Heuristic {
	return func(x, y graph.Node) float64 {
		x0, y0 := g.Grid.XY(int32(x.ID()))
		x1, y1 := g.Grid.XY(int32(y.ID()))
		dx, dy := math.Abs(float64(x1-x0)), math.Abs(float64(y1-y0))
		lo, hi := math.Min(dx, dy), math.Max(dx, dy)
		return hi - lo + math.Sqrt2*lo
	}
}

// load reads the level name.map from mapDir, skipping when the maps are
// not there.
func load(tb testing.TB, name string) *maps.Graph {
	tb.Helper()
	file := filepath.Join(mapDir, name+".map")
	if _, err := os.Stat(file); err != nil {
		sharedmaps.Skip(tb, "test maps not available: "+err.Error())
	}
	lvl, err := maps.Load(file, maps.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g := lvl.Graph
	if g.Grid == nil {
		tb.Fatalf("%s: not a grid level", file)
	}
	return g
}

// query is one scenario as a pair of nodes.
type query struct{ from, to int }

// loadQueries reads name.map.scen with the project's parser and returns its
// scenarios as node pairs, in file order, leaving out any whose cells are
// blocked.
func loadQueries(tb testing.TB, g *maps.Graph, name string) []query {
	tb.Helper()
	scens, err := maps.ReadScenarios(filepath.Join(mapDir, name+".map.scen"))
	if err != nil {
		tb.Fatal(err)
	}
	qs := make([]query, 0, len(scens))
	for _, s := range scens {
		from, to := g.Grid.NodeAt(s.StartX, s.StartY), g.Grid.NodeAt(s.GoalX, s.GoalY)
		if from < 0 || to < 0 {
			continue
		}
		qs = append(qs, query{int(from), int(to)})
	}
	if len(qs) == 0 {
		tb.Fatalf("%s: no usable scenarios", name)
	}
	return qs
}

// TestToGonum checks that the conversion keeps every node and edge.
func TestToGonum(t *testing.T) {
	g := load(t, "den009d")
	gg := toGonum(g)
	if got := gg.Nodes().Len(); got != g.Nodes() {
		t.Fatalf("gonum graph has %d nodes, want %d", got, g.Nodes())
	}
	if got := gg.Edges().Len(); got != g.Edges() {
		t.Fatalf("gonum graph has %d edges, want %d", got, g.Edges())
	}
	for u := 0; u < g.Nodes(); u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			w, ok := gg.Weight(int64(u), int64(g.Targets[e]))
			if !ok || w != g.Weights[e] {
				t.Fatalf("edge %d->%d: gonum weight %v (%v), want %v", u, g.Targets[e], w, ok, g.Weights[e])
			}
		}
	}
}

// queryMaps are the shared levels with a scenario file, smallest first.
var queryMaps = []string{
	"maze-32-32-2", "random-32-32-10", "room-32-32-4", "den009d",
	"lak110d", "arena", "den312d", "maze-128-128-2",
}

// BenchmarkQuery times whole-path queries over every scenario of a map:
// gonum's A*, our own A* (package solve) and a walk of a prebuilt table. One
// op is a pass over the whole scenario file, so that every side answers
// the same queries whatever the run length; ns/query is per scenario.
func BenchmarkQuery(b *testing.B) {
	for _, name := range queryMaps {
		b.Run(name, func(b *testing.B) {
			g := load(b, name)
			qs := loadQueries(b, g, name)
			gg := toGonum(g)
			h := octile(g)
			tab, err := build.Build(context.Background(), g, build.Options{})
			if err != nil {
				b.Fatal(err)
			}
			lt := lookup.New(tab)
			solver := solve.NewSolver(g, solve.AStar)

			// Every scenario is checked once against gonum before timing.
			for i, q := range qs {
				sp, _ := path.AStar(simple.Node(q.from), simple.Node(q.to), gg, h)
				nodes, want := sp.To(int64(q.to))
				got, ok := lt.Dist(q.from, q.to)
				if len(nodes) == 0 || !ok || math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
					b.Fatalf("scenario %d (%d->%d): gonum A* cost %v (%d nodes), table %v (%v)", i, q.from, q.to, want, len(nodes), got, ok)
				}
			}
			perQuery := func(b *testing.B) {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(qs)), "ns/query")
			}

			b.Run("gonum-astar", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, q := range qs {
						sp, _ := path.AStar(simple.Node(q.from), simple.Node(q.to), gg, h)
						if nodes, _ := sp.To(int64(q.to)); len(nodes) == 0 {
							b.Fatalf("gonum A*: no path %d->%d", q.from, q.to)
						}
					}
				}
				perQuery(b)
			})

			b.Run("live-astar", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, q := range qs {
						if r := solver.Solve(int32(q.from), int32(q.to)); !r.Reachable {
							b.Fatalf("live A*: no path %d->%d", q.from, q.to)
						}
					}
				}
				perQuery(b)
			})

			b.Run("table", func(b *testing.B) {
				b.ReportAllocs()
				buf := make([]int, 0, g.Nodes())
				for b.Loop() {
					for _, q := range qs {
						var ok bool
						if buf, ok = lt.AppendPath(buf[:0], q.from, q.to); !ok {
							b.Fatalf("table: no path %d->%d", q.from, q.to)
						}
					}
				}
				perQuery(b)
			})
		})
	}
}

// BenchmarkAllPairs times all-pairs shortest paths: gonum's
// DijkstraAllPaths against building a table.
func BenchmarkAllPairs(b *testing.B) {
	// maze-128-128-2 is left out: gonum takes many minutes on it.
	for _, name := range []string{"den009d", "den312d"} {
		b.Run(name, func(b *testing.B) {
			g := load(b, name)
			gg := toGonum(g)

			b.Run("gonum-dijkstra-allpaths", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					path.DijkstraAllPaths(gg)
				}
			})

			b.Run("pathtable", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := build.Build(context.Background(), g, build.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
