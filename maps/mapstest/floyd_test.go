package mapstest

import (
	"math"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

func TestFloydWarshall(t *testing.T) {
	// 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 0 (0); node 3 is cut off.
	g := &maps.Graph{
		Offsets: []int32{0, 2, 3, 4, 4},
		Targets: []int32{1, 2, 0, 1},
		Weights: []float64{4, 1, 0, 2},
	}
	inf := math.Inf(1)
	want := [][]float64{
		{0, 3, 1, inf},
		{0, 0, 1, inf},
		{2, 2, 0, inf},
		{inf, inf, inf, 0},
	}
	got := FloydWarshall(g)
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("d[%d][%d] = %v, want %v", i, j, got[i][j], want[i][j])
			}
		}
	}
}
