package lookup

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
)

// TestKeyDistancesMatchDist checks the landmarks' bucketed search against
// the overlay's own answers: from every node of small octile levels, under
// blocked cells, raised cells and a closed edge, keyDistances's distance
// to each node is the overlay's Dist (tested against Floyd-Warshall
// elsewhere), and it reaches exactly the nodes Dist reaches.
func TestKeyDistancesMatchDist(t *testing.T) {
	for _, level := range []string{"../testdata/small.map", "../testdata/unreachable.grid"} {
		lvl, err := maps.Load(level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build.Build(context.Background(), lvl.Graph, build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		lt := New(tab)
		if lt.costs().key == nil {
			t.Fatalf("%s: not searched on keys", level)
		}
		rng := rand.New(rand.NewPCG(9, 4))
		for round := range 4 {
			o := NewOverlay(lt)
			for range 1 + round {
				u := rng.IntN(lt.Len())
				switch rng.IntN(3) {
				case 0:
					o.Block(u)
				case 1:
					o.SetCellCost(u, float64(2+rng.IntN(5)))
				default:
					if e := lt.t.Offsets[u]; e < lt.t.Offsets[u+1] {
						o.SetEdgeCost(u, int(lt.t.Targets[e]), math.Inf(1))
					}
				}
			}
			v := o.cur.Load()
			q, ok := v.keyQueue()
			if !ok {
				t.Fatalf("%s: no key queue", level)
			}
			d := make([]float64, lt.Len())
			for src := range lt.Len() {
				if o.Blocked(src) {
					continue
				}
				reached := q.keyDistances(int32(src), d)
				want := 0
				for u := range lt.Len() {
					dist, ok := o.Dist(src, u)
					if src == u {
						dist, ok = 0, true
					}
					if ok {
						want++
					}
					got := keyCost(d[u])
					if ok != !math.IsInf(d[u], 1) || ok && math.Abs(got-dist) > 1e-9 {
						t.Fatalf("%s round %d: %d to %d: keys give %v, Dist %v %v (%v)", level, round, src, u, got, dist, ok, v)
					}
				}
				if reached != want {
					t.Fatalf("%s round %d: from %d reached %d nodes, Dist reaches %d", level, round, src, reached, want)
				}
			}
		}
	}
}
