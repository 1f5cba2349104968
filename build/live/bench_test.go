package live

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// benchLevel is a Moving AI map loaded once for all benchmarks, with its
// scenarios and, when asked for, its table.
type benchLevel struct {
	g         *maps.Graph
	scen      []Scenario
	tableOnce sync.Once
	tab       *table.Table
}

var (
	benchMu     sync.Mutex
	benchLevels = map[string]*benchLevel{}
)

func loadBenchLevel(b *testing.B, name string) *benchLevel {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if l := benchLevels[name]; l != nil {
		return l
	}
	path := filepath.Join(testmaps, name)
	g, _, err := maps.Load(path, maps.Options{})
	if err != nil {
		b.Skipf("no test map: %v", err)
	}
	scen, err := ReadScenarios(path + ".scen")
	if err != nil {
		b.Fatal(err)
	}
	l := &benchLevel{g: g, scen: scen}
	benchLevels[name] = l
	return l
}

func (l *benchLevel) table(b *testing.B) *table.Table {
	l.tableOnce.Do(func() { l.tab = buildTable(b, l.g) })
	return l.tab
}

// BenchmarkVerify reports pairs checked per second, all pairs of a small
// map (one Dijkstra per target) and sampled pairs of larger ones (one A*
// per pair).
func BenchmarkVerify(b *testing.B) {
	for _, c := range []struct {
		name  string
		level string
		pairs int
	}{
		{"all/maze-32-32-2", "maze-32-32-2.map", AllPairs},
		{"all/den312d", "den312d.map", AllPairs},
		{"sampled/den312d", "den312d.map", 2000},
		{"sampled/maze-128-128-2", "maze-128-128-2.map", 500},
	} {
		b.Run(c.name, func(b *testing.B) {
			l := loadBenchLevel(b, c.level)
			tab := l.table(b)
			b.ReportAllocs()
			b.ResetTimer()
			var pairs int64
			for b.Loop() {
				rep, err := Verify(context.Background(), tab, l.g, VerifyOptions{Pairs: c.pairs})
				if err != nil || !rep.OK() {
					b.Fatalf("%v %+v", err, rep)
				}
				pairs += rep.Pairs
			}
			b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
		})
	}
}

// benchSolve answers every scenario of a map with one algorithm.
func benchSolve(b *testing.B, alg Algorithm) {
	for _, level := range []string{"den312d.map", "maze-128-128-2.map"} {
		b.Run(level, func(b *testing.B) {
			l := loadBenchLevel(b, level)
			s := NewSolver(l.g, alg)
			pairs := make([][2]int32, len(l.scen))
			for i, sc := range l.scen {
				pairs[i] = [2]int32{l.g.Grid.NodeAt(sc.StartX, sc.StartY), l.g.Grid.NodeAt(sc.GoalX, sc.GoalY)}
			}
			b.ReportAllocs()
			b.ResetTimer()
			expanded, queries := 0, 0
			for b.Loop() {
				for _, p := range pairs {
					expanded += s.SolveCost(p[0], p[1]).Expanded
					queries++
				}
			}
			b.ReportMetric(float64(expanded)/float64(queries), "expanded/query")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(queries), "ns/query")
		})
	}
}

func BenchmarkAStar(b *testing.B)    { benchSolve(b, AStar) }
func BenchmarkDijkstra(b *testing.B) { benchSolve(b, Dijkstra) }
