package maps

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// Scenario is one line of a Moving AI scenario file: a start and a goal
// cell on a map and the published cost of a shortest path between them
// (octile moves, √2 diagonals, no corner cutting).
type Scenario struct {
	Line                         int    // 1-based line in the file
	Bucket                       int    // difficulty bucket
	Map                          string // map file the scenario names
	Width, Height                int    // size of that map
	StartX, StartY, GoalX, GoalY int
	Optimal                      float64 // published optimal length
}

// ScenarioMatches reports whether a computed distance d is the published
// optimal length want, to the precision scenario files print: within half
// a unit in want's sixth significant digit (files print at most six:
// brc202d's 1001.29 for 1001.2914..., within 0.005), and never closer than
// scenarioFloor, as shorter lengths print about five decimals. O(1).
func ScenarioMatches(d, want float64) bool {
	tol := scenarioFloor
	if a := math.Abs(want); a > 0 && !math.IsInf(a, 0) {
		e := int(math.Floor(math.Log10(a)))
		// Log10 may land one off at exact powers of ten.
		if math.Pow10(e) > a {
			e--
		} else if math.Pow10(e+1) <= a {
			e++
		}
		tol = max(tol, math.Pow10(e-5)/2)
	}
	return math.Abs(d-want) <= tol
}

// scenarioFloor is the least tolerance ScenarioMatches allows.
const scenarioFloor = 1e-3

// ReadScenarios reads a Moving AI scenario file (.scen).
func ReadScenarios(path string) ([]Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseScenarios(path, data)
}

// ParseScenarios parses the text of a scenario file: a first line
// "version 1" (or "version 1.0"), then one scenario per line as nine
// tab-separated fields: bucket, map, width, height, start x, start y,
// goal x, goal y, optimal length. Blank lines are ignored. Errors are
// *ParseError with the line. O(len(data)).
func ParseScenarios(name string, data []byte) ([]Scenario, error) {
	perr := func(line int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	var out []Scenario
	version := false
	for i, raw := range bytes.Split(data, []byte("\n")) {
		lineNo := i + 1
		line := strings.TrimRight(string(raw), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !version {
			f := strings.Fields(line)
			if len(f) != 2 || f[0] != "version" || (f[1] != "1" && f[1] != "1.0") {
				return nil, perr(lineNo, "%w: want \"version 1\", got %q", ErrHeader, line)
			}
			version = true
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 9 {
			return nil, perr(lineNo, "want 9 tab-separated fields, got %d", len(f))
		}
		var ints [7]int
		for k, j := range []int{0, 2, 3, 4, 5, 6, 7} {
			v, err := strconv.Atoi(strings.TrimSpace(f[j]))
			if err != nil || v < 0 {
				return nil, perr(lineNo, "field %d: %q is not an integer >= 0", j+1, f[j])
			}
			ints[k] = v
		}
		opt, err := strconv.ParseFloat(strings.TrimSpace(f[8]), 64)
		if err != nil || opt < 0 || math.IsInf(opt, 0) || math.IsNaN(opt) {
			return nil, perr(lineNo, "field 9: optimal length %q is not a number >= 0", f[8])
		}
		s := Scenario{
			Line: lineNo, Bucket: ints[0], Map: f[1], Width: ints[1], Height: ints[2],
			StartX: ints[3], StartY: ints[4], GoalX: ints[5], GoalY: ints[6], Optimal: opt,
		}
		if s.StartX >= s.Width || s.GoalX >= s.Width || s.StartY >= s.Height || s.GoalY >= s.Height {
			return nil, perr(lineNo, "start %d,%d or goal %d,%d outside the %dx%d map", s.StartX, s.StartY, s.GoalX, s.GoalY, s.Width, s.Height)
		}
		out = append(out, s)
	}
	if !version {
		return nil, perr(1, "%w: empty scenario file, want \"version 1\"", ErrHeader)
	}
	return out, nil
}
