package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlan(t *testing.T) {
	maze := filepath.Join("../../testdata", "maze.grid")
	tutorial := filepath.Join("../../testdata", "tutorial.json")
	code, out, errOut := runCLI(t, "", "plan", maze, tutorial)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		maze + ": ", "  flat ", "  runs (-compress) ", "  window (-window 8) ",
		"recommended: flat (pathtable build " + maze + "): a flat table fits in ",
		"window (-window 8)   does not fit: windowed tables need a grid level",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The estimate of a small level is its build: the flat size plan
	// prints is the size build writes.
	tab := buildTestTable(t, "maze.grid")
	code, out, _ = runCLI(t, "", "plan", "-json", maze)
	var p levelPlan
	if err := json.Unmarshal([]byte(out), &p); err != nil || code != 0 {
		t.Fatalf("-json: exit %d, %q (%v)", code, out, err)
	}
	code, info, _ := runCLI(t, "", "info", "-json", tab)
	var ti tableInfo
	if err := json.Unmarshal([]byte(info), &ti); err != nil || code != 0 {
		t.Fatalf("info: %q (%v)", info, err)
	}
	if len(p.Layouts) != 3 || p.Layouts[0].Layout != "flat" || p.Layouts[0].Bytes != ti.FileBytes || p.Recommended != "" || p.Nodes != ti.Nodes {
		t.Errorf("plan %+v; the built table has %d bytes, %d nodes", p, ti.FileBytes, ti.Nodes)
	}
	// A limit the flat table is over: it does not fit, and plan says
	// which layout does.
	code, out, _ = runCLI(t, "", "plan", "-max-bytes", "10KB", maze)
	if code != 0 || !strings.Contains(out, "(does not fit: about ") || !strings.Contains(out, "recommended: -compress (pathtable build -compress "+maze+")") {
		t.Errorf("-max-bytes 10KB: exit %d:\n%s", code, out)
	}
}

func TestPlanRefuses(t *testing.T) {
	maze := filepath.Join("../../testdata", "maze.grid")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "plan needs at least one level file"},
		{[]string{"-window", "0", maze}, 2, "-window must be 1 to"},
		{[]string{"-workers", "-1", maze}, 2, "-workers must be >= 0"},
		{[]string{"-connect", "6", maze}, 2, "-connect"},
		{[]string{"nope.map"}, 1, "nope.map"},
		{[]string{"../../testdata/README.md"}, 1, "README.md"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"plan"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("plan %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

// TestBuildRefusalNamesWhatFits: a table refused as too big names the
// layouts that fit, with their estimates.
func TestBuildRefusalNamesWhatFits(t *testing.T) {
	out := filepath.Join(t.TempDir(), "maze.ptab")
	code, _, errOut := runCLI(t, "", "build", "-quiet", "-flat", "-max-bytes", "10KB", "-o", out, filepath.Join("../../testdata", "maze.grid"))
	if code != 1 || !strings.Contains(errOut, "over the limit of") || !strings.Contains(errOut, "; it fits as -compress (") || strings.Contains(errOut, "it fits as a flat table") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
