package build

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/internal/longtest"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/solve"
	"github.com/pathtable/pathtable/table"
)

// overCapMaze is an octile maze of 73,366 cells: above the 65,535 nodes
// whose steps bound still fits 16-bit octile parts, and above the 46,340
// of a flat table.
func overCapMaze(t testing.TB) *maps.Graph {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatGrid, "maze.grid", []byte(braidedMaze(rand.New(rand.NewPCG(1, 2)), 187, 187, 0.1)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRunsOverNodeCaps builds a run-length table of overCapMaze, which
// used to be refused, and checks sampled pairs against a live A* search:
// reachability, and the walked distance, exactly. Minutes on two cores: a
// long test (PATHTABLE_LONG=1).
func TestRunsOverNodeCaps(t *testing.T) {
	longtest.Skip(t, "builds all pairs of a 73,366-node level")
	g := overCapMaze(t)
	if n := g.Nodes(); n <= 65535 {
		t.Fatalf("%d nodes: not over the cap", n)
	}
	tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	if tab.DistKind != table.DistOctile16 {
		t.Fatalf("distances as %s, want %s from the level's true reach", tab.DistKind, table.DistOctile16)
	}
	live := solve.NewSolver(g, solve.AStar)
	r := rand.New(rand.NewPCG(5, 7))
	for range 2000 {
		s, tg := int32(r.IntN(g.Nodes())), int32(r.IntN(g.Nodes()))
		want := live.SolveCost(s, tg)
		got, ok := tab.Distance(int(s), int(tg))
		if ok != want.Reachable || ok && !closeEnough(got, want.Cost) {
			t.Fatalf("%s->%s: %v (%v), want %v (%v)", g.NodeName(s), g.NodeName(tg), got, ok, want.Cost, want.Reachable)
		}
	}
}

// TestDistanceBound checks the plan's bound on every small level: at least
// every Floyd-Warshall distance, and refused where a path leaves its
// strongly connected component.
func TestDistanceBound(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		d := mapstest.FloydWarshall(lv.G)
		bound, ok := distanceBound(lv.G)
		strong := true // every path stays within its component
		for s := range d {
			for tg := range d {
				if !isInf(d[s][tg]) {
					strong = strong && !isInf(d[tg][s])
					if ok && d[s][tg] > bound*(1+1e-9) {
						t.Fatalf("%s: d(%d, %d) = %v over the bound %v", lv.Name, s, tg, d[s][tg], bound)
					}
				}
			}
		}
		if ok != strong {
			t.Fatalf("%s: bound given %v, want %v", lv.Name, ok, strong)
		}
	}
}

func isInf(x float64) bool { return x > 1e300 }

// TestOctileRunsKind checks the distance kind of run-length plans over
// 65,535 nodes: octile16 for an open grid whose distances are short,
// octile32 for a serpentine whose one path is longer than 16-bit parts.
func TestOctileRunsKind(t *testing.T) {
	open := strings.Repeat(strings.Repeat(".", 300)+"\n", 220)
	var snake strings.Builder
	const w, h = 500, 270
	for y := range h {
		for x := range w {
			switch {
			case y%2 == 0, y%4 == 1 && x == w-1, y%4 == 3 && x == 0:
				snake.WriteByte('.')
			default:
				snake.WriteByte('#')
			}
		}
		snake.WriteByte('\n')
	}
	for _, c := range []struct {
		name, text string
		want       table.DistKind
	}{
		{"open", open, table.DistOctile16},
		{"serpentine", snake.String(), table.DistOctile32},
	} {
		g, err := maps.ParseFormat(maps.FormatGrid, c.name+".grid", []byte(c.text), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g.Nodes() <= 65535 {
			t.Fatalf("%s: %d nodes, not over the steps bound", c.name, g.Nodes())
		}
		h, err := PlanLayout(g, table.LayoutRuns)
		if err != nil || h.DistKind != c.want {
			t.Fatalf("%s: %s, %v; want %s", c.name, h.DistKind, err, c.want)
		}
	}
}

// BenchmarkBuildRunsOverCap builds overCapMaze compressed: a level above
// the old caps, through the hierarchy.
func BenchmarkBuildRunsOverCap(b *testing.B) {
	g := overCapMaze(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N)/float64(g.Nodes()), "us/target")
}
