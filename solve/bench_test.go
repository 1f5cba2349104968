package solve

import (
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps/mapstest"
)

// benchSolve answers every scenario of a map with one algorithm.
func benchSolve(b *testing.B, alg Algorithm) {
	for _, level := range []string{"den312d.map", "maze-128-128-2.map"} {
		b.Run(level, func(b *testing.B) {
			g, scen := mapstest.LoadMovingAI(b, filepath.Join(mapstest.SharedMaps, level))
			s := NewSolver(g, alg)
			pairs := make([][2]int32, len(scen))
			for i, sc := range scen {
				pairs[i] = [2]int32{g.Grid.NodeAt(sc.StartX, sc.StartY), g.Grid.NodeAt(sc.GoalX, sc.GoalY)}
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
