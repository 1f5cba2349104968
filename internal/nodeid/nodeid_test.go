package nodeid

import (
	"strings"
	"testing"
)

// TestGridNode resolves ids on a 3x2 grid whose cell (1,0) is blocked.
func TestGridNode(t *testing.T) {
	const w, h = 3, 2
	node := func(x, y int) int32 {
		if x == 1 && y == 0 {
			return -1
		}
		return int32(y*w + x)
	}
	tests := []struct {
		id   string
		want int32
		err  string
	}{
		{"0,0", 0, ""},
		{"2,1", 5, ""},
		{" 2 , 1 ", 5, ""},
		{"1,0", -1, "cell 1,0 is a wall, not a node"},
		{"3,0", -1, "cell 3,0 is outside the 3x2 grid"},
		{"0,-1", -1, "cell 0,-1 is outside the 3x2 grid"},
		{"0", -1, `bad cell "0": want x,y`},
		{"a,b", -1, `bad cell "a,b": want x,y`},
		{"", -1, `bad cell "": want x,y`},
	}
	for _, tc := range tests {
		u, err := GridNode(tc.id, w, h, node)
		if u != tc.want || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("GridNode(%q) = %d, %v; want %d, %q", tc.id, u, err, tc.want, tc.err)
		}
	}
}

// TestCellRoundTrip checks that GridNode reads what Cell writes.
func TestCellRoundTrip(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {7, 3}, {1023, 65535}} {
		id := Cell(c[0], c[1])
		if strings.Count(id, ",") != 1 {
			t.Fatalf("Cell(%d, %d) = %q", c[0], c[1], id)
		}
		u, err := GridNode(id, 1<<16, 1<<16, func(x, y int) int32 { return int32(x + y) })
		if err != nil || u != int32(c[0]+c[1]) {
			t.Errorf("GridNode(Cell(%d, %d)) = %d, %v", c[0], c[1], u, err)
		}
	}
}

func TestUnknown(t *testing.T) {
	if got := Unknown("door").Error(); got != `no node "door" in this graph` {
		t.Errorf("Unknown: %q", got)
	}
}

// TestAgentNode: on a larger agent's grid a cell that is no node is too
// narrow for it, with the footprint it would cover; the other faults read
// as GridNode's.
func TestAgentNode(t *testing.T) {
	node := func(x, y int) int32 {
		if x == 0 && y == 0 {
			return 0
		}
		return -1
	}
	for _, tc := range []struct {
		id, err string
	}{
		{"0,0", ""},
		{"1,0", "cell 1,0 is too narrow for a 3x3 agent (it would cover 1,0 to 3,2)"},
		{"4,0", "cell 4,0 is outside the 4x3 grid"},
		{"x", `bad cell "x": want x,y`},
	} {
		_, err := AgentNode(tc.id, 4, 3, 3, node)
		if (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("AgentNode(%q) = %v, want %q", tc.id, err, tc.err)
		}
	}
}
