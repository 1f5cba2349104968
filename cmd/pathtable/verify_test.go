package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// verifyCopy copies a testdata level into a fresh folder and builds its
// table there with the given build flags; it returns both paths.
func verifyCopy(t *testing.T, name string, flags ...string) (level, tab string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	level, tab = filepath.Join(dir, name), filepath.Join(dir, "level.ptab")
	if err := os.WriteFile(level, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{"build", "-quiet", "-o", tab}, flags...), level)
	if code, _, errOut := runCLI(t, "", args...); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	return level, tab
}

// verifyLevel is a testdata level with the build flags to try (nil: the
// defaults only).
type verifyLevel struct {
	name  string
	flags [][]string
}

var verifyLevels = []verifyLevel{
	{"small.map", [][]string{nil, {"-connect", "4"}, {"-diagonal", "10/14"}}},
	{"maze.grid", [][]string{nil, {"-diagonal", "10/14"}, {"-connect", "4", "-diagonal", "10/14"}}},
	{"unreachable.grid", [][]string{nil, {"-connect", "4"}}},
	{"lecture.gr", nil},
	{"lecture-directed.json", nil},
	{"tutorial.json", nil},
	{"waypoints.json", nil},
	{"zero.json", [][]string{nil, {"-compress"}}},
	{"zero-cycle.gr", [][]string{nil, {"-compress"}}},
}

func TestVerifyFreshTables(t *testing.T) {
	entries, _ := os.ReadDir("../../testdata")
	for _, e := range entries {
		if _, err := maps.FormatOf(e.Name()); err == nil && !slices.ContainsFunc(verifyLevels, func(l verifyLevel) bool { return l.name == e.Name() }) {
			t.Errorf("testdata level %s is not in verifyLevels", e.Name())
		}
	}
	for _, l := range verifyLevels {
		flags := l.flags
		if flags == nil {
			flags = [][]string{nil}
		}
		for _, f := range flags {
			level, tab := verifyCopy(t, l.name, f...)
			for _, extra := range [][]string{nil, {"-pairs", "all", "-workers", "1"}, {"-pairs", "300", "-seed", "5"}} {
				args := append(append([]string{"verify"}, extra...), tab, level)
				code, out, errOut := runCLI(t, "", args...)
				if code != 0 || !strings.Contains(out, " 0 mismatches, ") || errOut != "" {
					t.Errorf("%s %v: exit %d, stdout %q, stderr %q", l.name, args, code, out, errOut)
				}
			}
			code, out, _ := runCLI(t, "", "verify", "-json", tab, level)
			var sum verifySummary
			if err := json.Unmarshal([]byte(out), &sum); err != nil || code != 0 || !sum.OK || sum.Stale || !sum.AllPairs ||
				sum.Pairs != int64(sum.Nodes)*int64(sum.Nodes) || sum.Mismatches != 0 || strings.Count(out, "\n") != 1 {
				t.Errorf("%s %v -json: exit %d, %q (%v)", l.name, f, code, out, err)
			}
		}
	}
}

func TestVerifyStale(t *testing.T) {
	level, tab := verifyCopy(t, "small.map")
	data, _ := os.ReadFile(level)
	changed := bytes.Replace(data, []byte("@....T...@"), []byte("@....T..T@"), 1)
	if err := os.WriteFile(level, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "verify", tab, level)
	if want := "stale table: " + level + " changed since " + tab + " was built from it"; code != 1 || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, errOut, want)
	}
	code, out, _ = runCLI(t, "", "verify", "-json", tab, level)
	var sum verifySummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil || code != 1 || !sum.Stale || sum.OK || !strings.Contains(sum.Error, "stale") {
		t.Errorf("-json: exit %d, %q", code, out)
	}
	// Other build options than the table's are stale too: verify loads
	// the level with the table's options, so another table is needed.
	_, tab4 := verifyCopy(t, "small.map", "-connect", "4")
	os.WriteFile(level, data, 0o644)
	if code, _, errOut := runCLI(t, "", "verify", tab4, level); code != 0 {
		t.Errorf("4-connected table of the same level: exit %d: %s", code, errOut)
	}
}

// verifyRehash gives the table at path the input hash of the level file
// as it is now, so verify gets past the stale check.
func verifyRehash(t *testing.T, tab, level string) {
	t.Helper()
	tb, err := table.Open(tab)
	if err != nil {
		t.Fatal(err)
	}
	lvl, err := maps.Load(level, build.LevelOptions(&tb.Header))
	if err != nil {
		t.Fatal(err)
	}
	tb.InputHash = build.InputHash(lvl.Format, lvl.Options, build.Options{}, lvl.Data)
	if err := table.WriteFile(tab, tb); err != nil {
		t.Fatal(err)
	}
}

// verifyMismatchLines returns the indented mismatch lines of verify's
// output.
func verifyMismatchLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  ") && strings.Contains(l, " -> ") {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return lines
}

func TestVerifyChangedCell(t *testing.T) {
	level, tab := verifyCopy(t, "maze.grid", "-diagonal", "10/14")
	data, _ := os.ReadFile(level)
	// Row 0 is the first line after the comments: make cell 3,0 cost 9.
	lines := strings.Split(string(data), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return l != "" && l[0] != ';' })
	lines[i] = lines[i][:3] + "9" + lines[i][4:]
	if err := os.WriteFile(level, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	verifyRehash(t, tab, level)
	code, out, errOut := runCLI(t, "", "verify", tab, level)
	ms := verifyMismatchLines(out)
	if code != 1 || len(ms) == 0 || len(ms) > 11 || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and mismatches", code, out, errOut)
	}
	if len(ms) == 11 && !strings.HasPrefix(ms[10], "... and ") {
		t.Errorf("more than 10 mismatches listed: %q", ms)
	}
	// The first listed pair really differs: solve it live on the changed
	// level and look it up in the table.
	var from, to string
	fmt.Sscanf(strings.ReplaceAll(ms[0], ":", " "), "%s -> %s", &from, &to)
	_, live, _ := runCLI(t, "", "solve", "-diagonal", "10/14", level, from, to)
	_, fromTable, _ := runCLI(t, "", "path", tab, from, to)
	liveCost, tableCost := strings.Fields(live)[4], strings.Fields(fromTable)[4]
	if liveCost == tableCost || !strings.Contains(ms[0], "table cost "+tableCost+", live cost "+liveCost) {
		t.Errorf("mismatch %q: solve says %q, path says %q", ms[0], live, fromTable)
	}
}

// verifyWorseMove finds a pair (s, t) of the table at path and an out-edge
// slot of s that starts no shortest path to t.
func verifyWorseMove(t *testing.T, tb *table.Table) (s, target int, slot byte) {
	t.Helper()
	n := tb.Nodes
	for target := range n {
		for s := range n {
			d, ok := tb.Distance(s, target)
			if !ok || s == target {
				continue
			}
			for e := tb.Offsets[s]; e < tb.Offsets[s+1]; e++ {
				dv, okv := tb.Distance(int(tb.Targets[e]), target)
				if !okv || tb.Weights[e]+dv > d+1e-6 {
					return s, target, byte(e - tb.Offsets[s])
				}
			}
		}
	}
	t.Fatal("no worse move")
	return
}

func TestVerifyAlteredTable(t *testing.T) {
	for _, c := range []struct {
		level string
		what  string
	}{
		{"small.map", "first move"}, {"small.map", "distance"},
		{"waypoints.json", "first move"}, {"waypoints.json", "distance"},
		{"lecture.gr", "first move"},
	} {
		level, tab := verifyCopy(t, c.level)
		tb, err := table.Open(tab)
		if err != nil {
			t.Fatal(err)
		}
		// The payloads alias the file's bytes: change copies.
		tb = tb.Clone()
		s, target, slot := verifyWorseMove(t, tb)
		n := tb.Nodes
		if c.what == "first move" {
			tb.Payload().(*table.Flat).FirstRow(target)[s] = slot
		} else {
			// Flip a bit far above rounding: in the high byte of a u16 or
			// of an octile part, in the exponent of a float64.
			b := 1
			if tb.DistKind == table.DistF64 {
				b = 6
			}
			_, dist := tb.Payload().(*table.Flat).Rows().Bytes()
			dist[(target*n+s)*tb.DistKind.Width()+b] ^= 0x10
		}
		if err := table.WriteFile(tab, tb); err != nil {
			t.Fatal(err)
		}
		lvl, err := maps.Load(level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := lvl.Graph
		pair := g.NodeName(int32(s)) + " -> " + g.NodeName(int32(target))
		code, out, errOut := runCLI(t, "", "verify", tab, level)
		ms := verifyMismatchLines(out)
		if code != 1 || len(ms) == 0 || !strings.HasPrefix(ms[0], pair+": table cost ") {
			t.Errorf("%s, %s of %s altered: exit %d, stdout %q, stderr %q", c.level, c.what, pair, code, out, errOut)
		}
		// JSON names it too.
		code, out, _ = runCLI(t, "", "verify", "-json", tab, level)
		var sum verifySummary
		if err := json.Unmarshal([]byte(out), &sum); err != nil || code != 1 || sum.OK || sum.Mismatches == 0 ||
			len(sum.First) == 0 || sum.First[0].From+" -> "+sum.First[0].To != pair {
			t.Errorf("%s, %s of %s altered, -json: exit %d, %q", c.level, c.what, pair, code, out)
		}
	}
}

func TestVerifyUsage(t *testing.T) {
	level, tab := verifyCopy(t, "tutorial.json")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"verify"}, 2, "verify needs TABLE LEVEL"},
		{[]string{"verify", tab}, 2, "verify needs TABLE LEVEL"},
		{[]string{"verify", "-pairs", "0", tab, level}, 2, "-pairs must be"},
		{[]string{"verify", "-pairs", "some", tab, level}, 2, "-pairs must be"},
		{[]string{"verify", "-workers", "-1", tab, level}, 2, "-workers"},
		{[]string{"verify", "-bogus", tab, level}, 2, ""},
		{[]string{"verify", "-scen", "x.scen", tab, level}, 2, "-scen needs a grid level"},
		{[]string{"verify", tab + ".missing", level}, 1, "no such file"},
		{[]string{"verify", tab, "missing.json"}, 1, "no such file"},
		{[]string{"verify", "-h"}, 0, ""},
	} {
		code, _, errOut := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

const verifyTestmaps = "../../../shared/testmaps"

func TestVerifyScenarios(t *testing.T) {
	path := filepath.Join(verifyTestmaps, "lak110d.map")
	if _, err := os.Stat(path); err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("no Moving AI test maps: %v", err))
	}
	dir := t.TempDir()
	tab := filepath.Join(dir, "lak110d.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-o", tab, path); code != 0 {
		t.Fatalf("build: %s", errOut)
	}
	code, out, errOut := runCLI(t, "", "verify", "-scen", path+".scen", tab, path)
	if code != 0 || !strings.Contains(out, "and 70 scenarios checked, 0 mismatches") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A wrong published length is a mismatch that names the pair.
	scen, _ := os.ReadFile(path + ".scen")
	lines := strings.Split(string(scen), "\n")
	f := strings.Split(lines[5], "\t")
	f[8] = "1234.5"
	lines[5] = strings.Join(f, "\t")
	bad := filepath.Join(dir, "bad.scen")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644)
	code, out, _ = runCLI(t, "", "verify", "-scen", bad, tab, path)
	pair := f[4] + "," + f[5] + " -> " + f[6] + "," + f[7]
	if ms := verifyMismatchLines(out); code != 1 || len(ms) != 1 || !strings.HasPrefix(ms[0], pair) || !strings.Contains(ms[0], "published 1234.5") {
		t.Errorf("wrong length: exit %d, stdout %q", code, out)
	}
	// Scenarios assume the Moving AI model.
	tab4 := filepath.Join(dir, "lak110d-4.ptab")
	runCLI(t, "", "build", "-quiet", "-connect", "4", "-o", tab4, path)
	if code, _, errOut := runCLI(t, "", "verify", "-scen", path+".scen", tab4, path); code != 1 || !strings.Contains(errOut, "8-connected") {
		t.Errorf("4-connected table: exit %d, stderr %q", code, errOut)
	}
}

// TestVerifyOtherLevel: a level other than the table's source is named as
// such, not called stale; a renamed copy of the source is the same level.
func TestVerifyOtherLevel(t *testing.T) {
	_, tab := verifyCopy(t, "small.map")
	other, _ := verifyCopy(t, "maze.grid")
	code, out, errOut := runCLI(t, "", "verify", tab, other)
	if want := tab + " was built from small.map, not maze.grid"; code != 1 || out != "" || !strings.Contains(errOut, want) || strings.Contains(errOut, "stale") {
		t.Errorf("other level: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, errOut, want)
	}
	data, err := os.ReadFile("../../testdata/small.map")
	if err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(t.TempDir(), "copy.map")
	if err := os.WriteFile(renamed, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "", "verify", tab, renamed); code != 0 || !strings.Contains(out, " 0 mismatches, ") {
		t.Errorf("renamed copy: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestVerifyScenariosNoPath: Dragon Age scenario files whose lines give a
// length of 0 for a start and goal in different parts (no path: lak203d
// 10 lines, rmtst 2, brc201d 10) verify against a correct table with no
// mismatch.
func TestVerifyScenariosNoPath(t *testing.T) {
	levels := []string{"lak203d"}
	if !testing.Short() {
		levels = append(levels, "rmtst", "brc201d")
	}
	for _, name := range levels {
		t.Run(name, func(t *testing.T) {
			level := sharedmaps.Path(t, "moremaps/"+name+".map")
			tab := filepath.Join(t.TempDir(), name+".ptab")
			if code, _, errOut := runCLI(t, "", "build", "-quiet", "-compress", "-o", tab, level); code != 0 {
				t.Fatalf("build: %s", errOut)
			}
			code, out, errOut := runCLI(t, "", "verify", "-quiet", "-pairs", "100", "-scen", level+".scen", tab, level)
			if code != 0 || !strings.Contains(out, " scenarios checked, 0 mismatches") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
		})
	}
}
