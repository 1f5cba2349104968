package maps

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// outMoves lists the moves of node (x, y) as "dir=cost" in edge order.
func outMoves(g *Graph, x, y int) string {
	gr := g.Grid
	u := gr.NodeAt(x, y)
	var s []string
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		vx, vy := gr.XY(g.Targets[e])
		name := map[Direction]string{
			{0, -1}: "N", {1, -1}: "NE", {1, 0}: "E", {1, 1}: "SE",
			{0, 1}: "S", {-1, 1}: "SW", {-1, 0}: "W", {-1, -1}: "NW",
		}[Direction{vx - x, vy - y}]
		s = append(s, name+"="+formatCost(g.Weights[e]))
	}
	return strings.Join(s, " ")
}

// formatCost writes k√2 costs as "k√2" ("√2" for k = 1), others in decimal.
func formatCost(w float64) string {
	if k := math.Round(w / math.Sqrt2); w != math.Trunc(w) && k*math.Sqrt2 == w {
		if k == 1 {
			return "√2"
		}
		return fmt.Sprintf("%g√2", k)
	}
	return strconv.FormatFloat(w, 'f', -1, 64)
}

func TestGridMoves(t *testing.T) {
	// The centre cell sees all eight neighbours; the wall at 3,1 stops
	// corner cutting around it.
	const level = "" +
		"...2\n" +
		"..3#\n" +
		"....\n"
	sqrt2 := func(k float64) float64 { return k * math.Sqrt2 }
	tests := []struct {
		name   string
		moves  Moves
		x, y   int
		want   string
		metric Metric
	}{
		{"8 sqrt2 centre", Moves{8, DiagonalSqrt2}, 1, 1, "N=1 NE=√2 E=3 SE=√2 S=1 SW=√2 W=1 NW=√2", MetricOctile},
		{"4 sqrt2 centre", Moves{4, DiagonalSqrt2}, 1, 1, "N=1 E=3 S=1 W=1", MetricInt},
		{"8 1014 centre", Moves{8, Diagonal1014}, 1, 1, "N=10 NE=14 E=30 SE=14 S=10 SW=14 W=10 NW=14", MetricInt},
		{"4 1014 centre", Moves{4, Diagonal1014}, 1, 1, "N=10 E=30 S=10 W=10", MetricInt},
		// 2,0: SE (3,1) is a wall; E onto the 2.
		{"8 sqrt2 next to wall", Moves{8, DiagonalSqrt2}, 2, 0, "E=2 S=3 SW=√2 W=1", MetricOctile},
		// 3,0: S is a wall, so SW to 2,1 would cut the corner of 3,1.
		{"no corner cutting", Moves{8, DiagonalSqrt2}, 3, 0, "W=1", MetricOctile},
		// 3,2: N is a wall, so NW to 2,1 would cut its corner.
		{"no corner cutting below", Moves{8, DiagonalSqrt2}, 3, 2, "W=1", MetricOctile},
		{"corner", Moves{8, Diagonal1014}, 0, 2, "N=10 NE=14 E=10", MetricInt},
		{"diagonal onto 3, 10/14", Moves{8, Diagonal1014}, 1, 2, "N=10 NE=42 E=10 W=10 NW=14", MetricInt},
		{"diagonal onto 3, sqrt2", Moves{8, DiagonalSqrt2}, 1, 2, "N=1 NE=3√2 E=1 W=1 NW=√2", MetricOctile},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := parseGrid("m.grid", []byte(level), tc.moves)
			if err != nil {
				t.Fatal(err)
			}
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			if got := outMoves(g, tc.x, tc.y); got != tc.want {
				t.Errorf("moves of %d,%d: %s, want %s", tc.x, tc.y, got, tc.want)
			}
			if g.Metric != tc.metric || g.Grid.Moves != tc.moves {
				t.Errorf("metric %v moves %v", g.Metric, g.Grid.Moves)
			}
		})
	}

	// Diagonal √2 weights are exactly float64(k)*math.Sqrt2.
	g, err := parseGrid("d.grid", []byte("11\n17\n"), DefaultMoves)
	if err != nil {
		t.Fatal(err)
	}
	if w := edgeCost(g, 0, 3); w != sqrt2(7) {
		t.Errorf("diagonal onto 7 costs %v, want %v", w, sqrt2(7))
	}
}

// The same movement flags apply to .map files.
func TestMovingAIMoves(t *testing.T) {
	g, err := parseMovingAI("t.map", []byte(tinyMap), Moves{Connect: 4, Diagonal: Diagonal1014})
	if err != nil {
		t.Fatal(err)
	}
	if err := consistent(g); err != nil {
		t.Fatal(err)
	}
	if got, want := outMoves(g, 1, 1), "N=10 S=10 W=10"; got != want {
		t.Errorf("moves of 1,1: %s, want %s", got, want)
	}
	if g.Metric != MetricInt {
		t.Errorf("metric %v", g.Metric)
	}
}
