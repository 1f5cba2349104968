package verify

import (
	"errors"
	"fmt"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// scenariosFit checks that scenarios can be checked against t.
func scenariosFit(t *table.Table, scen []maps.Scenario) error {
	if t.Kind != table.KindGrid {
		return fmt.Errorf("scenarios need a grid table, not a %s", t.Kind)
	}
	if t.Connect != 8 || t.Diagonal != string(maps.DiagonalSqrt2) {
		return fmt.Errorf("%w; the table uses %s", errScenarioModel, t.Model)
	}
	if k := t.Agent(); k > 1 {
		return fmt.Errorf("scenario lengths are a one-cell agent's; the table is for a %dx%d agent", k, k)
	}
	for _, s := range scen {
		if s.Width != t.Width || s.Height != t.Height {
			return fmt.Errorf("scenario on line %d is for a %dx%d map (%s), the table's grid is %dx%d",
				s.Line, s.Width, s.Height, s.Map, t.Width, t.Height)
		}
	}
	return nil
}

// scenarios checks the table's distances against published lengths.
func (v *verifier) scenarios(scen []maps.Scenario) {
	gr := v.g.Grid
	for i, sc := range scen {
		s, t := gr.NodeAt(sc.StartX, sc.StartY), gr.NodeAt(sc.GoalX, sc.GoalY)
		d, ok := table.Unreachable, false
		if s >= 0 && t >= 0 {
			d, ok = v.t.Distance(int(s), int(t))
		}
		if ok && maps.ScenarioMatches(d, sc.Optimal) || noPath(s, t, ok, sc) {
			continue
		}
		v.record(ProblemScenario, int64(i), s, t, func() Mismatch {
			m := Mismatch{From: s, To: t, Table: d, Live: sc.Optimal,
				FromName: fmt.Sprintf("%d,%d", sc.StartX, sc.StartY), ToName: fmt.Sprintf("%d,%d", sc.GoalX, sc.GoalY),
				Detail: fmt.Sprintf("scenario on line %d", sc.Line)}
			switch {
			case s < 0:
				m.Detail += ": the start cell is blocked"
			case t < 0:
				m.Detail += ": the goal cell is blocked"
			}
			return m
		})
	}
}

// noPath reports whether a scenario that publishes no path matches a
// table that has none: Moving AI files give a length of 0 for a start and
// goal in different parts of the map (several Dragon Age files do), so 0
// between distinct cells, both nodes, means "no path". A length of 0 where
// the table has a path, or a path where it has none, stays a mismatch.
// O(1).
func noPath(s, t int32, reachable bool, sc maps.Scenario) bool {
	return !reachable && s >= 0 && t >= 0 && s != t && sc.Optimal == 0
}

// errScenarioModel is returned by Table for scenarios on a table whose
// movement model is not the one scenario lengths assume.
var errScenarioModel = errors.New("scenario lengths assume 8-connected moves with sqrt2 diagonals")
