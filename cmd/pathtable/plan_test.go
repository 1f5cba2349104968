package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
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
		"  hierarchy (-hierarchy) ", "hierarchy (-hierarchy) does not fit: a hierarchy table holds grid levels only",
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
	if len(p.Layouts) != 4 || p.Layouts[3].Layout != layoutHierarchy || p.Layouts[3].Bytes <= 0 || p.Layouts[0].Layout != "flat" || p.Layouts[0].Bytes != ti.FileBytes || p.Recommended != "" || p.Nodes != ti.Nodes {
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

// TestPlanShardAdvice: a run-length build past patienceCPU is split into
// parts of about partCPU each, every part repeating the setup and holding
// its share of the rows' memory; one within it gets no advice.
func TestPlanShardAdvice(t *testing.T) {
	est := build.Estimate{Bytes: 700 << 20, CPU: 10 * time.Hour, OnceCPU: time.Minute, PeakBytes: 4 << 30, RowsPeakBytes: 2 << 30}
	cfg := planConfig{load: loadCost{cpu: 2 * time.Second, peak: 300 << 20}}
	sh := shardAdvice(nil, est, cfg)
	if sh == nil {
		t.Fatal("no shard advice for 10 hours of CPU")
	}
	part := time.Duration(sh.CPUSeconds * float64(time.Second))
	if sh.Parts < 10 || sh.Parts > 12 || sh.Flags != fmt.Sprintf("-compress -shard slurm/%d", sh.Parts) ||
		part > partCPU || part < time.Minute+est.CPU/time.Duration(sh.Parts+1) ||
		sh.PeakBytes >= est.PeakBytes || sh.PeakBytes < est.PeakBytes-est.RowsPeakBytes || sh.MergeBytes < est.Bytes {
		t.Errorf("advice %+v for %+v", sh, est)
	}
	est.CPU = time.Hour
	if sh := shardAdvice(nil, est, cfg); sh != nil {
		t.Errorf("advice %+v for an hour of CPU", sh)
	}
}

// TestPlanQuietJSON: -quiet writes nothing to stderr; -json carries the CPU
// time and each figure's range, and a search fallback's cost where the
// recommendation is a windowed table.
func TestPlanQuietJSON(t *testing.T) {
	maze := filepath.Join("../../testdata", "maze.grid")
	code, out, errOut := runCLI(t, "", "plan", "-quiet", "-json", maze)
	var p levelPlan
	if err := json.Unmarshal([]byte(out), &p); err != nil || code != 0 || errOut != "" {
		t.Fatalf("exit %d, %q, stderr %q (%v)", code, out, errOut, err)
	}
	for _, l := range p.Layouts {
		if l.Error == "" && (l.CPUSeconds <= 0 || l.BytesLow > l.Bytes || l.BytesHigh < l.Bytes || l.PeakBytes < l.Bytes) {
			t.Errorf("layout %+v", l)
		}
	}
	if fb := measureFallback(mustLevel(t, maze).Graph); fb == nil || fb.Queries != fallbackQueries || fb.MaxSeconds < fb.MedianSeconds {
		t.Errorf("fallback %+v", fb)
	}
}

func mustLevel(t *testing.T, path string) *maps.Level {
	t.Helper()
	lvl, err := maps.Load(path, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return lvl
}
