package maps

import (
	"bufio"
	"bytes"
	"container/heap"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
)

// Every file in ../testdata loads through Load and is consistent.
func TestTestdataFiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if _, err := FormatOf(path); err != nil {
			continue // README.md
		}
		n++
		lvl, err := Load(path, Options{})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		g := lvl.Graph
		if err := consistent(g); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
	if n < 8 {
		t.Errorf("only %d level files in ../testdata", n)
	}
}

func loadTestdata(t *testing.T, name string, opt Options) *Graph {
	t.Helper()
	lvl, err := Load(filepath.Join("..", "testdata", name), opt)
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	if err := consistent(g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTestdataContents(t *testing.T) {
	t.Run("tutorial.json", func(t *testing.T) {
		g := loadTestdata(t, "tutorial.json", Options{})
		if g.Nodes() != 8 || g.Edges() != 22 || g.Metric != MetricFloat || strings.Join(g.Names, "") != "abcdefgh" {
			t.Errorf("%d nodes %d edges metric %v names %v", g.Nodes(), g.Edges(), g.Metric, g.Names)
		}
		if d := dijkstra(g, nodeByName(g, "g"))[nodeByName(g, "f")]; d != 3 {
			t.Errorf("g->f costs %v, want 3", d)
		}
	})
	for _, name := range []string{"lecture.gr", "lecture-directed.json"} {
		t.Run(name, func(t *testing.T) {
			g := loadTestdata(t, name, Options{})
			if g.Nodes() != 6 || g.Edges() != 6 || g.Metric != MetricInt {
				t.Errorf("%d nodes %d edges metric %v", g.Nodes(), g.Edges(), g.Metric)
			}
			if d := dijkstra(g, 0)[4]; d != 10 {
				t.Errorf("0->4 costs %v, want 10", d)
			}
			if d := dijkstra(g, 4)[0]; !math.IsInf(d, 1) {
				t.Errorf("4->0 costs %v in a directed graph", d)
			}
		})
	}
	t.Run("zero.json", func(t *testing.T) {
		g := loadTestdata(t, "zero.json", Options{})
		dist := dijkstra(g, nodeByName(g, "a"))
		if dist[nodeByName(g, "c")] != 0 || dist[nodeByName(g, "d")] != 1 || !math.IsInf(dist[nodeByName(g, "island")], 1) {
			t.Errorf("distances from a: %v", dist)
		}
	})
	t.Run("waypoints.json", func(t *testing.T) {
		g := loadTestdata(t, "waypoints.json", Options{})
		if g.Nodes() < 8 || g.X == nil || g.Metric != MetricFloat || reachable(g, 0) != g.Nodes() {
			t.Errorf("%d nodes, coordinates %v, metric %v", g.Nodes(), g.X != nil, g.Metric)
		}
		for u := int32(0); int(u) < g.Nodes(); u++ {
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				v := g.Targets[e]
				if d := math.Hypot(g.X[u]-g.X[v], g.Y[u]-g.Y[v]); g.Weights[e] < d {
					t.Errorf("%s->%s costs %v, less than the distance %v", g.Names[u], g.Names[v], g.Weights[e], d)
				}
			}
		}
	})
	t.Run("maze.grid", func(t *testing.T) {
		g := loadTestdata(t, "maze.grid", Options{Moves: Moves{Connect: 8, Diagonal: Diagonal1014}})
		if g.Grid.Width != 12 || g.Grid.Height != 8 || g.Nodes() != 62 || g.Metric != MetricInt {
			t.Errorf("%dx%d, %d nodes, metric %v", g.Grid.Width, g.Grid.Height, g.Nodes(), g.Metric)
		}
		if reachable(g, 0) != g.Nodes() {
			t.Errorf("maze not connected")
		}
	})
	t.Run("unreachable.grid", func(t *testing.T) {
		g := loadTestdata(t, "unreachable.grid", Options{})
		if g.Nodes() != 32 || reachable(g, 0) != 17 {
			t.Errorf("%d nodes, %d reachable from 0,0", g.Nodes(), reachable(g, 0))
		}
	})
	t.Run("small.map", func(t *testing.T) {
		g := loadTestdata(t, "small.map", Options{})
		if g.Grid.Width != 10 || g.Grid.Height != 8 || g.Nodes() != 36 || g.Metric != MetricOctile {
			t.Errorf("%dx%d, %d nodes, metric %v", g.Grid.Width, g.Grid.Height, g.Nodes(), g.Metric)
		}
	})
}

// The Moving AI benchmark maps in ../../shared/testmaps load with the
// published passable-cell counts, and shortest paths over the loaded graph
// match the scenario files' optimal lengths (which checks the move model:
// octile moves, √2 diagonals, no corner cutting).
func TestSharedTestmaps(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "testmaps")
	if _, err := os.Stat(dir); err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("no shared test maps: %v", err))
	}
	want := map[string]int{
		"lak110d": 168, "maze-32-32-2": 666, "room-32-32-4": 682, "random-32-32-10": 922,
		"den009d": 1003, "empty-32-32": 1024, "arena": 2054, "den312d": 2445, "maze-128-128-2": 10858,
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.map"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(want) {
		t.Errorf("%d maps in %s, want %d", len(files), dir, len(want))
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".map")
		t.Run(name, func(t *testing.T) {
			lvl, err := Load(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			g := lvl.Graph
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			if g.Nodes() != want[name] {
				t.Errorf("%d passable cells, want %d", g.Nodes(), want[name])
			}
			checkScenarios(t, g, path+".scen")
		})
	}
}

// checkScenarios compares every 25th scenario's optimal length (and the
// last one's) with Dijkstra over g.
func checkScenarios(t *testing.T, g *Graph, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no scenarios: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var lines []string
	for sc.Scan() {
		if f := strings.Split(sc.Text(), "\t"); len(f) == 9 {
			lines = append(lines, sc.Text())
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s: no scenarios", path)
	}
	for i, line := range lines {
		if i%25 != 0 && i != len(lines)-1 {
			continue
		}
		f := strings.Split(line, "\t")
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", path, line, err)
			}
			return v
		}
		sx, sy, gx, gy, opt := num(f[4]), num(f[5]), num(f[6]), num(f[7]), num(f[8])
		s, goal := g.Grid.NodeAt(int(sx), int(sy)), g.Grid.NodeAt(int(gx), int(gy))
		if s < 0 || goal < 0 {
			t.Fatalf("%s: %q: start or goal blocked", path, line)
		}
		if d := dijkstra(g, s)[goal]; math.Abs(d-opt) > 1e-3 {
			t.Errorf("%s: %q: shortest path %v, want %v", path, line, d, opt)
		}
	}
}

// dijkstra returns the distances from s; +Inf where unreachable.
func dijkstra(g *Graph, s int32) []float64 {
	dist := make([]float64, g.Nodes())
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[s] = 0
	q := &pq{{s, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(pqItem)
		if it.d > dist[it.u] {
			continue
		}
		for e := g.Offsets[it.u]; e < g.Offsets[it.u+1]; e++ {
			v, d := g.Targets[e], it.d+g.Weights[e]
			if d < dist[v] {
				dist[v] = d
				heap.Push(q, pqItem{v, d})
			}
		}
	}
	return dist
}

type pqItem struct {
	u int32
	d float64
}

type pq []pqItem

func (q pq) Len() int           { return len(q) }
func (q pq) Less(i, j int) bool { return q[i].d < q[j].d }
func (q pq) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)        { *q = append(*q, x.(pqItem)) }
func (q *pq) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
