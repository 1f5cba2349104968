package gridgraph

import (
	"math"
	"slices"
	"testing"
)

// TestMatches: Build's own graph matches its grid under its model, and a
// change to any array, or another model or grid, does not.
func TestMatches(t *testing.T) {
	costs := []uint8{1, 0, 1, 1, 2, 1, 1, 1, 1} // .#. / .2. / ...
	m8 := Model{Connect: 8}
	clone := func(g Graph) Graph {
		return Graph{Offsets: slices.Clone(g.Offsets), Targets: slices.Clone(g.Targets),
			Weights: slices.Clone(g.Weights), Cells: slices.Clone(g.Cells)}
	}
	base := Build(3, 3, costs, m8)
	for _, tc := range []struct {
		name   string
		change func(g *Graph) ([]uint8, Model)
		want   bool
	}{
		{"same", func(*Graph) ([]uint8, Model) { return costs, m8 }, true},
		{"no nodes index", func(g *Graph) ([]uint8, Model) { g.Nodes = nil; return costs, m8 }, true},
		{"4-connected", func(*Graph) ([]uint8, Model) { return costs, Model{Connect: 4} }, false},
		{"10/14", func(*Graph) ([]uint8, Model) { return costs, Model{Connect: 8, Cost1014: true} }, false},
		{"other cost", func(*Graph) ([]uint8, Model) { return []uint8{1, 0, 1, 1, 3, 1, 1, 1, 1}, m8 }, false},
		{"other wall", func(*Graph) ([]uint8, Model) { return []uint8{1, 1, 0, 1, 2, 1, 1, 1, 1}, m8 }, false},
		{"target", func(g *Graph) ([]uint8, Model) { g.Targets[3]++; return costs, m8 }, false},
		{"weight bit", func(g *Graph) ([]uint8, Model) {
			g.Weights[4] = math.Nextafter(g.Weights[4], 9)
			return costs, m8
		}, false},
		{"offset", func(g *Graph) ([]uint8, Model) { g.Offsets[2]--; return costs, m8 }, false},
		{"cell", func(g *Graph) ([]uint8, Model) { g.Cells[1] = 1; return costs, m8 }, false},
		{"extra edge", func(g *Graph) ([]uint8, Model) {
			g.Targets, g.Weights = append(g.Targets, 0), append(g.Weights, 1)
			return costs, m8
		}, false},
		{"short offsets", func(g *Graph) ([]uint8, Model) { g.Offsets = g.Offsets[:3]; return costs, m8 }, false},
	} {
		g := clone(base)
		g.Nodes = base.Nodes
		c, m := tc.change(&g)
		if got := Matches(&g, 3, 3, c, m); got != tc.want {
			t.Errorf("%s: Matches = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkMatches checks the graph of an open 128x128 grid, 8-connected,
// against its cells: what writing a format 3 table pays beside the copy.
func BenchmarkMatches(b *testing.B) {
	costs := slices.Repeat([]uint8{1}, 128*128)
	m := Model{Connect: 8}
	g := Build(128, 128, costs, m)
	b.ReportAllocs()
	for b.Loop() {
		if !Matches(&g, 128, 128, costs, m) {
			b.Fatal("no match")
		}
	}
}
