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
