package maps

import (
	"slices"
	"strings"
	"testing"
)

func TestParseScenarios(t *testing.T) {
	good := "version 1\n0\tmaps/dao/x.map\t4\t3\t0\t0\t3\t2\t3.82842\n\n1\tx.map\t4\t3\t1\t1\t1\t2\t1\r\n"
	scen, err := ParseScenarios("x.scen", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []Scenario{
		{Line: 2, Bucket: 0, Map: "maps/dao/x.map", Width: 4, Height: 3, GoalX: 3, GoalY: 2, Optimal: 3.82842},
		{Line: 4, Bucket: 1, Map: "x.map", Width: 4, Height: 3, StartX: 1, StartY: 1, GoalX: 1, GoalY: 2, Optimal: 1},
	}
	if !slices.Equal(scen, want) {
		t.Errorf("got %+v, want %+v", scen, want)
	}
	for _, bad := range []string{
		"", "version 2\n", "0\tx.map\t4\t3\t0\t0\t3\t2\t3\n",
		"version 1\n0\tx.map\t4\t3\t0\t0\t3\t2\n",
		"version 1\n0\tx.map\t4\t3\t0\t0\t3\t2\tnan\n",
		"version 1\n0\tx.map\t4\t3\t0\t0\t4\t2\t3\n",
		"version 1\n0\tx.map\t4\tthree\t0\t0\t3\t2\t3\n",
	} {
		if _, err := ParseScenarios("bad.scen", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		} else if !strings.HasPrefix(err.Error(), "bad.scen:") {
			t.Errorf("%q: error %q does not name the file", bad, err)
		}
	}
}

// TestScenarioMatches checks the tolerance against published lengths of
// every magnitude: half a unit in the sixth significant digit, at least
// 1e-3.
func TestScenarioMatches(t *testing.T) {
	tests := []struct {
		d, want float64
		match   bool
	}{
		{1001.2914, 1001.29, true},
		{1001.2949, 1001.29, true},
		{1001.2951, 1001.29, false},
		{1001.2851, 1001.29, true},
		{1001.2849, 1001.29, false},
		{100000.4, 100000, true},
		{100000.6, 100000, false},
		{99999.96, 100000, true},
		{1000.004, 1000, true},
		{1000.006, 1000, false},
		{100.0004, 100, true},
		{100.0011, 100, false},
		{12.3456789, 12.34568, true},
		{12.347, 12.34568, false},
		{0.0009, 0, true},
		{0.0011, 0, false},
		{1, 2, false},
	}
	for _, tc := range tests {
		if got := ScenarioMatches(tc.d, tc.want); got != tc.match {
			t.Errorf("ScenarioMatches(%v, %v) = %v, want %v", tc.d, tc.want, got, tc.match)
		}
	}
}
