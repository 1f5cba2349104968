package lookup_test

import (
	"bytes"
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// loadTable builds the level at path and loads it back through the file
// format, as a game would.
func loadTable(t testing.TB, path string, opt maps.Options) (*lookup.Table, *maps.Graph) {
	t.Helper()
	lvl, err := maps.Load(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	return buildAndLoad(t, g), g
}

// loadGrid is loadTable with the default options, for tests that need
// only the table.
func loadGrid(t testing.TB, path string) *lookup.Table {
	t.Helper()
	lt, _ := loadTable(t, path, maps.Options{})
	return lt
}

func buildAndLoad(t testing.TB, g *maps.Graph) *lookup.Table {
	t.Helper()
	return buildAndLoadWith(t, g, build.Options{})
}

// buildAndLoadLayout builds g as a table of the given layout and loads it
// back through the file format.
func buildAndLoadWith(t testing.TB, g *maps.Graph, opt build.Options) *lookup.Table {
	t.Helper()
	tab, err := build.Build(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	lt, err := lookup.Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return lt
}

// TestRoundTrip checks, for every pair of every shared small level in every
// layout, that Path, AppendPath, Next and Dist agree with each other and
// with the level: the path is a walk along the level's edges whose summed
// cost is Dist.
func TestRoundTrip(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, l := range build.Layouts(2) {
			if l.Options.Window != 0 && lv.G.Grid == nil {
				continue // windows need a grid
			}
			t.Run(lv.Name+"/"+l.Name, func(t *testing.T) {
				g := lv.G
				lt := buildAndLoadWith(t, g, l.Options)
				n := lt.Len()
				if n != g.Nodes() {
					t.Fatalf("Len = %d, want %d", n, g.Nodes())
				}
				var buf []int
				for s := 0; s < n; s++ {
					for to := 0; to < n; to++ {
						d, ok := lt.Dist(s, to)
						path, cost, pok := lt.Path(s, to)
						buf, _ = lt.AppendPath(buf[:0], s, to)
						if ok != pok {
							t.Fatalf("%d->%d: Dist ok %v, Path ok %v", s, to, ok, pok)
						}
						if !ok {
							if lt.Next(s, to) != -1 || len(buf) != 0 || !math.IsInf(d, 1) {
								t.Fatalf("%d->%d unreachable but Next %d, path %v, dist %v", s, to, lt.Next(s, to), buf, d)
							}
							continue
						}
						if cost != d || path[0] != s || path[len(path)-1] != to || !equal(path, buf) {
							t.Fatalf("%d->%d: path %v cost %v, AppendPath %v, dist %v", s, to, path, cost, buf, d)
						}
						if s != to && lt.Next(s, to) != path[1] {
							t.Fatalf("%d->%d: Next %d, path %v", s, to, lt.Next(s, to), path)
						}
						sum, walk := lt.Cost(path)
						if !walk || math.Abs(sum-d) > 1e-9*math.Max(1, d) {
							t.Fatalf("%d->%d: path %v sums to %v (walk %v), dist %v", s, to, path, sum, walk, d)
						}
					}
				}
			})
		}
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTextbookPaths checks the classic examples by name.
func TestTextbookPaths(t *testing.T) {
	tests := []struct {
		file, from, to string
		cost           float64
		path           string
	}{
		{"tutorial.json", "g", "f", 3, "g b a f"},
		{"tutorial.json", "g", "e", 2, "g h d e"},
	}
	for _, tt := range tests {
		lt, _ := loadTable(t, filepath.Join("../testdata", tt.file), maps.Options{})
		s, err1 := lt.Node(tt.from)
		to, err2 := lt.Node(tt.to)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		path, cost, ok := lt.Path(s, to)
		var names []string
		for _, u := range path {
			names = append(names, lt.Name(u))
		}
		if !ok || cost != tt.cost || strings.Join(names, " ") != tt.path {
			t.Errorf("%s %s->%s = %v %v %v, want %v %v", tt.file, tt.from, tt.to, names, cost, ok, tt.path, tt.cost)
		}
	}
}

func TestNodeNames(t *testing.T) {
	lt, _ := loadTable(t, "../testdata/small.map", maps.Options{})
	for u := 0; u < lt.Len(); u++ {
		x, y, ok := lt.XY(u)
		back, ok2 := lt.NodeAt(x, y)
		byName, err := lt.Node(lt.Name(u))
		if !ok || !ok2 || back != u || err != nil || byName != u {
			t.Fatalf("node %d: XY %d,%d %v; NodeAt %d %v; Node(%q) %d %v", u, x, y, ok, back, ok2, lt.Name(u), byName, err)
		}
	}
	for _, bad := range []string{"", "1", "a,b", "-1,0", "1000,0", "0,1000"} {
		if _, err := lt.Node(bad); err == nil {
			t.Errorf("Node(%q) gave no error", bad)
		}
	}
	for _, u := range []int{-1, lt.Len(), 1 << 40} {
		if lt.Next(u, 0) != -1 || lt.Next(0, u) != -1 || lt.Name(u) != "" {
			t.Errorf("out-of-range node %d answered", u)
		}
		if _, ok := lt.Dist(u, 0); ok {
			t.Errorf("Dist(%d, 0) ok", u)
		}
		if _, ok := lt.AppendPath(nil, 0, u); ok {
			t.Errorf("AppendPath(0, %d) ok", u)
		}
	}
}

// TestAppendPathAllocs checks the runtime promise: no allocation per query
// once the buffer is large enough.
func TestAppendPathAllocs(t *testing.T) {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	for _, l := range build.Layouts(3) {
		checkAppendPathAllocs(t, buildAndLoadWith(t, g, l.Options))
	}
}

func checkAppendPathAllocs(t *testing.T, lt *lookup.Table) {
	buf := make([]int, 0, lt.Len())
	n := lt.Len()
	allocs := testing.AllocsPerRun(100, func() {
		for s := 0; s < n; s += 3 {
			buf, _ = lt.AppendPath(buf[:0], s, n-1-s)
		}
	})
	if allocs != 0 {
		t.Errorf("AppendPath allocates %v times per run", allocs)
	}
}

// TestGeometry: what a game needs beside paths, read off the table: the
// grid, graph coordinates, the moves out of a node and the baked cost of
// entering a cell, for every movement model.
func TestGeometry(t *testing.T) {
	for _, mv := range []maps.Moves{maps.DefaultMoves, {Connect: 8, Diagonal: maps.Diagonal1014}, {Connect: 4, Diagonal: maps.DiagonalSqrt2}} {
		lt, g := loadTable(t, "../examples/tiny.grid", maps.Options{Moves: mv})
		if w, h, ok := lt.Grid(); w != 3 || h != 3 || !ok {
			t.Fatalf("Grid() = %d, %d, %v", w, h, ok)
		}
		for u := range lt.Len() {
			x, y, _ := lt.XY(u)
			want := 1.0
			if x == 1 && y == 1 {
				want = 2 // tiny.grid's one costly cell
			}
			if c, ok := lt.CellCost(u); c != want || !ok {
				t.Errorf("%v: CellCost(%s) = %v, %v; want %v", mv, lt.Name(u), c, ok, want)
			}
			if _, _, ok := lt.Coords(u); ok {
				t.Errorf("a grid node has coordinates")
			}
			i := 0
			for v, w := range lt.Edges(u) {
				e := g.Offsets[u] + int32(i)
				if int32(v) != g.Targets[e] || w != g.Weights[e] {
					t.Errorf("%v: edge %d of %s: %d at %v, want %d at %v", mv, i, lt.Name(u), v, w, g.Targets[e], g.Weights[e])
				}
				i++
			}
			if i != int(g.Offsets[u+1]-g.Offsets[u]) {
				t.Errorf("%s: %d edges", lt.Name(u), i)
			}
		}
	}
	lt, g := loadTable(t, "../testdata/waypoints.json", maps.Options{})
	if _, _, ok := lt.Grid(); ok {
		t.Error("a graph is a grid")
	}
	for u := range lt.Len() {
		if x, y, ok := lt.Coords(u); !ok || x != g.X[u] || y != g.Y[u] {
			t.Errorf("Coords(%s) = %v, %v, %v", lt.Name(u), x, y, ok)
		}
		if _, ok := lt.CellCost(u); ok {
			t.Error("a graph node has a cell cost")
		}
	}
	for range lt.Edges(-1) {
		t.Error("edges out of range")
	}
}
