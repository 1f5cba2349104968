package table_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// splitLevel is a 16x16 grid with walls, ties between many equal paths,
// and, in the second case, cell costs (a directed hierarchy).
func splitLevel(costs bool) string {
	var b strings.Builder
	r := rand.New(rand.NewPCG(7, 40))
	for range 16 {
		for x := range 16 {
			switch v := r.IntN(10); {
			case v == 0 && x%5 != 2:
				b.WriteByte('#')
			case costs && v < 4:
				b.WriteByte(byte('2' + v))
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestHierarchySplitsOrderFree checks that the paths a hierarchy table
// answers do not depend on the order of the queries that found its
// shortcuts' middles (each found once and remembered), nor on queries
// running at once: every pair asked of a fresh table in reverse order,
// and of another from several goroutines, gives the path the first fresh
// table gave in order, a walk of the level of the answered cost.
func TestHierarchySplitsOrderFree(t *testing.T) {
	for _, costs := range []bool{false, true} {
		data := rbEncode(t, mustBuild(t, splitLevel(costs)))
		fresh := func() *table.Table {
			tab, err := table.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			return tab
		}
		a, b, c := fresh(), fresh(), fresh()
		ya, yb := a.Payload().(*table.Hierarchy), b.Payload().(*table.Hierarchy)
		n := a.Nodes
		want := make([][]int, n*n)
		for k := range n * n {
			want[k], _, _ = ya.AppendPath(a, nil, k/n, k%n)
			checkWalk(t, a, want[k], k/n, k%n)
		}
		for k := n*n - 1; k >= 0; k-- {
			if got, _, _ := yb.AppendPath(b, nil, k/n, k%n); !slices.Equal(got, want[k]) {
				t.Fatalf("costs %v: %d→%d: %v in reverse order, %v in order", costs, k/n, k%n, got, want[k])
			}
		}
		concurrentPaths(t, c, want)
	}
}

// concurrentPaths asks every pair of tab from four goroutines at once,
// each in its own order, and checks the answers against want.
func concurrentPaths(t *testing.T, tab *table.Table, want [][]int) {
	y, n := tab.Payload().(*table.Hierarchy), tab.Nodes
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var buf []int
			for i := range n * n {
				k := (i*(2*g+1) + g*n) % (n * n)
				if buf, _, _ = y.AppendPath(tab, buf[:0], k/n, k%n); !slices.Equal(buf, want[k]) {
					t.Errorf("%d→%d: %v at once, %v alone", k/n, k%n, buf, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

func mustBuild(t *testing.T, text string) *table.Table {
	t.Helper()
	tab, err := rbBuildLevelWith(t, maps.FormatGrid, text, maps.Options{}, build.Options{Layout: table.LayoutHierarchy})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// checkWalk checks that path goes from s to target along the level's
// edges at the distance the table answers; an unreachable pair has none.
func checkWalk(t *testing.T, tab *table.Table, path []int, s, target int) {
	t.Helper()
	d, ok := tab.Distance(s, target)
	if !ok {
		if path != nil {
			t.Fatalf("%d→%d: path %v of an unreachable pair", s, target, path)
		}
		return
	}
	if len(path) == 0 || path[0] != s || path[len(path)-1] != target {
		t.Fatalf("%d→%d: path %v", s, target, path)
	}
	sum := 0.0
	for i := 1; i < len(path); i++ {
		w, ok := tab.EdgeCost(path[i-1], path[i])
		if !ok {
			t.Fatalf("%d→%d: %d→%d is no edge", s, target, path[i-1], path[i])
		}
		sum += w
	}
	if diff := sum - d; diff > 1e-9 || diff < -1e-9 {
		t.Fatalf("%d→%d: path of cost %v, distance %v", s, target, sum, d)
	}
}
