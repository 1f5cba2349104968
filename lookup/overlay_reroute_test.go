package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestRouteRecheck: agents walk a few steps with a Route each, then the
// level changes (blocks and raises, and back: unblocks, restores, a clear
// level); from where each agent stands, its Route answers a path that
// costs the changed level's distance by an independent Floyd-Warshall and,
// on the layouts whose stored paths are each other's suffixes, node for
// node the path Overlay.AppendPath answers there: a Route that holds the
// stored path starts the overlay's answer from it instead of reading the
// table's again, and keeps it where no change crosses it (by a walk or,
// on flat tables, by the rows' proof).
func TestRouteRecheck(t *testing.T) {
	seeds := []uint64{11, 12}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		for _, lv := range mapstest.RandomLevels(t, seed) {
			for _, l := range overlayLayouts() {
				t.Run(fmt.Sprintf("%s/%s/seed=%d", lv.Name, l.Name, seed), func(t *testing.T) {
					lt, ok := buildOverlayTable(t, lv.G, l.Options)
					if !ok {
						t.Skip("no hierarchy table of this level")
					}
					// A hierarchy's paths are not each other's suffixes, so
					// a held path need not be AppendPath's: costs only.
					same := l.Options.Layout != table.LayoutHierarchy
					r := rand.New(rand.NewPCG(seed, 7))
					var states []levelState
					for _, k := range []int{0, 1, 3, 0, 2, 6, 1} {
						c := randomChanges(r, lv.G, k)
						g := changedLevel(lv.G, c)
						states = append(states, levelState{c: c, g: g, dist: mapstest.FloydWarshall(g)})
					}
					checkRecheck(t, lookup.NewOverlay(lt), states, r, same)
					defer lookup.ProveFirst()() // flat tables' rows prove held paths clear
					checkRecheck(t, lookup.NewOverlay(lt), states, r, same)
				})
			}
		}
	}
}

// checkRecheck plays the states in turn, with and without a change between
// them, and checks every agent's Route after each (see TestRouteRecheck):
// its path is AppendPath's where same.
func checkRecheck(t *testing.T, o *lookup.Overlay, states []levelState, r *rand.Rand, same bool) {
	t.Helper()
	n := o.Len()
	type agent struct {
		at, goal int
		route    lookup.Route
	}
	agents := make([]agent, 24)
	for i := range agents {
		agents[i].at, agents[i].goal = r.IntN(n), r.IntN(n)
	}
	var want, got []int
	for round := range 3 * len(states) {
		for i := range agents {
			a := &agents[i]
			for range 1 + r.IntN(4) { // hold a path, part walked
				if next := a.route.Next(o, a.at, a.goal); next >= 0 {
					a.at = next
				}
			}
		}
		s := states[round%len(states)]
		if err := s.c.applyBatch(o); err != nil {
			t.Fatal(err)
		}
		for i := range agents {
			a := &agents[i]
			var ok bool
			want, ok = o.AppendPath(want[:0], a.at, a.goal)
			got = append(got[:0], a.at)
			for u := a.at; ; {
				if u = a.route.Next(o, u, a.goal); u < 0 || len(got) > n {
					break
				}
				got = append(got, u)
			}
			if !ok || len(want) < 2 {
				want = want[:0]
			}
			if len(got) < 2 {
				got = got[:0]
			}
			if same && !slices.Equal(got, want) || len(got) == 0 != (len(want) == 0) {
				t.Fatalf("round %d (%v): the route from %d to %d walks %v, AppendPath %v", round, o, a.at, a.goal, got, want)
			}
			d := s.dist[a.at][a.goal]
			if cost, ok := pathCost(s.g, got); len(got) > 0 && (!ok || !sameCost(cost, d, s.g.Metric)) {
				t.Fatalf("round %d (%v): the route from %d to %d walks %v at %v (a walk: %v), the shortest %v", round, o, a.at, a.goal, got, cost, ok, d)
			} else if len(got) == 0 && a.at != a.goal && !math.IsInf(d, 1) && !s.c.blocked[a.at] && !s.c.blocked[a.goal] {
				t.Fatalf("round %d (%v): no route from %d to %d, the shortest %v", round, o, a.at, a.goal, d)
			}
			if len(got) > 0 {
				a.at = got[len(got)-1]
			}
			a.goal = r.IntN(n)
		}
	}
}

// TestRouteHeldPathBlockedEnd: a Route holding a path gives no step, and
// says why, once its goal or the node it stands on is blocked, on every
// layout an overlay takes; and goes on when they open again.
func TestRouteHeldPathBlockedEnd(t *testing.T) {
	g, err := maps.Parse("row.grid", []byte("........\n........\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range overlayLayouts() {
		t.Run(l.Name, func(t *testing.T) {
			lt := buildAndLoadWith(t, g, l.Options)
			o := lookup.NewOverlay(lt)
			if err := o.Block(lt.Len() - 1); err != nil { // a change in force, off the path
				t.Fatal(err)
			}
			const here = -2 // the node the agent stands on
			from, goal := 0, 7
			for _, c := range []struct {
				block int
				want  lookup.StepReason
			}{{goal, lookup.StepBlocked}, {-1, lookup.StepOK}, {here, lookup.StepBlocked}, {-1, lookup.StepOK}} {
				var r lookup.Route
				at, _ := r.Step(o, from, goal) // the route holds the path from
				if c.block == here {
					c.block = at
				}
				if c.block >= 0 {
					if err := o.Block(c.block); err != nil {
						t.Fatal(err)
					}
				}
				next, why := r.Step(o, at, goal)
				if why != c.want || (why == lookup.StepOK) != (next >= 0) {
					t.Errorf("block %d: %d, %v; want %v", c.block, next, why, c.want)
				}
				if c.block >= 0 {
					if err := o.Unblock(c.block); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
