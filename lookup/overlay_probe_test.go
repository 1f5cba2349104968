package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestOverlayPlateau checks the flat table's shortcut (the stored path
// proved clear of the changes by the distance rows) and the search
// around doors on small open grids whose shortest paths
// tie or do not: a door off every shortest path, on the plateau of ties
// but off the stored path, on the stored path with and without a tie
// around it, a raised cell, several changes. Every pair's Dist, Path,
// AppendPath, Next and a Route walked to its goal must match
// Floyd-Warshall on the changed level; wherever the proof says clear, the
// stored path must cross no change; and the proof must hold where the
// case says it does (pair s→t).
func TestOverlayPlateau(t *testing.T) {
	const open75 = ".......\n.......\n.......\n.......\n.......\n"
	const corridor = "#######\n.......\n#######\n"
	type xy = [2]int
	cases := []struct {
		name    string
		grid    string
		blocks  []xy
		cells   map[xy]float64
		s, t    xy
		avoided bool // the proof holds for s→t
	}{
		{"door off every shortest path", open75, []xy{{3, 0}}, nil, xy{0, 2}, xy{6, 2}, true},
		{"door on the only shortest path", open75, []xy{{3, 2}}, nil, xy{0, 2}, xy{6, 2}, false},
		{"door on a tie", open75, []xy{{2, 2}}, nil, xy{0, 0}, xy{4, 2}, false},
		{"door beside a tie", open75, []xy{{2, 1}}, nil, xy{0, 0}, xy{4, 2}, false},
		{"corridor door", corridor, []xy{{3, 1}}, nil, xy{0, 1}, xy{6, 1}, false},
		{"raised cell on the path", open75, nil, map[xy]float64{{3, 2}: 5}, xy{0, 2}, xy{6, 2}, false},
		{"raised cell off the paths", open75, nil, map[xy]float64{{3, 4}: 5}, xy{0, 0}, xy{6, 0}, true},
		{"several changes", open75, []xy{{3, 0}, {5, 4}, {0, 0}}, map[xy]float64{{1, 4}: 3}, xy{0, 2}, xy{6, 2}, true},
		{"wall of doors with a gap", open75, []xy{{3, 0}, {3, 1}, {3, 2}, {3, 3}}, nil, xy{0, 0}, xy{6, 0}, false},
	}
	for _, tc := range cases {
		g, err := maps.Parse("case.grid", []byte(tc.grid), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			t.Run(tc.name+"/"+layoutName(layout), func(t *testing.T) {
				lt := buildAndLoadWith(t, g, build.Options{Layout: layout})
				o, node := checkCellChanges(t, g, lt, tc.blocks, tc.cells)
				checkAvoids(t, o, lt)
				if got := lookup.Avoids(o, node(tc.s), node(tc.t)); got != (tc.avoided && layout == table.LayoutFlat) {
					t.Errorf("Avoids(%v, %v) = %v, want %v on %s", tc.s, tc.t, got, tc.avoided, layoutName(layout))
				}
			})
		}
	}
}

// checkCellChanges blocks and raises the grid cells given on a fresh
// overlay of lt, the table of g, checks every pair's answers and a Route
// from every node against Floyd-Warshall on the changed level, and
// returns the overlay and the node at a cell.
func checkCellChanges(t *testing.T, g *maps.Graph, lt *lookup.Table, blocks [][2]int, cells map[[2]int]float64) (*lookup.Overlay, func([2]int) int) {
	t.Helper()
	node := func(p [2]int) int {
		u, ok := lt.NodeAt(p[0], p[1])
		if !ok {
			t.Fatalf("no node at %v", p)
		}
		return u
	}
	c := changes{blocked: map[int]bool{}, edge: map[[2]int]float64{}, cell: map[int]float64{}}
	for _, p := range blocks {
		c.blocked[node(p)] = true
	}
	for p, w := range cells {
		c.cell[node(p)] = w
	}
	o := lookup.NewOverlay(lt)
	c.apply(t, o)
	changed := changedLevel(g, c)
	want := mapstest.FloydWarshall(changed)
	checkAllPairs(t, o, changed, want)
	checkRoutes(t, o, changed, want)
	return o, node
}

// TestOverlayPlateauRandom checks the same on random levels (integer
// graphs read as integer rows, octile grids as keys) under random changes.
func TestOverlayPlateauRandom(t *testing.T) {
	for _, lv := range mapstest.RandomLevels(t, 9) {
		t.Run(lv.Name, func(t *testing.T) {
			lt := buildAndLoadWith(t, lv.G, build.Options{Layout: table.LayoutFlat})
			r := rand.New(rand.NewPCG(9, 21))
			for _, k := range []int{1, 2, 5} {
				o := lookup.NewOverlay(lt)
				c := randomChanges(r, lv.G, k)
				c.apply(t, o)
				changed := changedLevel(lv.G, c)
				want := mapstest.FloydWarshall(changed)
				checkAllPairs(t, o, changed, want)
				checkRoutes(t, o, changed, want)
				checkAvoids(t, o, lt)
			}
		})
	}
}

// checkAvoids: wherever the rows prove a stored path clear, it crosses no
// change.
func checkAvoids(t *testing.T, o *lookup.Overlay, lt *lookup.Table) {
	t.Helper()
	var buf []int
	for s := range lt.Len() {
		for d := range lt.Len() {
			if o.Blocked(s) || o.Blocked(d) || !lookup.Avoids(o, s, d) {
				continue
			}
			var ok bool
			buf, ok = lt.AppendPath(buf[:0], s, d)
			if !ok || o.Crosses(buf) {
				t.Fatalf("%d->%d: proved clear, but the stored path %v (ok %v) crosses a change (%v)", s, d, buf, ok, o)
			}
		}
	}
}

// checkRoutes walks a fresh Route from every node to every goal and
// checks that it arrives at the changed level's distance.
func checkRoutes(t *testing.T, o *lookup.Overlay, changed *maps.Graph, want [][]float64) {
	t.Helper()
	n := o.Len()
	for s := range n {
		for d := range n {
			if err := walkRoute(o, new(lookup.Route), changed, want, s, d); err != nil {
				t.Fatalf("%v (%v)", err, o)
			}
		}
	}
}

// walkRoute follows r from s to d and checks the cost it walks against
// want, the changed level's distances.
func walkRoute(o *lookup.Overlay, r *lookup.Route, changed *maps.Graph, want [][]float64, s, d int) error {
	wd := want[s][d]
	if o.Blocked(s) || o.Blocked(d) {
		wd = math.Inf(1)
	}
	u, sum := s, 0.0
	for range o.Len() {
		v := r.Next(o, u, d)
		if v < 0 {
			break
		}
		sum += weightOf(changed, u, v)
		u = v
	}
	switch {
	case math.IsInf(wd, 1) && u != s:
		return fmt.Errorf("%d->%d: unreachable, but the route stepped to %d", s, d, u)
	case !math.IsInf(wd, 1) && (u != d || !sameCost(sum, wd, changed.Metric)):
		return fmt.Errorf("%d->%d: the route stopped at %d after cost %v, want %d at %v", s, d, u, sum, d, wd)
	}
	return nil
}

// TestRouteChangeMidJourney: a Route following the table's path (proved
// clear of a door elsewhere) meets a door shut on its remaining path mid
// journey, and one shut off its path, and then a door opened: from each
// change on, it walks a shortest path of the level as changed.
func TestRouteChangeMidJourney(t *testing.T) {
	g, err := maps.Parse("hall.grid", []byte(".........\n.........\n.........\n.........\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
		t.Run(layoutName(layout), func(t *testing.T) {
			lt := buildAndLoadWith(t, g, build.Options{Layout: layout})
			n := lt.Len()
			far, _ := lt.NodeAt(8, 3)
			var path []int
			for s := range n {
				for d := range n {
					path, _ = lt.AppendPath(path[:0], s, d)
					if len(path) < 5 || s == far || d == far || contains(path, far) {
						continue
					}
					for _, mid := range []struct {
						name string
						node int
					}{{"on the path", path[3]}, {"off the path", far}} {
						o := lookup.NewOverlay(lt)
						c := changes{blocked: map[int]bool{far: true}, edge: map[[2]int]float64{}, cell: map[int]float64{}}
						c.apply(t, o)
						var r lookup.Route
						u := s
						for range 2 {
							u = r.Next(o, u, d)
						}
						if u != path[2] && layout == table.LayoutFlat && lookup.Avoids(o, s, d) {
							t.Fatalf("%d->%d: a route proved clear left the table's path %v at %d", s, d, path, u)
						}
						c.blocked[mid.node] = true
						o.Block(mid.node)
						changed := changedLevel(g, c)
						want := mapstest.FloydWarshall(changed)
						if err := walkRoute(o, &r, changed, want, u, d); err != nil {
							t.Fatalf("door %s: %v", mid.name, err)
						}
						// The door opens again as the agent starts back.
						delete(c.blocked, mid.node)
						o.Unblock(mid.node)
						changed = changedLevel(g, c)
						if err := walkRoute(o, &r, changed, mapstest.FloydWarshall(changed), d, s); err != nil {
							t.Fatalf("door %s reopened: %v", mid.name, err)
						}
					}
				}
			}
		})
	}
}

func contains(path []int, u int) bool {
	for _, v := range path {
		if v == u {
			return true
		}
	}
	return false
}
