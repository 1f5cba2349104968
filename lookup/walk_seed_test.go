package lookup

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestSeedMatchesWalk checks that the run-length walker's seed, which
// reuses the stored path checked found instead of reading its rows again,
// leaves every node of that path as a walk from the source does: the same
// distance (keys and costs), successor and status, on a grid (the whole
// path is seeded) and on a graph (the prefix, then a walk).
func TestSeedMatchesWalk(t *testing.T) {
	for _, level := range []string{"../testdata/maze.grid", "../testdata/waypoints.json"} {
		lvl, err := maps.Load(level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build.Build(context.Background(), lvl.Graph, build.Options{Layout: table.LayoutRuns})
		if err != nil {
			t.Fatal(err)
		}
		lt := New(tab)
		rng := rand.New(rand.NewPCG(21, 3))
		seeded := 0
		for round := range 6 {
			o := NewOverlay(lt)
			for range 1 + round {
				u := rng.IntN(lt.Len())
				if round%2 == 0 {
					if err := o.Block(u); err != nil {
						t.Fatal(err)
					}
					continue
				}
				tt := lt.t
				if tt.Offsets[u] == tt.Offsets[u+1] {
					continue
				}
				e := tt.Offsets[u]
				if err := o.SetEdgeCost(u, int(tt.Targets[e]), 3*tt.Weights[e]); err != nil {
					t.Fatal(err)
				}
			}
			v := o.cur.Load()
			for s := range lt.Len() {
				for d := range lt.Len() {
					stored, cut, state := v.checked(nil, s, d)
					if state != pathChanged || !v.open(s, d) {
						continue
					}
					seeded++
					for _, keyed := range []bool{false, true} {
						if keyed && lt.costs().key == nil {
							continue
						}
						if err := compareSeed(v, stored, cut, int32(s), int32(d), keyed); err != "" {
							t.Fatalf("%s round %d, %d to %d (keyed %v): %s", level, round, s, d, keyed, err)
						}
					}
				}
			}
		}
		if seeded == 0 {
			t.Fatalf("%s: no stored path crossed a change", level)
		}
	}
}

// compareSeed seeds one scratch and walks another from stored[0], and
// says where their nodes of stored differ ("" when they agree).
func compareSeed(v *view, stored []int, cut int, s, d int32, keyed bool) string {
	seed, walk := v.lt.getScratch(), v.lt.getScratch()
	defer v.lt.putScratch(seed)
	defer v.lt.putScratch(walk)
	seed.begin()
	seed.hr = v.heuristic(d, keyed)
	query{view: v, sc: seed}.seed(stored, cut, d)
	walk.begin()
	walk.hr = v.heuristic(d, keyed)
	query{view: v, sc: walk}.walk(s, d)
	for i, u := range stored {
		a, b := seed.node[u], walk.node[u]
		if a.stamp != seed.gen || b.stamp != walk.gen {
			return "node not touched"
		}
		const keep = walked | unchanged | hSet
		if a.h != b.h || a.next != b.next || a.flags&keep != b.flags&keep {
			return fmt.Sprintf("node %d (path index %d): seeded %+v, walked %+v", u, i, a, b)
		}
	}
	return ""
}
