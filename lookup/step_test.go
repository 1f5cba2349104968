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
)

// TestStepReasons: Step tells apart every reason Next folds into -1.
func TestStepReasons(t *testing.T) {
	f := newStepFixture(t)
	lt, win, o, node, a, b, far := f.lt, f.win, f.o, f.node, f.a, f.b, f.far
	for _, c := range []struct {
		name     string
		step     func(int, int) (int, lookup.StepReason)
		from, to int
		want     lookup.StepReason
	}{
		{"table ok", lt.Step, a, b, lookup.StepOK},
		{"table arrived", lt.Step, a, a, lookup.StepArrived},
		{"table no path", lt.Step, a, far, lookup.StepNoPath},
		{"table out of range", lt.Step, a, lt.Len(), lookup.StepOutOfRange},
		{"window not covered", win.Step, a, node(3, 0), lookup.StepNotCovered},
		{"window ok", win.Step, a, b, lookup.StepOK},
		{"overlay ok", o.Step, a, b, lookup.StepOK},
		{"overlay blocked", o.Step, a, node(0, 1), lookup.StepBlocked},
		{"overlay no path", o.Step, a, far, lookup.StepNoPath},
		{"overlay arrived", o.Step, b, b, lookup.StepArrived},
		{"overlay out of range", o.Step, -1, b, lookup.StepOutOfRange},
	} {
		next, why := c.step(c.from, c.to)
		if why != c.want || (why == lookup.StepOK) != (next >= 0) {
			t.Errorf("%s: %d, %v; want %v", c.name, next, why, c.want)
		}
	}
}

// TestCrossesAndVersion: a cached path crosses the changes in force
// exactly when a node on it is blocked or a step of it costs other than
// baked, by the changed level's own weights; Version moves with every
// change and only then.
func TestCrossesAndVersion(t *testing.T) {
	crossed, kept := 0, 0
	defer func() {
		if crossed == 0 || kept == 0 {
			t.Errorf("%d paths crossed changes, %d did not: the test saw only one side", crossed, kept)
		}
	}()
	for _, lv := range mapstest.RandomLevels(t, 9) {
		t.Run(lv.Name, func(t *testing.T) {
			lt := buildAndLoadWith(t, lv.G, build.Options{})
			n := lv.G.Nodes()
			r := rand.New(rand.NewPCG(9, 41))
			var paths [][]int
			for range 40 {
				if p, ok := lt.AppendPath(nil, r.IntN(n), r.IntN(n)); ok {
					paths = append(paths, p)
				}
			}
			o := lookup.NewOverlay(lt)
			v0 := o.Version()
			o.Next(0, n-1)
			if o.Version() != v0 {
				t.Fatal("a query moved the version")
			}
			c := randomChanges(r, lv.G, 4)
			c.apply(t, o)
			if len(c.blocked)+len(c.edge)+len(c.cell) > 0 && o.Version() == v0 {
				t.Fatal("changes left the version as it was")
			}
			changed := changedLevel(lv.G, c)
			for _, p := range paths {
				want := false
				for i, u := range p {
					if c.blocked[u] {
						want = true
					}
					if i > 0 && weightOf(changed, p[i-1], u) != weightOf(lv.G, p[i-1], u) {
						want = true
					}
				}
				if want {
					crossed++
				} else {
					kept++
				}
				if got := o.Crosses(p); got != want {
					t.Errorf("path %v: Crosses %v, want %v (changes %v)", p, got, want, fmt.Sprint(c))
				}
			}
			o.Clear()
			for _, p := range paths {
				if o.Crosses(p) {
					t.Fatalf("path %v crosses changes after Clear", p)
				}
			}
		})
	}
}

// TestNearest: for an agent on a blocked node, Nearest is an open node at
// the least baked cost from it (Floyd-Warshall), or false when none is
// reachable; an open node is its own nearest.
func TestNearest(t *testing.T) {
	for _, lv := range mapstest.RandomLevels(t, 13) {
		t.Run(lv.Name, func(t *testing.T) {
			lt := buildAndLoadWith(t, lv.G, build.Options{})
			n := lv.G.Nodes()
			r := rand.New(rand.NewPCG(13, 7))
			o := lookup.NewOverlay(lt)
			blocked := map[int]bool{}
			for range n / 3 {
				u := r.IntN(n)
				blocked[u] = true
				if err := o.Block(u); err != nil {
					t.Fatal(err)
				}
			}
			dist := mapstest.FloydWarshall(lv.G)
			for u := range n {
				got, ok := o.Nearest(u)
				if !blocked[u] {
					if got != u || !ok {
						t.Fatalf("open node %d: Nearest %d, %v", u, got, ok)
					}
					continue
				}
				best := -1
				for v := range n {
					if !blocked[v] && !math.IsInf(dist[u][v], 1) && (best < 0 || dist[u][v] < dist[u][best]) {
						best = v
					}
				}
				switch {
				case best < 0 && ok:
					t.Fatalf("node %d: Nearest %d, but no open node is reachable", u, got)
				case best >= 0 && (!ok || blocked[got] || !sameCost(dist[u][got], dist[u][best], lv.G.Metric)):
					t.Fatalf("node %d: Nearest %d, %v at %v; the nearest open node %d is at %v", u, got, ok, dist[u][got], best, dist[u][best])
				}
			}
			if _, ok := o.Nearest(n); ok {
				t.Fatal("Nearest of a node out of range")
			}
		})
	}
}

// stepFixture is the level of the step-reason tests: unreachable.grid (two
// parts) as a flat table and a windowed one of DELTA 1, an overlay of the
// flat one with 0,1 blocked, and the nodes a (0,0), b (1,0) beside it and
// far (7,0) in the other part.
type stepFixture struct {
	g         *maps.Graph
	lt, win   *lookup.Table
	o         *lookup.Overlay
	node      func(x, y int) int
	a, b, far int
}

func newStepFixture(t *testing.T) stepFixture {
	t.Helper()
	f := stepFixture{g: mapstest.GraphNamed(t, "unreachable.grid")}
	f.lt = buildAndLoadWith(t, f.g, build.Options{})
	f.win = buildAndLoadWith(t, f.g, build.Options{Window: 1})
	f.node = func(x, y int) int {
		u, ok := f.lt.NodeAt(x, y)
		if !ok {
			t.Fatalf("no node at %d,%d", x, y)
		}
		return u
	}
	f.a, f.b, f.far = f.node(0, 0), f.node(1, 0), f.node(7, 0)
	f.o = lookup.NewOverlay(f.lt)
	if err := f.o.Block(f.node(0, 1)); err != nil {
		t.Fatal(err)
	}
	return f
}
