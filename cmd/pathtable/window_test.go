package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/lookup"
)

func TestWindowCLI(t *testing.T) {
	small := buildTestTable(t, "small.map", "-window", "2")
	lt, err := lookup.Open(small)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		out  string // wanted in stdout
		err  string // wanted in stderr
	}{
		{"covered", []string{"path", small, "1,1", "3,1"}, 0, "1,1 -> 3,1 cost 2 path 1,1 2,1 3,1\n", ""},
		{"not covered", []string{"path", small, "1,1", "8,1"}, 0, "1,1 -> 8,1 not covered (outside the window of 8,1)\n", ""},
		{"covered json", []string{"path", "-json", small, "1,1", "3,1"}, 0,
			`{"from":"1,1","to":"3,1","covered":true,"reachable":true,"cost":2,"path":["1,1","2,1","3,1"]}` + "\n", ""},
		{"not covered json", []string{"path", "-json", small, "1,1", "8,1"}, 0,
			`{"from":"1,1","to":"8,1","covered":false,"reachable":false,"cost":null,"path":[]}` + "\n", ""},
		{"info", []string{"info", small}, 0, "window:    DELTA 2", ""},
		{"verify", []string{"verify", small, "../../testdata/small.map"}, 0, " 0 mismatches", ""},
		{"verify counts longer", []string{"verify", small, "../../testdata/small.map"}, 0, "longer inside their window", ""},
		{"fallback", []string{"path", "-fallback", small, "1,1", "8,1"}, 0, " (searched: outside the window of 8,1)\n", ""},
		{"fallback json", []string{"path", "-json", "-fallback", small, "1,1", "8,1"}, 0, `"covered":false,"searched":true,"reachable":true`, ""},
		{"fallback covered", []string{"path", "-fallback", small, "1,1", "3,1"}, 0, "1,1 -> 3,1 cost 2 path 1,1 2,1 3,1\n", ""},
		{"block", []string{"path", "-block", "2,1", small, "1,1", "3,1"}, 2, "", "-block needs a table of all pairs"},
		{"render crops", []string{"render", "-heat", "3,3", "-scale", "10", "-o", filepath.Join(t.TempDir(), "c.png"), small}, 0, ", the map 50x50 at ", ""},
		{"render not covered", []string{"render", "-from", "1,1", "-to", "8,1", "-o", filepath.Join(t.TempDir(), "n.png"), small}, 0, "px a cell); 1,1 -> 8,1 not covered (outside the window of 8,1)\n", ""},
		{"render covered", []string{"render", "-from", "1,1", "-to", "3,1", "-o", filepath.Join(t.TempDir(), "p.png"), small}, 0, "px a cell)\n", ""},
		{"render clips", []string{"render", "-heat", "8,1", "-scale", "10", "-o", filepath.Join(t.TempDir(), "e.png"), small}, 0, ", the map 40x40 at ", ""},
		{"bench", []string{"bench", small, "../../testdata/small.map"}, 1, "", "is windowed"},
		{"graph", []string{"build", "-quiet", "-window", "2", "-o", filepath.Join(t.TempDir(), "x.ptab"), "../../testdata/tutorial.json"}, 1, "", "windowed tables need a grid level"},
		{"negative", []string{"build", "-window", "-1", "../../testdata/small.map"}, 2, "", "-window must be 1 to 127"},
		{"too wide", []string{"build", "-window", "128", "../../testdata/small.map"}, 2, "", "-window must be 1 to 127"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", tc.name, code, out, errOut, tc.code, tc.out, tc.err)
		}
	}

	// -fallback answers every pair as the table of all pairs does.
	flat := buildTestTable(t, "small.map")
	for _, q := range [][2]string{{"1,1", "8,1"}, {"1,6", "8,6"}, {"8,5", "1,1"}} {
		_, want, _ := runCLI(t, "", "path", flat, q[0], q[1])
		_, got, _ := runCLI(t, "", "path", "-fallback", small, q[0], q[1])
		cost := func(s string) string { f := strings.Fields(s); return f[min(4, len(f)-1)] }
		if cost(got) != cost(want) || !strings.Contains(got, "searched") {
			t.Errorf("%s -> %s: -fallback says %q, the flat table %q", q[0], q[1], got, want)
		}
	}

	// The 7x8 grid with a wall at x=1, y=2..6 and -window 2: 0,4
	// -> 2,4 is covered, but its window holds no path; -fallback searches
	// it, as it does every pair the table leaves unanswered (issue 20).
	wall := filepath.Join(t.TempDir(), "wall.grid")
	rows := []string{".......", ".......", ".#.....", ".#.....", ".#.....", ".#.....", ".#.....", "......."}
	if err := os.WriteFile(wall, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := filepath.Join(t.TempDir(), "w.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-window", "2", "-o", w, wall); code != 0 {
		t.Fatal(errOut)
	}
	if _, out, _ := runCLI(t, "", "path", w, "0,4", "2,4"); out != "0,4 -> 2,4 no path\n" {
		t.Errorf("covered pair with no path inside the window: %q", out)
	}
	if _, out, _ := runCLI(t, "", "path", "-fallback", w, "0,4", "2,4"); !strings.HasPrefix(out, "0,4 -> 2,4 cost 8 path") ||
		!strings.HasSuffix(out, " (searched: no path inside the window of 2,4)\n") {
		t.Errorf("-fallback on a covered pair with no path inside the window: %q, want cost 8, searched", out)
	}

	// info's covered pairs, counted the slow way.
	_, out, _ := runCLI(t, "", "info", "-json", small)
	var in tableInfo
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	covered, reachable := int64(0), int64(0)
	for s := range lt.Len() {
		for d := range lt.Len() {
			if lt.Covered(s, d) {
				covered++
				if _, ok := lt.Dist(s, d); ok && s != d {
					reachable++
				}
			}
		}
	}
	if in.Window != 2 || in.Pairs != covered || in.Reachable != reachable || in.FormatVersion != 3 {
		t.Errorf("info: window %d, %d covered pairs (%d reachable), version %d; want 2, %d (%d), 3",
			in.Window, in.Pairs, in.Reachable, in.FormatVersion, covered, reachable)
	}

	// Same bytes for any workers; up to date only for the same window.
	one := buildTestTable(t, "small.map", "-window", "2", "-workers", "1")
	a, _ := os.ReadFile(small)
	b, _ := os.ReadFile(one)
	if !bytes.Equal(a, b) {
		t.Error("-workers 1 and the default build other bytes")
	}
	if _, out, _ := runCLI(t, "", "build", "-window", "2", "-o", small, "../../testdata/small.map"); !strings.HasPrefix(out, "up to date") {
		t.Errorf("same window: %q, want up to date", out)
	}
	if _, out, _ := runCLI(t, "", "build", "-quiet", "-window", "3", "-o", small, "../../testdata/small.map"); !strings.HasPrefix(out, "built") || !strings.Contains(out, "window 3 (7x7)") {
		t.Errorf("another window: %q, want built", out)
	}
	png := filepath.Join(t.TempDir(), "w.png")
	if code, _, errOut := runCLI(t, "", "render", "-heat", "3,3", "-o", png, small); code != 0 {
		t.Errorf("render -heat on a windowed table: exit %d: %s", code, errOut)
	}
}

// TestWindowNoMoves builds windowed tables of grids whose open cells have
// no moves (one cell; a checkerboard, whose cells touch only diagonally),
// which used to panic, and checks them.
func TestWindowNoMoves(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"one.grid": ".\n", "checker.grid": ".#.#\n#.#.\n.#.#\n"} {
		level := filepath.Join(dir, name)
		if err := os.WriteFile(level, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out := level + ".ptab"
		if code, _, errOut := runCLI(t, "", "build", "-quiet", "-window", "1", "-o", out, level); code != 0 {
			t.Fatalf("%s: build exit %d: %s", name, code, errOut)
		}
		if code, stdout, errOut := runCLI(t, "", "verify", out, level); code != 0 || !strings.Contains(stdout, " 0 mismatches") {
			t.Errorf("%s: verify exit %d: %s%s", name, code, stdout, errOut)
		}
	}
	code, out, _ := runCLI(t, "", "path", filepath.Join(dir, "checker.grid.ptab"), "0,0", "1,1")
	if code != 0 || !strings.Contains(out, "no path") {
		t.Errorf("checkerboard 0,0 -> 1,1: exit %d, %q, want no path", code, out)
	}
}
