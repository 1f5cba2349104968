package verify

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/table"
)

// Path states of a table path.
const (
	pathUnknown uint8 = iota
	pathOpen          // being walked
	pathReach         // reaches the target through level edges
	pathBroken        // stops (no move or an invalid move) or leaves the level's edges
	pathLoop          // runs into a cycle
)

// facts are what a checker knows about one pair.
type facts struct {
	s, t     int32
	live     float64
	liveOK   bool
	tab      float64
	tabOK    bool
	next     int32   // the table's next node from s, -1 for none
	w        float64 // level cost of the step s→next
	edgeOK   bool    // s→next is an edge of the level
	nextTab  float64 // the table's distance from next
	nextOK   bool
	path     uint8   // state of the table's path from s
	pathCost float64 // its summed level cost, when it reaches t
	seq      int64
}

// judge returns the most basic problem of a pair, and false when it has
// none.
func (v *verifier) judge(f *facts) (Problem, bool) {
	if f.liveOK != f.tabOK {
		return ProblemReachable, true
	}
	if f.tabOK && !v.costs.Same(f.tab, f.live) {
		return ProblemDistance, true
	}
	if f.s == f.t {
		return 0, false
	}
	if !f.tabOK {
		if f.path == pathReach {
			return ProblemPath, true
		}
		return 0, false
	}
	if f.next < 0 || !f.edgeOK || !f.nextOK || !v.costs.Same(f.tab, f.w+f.nextTab) {
		return ProblemStep, true
	}
	if f.path != pathReach || !v.costs.Same(f.pathCost, f.tab) {
		return ProblemPath, true
	}
	return 0, false
}

// check judges one pair and records it if it fails.
func (v *verifier) check(f *facts) {
	p, bad := v.judge(f)
	if !bad {
		return
	}
	v.record(p, f.seq, f.s, f.t, func() Mismatch {
		m := Mismatch{From: f.s, To: f.t, FromName: v.g.NodeName(f.s), ToName: v.g.NodeName(f.t),
			Table: table.Unreachable, Live: math.Inf(1)}
		if f.tabOK {
			m.Table = f.tab
		}
		if f.liveOK {
			m.Live = f.live
		}
		m.Detail = v.detail(p, f)
		return m
	})
}

// detail explains a problem; it runs only for listed mismatches.
func (v *verifier) detail(p Problem, f *facts) string {
	name := v.g.NodeName
	switch p {
	case ProblemReachable:
		if f.tabOK {
			return "the live solver finds no path"
		}
		return "the table has no path"
	case ProblemDistance:
		return fmt.Sprintf("off by %g", f.tab-f.live)
	case ProblemStep:
		switch {
		case f.next < 0:
			return fmt.Sprintf("the table has no valid first move from %s", name(f.s))
		case !f.edgeOK:
			return fmt.Sprintf("first move %s -> %s is not an edge of the level", name(f.s), name(f.next))
		case !f.nextOK:
			return fmt.Sprintf("first move %s -> %s leads to a node the table cannot reach %s from", name(f.s), name(f.next), name(f.t))
		}
		return fmt.Sprintf("first move %s -> %s costs %s and the table's distance from %s is %s; they do not add up",
			name(f.s), name(f.next), FormatCost(f.w), name(f.next), FormatCost(f.nextTab))
	}
	return v.describePath(f.s, f.t, f.tabOK)
}

// describePath says what is wrong with the table's path from s to t.
func (v *verifier) describePath(s, t int32, tabOK bool) string {
	name := v.g.NodeName
	w := v.walk(nil, s, t)
	p := w.nodes
	switch {
	case !w.reaches:
		return "the table's path stops or loops before it reaches " + name(t)
	case !tabOK:
		return fmt.Sprintf("the table's first moves reach %s in %d steps but its distance says unreachable", name(t), len(p)-1)
	case w.badStep > 0:
		return fmt.Sprintf("step %s -> %s of the table's path is not an edge of the level", name(int32(p[w.badStep-1])), name(int32(p[w.badStep])))
	}
	return fmt.Sprintf("the table's path of %d steps costs %s, not its distance", len(p)-1, FormatCost(w.cost))
}

// tablePath is the table's path from s to t as lookup walks it, measured
// on the level's edges.
type tablePath struct {
	nodes   []int   // s .. t, when lookup reaches t
	reaches bool    // lookup reaches t: the path neither stops nor loops
	badStep int     // index in nodes of the head of the first step that is not an edge of the level; 0 when every step is one
	cost    float64 // summed level cost of the steps, when every step is an edge
}

// walk follows the table's path from s to t with lookup, appending it to
// buf, and sums its cost over the level's edges up to the first step that
// is not one. Sampled pairs and the description of a bad path both walk
// here. O(path length × degree).
func (v *verifier) walk(buf []int, s, t int32) tablePath {
	p, ok := v.lt.AppendPath(buf, int(s), int(t))
	w := tablePath{nodes: p, reaches: ok}
	if !ok {
		return w
	}
	for i := 1; i < len(p); i++ {
		c, ok := v.g.EdgeCost(int32(p[i-1]), int32(p[i]))
		if !ok {
			w.badStep = i
			return w
		}
		w.cost += c
	}
	return w
}

// checker is one worker's scratch.
type checker struct {
	v *verifier
	// per row of the table, for all pairs
	f     []facts
	pc    []float64
	st    []uint8
	stack []int32
	path  []int
	one   facts // the sampled pair being checked
}
