// Package mapstest holds what tests of code that solves maps.Graph levels
// share: reference algorithms written for obviousness rather than speed
// (FloydWarshall), a table of small levels with known answers (TestGraphs)
// that every solver runs, and the Moving AI benchmark maps beside the
// checkout (MovingAIMaps, LoadMovingAI), skipped where they are absent.
//
// A solver's test runs every test graph:
//
//	for _, tg := range mapstest.TestGraphs {
//		g := tg.Load(t)
//		for _, q := range tg.Queries {
//			from, to := mapstest.Node(t, g, q.From), mapstest.Node(t, g, q.To)
//			// solve from -> to; want q.Cost, and q.Path where it is set
//		}
//	}
package mapstest

import (
	"math"

	"github.com/pathtable/pathtable/maps"
)

// FloydWarshall returns the cost of a shortest path between every ordered
// pair of g's nodes, d[from][to], +Inf where there is none. It shares no
// code with the builder or the live solvers, which is what makes it a
// reference. O(V³) time, O(V²) memory.
func FloydWarshall(g *maps.Graph) [][]float64 {
	n := g.Nodes()
	d := make([][]float64, n)
	for i := range d {
		d[i] = make([]float64, n)
		for j := range d[i] {
			d[i][j] = math.Inf(1)
		}
		d[i][i] = 0
	}
	for u := range n {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			d[u][v] = min(d[u][v], g.Weights[e])
		}
	}
	for k := range n {
		for i := range n {
			dik := d[i][k]
			if math.IsInf(dik, 1) {
				continue
			}
			for j := range n {
				d[i][j] = min(d[i][j], dik+d[k][j])
			}
		}
	}
	return d
}
