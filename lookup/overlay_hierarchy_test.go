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
	"github.com/pathtable/pathtable/solve"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyOverlaySolve checks an overlay over hierarchy tables of
// generated grids, under every movement model, open and with cell costs,
// against the live A* of package solve on the changed level: blocks,
// raised cells and edges, closed edges; then some of them lowered again
// (still above the baked cost), unblocked and restored; then cleared.
// Every answer must be a shortest path of the level as it is: Dist,
// AppendPath (a walk of that cost on the changed level), Next (a first
// step of a shortest path) and a Route's first step.
func TestHierarchyOverlaySolve(t *testing.T) {
	size, pairs := 40, 150
	if testing.Short() {
		size, pairs = 28, 60
	}
	r := rand.New(rand.NewPCG(40, 1))
	for i, m := range mapstest.Models {
		for _, costs := range []func(*rand.Rand) byte{nil, mapstest.FewCosts} {
			text := mapstest.RandomGrid(r, size, size, 0.2, costs)
			g, err := maps.ParseFormat(maps.FormatGrid, "gen.grid", []byte(text), maps.Options{Moves: m})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%d-%s-costs=%v", m.Connect, m.Diagonal, costs != nil), func(t *testing.T) {
				lt := buildAndLoadWith(t, g, build.Options{Layout: table.LayoutHierarchy})
				o := lookup.NewOverlay(lt)
				rr := rand.New(rand.NewPCG(uint64(i), 2))
				for _, k := range []int{1, 6, 30} {
					c := randomChanges(rr, g, k)
					c.apply(t, o)
					checkSolvePairs(t, o, g, c, rr, pairs)
					lowerSome(t, rr, o, g, c)
					checkSolvePairs(t, o, g, c, rr, pairs)
					o.Clear()
					checkSolvePairs(t, o, g, randomChanges(rr, g, 0), rr, pairs)
				}
			})
		}
	}
}

// lowerSome takes about half of c's changes back on o and in c: blocks
// unblocked, raised costs lowered toward (never below) the baked one or
// restored, closed edges opened at a raised cost.
func lowerSome(t *testing.T, r *rand.Rand, o *lookup.Overlay, g *maps.Graph, c changes) {
	t.Helper()
	for u := range c.blocked {
		if r.IntN(2) == 0 {
			delete(c.blocked, u)
			if err := o.Unblock(u); err != nil {
				t.Fatal(err)
			}
		}
	}
	for u, w := range c.cell {
		baked := float64(g.Grid.Costs[g.Grid.Cells[u]])
		switch r.IntN(3) {
		case 0:
			delete(c.cell, u)
			if err := o.RestoreCell(u); err != nil {
				t.Fatal(err)
			}
		case 1:
			c.cell[u] = baked + math.Floor((w-baked)/2)
			if err := o.SetCellCost(u, c.cell[u]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k, w := range c.edge {
		baked := weightOf(g, k[0], k[1])
		if r.IntN(2) == 0 {
			continue
		}
		lower := baked + 1
		if !math.IsInf(w, 1) {
			lower = baked + math.Floor((w-baked)/2)
		}
		c.edge[k] = lower
		if err := o.SetEdgeCost(k[0], k[1], lower); err != nil {
			t.Fatal(err)
		}
	}
}

// checkSolvePairs checks count random pairs, and every source toward one
// goal a change touches, of o against solve's A* on g changed by c.
func checkSolvePairs(t *testing.T, o *lookup.Overlay, g *maps.Graph, c changes, r *rand.Rand, count int) {
	t.Helper()
	changed := openMoves(changedLevel(g, c))
	s := solve.NewSolver(changed, solve.AStar)
	n := o.Len()
	var route lookup.Route
	var buf []int
	for range count {
		from, to := r.IntN(n), r.IntN(n)
		res := s.SolveCost(int32(from), int32(to))
		want, reach := res.Cost, res.Reachable
		if c.blocked[from] || c.blocked[to] {
			want, reach = math.Inf(1), false
		}
		d, ok := o.Dist(from, to)
		var pok bool
		buf, pok = o.AppendPath(buf[:0], from, to)
		if ok != reach || pok != reach {
			t.Fatalf("%d→%d: Dist %v, AppendPath %v, want reachable %v (%v)", from, to, ok, pok, reach, o)
		}
		if !reach {
			continue
		}
		sum, walk := pathCost(changed, buf)
		if !walk || !sameCost(d, want, g.Metric) || !sameCost(sum, want, g.Metric) || buf[0] != from || buf[len(buf)-1] != to {
			t.Fatalf("%d→%d: Dist %v, path %v of cost %v (a walk: %v), want %v (%v)", from, to, d, buf, sum, walk, want, o)
		}
		for _, next := range []int{o.Next(from, to), route.Next(o, from, to)} {
			if from == to {
				continue
			}
			rest := s.SolveCost(int32(next), int32(to)).Cost
			if next < 0 || !sameCost(weightOf(changed, from, next)+rest, want, g.Metric) {
				t.Fatalf("%d→%d: Next %d starts no shortest path (%v + %v, want %v)", from, to, next, weightOf(changed, from, next), rest, want)
			}
		}
	}
}

// openMoves returns g without its closed (+Inf) moves, for the live
// solver, which treats every edge as a move.
func openMoves(g *maps.Graph) *maps.Graph {
	h := *g
	h.Offsets = make([]int32, len(g.Offsets))
	h.Targets, h.Weights = nil, nil
	for u := range g.Nodes() {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if !math.IsInf(g.Weights[e], 1) {
				h.Targets = append(h.Targets, g.Targets[e])
				h.Weights = append(h.Weights, g.Weights[e])
			}
		}
		h.Offsets[u+1] = int32(len(h.Targets))
	}
	return &h
}

// pathCost sums path's moves on g; false where a step is no move of g.
func pathCost(g *maps.Graph, path []int) (float64, bool) {
	sum := 0.0
	for i := 1; i < len(path); i++ {
		w := weightOf(g, path[i-1], path[i])
		if math.IsInf(w, 1) {
			return 0, false
		}
		sum += w
	}
	return sum, true
}

// TestHierarchyOverlayDoor shuts a door on the only short way through a
// wall: every answer across it takes the long way round, at its cost, and
// opening it gives the table's answers back.
func TestHierarchyOverlayDoor(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "door.grid", []byte(
		".......\n"+
			"###.###\n"+
			".......\n"+
			".......\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lt := buildAndLoadWith(t, g, build.Options{Layout: table.LayoutHierarchy})
	o := lookup.NewOverlay(lt)
	from, _ := lt.NodeAt(3, 0)
	to, _ := lt.NodeAt(3, 3)
	door, _ := lt.NodeAt(3, 1)
	if d, _ := o.Dist(from, to); d != 3 {
		t.Fatalf("open: %v, want 3", d)
	}
	if err := o.Block(door); err != nil {
		t.Fatal(err)
	}
	if d, ok := o.Dist(from, to); ok {
		t.Fatalf("door shut: %v, want no path (the wall has no other gap)", d)
	}
	if err := o.Unblock(door); err != nil {
		t.Fatal(err)
	}
	// A dearer door: the way through it still, at its cost.
	if err := o.SetCellCost(door, 4); err != nil {
		t.Fatal(err)
	}
	path, cost, ok := o.Path(from, to)
	if !ok || cost != 6 || len(path) != 4 {
		t.Fatalf("dear door: %v %v %v, want a path of 4 nodes of cost 6", path, cost, ok)
	}
}
