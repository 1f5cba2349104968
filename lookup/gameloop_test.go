package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestAgentsFollowNextUnderChanges: agents follow an overlay's Next (half
// of them through a Route each) frame by frame while the level changes between frames (blocks, raises,
// restores, Clear); every step starts a shortest path of the level as it
// is at that moment (w(u,next) + d(next,goal) = d(u,goal), by an
// independent Floyd-Warshall), and Next says "no step" exactly when the
// goal cannot be reached.
func TestAgentsFollowNextUnderChanges(t *testing.T) {
	seeds := []uint64{5, 6}
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
					n := lv.G.Nodes()
					r := rand.New(rand.NewPCG(seed, 31))
					o := lookup.NewOverlay(lt)
					if err := o.SetLandmarks(int(seed%2) * 3); err != nil { // seed 5 with landmarks, 6 without
						t.Fatal(err)
					}
					c := randomChanges(r, lv.G, 0)
					dist := mapstest.FloydWarshall(lv.G)
					changed := lv.G
					type agent struct {
						at, goal int
						route    *lookup.Route // nil: the agent asks o.Next
					}
					agents := make([]agent, 12)
					for i := range agents {
						agents[i] = agent{at: r.IntN(n), goal: r.IntN(n)}
						if i%2 == 1 {
							agents[i].route = new(lookup.Route)
						}
					}
					for frame := range 60 {
						if frame%10 == 5 { // the level changes mid-game
							switch r.IntN(3) {
							case 0:
								o.Clear()
								c = randomChanges(r, lv.G, 0)
							default:
								more := randomChanges(r, lv.G, 1+r.IntN(3))
								more.apply(t, o)
								for u := range more.blocked {
									c.blocked[u] = true
								}
								for k, w := range more.edge {
									c.edge[k] = max(c.edge[k], w)
									o.SetEdgeCost(k[0], k[1], c.edge[k])
								}
								for u, w := range more.cell {
									c.cell[u] = max(c.cell[u], w)
									o.SetCellCost(u, c.cell[u])
								}
							}
							changed = changedLevel(lv.G, c)
							dist = mapstest.FloydWarshall(changed)
						}
						for i := range agents {
							a := &agents[i]
							next := o.Next(a.at, a.goal)
							if a.route != nil {
								next = a.route.Next(o, a.at, a.goal)
							}
							d := dist[a.at][a.goal]
							switch {
							case next < 0:
								if a.at != a.goal && !math.IsInf(d, 1) && !c.blocked[a.at] && !c.blocked[a.goal] {
									t.Fatalf("frame %d: no step from %d to %d, the level's distance is %v", frame, a.at, a.goal, d)
								}
								a.at, a.goal = r.IntN(n), r.IntN(n)
							default:
								w := weightOf(changed, a.at, next)
								if !sameCost(w+dist[next][a.goal], d, changed.Metric) {
									t.Fatalf("frame %d: step %d -> %d toward %d costs %v + %v, the shortest %v", frame, a.at, next, a.goal, w, dist[next][a.goal], d)
								}
								a.at = next
							}
						}
					}
				})
			}
		}
	}
}
