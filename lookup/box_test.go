package lookup_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// boxLevel is a generated open level with obstacles, under one movement
// model.
type boxLevel struct {
	name string
	g    *maps.Graph
}

// boxLevels returns open grids with obstacles, where the open-box rule
// answers many pairs: scattered walls, and rectangular blocks in an open
// field (large open boxes beside corners), under every movement model.
func boxLevels(t *testing.T) []boxLevel {
	t.Helper()
	r := rand.New(rand.NewPCG(22, 7))
	texts := []struct{ name, text string }{
		{"scattered", mapstest.RandomGrid(r, 26, 21, 0.07, nil)},
		{"blocks", blockGrid(r, 27, 23, 9)},
		// A room in a large walled grid: few nodes for its cells, so the
		// table looks cells up without a dense index.
		{"sparse-room", roomGrid(120, 100, 14, 12)},
	}
	var levels []boxLevel
	for _, tx := range texts {
		for _, m := range mapstest.Models {
			g, err := maps.ParseFormat(maps.FormatGrid, "box.grid", []byte(tx.text), maps.Options{Moves: m})
			if err != nil {
				t.Fatal(err)
			}
			levels = append(levels, boxLevel{fmt.Sprintf("%s/%d-%s", tx.name, m.Connect, m.Diagonal), g})
		}
	}
	return levels
}

// blockGrid returns a w×h open .grid level with k walled rectangles of
// up to 5×4 cells.
func blockGrid(r *rand.Rand, w, h, k int) string {
	cells := make([]byte, w*h)
	for i := range cells {
		cells[i] = '.'
	}
	for range k {
		bw, bh := 1+r.IntN(5), 1+r.IntN(4)
		x0, y0 := r.IntN(w-bw+1), r.IntN(h-bh+1)
		for y := y0; y < y0+bh; y++ {
			for x := x0; x < x0+bw; x++ {
				cells[y*w+x] = '#'
			}
		}
	}
	var sb strings.Builder
	for y := range h {
		sb.Write(cells[y*w : (y+1)*w])
		sb.WriteByte('\n')
	}
	return sb.String()
}

// roomGrid returns a w×h .grid level of walls but for an open rw×rh room
// at (3, 2) with a 3×2 block inside.
func roomGrid(w, h, rw, rh int) string {
	var sb strings.Builder
	for y := range h {
		for x := range w {
			in := x >= 3 && x < 3+rw && y >= 2 && y < 2+rh
			block := x >= 7 && x < 10 && y >= 5 && y < 7
			if in && !block {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// boxTable builds g's run-length table, which must use the open-box rule,
// and loads it back through the file format.
func boxTable(t *testing.T, g *maps.Graph) *lookup.Table {
	lt, _ := boxTables(t, g)
	return lt
}

// boxTables is boxTable, with the table built.
func boxTables(t *testing.T, g *maps.Graph) (*lookup.Table, *table.Table) {
	t.Helper()
	tab, err := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	if !table.Boxes(tab.FirstEnc) {
		t.Fatalf("run-length table of a level of cost-1 cells has encoding %q, want an open-box one", tab.FirstEnc)
	}
	var b bytes.Buffer
	if _, err := tab.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	lt, err := lookup.Load(&b)
	if err != nil {
		t.Fatal(err)
	}
	return lt, tab
}

// edgeCost returns the cost of g's edge u→v, and false when there is none.
func edgeCost(g *maps.Graph, u, v int) (float64, bool) {
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if int(g.Targets[e]) == v {
			return g.Weights[e], true
		}
	}
	return 0, false
}

// TestBoxPathsEveryPair walks the path of every pair of open levels with
// obstacles on open-box tables and checks each step against Dijkstra's
// distances: each step is an edge that starts a shortest path from where
// it stands (so the open-box finish of a walk is exact wherever it
// starts), Next is the path's first step and Dist the path's cost.
func TestBoxPathsEveryPair(t *testing.T) {
	for _, lv := range boxLevels(t) {
		t.Run(lv.name, func(t *testing.T) {
			g := lv.g
			lt := boxTable(t, g)
			n := lt.Len()
			var buf []int
			for to := range n {
				d := mapstest.DistancesTo(g, int32(to))
				for s := range n {
					var ok bool
					buf, ok = lt.AppendPath(buf[:0], s, to)
					if ok != !math.IsInf(d[s], 1) {
						t.Fatalf("%d->%d: AppendPath ok %v, distance %v", s, to, ok, d[s])
					}
					dist, dok := lt.Dist(s, to)
					if dok != ok || ok && !sameCost(dist, d[s], g.Metric) {
						t.Fatalf("%d->%d: Dist %v, %v; want %v", s, to, dist, dok, d[s])
					}
					if !ok {
						if lt.Next(s, to) != -1 {
							t.Fatalf("%d->%d: no path, but Next %d", s, to, lt.Next(s, to))
						}
						continue
					}
					if buf[0] != s || buf[len(buf)-1] != to {
						t.Fatalf("%d->%d: path %v", s, to, buf)
					}
					if s != to && lt.Next(s, to) != buf[1] {
						t.Fatalf("%d->%d: Next %d, path %v", s, to, lt.Next(s, to), buf)
					}
					for i := 1; i < len(buf); i++ {
						u, v := buf[i-1], buf[i]
						w, edge := edgeCost(g, u, v)
						if !edge || !sameCost(w+d[v], d[u], g.Metric) {
							t.Fatalf("%d->%d: step %d->%d (edge %v, cost %v) from distance %v to %v: not on a shortest path; path %v",
								s, to, u, v, edge, w, d[u], d[v], buf)
						}
					}
				}
			}
		})
	}
}

// TestBoxNextAmongOptimal compares Next on an open-box table with Next on
// the same level's flat table, as moves of the set of optimal first moves
// that the flat table's exact distances give: both are in it, and both are
// -1 exactly when there is no path.
func TestBoxNextAmongOptimal(t *testing.T) {
	for _, lv := range boxLevels(t) {
		t.Run(lv.name, func(t *testing.T) {
			g := lv.g
			box, flat := boxTable(t, g), buildAndLoad(t, g)
			n := box.Len()
			differ := 0
			for s := range n {
				for to := range n {
					b, f := box.Next(s, to), flat.Next(s, to)
					ds, reach := flat.Dist(s, to)
					if s == to || !reach {
						if b != -1 || f != -1 {
							t.Fatalf("%d->%d: no move (reachable %v), but Next %d on the open-box table, %d on the flat one", s, to, reach, b, f)
						}
						continue
					}
					for _, v := range []int{b, f} {
						w, edge := edgeCost(g, s, v)
						dv, _ := flat.Dist(v, to)
						if !edge || !sameCost(w+dv, ds, g.Metric) {
							t.Fatalf("%d->%d: Next %d (open-box table) or %d (flat): %d is not an optimal first move", s, to, b, f, v)
						}
					}
					if b != f {
						differ++
					}
				}
			}
			t.Logf("%d nodes: %d pairs with another optimal first move than the flat table's", n, differ)
		})
	}
}

// TestBoxWalksMatchTable checks the walks' open-box finish move for move:
// AppendPath, Next and Dist on an open-box table against the path that
// table.Move, the table package's own reading of the rule, gives a step at
// a time, on every pair of the open levels with obstacles.
func TestBoxWalksMatchTable(t *testing.T) {
	for _, lv := range boxLevels(t) {
		t.Run(lv.name, func(t *testing.T) {
			g := lv.g
			lt, tab := boxTables(t, g)
			n := lt.Len()
			var got, want []int
			boxed := 0
			for s := range n {
				for to := range n {
					if tab.BoxOpen(s, to) {
						boxed++
					}
					want = want[:0]
					want = append(want, s)
					sum := table.NewCostSum(&tab.Header)
					for u := s; u != to && len(want) <= n; {
						m := tab.Move(u, to)
						if int(m) >= int(g.Offsets[u+1]-g.Offsets[u]) {
							want = want[:0] // no path
							break
						}
						e := g.Offsets[u] + int32(m)
						sum.Add(g.Weights[e])
						u = int(g.Targets[e])
						want = append(want, u)
					}
					var ok bool
					got, ok = lt.AppendPath(got[:0], s, to)
					if ok != (len(want) > 0) || !slices.Equal(got, want) {
						t.Fatalf("%d->%d: AppendPath %v, %v; table.Move walks %v", s, to, got, ok, want)
					}
					if d, dok := lt.Dist(s, to); ok && (!dok || d != sum.Value()) {
						t.Fatalf("%d->%d: Dist %v, %v; table.Move's path costs %v", s, to, d, dok, sum.Value())
					}
					if next := lt.Next(s, to); len(want) > 1 && next != want[1] || len(want) <= 1 && next != -1 {
						t.Fatalf("%d->%d: Next %d; table.Move walks %v", s, to, next, want)
					}
				}
			}
			if boxed < n*n/20 {
				t.Fatalf("only %d of %d pairs in open boxes: the level does not test the rule", boxed, n*n)
			}
			t.Logf("%d of %d pairs in open boxes", boxed, n*n)
		})
	}
}
