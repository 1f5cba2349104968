package gridgraph

import (
	"math"
	"slices"
	"testing"
)

// TestBuild checks the grid rules on a 3x3 grid with a wall in the
// middle of the top row and a cell of cost 2, under each model: the
// edges, in Directions order, skipping walls, the grid's edge and cut
// corners, each costing what the entered cell costs.
func TestBuild(t *testing.T) {
	// .#.
	// .2.
	// ...
	costs := []uint8{1, 0, 1, 1, 2, 1, 1, 1, 1}
	s2 := math.Sqrt2
	for _, tc := range []struct {
		m       Model
		offsets []int32
		targets []int32
		weights []float64
	}{
		{Model{Connect: 4}, []int32{0, 1, 2, 5, 8, 11, 13, 16, 18},
			[]int32{2, 4, 0, 3, 5, 4, 6, 2, 1, 7, 3, 2, 6, 3, 7, 5, 4, 6},
			[]float64{1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 1, 1, 1}},
		{Model{Connect: 8}, []int32{0, 1, 2, 6, 11, 15, 18, 23, 26},
			[]int32{2, 4, 0, 3, 6, 5, 4, 7, 6, 5, 2, 1, 7, 6, 3, 2, 3, 6, 3, 4, 7, 5, 2, 4, 6, 3},
			[]float64{1, 1, 1, 2, s2, 1, 1, s2, 1, s2, 1, 1, 1, s2, 2, 1, 2 * s2, 1, 2, s2, 1, 1, s2, 1, 1, 2 * s2}},
	} {
		g := Build(3, 3, costs, tc.m)
		if !slices.Equal(g.Cells, []int32{0, 2, 3, 4, 5, 6, 7, 8}) || g.Nodes[1] != -1 || g.Nodes[4] != 3 {
			t.Errorf("connect %d: cells %v, nodes %v", tc.m.Connect, g.Cells, g.Nodes)
		}
		if !slices.Equal(g.Offsets, tc.offsets) || !slices.Equal(g.Targets, tc.targets) || !slices.Equal(g.Weights, tc.weights) {
			t.Errorf("connect %d:\noffsets %v\ntargets %v\nweights %v", tc.m.Connect, g.Offsets, g.Targets, g.Weights)
		}
		g14 := Build(3, 3, costs, Model{Connect: tc.m.Connect, Cost1014: true})
		for i, w := range g14.Weights {
			k := tc.weights[i]
			want := 10 * k
			if k != math.Trunc(k) {
				want = 14 * math.Round(k/s2)
			}
			if w != want {
				t.Errorf("connect %d 10/14: edge %d costs %v, want %v", tc.m.Connect, i, w, want)
			}
		}
	}
	if err := (Model{Connect: 6}).Check(); err == nil {
		t.Error("Check accepts connect 6")
	}
}

// BenchmarkBuild makes the graph of an open 128x128 grid, 8-connected:
// what a reader of a format 3 table pays at load beside the checksum.
func BenchmarkBuild(b *testing.B) {
	costs := make([]uint8, 128*128)
	for i := range costs {
		costs[i] = 1
	}
	b.ReportAllocs()
	for b.Loop() {
		Build(128, 128, costs, Model{Connect: 8})
	}
}
