package maps

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// consistent checks what every loader promises beyond Validate: grids have
// exactly the moves of their model, in Directions order, with the right
// costs; graphs have sorted, deduplicated out-edges without self-loops.
// It shares no code with buildGrid. O(V + E).
func consistent(g *Graph) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if g.Grid != nil {
		return consistentGrid(g)
	}
	n := g.Nodes()
	if n <= 1<<16 { // a map of millions of names would stall the fuzzers
		seen := make(map[string]bool, n)
		for _, s := range g.Names {
			if seen[s] {
				return fmt.Errorf("name %q twice", s)
			}
			seen[s] = true
		}
	}
	for u := 0; u < n; u++ {
		prev := int32(-1)
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			if v <= prev {
				return fmt.Errorf("node %d: targets not strictly increasing at edge %d", u, e)
			}
			if v == int32(u) {
				return fmt.Errorf("node %d: self-loop", u)
			}
			prev = v
		}
	}
	if g.Metric == MetricInt {
		for e, w := range g.Weights {
			if w != math.Trunc(w) || w >= 1<<31 {
				return fmt.Errorf("edge %d: cost %v under MetricInt", e, w)
			}
		}
	}
	return nil
}

func consistentGrid(g *Graph) error {
	gr := g.Grid
	w, h := gr.Width, gr.Height
	if w < 1 || h < 1 || len(gr.Nodes) != w*h || len(gr.Costs) != w*h {
		return fmt.Errorf("grid %dx%d with %d node and %d cost entries", w, h, len(gr.Nodes), len(gr.Costs))
	}
	count := 0
	for c, u := range gr.Nodes {
		if (u < 0) != (gr.Costs[c] == 0) {
			return fmt.Errorf("cell %d: node %d but cost %d", c, u, gr.Costs[c])
		}
		if u >= 0 {
			if int(u) != count || gr.Cells[u] != int32(c) {
				return fmt.Errorf("cell %d: node %d not in row-major order", c, u)
			}
			count++
		}
	}
	if count != g.Nodes() {
		return fmt.Errorf("%d passable cells, %d nodes", count, g.Nodes())
	}
	want := MetricInt
	if gr.Moves.Connect == 8 && gr.Moves.Diagonal == DiagonalSqrt2 {
		want = MetricOctile
	}
	if g.Metric != want {
		return fmt.Errorf("metric %v, want %v", g.Metric, want)
	}
	open := func(x, y int) bool { return gr.NodeAt(x, y) >= 0 }
	for u := int32(0); int(u) < g.Nodes(); u++ {
		x, y := gr.XY(u)
		e := g.Offsets[u]
		for i, d := range Directions {
			diag := i%2 == 1
			ok := open(x+d.DX, y+d.DY) && (!diag || gr.Moves.Connect == 8 && open(x+d.DX, y) && open(x, y+d.DY))
			if !ok {
				continue
			}
			if e >= g.Offsets[u+1] || g.Targets[e] != gr.NodeAt(x+d.DX, y+d.DY) {
				return fmt.Errorf("node %d,%d: move %v missing", x, y, d)
			}
			k := float64(gr.Costs[(y+d.DY)*w+x+d.DX])
			base := 1.0
			switch {
			case gr.Moves.Diagonal == Diagonal1014 && diag:
				base = 14
			case gr.Moves.Diagonal == Diagonal1014:
				base = 10
			case diag:
				base = math.Sqrt2
			}
			if g.Weights[e] != k*base {
				return fmt.Errorf("node %d,%d: move %v costs %v, want %v", x, y, d, g.Weights[e], k*base)
			}
			e++
		}
		if e != g.Offsets[u+1] {
			return fmt.Errorf("node %d,%d: %d extra edges", x, y, g.Offsets[u+1]-e)
		}
	}
	return nil
}

// edgeCost returns the cost of edge u->v, or -1 when there is none.
func edgeCost(g *Graph, u, v int32) float64 {
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if g.Targets[e] == v {
			return g.Weights[e]
		}
	}
	return -1
}

// nodeByName returns the node named s, or -1.
func nodeByName(g *Graph, s string) int32 {
	for i, n := range g.Names {
		if n == s {
			return int32(i)
		}
	}
	return -1
}

// reachable counts the nodes reachable from u, u included.
func reachable(g *Graph, u int32) int {
	seen := make([]bool, g.Nodes())
	seen[u] = true
	stack := []int32{u}
	count := 0
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		for _, v := range g.Targets[g.Offsets[u]:g.Offsets[u+1]] {
			if !seen[v] {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	return count
}

// errCase is input that must fail with a *ParseError wrapping want (when
// not nil) whose message contains each of the strings in has.
type errCase struct {
	name string
	in   string
	want error
	has  []string
}

func checkErr(t *testing.T, c errCase, g *Graph, err error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error, got %d nodes", c.name, g.Nodes())
	}
	t.Logf("%s: %v", c.name, err)
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Errorf("%s: error %T is not a *ParseError: %v", c.name, err, err)
	}
	if c.want != nil && !errors.Is(err, c.want) {
		t.Errorf("%s: error %q does not wrap %q", c.name, err, c.want)
	}
	msg := err.Error()
	for _, s := range c.has {
		if !strings.Contains(msg, s) {
			t.Errorf("%s: error %q does not contain %q", c.name, msg, s)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("%s: error spans lines: %q", c.name, msg)
	}
}
