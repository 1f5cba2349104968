package build

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// zeroGraph makes a directed level of n nodes thick with zero-cost edges:
// a zero-cost ring through every node (a zero-cost cycle), zero-cost
// edges both ways between random pairs (two-node cycles), and random
// edges of half-integer costs, which add up exactly in floats.
func zeroGraph(r *rand.Rand, n int, ints bool) *maps.Graph {
	cost := map[[2]int32]float64{}
	add := func(u, v int32, w float64) {
		if _, ok := cost[[2]int32{u, v}]; !ok && u != v {
			cost[[2]int32{u, v}] = w
		}
	}
	ring := r.Perm(n)
	for i := range ring {
		if r.IntN(3) > 0 { // leave gaps: some rings are paths
			add(int32(ring[i]), int32(ring[(i+1)%n]), 0)
		}
	}
	for range n {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		add(u, v, 0)
		add(v, u, 0)
	}
	for range 2 * n {
		w := float64(1+r.IntN(8)) / 2
		if ints {
			w = float64(1 + r.IntN(5))
		}
		add(int32(r.IntN(n)), int32(r.IntN(n)), w)
	}
	g := &maps.Graph{Offsets: make([]int32, n+1), Metric: maps.MetricFloat}
	if ints {
		g.Metric = maps.MetricInt
	}
	keys := make([][2]int32, 0, len(cost))
	for k := range cost {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int32) int { return int(a[0]-b[0])<<16 + int(a[1]-b[1]) })
	for _, k := range keys {
		g.Offsets[k[0]+1]++
		g.Targets = append(g.Targets, k[1])
		g.Weights = append(g.Weights, cost[k])
	}
	for u := range n {
		g.Offsets[u+1] += g.Offsets[u]
		g.Names = append(g.Names, fmt.Sprint(u))
	}
	return g
}

// minHops returns, for every pair, the fewest edges of a shortest path
// (-1 where there is none), from the reference distances d: breadth-first
// from each target backward over the edges that keep a path shortest.
func minHops(g *maps.Graph, d [][]float64) [][]int {
	n := g.Nodes()
	hops := make([][]int, n)
	for s := range hops {
		hops[s] = make([]int, n)
	}
	for t := range n {
		for s := range n {
			hops[s][t] = -1
		}
		hops[t][t] = 0
		for frontier := []int{t}; len(frontier) > 0; {
			var next []int
			for u := range n {
				if hops[u][t] >= 0 {
					continue
				}
				for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
					v := int(g.Targets[e])
					if slices.Contains(frontier, v) && g.Weights[e]+d[v][t] == d[u][t] {
						hops[u][t] = hops[v][t] + 1
						next = append(next, u)
						break
					}
				}
			}
			frontier = next
		}
	}
	return hops
}

// TestRunsZeroCost checks run-length tables of levels with zero-cost edges
// and zero-cost cycles on every pair: distances (walked, so a walk that
// loops fails) equal Floyd-Warshall's, every stored move starts a shortest
// path, and every stored zero-cost move leads to a node fewer edges from
// the target along shortest paths, which is what makes every walk end.
func TestRunsZeroCost(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	var levels []mapstest.Level
	for _, lv := range mapstest.SmallLevels(t) {
		if slices.Contains(lv.G.Weights, 0) {
			levels = append(levels, lv)
		}
	}
	for i := range 10 {
		levels = append(levels, mapstest.Level{Name: fmt.Sprintf("zero-graph-%d", i), G: zeroGraph(r, 3+r.IntN(40), i%2 == 0)})
	}
	zeroMoves := 0
	for _, lv := range levels {
		t.Run(lv.Name, func(t *testing.T) {
			tab, err := Build(context.Background(), lv.G, Options{Workers: 2, Layout: table.LayoutRuns})
			if err != nil {
				t.Fatal(err)
			}
			checkFloydWarshall(t, lv, tab)
			g := lv.G
			d := mapstest.FloydWarshall(g)
			hops := minHops(g, d)
			for s := range g.Nodes() {
				for tg := range g.Nodes() {
					m := tab.Move(s, tg)
					if m == table.NoMove {
						continue
					}
					e := g.Offsets[s] + int32(m)
					if g.Weights[e] != 0 {
						continue
					}
					zeroMoves++
					if v := g.Targets[e]; hops[v][tg] >= hops[s][tg] {
						t.Fatalf("%d->%d: zero-cost move to %d, %d hops from the target, from %d hops", s, tg, v, hops[v][tg], hops[s][tg])
					}
				}
			}
		})
	}
	if zeroMoves == 0 {
		t.Fatal("no level stored a zero-cost move: the levels test nothing")
	}
}

// TestRunsHighDegree checks a level whose nodes have up to table.MaxDegree
// out-edges, many of them tied: every pair against Floyd-Warshall.
func TestRunsHighDegree(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 23))
	const n = 300
	g := &maps.Graph{Offsets: make([]int32, n+1), Metric: maps.MetricInt}
	for u := range n {
		deg := 3
		if u < 3 {
			deg = table.MaxDegree - u // hubs
		}
		for _, v := range r.Perm(n)[:deg+1] {
			if v != u && g.Offsets[u+1] < int32(deg) {
				g.Targets = append(g.Targets, int32(v))
				g.Weights = append(g.Weights, float64(1+r.IntN(3)))
				g.Offsets[u+1]++
			}
		}
		g.Names = append(g.Names, fmt.Sprint(u))
	}
	for u := range n {
		g.Offsets[u+1] += g.Offsets[u]
	}
	if g.OutDegree(0) != table.MaxDegree {
		t.Fatalf("hub has %d out-edges, want %d", g.OutDegree(0), table.MaxDegree)
	}
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	checkFloydWarshall(t, mapstest.Level{Name: "high-degree", G: g}, tab)
}
