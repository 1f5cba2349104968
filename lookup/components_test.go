package lookup_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestComponentRowsWalk: over a run-length table whose rows cover their
// component (the default, not build.Options.WholeRows), Next, Dist and Path answer every
// pair of generated grids in several components as Floyd-Warshall does,
// no path exactly across components; and an overlay over it with blocked
// nodes answers as one over the plain table.
func TestComponentRowsWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 11))
	for i, c := range []struct {
		walls float64
		cost  func(*rand.Rand) byte
	}{{0.4, nil}, {0.35, mapstest.MixedCosts}, {0.45, nil}} {
		g, err := maps.ParseFormat(maps.FormatGrid, "parts.grid", []byte(mapstest.RandomGrid(r, 14+i, 10, c.walls, c.cost)), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		if !tab.RunComps() {
			t.Fatalf("level %d: encoding %q, want rows that cover their component", i, tab.FirstEnc)
		}
		lt := lookup.New(tab)
		checkWalks(t, g, lt.Next, lt.Dist, lt.Path, mapstest.FloydWarshall(g))
		// The overlay over it answers as one over the plain table.
		plain, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns, WholeRows: true})
		if err != nil {
			t.Fatal(err)
		}
		o, ref := lookup.NewOverlay(lt), lookup.NewOverlay(lookup.New(plain))
		for _, b := range []int{g.Nodes() / 2, g.Nodes() / 3} {
			if err := o.Block(b); err != nil {
				t.Fatal(err)
			}
			if err := ref.Block(b); err != nil {
				t.Fatal(err)
			}
		}
		for s := range g.Nodes() {
			for u := range g.Nodes() {
				got, ok := o.Dist(s, u)
				want, wantOK := ref.Dist(s, u)
				_, cost, pathOK := o.Path(s, u)
				if ok != wantOK || ok && math.Abs(got-want) > 1e-9 || pathOK != ok || ok && math.Abs(cost-want) > 1e-9 || (o.Next(s, u) < 0) != (ref.Next(s, u) < 0) {
					t.Fatalf("overlay %d -> %d: Dist %v %v, Path cost %v %v; the plain table's overlay %v %v", s, u, got, ok, cost, pathOK, want, wantOK)
				}
			}
		}
	}
}

// checkWalks checks next, dist and path of every pair of g's nodes against
// the distances d.
func checkWalks(t *testing.T, g *maps.Graph, next func(int, int) int, dist func(int, int) (float64, bool), path func(int, int) ([]int, float64, bool), d [][]float64) {
	t.Helper()
	for s := range g.Nodes() {
		for u := range g.Nodes() {
			want := d[s][u]
			got, ok := dist(s, u)
			if ok != !math.IsInf(want, 1) || ok && math.Abs(got-want) > 1e-9 {
				t.Fatalf("Dist(%d, %d) = %v %v, want %v", s, u, got, ok, want)
			}
			if p, cost, ok := path(s, u); ok != !math.IsInf(want, 1) || ok && (math.Abs(cost-want) > 1e-9 || p[0] != s || p[len(p)-1] != u) {
				t.Fatalf("Path(%d, %d) = %v %v %v, want cost %v", s, u, p, cost, ok, want)
			}
			v := next(s, u)
			if s == u || math.IsInf(want, 1) {
				if v != -1 {
					t.Fatalf("Next(%d, %d) = %d, want -1", s, u, v)
				}
				continue
			}
			if w, ok := g.EdgeCost(int32(s), int32(v)); v < 0 || !ok || math.Abs(w+d[v][u]-want) > 1e-9 {
				t.Fatalf("Next(%d, %d) = %d starts no shortest path", s, u, v)
			}
		}
	}
}
