package lookup_test

import (
	"context"
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

// change is one random change applied both to an overlay and to a copy of
// the level's weights.
type changes struct {
	blocked map[int]bool
	edge    map[[2]int]float64 // (from, to) → raised cost
	cell    map[int]float64    // grid node → raised cell cost
}

// randomChanges blocks, raises and closes about k things of g.
func randomChanges(r *rand.Rand, g *maps.Graph, k int) changes {
	c := changes{blocked: map[int]bool{}, edge: map[[2]int]float64{}, cell: map[int]float64{}}
	n := g.Nodes()
	for range k {
		u := r.IntN(n)
		switch r.IntN(4) {
		case 0:
			c.blocked[u] = true
		case 1:
			if g.Grid != nil {
				c.cell[u] = float64(g.Grid.Costs[g.Grid.Cells[u]]) + float64(1+r.IntN(6))
				continue
			}
			fallthrough
		default:
			if deg := g.OutDegree(int32(u)); deg > 0 {
				e := g.Offsets[u] + int32(r.IntN(deg))
				w := g.Weights[e] + float64(1+r.IntN(20))
				if g.Metric == maps.MetricFloat {
					w = g.Weights[e] * (1 + 3*r.Float64())
				}
				if r.IntN(4) == 0 {
					w = math.Inf(1)
				}
				c.edge[[2]int{u, int(g.Targets[e])}] = w
			}
		}
	}
	return c
}

func (c changes) apply(t testing.TB, o *lookup.Overlay) {
	t.Helper()
	for u := range c.blocked {
		if err := o.Block(u); err != nil {
			t.Fatal(err)
		}
	}
	for k, w := range c.edge {
		if err := o.SetEdgeCost(k[0], k[1], w); err != nil {
			t.Fatal(err)
		}
	}
	for u, w := range c.cell {
		if err := o.SetCellCost(u, w); err != nil {
			t.Fatal(err)
		}
	}
}

// changedLevel is g with c applied, computed from the level's own terms
// (cell costs and moves), not the overlay's: closed things cost +Inf.
func changedLevel(g *maps.Graph, c changes) *maps.Graph {
	h := *g
	h.Weights = make([]float64, len(g.Weights))
	for u := range g.Nodes() {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := int(g.Targets[e])
			w := g.Weights[e]
			if raised, ok := c.edge[[2]int{u, v}]; ok {
				w = raised
			}
			if cost, ok := c.cell[v]; ok {
				ux, uy := g.Grid.XY(int32(u))
				vx, vy := g.Grid.XY(int32(v))
				diagonal := ux != vx && uy != vy
				unit := 1.0
				switch {
				case g.Grid.Moves.Diagonal == maps.Diagonal1014 && diagonal:
					unit = 14
				case g.Grid.Moves.Diagonal == maps.Diagonal1014:
					unit = 10
				case diagonal:
					unit = math.Sqrt2
				}
				w = max(w, cost*unit)
			}
			if c.blocked[u] || c.blocked[v] || cutsCorner(g, u, v, c.blocked) {
				w = math.Inf(1)
			}
			h.Weights[e] = w
		}
	}
	return &h
}

// cutsCorner reports whether u to v is a diagonal move of an 8-connected
// grid with a blocked cell beside it: the level's no-corner-cutting rule.
func cutsCorner(g *maps.Graph, u, v int, blocked map[int]bool) bool {
	if g.Grid == nil || g.Grid.Moves.Connect != 8 {
		return false
	}
	ux, uy := g.Grid.XY(int32(u))
	vx, vy := g.Grid.XY(int32(v))
	if ux == vx || uy == vy {
		return false
	}
	a, b := g.Grid.NodeAt(vx, uy), g.Grid.NodeAt(ux, vy)
	return a >= 0 && blocked[int(a)] || b >= 0 && blocked[int(b)]
}

// sameCost compares costs exactly on integer levels and to float64
// rounding of a sum otherwise.
func sameCost(a, b float64, metric maps.Metric) bool {
	if metric == maps.MetricInt || math.IsInf(a, 1) || math.IsInf(b, 1) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}

// checkAllPairs asks the overlay every query of every pair and compares
// it with want, the changed level's all-pairs distances: Dist, Path,
// AppendPath and Next agree with it and each other, and every path is a
// walk on the changed level of the answered cost.
func checkAllPairs(t *testing.T, o *lookup.Overlay, changed *maps.Graph, want [][]float64) {
	t.Helper()
	var buf []int
	n := o.Len()
	for s := range n {
		for d := range n {
			wd := want[s][d]
			if o.Blocked(s) || o.Blocked(d) {
				wd = math.Inf(1)
			}
			dist, ok := o.Dist(s, d)
			path, cost, pok := o.Path(s, d)
			// Onto a buffer that holds something already: kept, and the
			// same path after it.
			buf = append(buf[:0], -7)
			buf, _ = o.AppendPath(buf, s, d)
			if buf[0] != -7 {
				t.Fatalf("%d->%d: AppendPath overwrote its buffer's head: %v", s, d, buf)
			}
			buf = buf[1:]
			next := o.Next(s, d)
			reach := !math.IsInf(wd, 1)
			if ok != reach || pok != reach {
				t.Fatalf("%d->%d: Dist ok %v, Path ok %v, want reachable %v (%v)", s, d, ok, pok, reach, o)
			}
			if !reach {
				if next != -1 || len(buf) != 0 || path != nil {
					t.Fatalf("%d->%d unreachable but Next %d, AppendPath %v, Path %v", s, d, next, buf, path)
				}
				continue
			}
			if !sameCost(dist, wd, changed.Metric) || !sameCost(cost, wd, changed.Metric) {
				t.Fatalf("%d->%d: Dist %v, Path cost %v, want %v (%v)", s, d, dist, cost, wd, o)
			}
			if path[0] != s || path[len(path)-1] != d || !equal(path, buf) {
				t.Fatalf("%d->%d: Path %v, AppendPath %v", s, d, path, buf)
			}
			if s != d && next != path[1] && !sameCost(want[next][d]+weightOf(changed, s, next), wd, changed.Metric) {
				t.Fatalf("%d->%d: Next %d starts no shortest path (path %v)", s, d, next, path)
			}
			sum := 0.0
			for i := 1; i < len(path); i++ {
				sum += weightOf(changed, path[i-1], path[i])
			}
			if !sameCost(sum, wd, changed.Metric) {
				t.Fatalf("%d->%d: path %v costs %v on the changed level, want %v", s, d, path, sum, wd)
			}
		}
	}
}

// weightOf is the cheapest edge from u to v of g, +Inf when none.
func weightOf(g *maps.Graph, u, v int) float64 {
	w := math.Inf(1)
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if int(g.Targets[e]) == v {
			w = min(w, g.Weights[e])
		}
	}
	return w
}

// TestOverlayAllPairs checks every pair of the shared small levels (then
// random ones of other seeds) in every layout an overlay changes, under
// random changes against Floyd-Warshall on
// the changed level; then restores half the changes and checks again, and
// clears the rest and checks against the table.
func TestOverlayAllPairs(t *testing.T) {
	seeds, sizes := []uint64{1, 2, 3}, []int{1, 3, 12}
	if testing.Short() {
		seeds, sizes = seeds[:1], sizes[2:]
	}
	for _, seed := range seeds {
		levels := mapstest.RandomLevels(t, seed)
		if seed == seeds[0] {
			levels = mapstest.SmallLevels(t)
		}
		for _, lv := range levels {
			for _, l := range overlayLayouts() {
				for _, landmarks := range []int{0, 4} {
					t.Run(fmt.Sprintf("%s/%s/seed=%d/landmarks=%d", lv.Name, l.Name, seed, landmarks), func(t *testing.T) {
						lt, ok := buildOverlayTable(t, lv.G, l.Options)
						if !ok {
							t.Skip("no hierarchy table of a graph or of inexact costs")
						}
						r := rand.New(rand.NewPCG(seed, 11))
						o := lookup.NewOverlay(lt)
						if err := o.SetLandmarks(landmarks); err != nil {
							t.Fatal(err)
						}
						for _, k := range sizes {
							c := randomChanges(r, lv.G, k)
							c.apply(t, o)
							changed := changedLevel(lv.G, c)
							checkAllPairs(t, o, changed, mapstest.FloydWarshall(changed))

							// Restore about half, through each restore call.
							for u := range c.blocked {
								if r.IntN(2) == 0 {
									delete(c.blocked, u)
									o.Unblock(u)
								}
							}
							for k := range c.edge {
								if r.IntN(2) == 0 {
									delete(c.edge, k)
									o.RestoreEdge(k[0], k[1])
								}
							}
							for u := range c.cell {
								if r.IntN(2) == 0 {
									delete(c.cell, u)
									o.RestoreCell(u)
								}
							}
							changed = changedLevel(lv.G, c)
							checkAllPairs(t, o, changed, mapstest.FloydWarshall(changed))
							o.Clear()
							if o.Changes() != 0 {
								t.Fatalf("Changes() = %d after Clear", o.Changes())
							}
						}
						checkAllPairs(t, o, lv.G, mapstest.FloydWarshall(lv.G))
					})
				}
			}
		}
	}
}

// overlayLayouts are the layouts an overlay changes: those of tables of
// all pairs, the hierarchy's included.
func overlayLayouts() []build.LayoutBuild {
	var out []build.LayoutBuild
	for _, l := range build.Layouts(2) {
		if l.Options.Window == 0 {
			out = append(out, l)
		}
	}
	return append(out, build.LayoutBuild{Name: "hierarchy", Options: build.Options{Layout: table.LayoutHierarchy}})
}

// buildOverlayTable is buildAndLoadWith, false where opt asks for a
// hierarchy table of a level that has none (a graph, inexact costs).
func buildOverlayTable(t testing.TB, g *maps.Graph, opt build.Options) (*lookup.Table, bool) {
	t.Helper()
	if opt.Layout == table.LayoutHierarchy {
		if _, err := build.Build(context.Background(), g, opt); err != nil {
			return nil, false
		}
	}
	return buildAndLoadWith(t, g, opt), true
}
