package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestSolve(t *testing.T) {
	const td = "../../testdata/"
	for _, c := range []struct {
		args []string
		want string // the output up to " expanded "
	}{
		{[]string{td + "tutorial.json", "g", "f"}, "g -> f cost 3 path g b a f"},
		{[]string{"-astar=false", td + "tutorial.json", "g", "f"}, "g -> f cost 3 path g b a f"},
		{[]string{td + "lecture.gr", "1", "5"}, "1 -> 5 cost 10 path 1 2 3 4 5"},
		{[]string{td + "lecture.gr", "5", "1"}, "5 -> 1 no path"},
		{[]string{td + "zero.json", "a", "island"}, "a -> island no path"},
		{[]string{td + "small.map", "1,1", "4,1"}, "1,1 -> 4,1 cost 3 path 1,1 2,1 3,1 4,1"},
		{[]string{td + "small.map", " 1, 1", "1,1"}, " 1, 1 -> 1,1 cost 0 path 1,1"},
		{[]string{"-diagonal", "10/14", td + "maze.grid", "0,0", "11,0"}, "0,0 -> 11,0 cost 110 path 0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 8,0 9,0 10,0 11,0"},
		{[]string{"-connect", "4", "-astar=false", td + "unreachable.grid", "0,0", "3,0"}, "0,0 -> 3,0 cost 3 path 0,0 1,0 2,0 3,0"},
		{[]string{td + "unreachable.grid", "0,0", "7,4"}, "0,0 -> 7,4 no path"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"solve"}, c.args...)...)
		if code != 0 || !strings.HasPrefix(out, c.want+" expanded ") || !regexp.MustCompile(` expanded \d+\n$`).MatchString(out) {
			t.Errorf("solve %v: exit %d, stdout %q, stderr %q; want %q expanded N", c.args, code, out, errOut, c.want)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "solve", "-json", "../../testdata/tutorial.json", "g", "f")
	var got struct {
		From, To  string
		Reachable bool
		Cost      float64
		Path      []string
		Expanded  int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 || got.From != "g" || got.To != "f" ||
		!got.Reachable || got.Cost != 3 || strings.Join(got.Path, " ") != "g b a f" || got.Expanded < 4 {
		t.Errorf("exit %d, stdout %q, stderr %q (%v)", code, out, errOut, err)
	}
	code, out, _ = runCLI(t, "", "solve", "-json", "../../testdata/lecture.gr", "5", "1")
	if code != 0 || out != `{"from":"5","to":"1","reachable":false,"cost":null,"path":[],"expanded":1}`+"\n" {
		t.Errorf("no path: exit %d, %q", code, out)
	}
}

// TestSolveAStarExpandsLess checks that A* with the octile heuristic
// expands fewer nodes than Dijkstra for the same cost.
func TestSolveAStarExpandsLess(t *testing.T) {
	var cost [2]string
	var expanded [2]int
	for i, astar := range []string{"-astar=true", "-astar=false"} {
		_, out, _ := runCLI(t, "", "solve", astar, "../../testdata/maze.grid", "0,0", "11,7")
		f := strings.Fields(out)
		cost[i] = f[4]
		expanded[i], _ = strconv.Atoi(f[len(f)-1])
	}
	if cost[0] != cost[1] || expanded[0] == 0 || expanded[0] >= expanded[1] {
		t.Errorf("A* cost %s expanded %d, Dijkstra cost %s expanded %d", cost[0], expanded[0], cost[1], expanded[1])
	}
}

func TestSolveErrors(t *testing.T) {
	const td = "../../testdata/"
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "solve needs LEVEL FROM TO"},
		{[]string{td + "small.map", "1,1"}, 2, "solve needs LEVEL FROM TO"},
		{[]string{"-connect", "6", td + "small.map", "1,1", "2,2"}, 2, "-connect must be 4 or 8"},
		{[]string{"-diagonal", "2", td + "small.map", "1,1", "2,2"}, 2, "-diagonal must be"},
		{[]string{td + "small.map", "0,0", "1,1"}, 1, "FROM: cell 0,0 is a wall, not a node"},
		{[]string{td + "small.map", "1,1", "10,1"}, 1, "TO: cell 10,1 is outside the 10x8 grid"},
		{[]string{td + "small.map", "1,1", "--", "-1,1"}, 1, "TO: cell -1,1 is outside"},
		{[]string{td + "small.map", "a", "1,1"}, 1, `FROM: bad cell "a": want x,y`},
		{[]string{td + "tutorial.json", "g", "z"}, 1, `TO: no node "z" in this graph`},
		{[]string{td + "lecture.gr", "0", "1"}, 1, `FROM: no node "0" in this graph`},
		{[]string{td + "missing.map", "1,1", "2,2"}, 1, "no such file"},
		{[]string{td + "README.txt", "1,1", "2,2"}, 1, "unknown level format"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"solve"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("solve %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
}
