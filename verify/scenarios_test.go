package verify

import (
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// TestVerifyScenarioNoPath: a published length of 0 between cells in
// different parts of the map means "no path" (Dragon Age files print
// such lines) and matches a table with no path; 0 where the table has a
// path, a length where it has none, and 0 from a blocked cell are
// mismatches.
func TestVerifyScenarioNoPath(t *testing.T) {
	lvl, err := maps.Load("../testdata/unreachable.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	w, h := g.Grid.Width, g.Grid.Height
	sc := func(line, sx, sy, gx, gy int, optimal float64) maps.Scenario {
		return maps.Scenario{Line: line, Width: w, Height: h, StartX: sx, StartY: sy, GoalX: gx, GoalY: gy, Optimal: optimal}
	}
	cases := []struct {
		sc   maps.Scenario
		fail bool
	}{
		{sc(2, 0, 0, 7, 0, 0), false}, // different parts: no path
		{sc(3, 7, 4, 0, 4, 0), false},
		{sc(4, 0, 0, 0, 0, 0), false}, // the same cell
		{sc(5, 0, 0, 1, 0, 0), true},  // 0, but a path of length 1
		{sc(6, 0, 0, 7, 0, 5), true},  // a length, but no path
		{sc(7, 4, 0, 7, 0, 0), true},  // a blocked start
	}
	for _, c := range cases {
		rep := mustVerify(t, buildTable(t, g), g, Options{Scenarios: []maps.Scenario{c.sc}})
		if failed := rep.Failed > 0; failed != c.fail {
			t.Errorf("scenario on line %d: failed %v, want %v (%v)", c.sc.Line, failed, c.fail, rep.Mismatches)
		}
	}
}
