package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/table"
)

// runCLI runs one command line against buffers and returns its exit status
// and output.
func runCLI(t *testing.T, input string, args ...string) (code int, out, errOut string) {
	t.Helper()
	var o, e bytes.Buffer
	stdin, stdout, stderr = strings.NewReader(input), &o, &e
	defer func() { stdin, stdout, stderr = os.Stdin, os.Stdout, os.Stderr }()
	code = run(context.Background(), args)
	return code, o.String(), e.String()
}

// buildTestTable builds a testdata level into a temporary folder.
func buildTestTable(t *testing.T, level string, flags ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), strings.TrimSuffix(level, filepath.Ext(level))+".ptab")
	args := append([]string{"build", "-quiet", "-o", out}, flags...)
	if code, _, errOut := runCLI(t, "", append(args, filepath.Join("../../testdata", level))...); code != 0 {
		t.Fatalf("build %s: exit %d: %s", level, code, errOut)
	}
	return out
}

func TestPathAndQuery(t *testing.T) {
	tutorial := buildTestTable(t, "tutorial.json")
	split := buildTestTable(t, "unreachable.grid")
	small := buildTestTable(t, "small.map")
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		out   string // wanted stdout, exactly
		err   string // wanted in stderr
	}{
		{"graph path", "", []string{"path", tutorial, "g", "f"}, 0, "g -> f cost 3 path g b a f\n", ""},
		{"graph path json", "", []string{"path", "-json", tutorial, "g", "f"}, 0,
			`{"from":"g","to":"f","reachable":true,"cost":3,"path":["g","b","a","f"]}` + "\n", ""},
		{"same node", "", []string{"path", tutorial, "a", "a"}, 0, "a -> a cost 0 path a\n", ""},
		{"no path", "", []string{"path", split, "0,0", "7,0"}, 0, "0,0 -> 7,0 no path\n", ""},
		{"no path json", "", []string{"path", "-json", split, "0,0", "7,0"}, 0,
			`{"from":"0,0","to":"7,0","reachable":false,"cost":null,"path":[]}` + "\n", ""},
		{"grid path", "", []string{"path", small, "1,1", "3,1"}, 0, "1,1 -> 3,1 cost 2 path 1,1 2,1 3,1\n", ""},
		{"grid path smooth", "", []string{"path", "-smooth", small, "1,1", "3,1"}, 0, "1,1 -> 3,1 cost 2 path 1,1 2,1 3,1 corners 1,1 3,1\n", ""},
		{"grid path smooth json", "", []string{"path", "-smooth", "-json", small, "1,1", "3,1"}, 0,
			`{"from":"1,1","to":"3,1","reachable":true,"cost":2,"path":["1,1","2,1","3,1"],"corners":["1,1","3,1"]}` + "\n", ""},
		{"grid path smooth turns", "", []string{"path", "-smooth", small, "1,1", "6,3"}, 0,
			"1,1 -> 6,3 cost 7 path 1,1 2,1 3,1 4,1 4,2 4,3 5,3 6,3 corners 1,1 4,1 4,3 6,3\n", ""},
		{"no path smooth json", "", []string{"path", "-smooth", "-json", split, "0,0", "7,0"}, 0,
			`{"from":"0,0","to":"7,0","reachable":false,"cost":null,"path":[],"corners":[]}` + "\n", ""},
		{"no path smooth", "", []string{"path", "-smooth", split, "0,0", "7,0"}, 0, "0,0 -> 7,0 no path\n", ""},
		{"graph smooth", "", []string{"path", "-smooth", tutorial, "g", "f"}, 1, "", "-smooth straightens paths on grids by line of sight; this table is of a graph"},
		{"query smooth", "1,1 3,1\n1,1 1,1\n", []string{"query", "-smooth", small}, 0,
			"1,1 -> 3,1 cost 2 path 1,1 2,1 3,1 corners 1,1 3,1\n1,1 -> 1,1 cost 0 path 1,1 corners 1,1\n", ""},
		{"query smooth graph", "g f\n", []string{"query", "-smooth", tutorial}, 1, "", "this table is of a graph"},
		{"wall", "", []string{"path", small, "0,0", "1,1"}, 1, "", "cell 0,0 is a wall, not a node"},
		{"outside", "", []string{"path", small, "1,1", "10,1"}, 1, "", "outside the 10x8 grid"},
		{"negative", "", []string{"path", small, "-1,0", "1,1"}, 1, "", "cell -1,0 is outside the 10x8 grid"},
		{"bad cell", "", []string{"path", small, "1;1", "2,1"}, 1, "", `bad cell "1;1"`},
		{"unknown id", "", []string{"path", tutorial, "g", "zz"}, 1, "", `no node "zz"`},
		{"missing args", "", []string{"path", tutorial, "g"}, 2, "", "path needs TABLE FROM TO"},
		{"not a table", "", []string{"path", "../../testdata/small.map", "1,1", "2,1"}, 1, "", "not a pathtable table"},
		{"query", "g f\n\n# comment\na a\n", []string{"query", tutorial}, 0,
			"g -> f cost 3 path g b a f\na -> a cost 0 path a\n", ""},
		{"query json", "g f\n", []string{"query", "-json", tutorial}, 0,
			`{"from":"g","to":"f","reachable":true,"cost":3,"path":["g","b","a","f"]}` + "\n", ""},
		{"query bad line", "g f\ng\nq f\na a", []string{"query", tutorial}, 1,
			"g -> f cost 3 path g b a f\na -> a cost 0 path a\n", "stdin:2: want FROM TO"},
		{"unknown command", "", []string{"frobnicate"}, 2, "", "unknown command"},
		{"bad flag", "", []string{"path", "-frob", tutorial, "a", "b"}, 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.input, tt.args...)
			if code != tt.code || out != tt.out || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d, stdout %q, stderr %q;\nwant exit %d, stdout %q, stderr containing %q", code, out, errOut, tt.code, tt.out, tt.err)
			}
			if strings.Count(errOut, "\n") > 3 && tt.code != 2 {
				t.Errorf("error is not one line: %q", errOut)
			}
		})
	}
}

func TestBuildBatch(t *testing.T) {
	levels := t.TempDir()
	for _, f := range []string{"tutorial.json", "maze.grid", "small.map", "lecture.gr"} {
		data, err := os.ReadFile(filepath.Join("../../testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(levels, f), data, 0o644)
	}
	os.WriteFile(filepath.Join(levels, "broken.grid"), []byte("...\n..x\n"), 0o644)
	os.WriteFile(filepath.Join(levels, "notes.txt"), []byte("not a level"), 0o644)
	os.WriteFile(filepath.Join(levels, "lecture.json"), []byte(`{"nodes":[]}`), 0o644) // same output name as lecture.gr
	out := filepath.Join(t.TempDir(), "tables")

	statuses := func(stdout string) map[string]string {
		got := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			var r buildResult
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("bad JSON line %q: %v", line, err)
			}
			got[filepath.Base(r.Input)] = r.Status
		}
		return got
	}
	code, stdout, errOut := runCLI(t, "", "build", "-json", "-quiet", "-o", out, levels)
	want := map[string]string{"tutorial.json": "built", "maze.grid": "built", "small.map": "built",
		"lecture.gr": "failed", "lecture.json": "failed", "broken.grid": "failed"}
	if got := statuses(stdout); code != 1 || !equalMaps(got, want) || !strings.Contains(errOut, "broken.grid:2:3") ||
		!strings.Contains(errOut, "2 inputs would write") {
		t.Fatalf("first bake: exit %d, %v, stderr %q", code, got, errOut)
	}
	os.Remove(filepath.Join(levels, "broken.grid"))
	os.Remove(filepath.Join(levels, "lecture.json"))
	delete(want, "lecture.json")
	delete(want, "broken.grid")
	code, stdout, _ = runCLI(t, "", "build", "-json", "-quiet", "-o", out, levels)
	if got := statuses(stdout); code != 0 || got["lecture.gr"] != "built" || got["maze.grid"] != "up-to-date" {
		t.Fatalf("bake after fixing: exit %d, %v", code, got)
	}
	code, stdout, _ = runCLI(t, "", "build", "-json", "-quiet", "-o", out, levels)
	for k := range want {
		want[k] = "up-to-date"
	}
	if got := statuses(stdout); code != 0 || !equalMaps(got, want) {
		t.Fatalf("second bake: exit %d, %v", code, got)
	}
	// Changing the options or the level makes a table stale.
	code, stdout, _ = runCLI(t, "", "build", "-json", "-quiet", "-diagonal", "10/14", "-o", out, levels)
	got := statuses(stdout)
	if code != 0 || got["maze.grid"] != "built" || got["tutorial.json"] != "up-to-date" {
		t.Fatalf("options changed: exit %d, %v", code, got)
	}
	code, stdout, _ = runCLI(t, "", "build", "-force", "-quiet", "-o", out, filepath.Join(levels, "small.map"), filepath.Join(levels, "lecture.gr"))
	if code != 0 || strings.Count(stdout, "built ") != 2 {
		t.Fatalf("-force: exit %d, %q", code, stdout)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestBuildDeterministic(t *testing.T) {
	one := buildTestTable(t, "maze.grid", "-workers", "1")
	two := buildTestTable(t, "maze.grid", "-workers", "3")
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(two)
	if !bytes.Equal(a, b) {
		t.Error("tables differ between -workers 1 and -workers 3")
	}
}

func TestBuildErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"nodes":[{"id":"a"},{"id":"b"}],"edges":[{"from":"a","to":"b","cost":-2}]}`), 0o644)
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"build", bad}, 1, "bad.json"},
		{[]string{"build", "-max-bytes", "100", "../../testdata/maze.grid", "-o", filepath.Join(dir, "m.ptab")}, 1, "-max-bytes"},
		{[]string{"build", "-max-bytes", "100", "-o", filepath.Join(dir, "m.ptab"), "../../testdata/maze.grid"}, 1, "-max-bytes"},
		{[]string{"build", "-connect", "6", "../../testdata/maze.grid"}, 2, "-connect must be 4 or 8"},
		{[]string{"build"}, 2, "at least one level"},
		{[]string{"build", filepath.Join(dir, "missing.map")}, 1, "missing.map"},
		{[]string{"build", "-max-bytes", "lots", "x.map"}, 2, "bad size"},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d containing %q", tt.args, code, errOut, tt.code, tt.err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.ptab")); !os.IsNotExist(err) {
		t.Error("a failed build left an output file")
	}
}

func TestInfo(t *testing.T) {
	path := buildTestTable(t, "maze.grid", "-diagonal", "10/14")
	code, out, _ := runCLI(t, "", "info", "-json", path)
	var in tableInfo
	if err := json.Unmarshal([]byte(out), &in); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if in.Kind != "grid" || in.Width != 12 || in.Height != 8 || in.Nodes != 62 || in.Diagonal != "10/14" ||
		in.DistKind != "u16" || in.Reachable != 62*61 || in.FormatVersion != 3 || len(in.InputHash) != 64 {
		t.Errorf("info = %+v", in)
	}
	// -graph-bins writes the format a grid table had before 3, with the
	// same input hash; a plain build then rebuilds it in format 3.
	hash := in.InputHash
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-graph-bins", "-diagonal", "10/14", "-o", path, "../../testdata/maze.grid"); code != 0 {
		t.Fatalf("build -graph-bins: exit %d: %s", code, errOut)
	}
	code, out, _ = runCLI(t, "", "info", "-json", path)
	if err := json.Unmarshal([]byte(out), &in); code != 0 || err != nil || in.FormatVersion != 1 || in.InputHash != hash || in.Reachable != 62*61 {
		t.Errorf("info of -graph-bins = %+v (exit %d, %v)", in, code, err)
	}
	code, out, _ = runCLI(t, "", "build", "-json", "-diagonal", "10/14", "-o", path, "../../testdata/maze.grid")
	if code != 0 || !strings.Contains(out, `"built"`) {
		t.Errorf("a plain build over a -graph-bins table: exit %d, %s; want it rebuilt", code, out)
	}
	code, out, _ = runCLI(t, "", "info", path)
	if code != 0 || !strings.Contains(out, "grid 12x8") || !strings.Contains(out, "10/14") {
		t.Errorf("info text: %d %q", code, out)
	}
}

// TestReachablePairs checks table.ReachablePairs, as build and info
// report it, against the distances, pair by pair, on levels with and
// without unreachable pairs.
func TestReachablePairs(t *testing.T) {
	for _, level := range []string{"unreachable.grid", "lecture-directed.json", "small.map"} {
		tab, err := table.Open(buildTestTable(t, level))
		if err != nil {
			t.Fatal(err)
		}
		lt := lookup.New(tab)
		var want int64
		for s := range lt.Len() {
			for u := range lt.Len() {
				if _, ok := lt.Dist(s, u); ok && s != u {
					want++
				}
			}
		}
		if got := tab.ReachablePairs(); got != want {
			t.Errorf("%s: ReachablePairs = %d, want %d", level, got, want)
		}
	}
}

// TestCompressed builds run-length tables with -compress and checks that
// every command that reads tables answers from them as from the flat ones:
// the same costs for every pair through query, info naming the layout, a
// clean verify, and an up-to-date check that tells the layouts apart.
func TestCompressed(t *testing.T) {
	for _, level := range []string{"maze.grid", "small.map", "unreachable.grid", "lecture-directed.json", "tutorial.json"} {
		t.Run(level, func(t *testing.T) {
			flat := buildTestTable(t, level)
			runs := buildTestTable(t, level, "-compress")
			lt, err := lookup.Open(flat)
			if err != nil {
				t.Fatal(err)
			}
			var in strings.Builder
			for s := range lt.Len() {
				for d := range lt.Len() {
					in.WriteString(lt.Name(s) + " " + lt.Name(d) + "\n")
				}
			}
			costs := func(path string) []string {
				code, out, errOut := runCLI(t, in.String(), "query", "-json", path)
				if code != 0 {
					t.Fatalf("query %s: exit %d: %s", path, code, errOut)
				}
				var got []string
				for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
					var a struct {
						Cost      *float64 `json:"cost"`
						Reachable bool     `json:"reachable"`
					}
					if err := json.Unmarshal([]byte(line), &a); err != nil {
						t.Fatal(err)
					}
					if a.Reachable {
						got = append(got, strconv.FormatFloat(*a.Cost, 'g', -1, 64))
					} else {
						got = append(got, "none")
					}
				}
				return got
			}
			if a, b := costs(flat), costs(runs); !slices.Equal(a, b) {
				t.Fatalf("costs differ between layouts")
			}
			code, out, _ := runCLI(t, "", "info", "-json", runs)
			var info tableInfo
			if err := json.Unmarshal([]byte(out), &info); code != 0 || err != nil || info.Layout != "runs" || info.FormatVersion != map[string]int{"grid": 3, "graph": 2}[info.Kind] || info.Runs == 0 {
				t.Fatalf("info: exit %d, %v: %s", code, err, out)
			}
			if code, out, errOut := runCLI(t, "", "verify", "-pairs", "all", runs, filepath.Join("../../testdata", level)); code != 0 {
				t.Fatalf("verify: exit %d: %s%s", code, out, errOut)
			}
			// The flat table at the same path is not up to date for -compress.
			if code, out, _ := runCLI(t, "", "build", "-quiet", "-compress", "-o", flat, filepath.Join("../../testdata", level)); code != 0 || !strings.HasPrefix(out, "built") {
				t.Fatalf("build -compress over a flat table: exit %d: %s", code, out)
			}
		})
	}
}
