package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// applyBatch makes c's changes in one Apply, after clearing the overlay:
// queries see the level before or after, nothing between.
func (c changes) applyBatch(o *lookup.Overlay) error {
	return o.Apply(func(b *lookup.Batch) error {
		b.Clear()
		for u := range c.blocked {
			if err := b.Block(u); err != nil {
				return err
			}
		}
		for k, w := range c.edge {
			if err := b.SetEdgeCost(k[0], k[1], w); err != nil {
				return err
			}
		}
		for u, w := range c.cell {
			if err := b.SetCellCost(u, w); err != nil {
				return err
			}
		}
		return nil
	})
}

// levelState is one state of a changing level and its distances.
type levelState struct {
	c    changes
	g    *maps.Graph
	dist [][]float64
}

// fitsSome reports whether next, Next's answer from u toward goal, is
// right for one of the states: a first step of a shortest path, or -1
// where there is none.
func fitsSome(states []levelState, u, goal, next int) bool {
	for _, s := range states {
		d := s.dist[u][goal]
		if next < 0 {
			if u == goal || math.IsInf(d, 1) || s.c.blocked[u] || s.c.blocked[goal] {
				return true
			}
			continue
		}
		if s.c.blocked[u] || s.c.blocked[goal] {
			continue
		}
		if w := weightOf(s.g, u, next); sameCost(w+s.dist[next][goal], d, s.g.Metric) {
			return true
		}
	}
	return false
}

// TestOverlayChangesDuringQueries: one goroutine switches the level among
// a few states (each published whole by Apply) while eight agents'
// goroutines follow Next (half of them through a Route) and ask Dist. Every answer must be right for one
// of the states: a query sees the level before a change or after it,
// never halfway. Run with -race: this is the game's common shape (one
// thread shuts doors, workers path agents).
func TestOverlayChangesDuringQueries(t *testing.T) {
	levels := mapstest.RandomLevels(t, 7)
	if testing.Short() {
		levels = levels[:3]
	}
	for _, lv := range levels {
		for _, l := range overlayLayouts() {
			t.Run(fmt.Sprintf("%s/%s", lv.Name, l.Name), func(t *testing.T) {
				lt, ok := buildOverlayTable(t, lv.G, l.Options)
				if !ok {
					t.Skip("no hierarchy table of this level")
				}
				n := lv.G.Nodes()
				r := rand.New(rand.NewPCG(7, 41))
				states := []levelState{{c: randomChanges(r, lv.G, 0)}}
				for range 3 {
					states = append(states, levelState{c: randomChanges(r, lv.G, 1+r.IntN(4))})
				}
				for i := range states {
					states[i].g = changedLevel(lv.G, states[i].c)
					states[i].dist = mapstest.FloydWarshall(states[i].g)
				}
				o := lookup.NewOverlay(lt)
				if err := o.SetLandmarks(2); err != nil { // placed by whichever query comes first
					t.Fatal(err)
				}
				var stop atomic.Bool
				var wrong atomic.Value
				var wg sync.WaitGroup
				wg.Add(1)
				go func() { // the game thread: doors open and shut
					defer wg.Done()
					for i := 0; !stop.Load(); i++ {
						if err := states[(i*7+3)%len(states)].c.applyBatch(o); err != nil {
							wrong.Store(err.Error())
							return
						}
					}
				}()
				var workers sync.WaitGroup
				for w := range 8 {
					workers.Add(1)
					go func() {
						defer workers.Done()
						r := rand.New(rand.NewPCG(uint64(w), 43))
						at, goal := r.IntN(n), r.IntN(n)
						var route lookup.Route
						for range 400 {
							next := o.Next(at, goal)
							if w%2 == 1 {
								next = route.Next(o, at, goal)
							}
							if !fitsSome(states, at, goal, next) {
								wrong.Store(fmt.Sprintf("Next(%d, %d) = %d fits no state of the level", at, goal, next))
								return
							}
							if d, ok := o.Dist(at, goal); ok && !distOfSome(states, at, goal, d) {
								wrong.Store(fmt.Sprintf("Dist(%d, %d) = %v is no state's distance", at, goal, d))
								return
							}
							if next < 0 {
								at, goal = r.IntN(n), r.IntN(n)
								continue
							}
							at = next
						}
					}()
				}
				workers.Wait()
				stop.Store(true)
				wg.Wait()
				if msg := wrong.Load(); msg != nil {
					t.Fatal(msg)
				}
			})
		}
	}
}

func distOfSome(states []levelState, u, goal int, d float64) bool {
	for _, s := range states {
		if !s.c.blocked[u] && !s.c.blocked[goal] && sameCost(d, s.dist[u][goal], s.g.Metric) {
			return true
		}
	}
	return false
}
