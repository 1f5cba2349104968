package maps

import (
	"runtime"
	"strings"
	"testing"
)

func TestDIMACS(t *testing.T) {
	const lecture = "c lecture\np sp 6 6\na 1 2 2\na 2 3 3\na 3 4 2\na 4 5 3\na 1 6 5\na 6 5 6\n"
	tests := []struct {
		name  string
		in    string
		nodes int
		edges []string // "u v w" with 1-based ids, all of them, in CSR order
	}{
		{"lecture", lecture, 6, []string{"1 2 2", "1 6 5", "2 3 3", "3 4 2", "4 5 3", "6 5 6"}},
		{"crlf", strings.ReplaceAll(lecture, "\n", "\r\n"), 6, []string{"1 2 2", "1 6 5", "2 3 3", "3 4 2", "4 5 3", "6 5 6"}},
		{"sorted by target", "p sp 3 2\na 1 3 1\na 1 2 4\n", 3, []string{"1 2 4", "1 3 1"}},
		{"parallel keeps min", "p sp 2 3\na 1 2 5\na 1 2 3\na 1 2 7\n", 2, []string{"1 2 3"}},
		{"self-loop dropped", "p sp 2 2\na 1 1 1\na 2 1 0\n", 2, []string{"2 1 0"}},
		{"blank lines, tabs, comments anywhere", "\nc x\np\tsp 2 1\n\nc y\na  1 2\t 2147483647\nc\n", 2, []string{"1 2 2147483647"}},
		{"no arcs", "p sp 3 0\n", 3, nil},
		{"no nodes", "p sp 0 0\n", 0, nil},
		{"leading zeros", "p sp 2 1\na 01 002 0010\n", 2, []string{"1 2 10"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := parseDIMACS("t.gr", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			if g.Nodes() != tc.nodes || g.Metric != MetricInt || g.Grid != nil || g.X != nil {
				t.Fatalf("%d nodes, metric %v", g.Nodes(), g.Metric)
			}
			for i, s := range g.Names {
				if want := decimalNames(tc.nodes)[i]; s != want {
					t.Errorf("name %d = %q, want %q", i, s, want)
				}
			}
			var got []string
			for u := int32(0); int(u) < g.Nodes(); u++ {
				for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
					got = append(got, g.NodeName(u)+" "+g.NodeName(g.Targets[e])+" "+formatCost(g.Weights[e]))
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.edges, ",") {
				t.Errorf("edges %q, want %q", got, tc.edges)
			}
		})
	}
}

func TestDecimalNames(t *testing.T) {
	names := decimalNames(1001)
	if names[0] != "1" || names[9] != "10" || names[999] != "1000" || names[1000] != "1001" {
		t.Errorf("names %q %q %q %q", names[0], names[9], names[999], names[1000])
	}
}

func TestDIMACSErrors(t *testing.T) {
	tests := []errCase{
		{"empty", "", ErrHeader, []string{"d.gr: ", "no \"p sp"}},
		{"comments only", "c a\nc b\n", ErrHeader, []string{"d.gr: "}},
		{"unknown line type", "p sp 2 0\nx 1 2\n", nil, []string{"d.gr:2:1:", `"x"`}},
		{"word starting with c", "comment\n", nil, []string{"d.gr:1:1:", "unknown line type"}},
		{"arc before p", "c\na 1 2 3\np sp 2 1\n", ErrHeader, []string{"d.gr:2:1:", "before the p line"}},
		{"second p", "p sp 2 0\np sp 2 0\n", ErrHeader, []string{"d.gr:2:1:", "line 1"}},
		{"p not sp", "p max 2 0\n", ErrHeader, []string{"d.gr:1:1:"}},
		{"p too short", "p sp 2\n", ErrHeader, []string{"d.gr:1:1:"}},
		{"p too long", "p sp 2 0 1\n", ErrHeader, []string{"d.gr:1:1:"}},
		{"p nodes not a number", "p sp two 0\n", ErrHeader, []string{"d.gr:1:6:", `"two"`}},
		{"p negative nodes", "p sp -2 0\n", ErrHeader, []string{"d.gr:1:6:"}},
		{"p arcs not a number", "p sp 2 1.5\n", ErrHeader, []string{"d.gr:1:8:"}},
		{"too many nodes", "p sp 16777217 0\n", ErrTooLarge, []string{"d.gr:1:6:"}},
		{"overflowing nodes", "p sp 123456789012345678901234567890 0\n", ErrTooLarge, []string{"d.gr:1:6:"}},
		{"too many arcs", "p sp 2 3000000000\n", ErrTooLarge, []string{"d.gr:1:8:"}},
		{"arc too short", "p sp 2 1\na 1 2\n", nil, []string{"d.gr:2:1:", "a FROM TO WEIGHT"}},
		{"arc too long", "p sp 2 1\na 1 2 3 4\n", nil, []string{"d.gr:2:1:"}},
		{"node out of range", "p sp 2 1\na 1 3 1\n", ErrUnknownNode, []string{"d.gr:2:5:", "3", "1 to 2"}},
		{"node zero", "p sp 2 1\na 0 1 1\n", ErrUnknownNode, []string{"d.gr:2:3:"}},
		{"node huge", "p sp 2 1\na 99999999999999999999999 1 1\n", ErrUnknownNode, []string{"d.gr:2:3:"}},
		{"node not a number", "p sp 2 1\na x 1 1\n", nil, []string{"d.gr:2:3:", `"x"`}},
		{"node negative", "p sp 2 1\na -1 1 1\n", ErrUnknownNode, []string{"d.gr:2:3:", "-1"}},
		{"negative weight", "p sp 2 1\na 1 2 -4\n", ErrNegativeCost, []string{"d.gr:2:7:", "-4"}},
		{"fractional weight", "p sp 2 1\na 1 2 1.5\n", nil, []string{"d.gr:2:7:", "not an integer"}},
		{"weight too big", "p sp 2 1\na 1 2 2147483648\n", ErrTooLarge, []string{"d.gr:2:7:"}},
		{"weight minus", "p sp 2 1\na 1 2 -\n", nil, []string{"d.gr:2:7:", "not an integer"}},
		{"more arcs than declared", "p sp 2 1\na 1 2 1\na 2 1 1\n", ErrHeader, []string{"d.gr:3:1:", "more arcs than the 1"}},
		{"fewer arcs than declared", "c\np sp 2 3\na 1 2 1\n", ErrHeader, []string{"d.gr:2:", "declares 3 arcs, the file has 1"}},
		{"crlf", "p sp 2 1\r\na 1 3 1\r\n", ErrUnknownNode, []string{"d.gr:2:5:"}},
	}
	for _, tc := range tests {
		g, err := parseDIMACS("d.gr", []byte(tc.in))
		checkErr(t, tc, g, err)
	}
}

// The p line's arc count must not size an allocation.
func TestDIMACSAllocatesForData(t *testing.T) {
	in := []byte("p sp 5 2000000000\na 1 2 3\n")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := parseDIMACS("big.gr", in)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("no error for missing arcs")
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
		t.Errorf("allocated %d bytes for a %d-byte file", n, len(in))
	}
}
