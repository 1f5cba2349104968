package mapstest

import (
	"math"
	"slices"
	"testing"
)

// TestPlanLevels checks what the plan levels promise: at least
// PlanThreshold nodes, the features they are there for, and their known
// answers against DistancesTo.
func TestPlanLevels(t *testing.T) {
	for _, tg := range PlanLevels {
		t.Run(tg.Name, func(t *testing.T) {
			g := tg.Load(t)
			if g.Nodes() < PlanThreshold {
				t.Errorf("%d nodes, below the threshold of %d", g.Nodes(), PlanThreshold)
			}
			isolated := 0
			for u := range g.Nodes() {
				if g.OutDegree(int32(u)) == 0 {
					isolated++
				}
			}
			if tg.Name != "zero-chain.gr" && isolated == 0 {
				t.Error("no node without moves")
			}
			if g.Grid == nil && !slices.Contains(g.Weights, 0) {
				t.Error("no zero-cost edge")
			}
			for _, q := range tg.Queries {
				d := DistancesTo(g, Node(t, g, q.To))
				if got := d[Node(t, g, q.From)]; got != q.Cost {
					t.Errorf("%s -> %s: %v, want %v", q.From, q.To, got, q.Cost)
				}
			}
			for _, p := range tg.Unreachable {
				if d := DistancesTo(g, Node(t, g, p[1])); !math.IsInf(d[Node(t, g, p[0])], 1) {
					t.Errorf("%s -> %s: reachable", p[0], p[1])
				}
			}
		})
	}
}

// TestDistancesTo checks the reference against Floyd-Warshall on every
// small test level.
func TestDistancesTo(t *testing.T) {
	for _, tg := range TestGraphs {
		g := tg.Load(t)
		fw := FloydWarshall(g)
		for to := range g.Nodes() {
			d := DistancesTo(g, int32(to))
			for from := range g.Nodes() {
				if !Near(g.Metric, d[from], fw[from][to]) && !(math.IsInf(d[from], 1) && math.IsInf(fw[from][to], 1)) {
					t.Fatalf("%s: %s -> %s = %v, Floyd-Warshall %v", tg.Name, g.NodeName(int32(from)), g.NodeName(int32(to)), d[from], fw[from][to])
				}
			}
		}
	}
}
