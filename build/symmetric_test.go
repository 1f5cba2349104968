package build

import (
	"cmp"
	"context"
	"math"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// leastCost is the least weight of an edge u→v of g, and whether there is one.
func leastCost(g *maps.Graph, u, v int32) (float64, bool) {
	best, ok := math.Inf(1), false
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if g.Targets[e] == v {
			best, ok = min(best, g.Weights[e]), true
		}
	}
	return best, ok
}

// TestIsSymmetric checks the test that picks one-search-per-pair witness
// decisions against a direct reading of the edges: symmetric when every
// edge u→v but loops has an edge v→u of the same least weight.
func TestIsSymmetric(t *testing.T) {
	seen := map[bool]int{}
	for _, lv := range mapstest.SmallLevels(t) {
		g := lv.G
		want := true
		for u := range int32(g.Nodes()) {
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				v := g.Targets[e]
				if v == u {
					continue
				}
				wuv, _ := leastCost(g, u, v)
				if wvu, ok := leastCost(g, v, u); !ok || wvu != wuv {
					want = false
				}
			}
		}
		for _, workers := range []int{1, 3} {
			n := g.Nodes()
			c := &contractor{out: make([][]chArc, n), in: make([][]chArc, n), workers: workers,
				scratch: make([]*witnessScratch, workers), team: newTeam(workers)}
			for w := range c.scratch {
				c.scratch[w] = newWitnessScratch(n)
			}
			weight := func(e int) float64 { return g.Weights[e] }
			if err := c.addEdges(context.Background(), g, weight); err != nil {
				t.Fatal(err)
			}
			got, err := c.isSymmetric(context.Background())
			c.team.stop()
			if err != nil || got != want {
				t.Errorf("%s, %d workers: isSymmetric = %v, %v, want %v", lv.Name, workers, got, err, want)
			}
		}
		seen[want]++
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("levels: %d symmetric, %d not; want some of each", seen[true], seen[false])
	}
}

// TestSymmetricHierarchyMirrors checks that contracting a symmetric level
// keeps it symmetric, which deciding each pair once relies on: the up
// arcs of every position lead where its down arcs come from, at the
// same keys.
func TestSymmetricHierarchyMirrors(t *testing.T) {
	type end struct {
		at  int32
		key uint64
	}
	checked := 0
	for _, lv := range mapstest.SmallLevels(t) {
		h, err := exactHierarchy(context.Background(), lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2)
		if err != nil {
			t.Fatal(err)
		}
		if h == nil {
			continue
		}
		c := &contractor{out: make([][]chArc, lv.G.Nodes()), in: make([][]chArc, lv.G.Nodes()), workers: 1,
			scratch: []*witnessScratch{newWitnessScratch(lv.G.Nodes())}, team: newTeam(1)}
		c.addEdges(context.Background(), lv.G, func(e int) float64 { return lv.G.Weights[e] })
		sym, _ := c.isSymmetric(context.Background())
		c.team.stop()
		if !sym {
			continue
		}
		checked++
		ends := func(arcs []hArc) []end {
			var es []end
			for _, a := range arcs {
				es = append(es, end{a.at, a.val >> 8})
			}
			slices.SortFunc(es, func(a, b end) int {
				return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.key, b.key))
			})
			return es
		}
		for p := range h.node {
			up, down := ends(h.up[h.upOff[p]:h.upOff[p+1]]), ends(h.down[h.downOff[p]:h.downOff[p+1]])
			if !slices.Equal(up, down) {
				t.Fatalf("%s: position %d: up arcs %v, down arcs %v", lv.Name, p, up, down)
			}
		}
	}
	if checked == 0 {
		t.Error("no symmetric level contracted")
	}
}
