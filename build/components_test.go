package build

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestComponentRows: on generated grids in several components, a table
// by default (rows that cover their component and wrap within it,
// table.CompSuffix) answers every pair as Floyd-Warshall does: a move
// that starts a shortest path, no path exactly across components, walked
// distances exact; it survives its file, counts its reachable pairs, and
// takes fewer runs than the same build with WholeRows. A level of
// one component keeps its encoding.
func TestComponentRows(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 7))
	cases := []struct {
		name  string
		walls float64
		cost  func(*rand.Rand) byte
		moves maps.Moves
	}{
		{"unit-8", 0.4, nil, maps.Moves{}},
		{"unit-4", 0.35, nil, maps.Moves{Connect: 4}},
		{"costs-8", 0.4, mapstest.MixedCosts, maps.Moves{}},
		{"costs-4-1014", 0.3, mapstest.MixedCosts, maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}},
		{"open", 0, nil, maps.Moves{}},
	}
	for _, c := range cases {
		for k := range 3 {
			name := fmt.Sprintf("%s-%d", c.name, k)
			lvl, err := maps.ParseLevel(name+".grid", []byte(mapstest.RandomGrid(r, 12+3*k, 9+2*k, c.walls, c.cost)), maps.Options{Moves: c.moves})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) { checkComponentRows(t, lvl.Graph, c.walls > 0) })
		}
	}
}

func checkComponentRows(t *testing.T, g *maps.Graph, parts bool) {
	plain, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns, Workers: 1, WholeRows: true})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	comps := newRunOrder(g).compEnd[0] != int32(g.Nodes())
	if parts && !comps {
		t.Skip("the level came out in one component")
	}
	if got := tab.RunComps(); got != comps {
		t.Fatalf("encoding %q: rows cover their component %v, want %v", tab.FirstEnc, got, comps)
	}
	if !comps && tab.FirstEnc != plain.FirstEnc {
		t.Fatalf("one component: encoding %q, want %q as with WholeRows", tab.FirstEnc, plain.FirstEnc)
	}
	if comps && tab.RunCount >= plain.RunCount {
		t.Errorf("%d runs, %d with WholeRows: no fewer", tab.RunCount, plain.RunCount)
	}
	back, err := table.Decode(writeTable(t, tab))
	if err != nil {
		t.Fatal(err)
	}
	d := mapstest.FloydWarshall(g)
	n := g.Nodes()
	var reachable int64
	for s := range n {
		for u := range n {
			if s != u && !math.IsInf(d[s][u], 1) {
				reachable++
			}
			for _, x := range []*table.Table{tab, back} {
				checkPair(t, g, x, d, s, u)
			}
		}
	}
	if got := back.ReachablePairs(); got != reachable {
		t.Errorf("%d reachable pairs counted, %d by Floyd-Warshall", got, reachable)
	}
}

// checkPair checks x's move and walked distance from s to u against the
// distances d. O(path).
func checkPair(t *testing.T, g *maps.Graph, x *table.Table, d [][]float64, s, u int) {
	t.Helper()
	m := x.Move(s, u)
	if s == u || math.IsInf(d[s][u], 1) {
		if m != table.NoMove {
			t.Fatalf("%d -> %d: move %d where there is no path", s, u, m)
		}
		return
	}
	e := g.Offsets[s] + int32(m)
	if m == table.NoMove || e >= g.Offsets[s+1] {
		t.Fatalf("%d -> %d: move %d, want one of %d", s, u, m, g.Offsets[s+1]-g.Offsets[s])
	}
	if v := g.Targets[e]; math.Abs(g.Weights[e]+d[v][u]-d[s][u]) > 1e-9 {
		t.Fatalf("%d -> %d: move %d to %d starts no shortest path", s, u, m, v)
	}
	if got, ok := x.Distance(s, u); !ok || math.Abs(got-d[s][u]) > 1e-6*max(1, d[s][u]) {
		t.Fatalf("%d -> %d: walked %v (%v), want %v", s, u, got, ok, d[s][u])
	}
}
