package verify

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Problem says what is wrong with a pair. Lower values are more basic: a
// report lists them first, so that the root cause of a cascade of failures
// (one bad entry breaks every path through it) comes before its effects.
type Problem uint8

const (
	// ProblemReachable: the table and the live solver disagree on whether
	// there is a path.
	ProblemReachable Problem = iota
	// ProblemDistance: the table's distance is not the live cost.
	ProblemDistance
	// ProblemStep: the table's first move from the source is not an edge of
	// the level, or its cost plus the table's distance from the next node
	// is not the table's distance.
	ProblemStep
	// ProblemPath: the table's whole path is not a walk of the level whose
	// summed cost is the table's distance (it stops, loops, leaves the
	// level's edges, or sums to something else).
	ProblemPath
	// ProblemScenario: the table's distance is not a scenario's published
	// optimal length.
	ProblemScenario
)

func (p Problem) String() string {
	switch p {
	case ProblemReachable:
		return "reachability differs"
	case ProblemDistance:
		return "distance differs"
	case ProblemStep:
		return "bad first move"
	case ProblemPath:
		return "bad path"
	case ProblemScenario:
		return "scenario length differs"
	}
	return "Problem(" + strconv.Itoa(int(p)) + ")"
}

// Mismatch is one pair (or scenario) where the table is wrong.
type Mismatch struct {
	Problem          Problem
	From, To         int32   // nodes; -1 for a scenario cell that is not a node
	FromName, ToName string  // "x,y" on grids, ids on graphs
	Table            float64 // the table's distance, +Inf when it has none
	Live             float64 // the live cost (a scenario's published length), +Inf when none
	Detail           string  // what exactly is wrong
}

func (m *Mismatch) String() string {
	live := "live cost"
	if m.Problem == ProblemScenario {
		live = "published"
	}
	return fmt.Sprintf("%s -> %s: table cost %s, %s %s (%s: %s)",
		m.FromName, m.ToName, FormatCost(m.Table), live, FormatCost(m.Live), m.Problem, m.Detail)
}

// FormatCost prints a cost as the shortest decimal that reads back as the
// same float64, and +Inf as "unreachable".
func FormatCost(c float64) string {
	if math.IsInf(c, 1) {
		return "unreachable"
	}
	return strconv.FormatFloat(c, 'f', -1, 64)
}

// Report is the outcome of Table.
type Report struct {
	Nodes      int
	AllPairs   bool          // every pair was checked (else a sample)
	Pairs      int64         // pairs checked
	Scenarios  int           // scenarios checked
	Failed     int64         // pairs and scenarios that failed
	Mismatches []Mismatch    // the first failures, most basic problems first, then in pair order
	Elapsed    time.Duration // wall time of the whole check

	// A windowed table's check: its DELTA, the origins whose windows were
	// checked (all their covered pairs), and the checked pairs whose
	// shortest path inside the window costs more than the level's shortest
	// path, or has none where the level has one: what confining costs,
	// not a mismatch. All zero for other tables.
	Window  int
	Origins int64
	Longer  int64
}

// OK reports whether nothing failed.
func (r *Report) OK() bool { return r.Failed == 0 }

// PairsPerSecond is the checking rate.
func (r *Report) PairsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Pairs) / r.Elapsed.Seconds()
}
