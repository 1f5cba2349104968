package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// clearanceLevel has a room above a hall, joined by a gap two cells wide
// (2,6 and 3,6) and one a cell wide (7,6): a 2x2 agent takes the wide
// one, a 3x3 agent fits in the room only, and the narrow gap is a
// one-cell agent's alone. Open to a 1x1 agent: 79 cells; to a 2x2 agent:
// 48 (7 a row in rows 0, 1, 3 and 4, 9 in rows 2 and 7, the gap's 2,5 and
// 2,6); to a 3x3 agent: 20 (5 a row in rows 0 to 3).
const clearanceLevel = "" +
	"....#.....\n" +
	"....#.....\n" +
	"..........\n" +
	"..........\n" +
	"....#.....\n" +
	"....#.3...\n" +
	"##..###.##\n" +
	"..........\n" +
	"..........\n"

// writeClearanceLevel writes clearanceLevel into a temporary folder.
func writeClearanceLevel(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rooms.grid")
	if err := os.WriteFile(path, []byte(clearanceLevel), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestClearanceOneIsToday: -clearance 1 writes the bytes no flag writes,
// in every layout, so its input hash and every cache keyed on it hold.
func TestClearanceOneIsToday(t *testing.T) {
	level := writeClearanceLevel(t)
	for _, layout := range [][]string{nil, {"-compress"}, {"-window", "2"}} {
		dir := t.TempDir()
		plain, one := filepath.Join(dir, "plain.ptab"), filepath.Join(dir, "one.ptab")
		for _, c := range []struct {
			out   string
			flags []string
		}{{plain, nil}, {one, []string{"-clearance", "1"}}} {
			args := append(append([]string{"build", "-quiet", "-o", c.out}, c.flags...), layout...)
			if code, _, errOut := runCLI(t, "", append(args, level)...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
		}
		a, _ := os.ReadFile(plain)
		b, _ := os.ReadFile(one)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%v: -clearance 1 wrote %d bytes, no flag %d, not the same", layout, len(b), len(a))
		}
	}
}

// TestClearanceTables builds a 2x2 agent's table in every layout and
// reads it back through every command: info names the agent (text and
// JSON), verify passes, path answers around the narrow corridor and names
// a cell the agent does not fit on, and a rebuild for another size is not
// up to date.
func TestClearanceTables(t *testing.T) {
	level := writeClearanceLevel(t)
	for _, layout := range [][]string{nil, {"-compress"}, {"-window", "3"}} {
		out := filepath.Join(t.TempDir(), "rooms.ptab")
		args := append([]string{"build", "-quiet", "-clearance", "2", "-o", out}, layout...)
		code, stdout, errOut := runCLI(t, "", append(args, level)...)
		if code != 0 || !strings.Contains(stdout, "(2x2 agent)") {
			t.Fatalf("%v: exit %d: %s%s", args, code, stdout, errOut)
		}
		if code, stdout, _ := runCLI(t, "", append(args, level)...); code != 0 || !strings.HasPrefix(stdout, "up to date") {
			t.Errorf("%v again: exit %d: %s", args, code, stdout)
		}
		if _, stdout, _ := runCLI(t, "", "info", out); !strings.Contains(stdout, "agent:     2x2 cells (clearance 2)") {
			t.Errorf("info: %s", stdout)
		}
		_, stdout, _ = runCLI(t, "", "info", "-json", out)
		var info struct{ Clearance, Nodes int }
		if err := json.Unmarshal([]byte(stdout), &info); err != nil || info.Clearance != 2 || info.Nodes != 48 {
			t.Errorf("info -json: %v: %s", err, stdout)
		}
		if code, stdout, errOut := runCLI(t, "", "verify", "-quiet", out, level); code != 0 || !strings.Contains(stdout, "(2x2 agent)") {
			t.Errorf("verify: exit %d: %s%s", code, stdout, errOut)
		}
		code, stdout, errOut = runCLI(t, "", "path", "-fallback", out, "8,0", "8,7")
		// A one-cell agent would squeeze through 7,6; this one goes round
		// through the wide gap.
		if code != 0 || !strings.Contains(stdout, "8,0 -> 8,7 cost") || !strings.Contains(stdout, " 2,6 ") || strings.Contains(stdout, " 7,6 ") {
			t.Errorf("path: exit %d: %s%s", code, stdout, errOut)
		}
		code, _, errOut = runCLI(t, "", "path", out, "3,0", "0,0")
		if want := "cell 3,0 is too narrow for a 2x2 agent"; code != 1 || !strings.Contains(errOut, want) {
			t.Errorf("path from 2,5: exit %d: %s, want %q", code, errOut, want)
		}
		args[3] = "3"
		if code, stdout, errOut := runCLI(t, "", append(args, level)...); code != 0 || !strings.HasPrefix(stdout, "built") || !strings.Contains(stdout, "(3x3 agent)") {
			t.Errorf("%v: exit %d: %s%s", args, code, stdout, errOut)
		}
	}
}

// TestClearanceSizes: one build bakes a table per size, named by size.
func TestClearanceSizes(t *testing.T) {
	level := writeClearanceLevel(t)
	dir := t.TempDir()
	code, stdout, errOut := runCLI(t, "", "build", "-quiet", "-json", "-clearance", "1,2,3", "-o", dir, level)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	nodes := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r buildResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		nodes[filepath.Base(r.Output)] = r.Nodes
	}
	want := map[string]int{"rooms.1x1.ptab": 79, "rooms.2x2.ptab": 48, "rooms.3x3.ptab": 20}
	if !equalInts(nodes, want) {
		t.Errorf("built %v, want %v", nodes, want)
	}
	for name := range want {
		if code, _, errOut := runCLI(t, "", "verify", "-quiet", filepath.Join(dir, name), level); code != 0 {
			t.Errorf("verify %s: exit %d: %s", name, code, errOut)
		}
	}
}

func equalInts(a, b map[string]int) bool {
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

// TestClearanceErrors: a size no cell fits, a size larger than the grid,
// one on a graph, below 1 or not a number, a list where one size is
// taken, or a list into one file: one line, a non-zero exit, nothing
// written.
func TestClearanceErrors(t *testing.T) {
	level := writeClearanceLevel(t)
	agentTable := filepath.Join(t.TempDir(), "rooms.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-clearance", "2", "-o", agentTable, level); code != 0 {
		t.Fatal(errOut)
	}
	scen := filepath.Join(t.TempDir(), "rooms.scen")
	if err := os.WriteFile(scen, []byte("version 1\n0\trooms.map\t10\t9\t0\t0\t5\t0\t5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	graph := filepath.Join(t.TempDir(), "g.gr")
	if err := os.WriteFile(graph, []byte("p sp 2 1\na 1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	walls := filepath.Join(t.TempDir(), "walls.grid")
	if err := os.WriteFile(walls, []byte("####\n####\n####\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"build", "-clearance", "6", level}, 1, "no cell is open to a 6x6 agent"},
		{[]string{"build", "-clearance", "2", walls}, 1, "no cell is open to a 2x2 agent"},
		{[]string{"build", "-clearance", "2", "-compress", walls}, 1, "no cell is open to a 2x2 agent"},
		{[]string{"build", "-clearance", "10", level}, 1, "a 10x10 agent does not fit the 10x9 grid"},
		{[]string{"build", "-clearance", "2", graph}, 1, "clearance 2 applies to grid levels (.map, .grid), not to a gr graph"},
		{[]string{"build", "-clearance", "0", level}, 2, `-clearance takes agent sides of 1 to 32768 cells (a list: 1,2,3), not "0"`},
		{[]string{"build", "-clearance", "-3", level}, 2, `not "-3"`},
		{[]string{"build", "-clearance", "two", level}, 2, `not "two"`},
		{[]string{"build", "-clearance", "99999", level}, 2, `not "99999"`},
		{[]string{"build", "-clearance", "2,2", level}, 2, "-clearance names size 2 twice"},
		{[]string{"plan", "-clearance", "1,2", level}, 2, "-clearance takes one size here"},
		{[]string{"verify", "-quiet", "-scen", scen, agentTable, level}, 1, "scenario lengths are a one-cell agent's; the table is for a 2x2 agent"},
		{[]string{"solve", "-clearance", "2", level, "3,0", "0,0"}, 1, "FROM: cell 3,0 is too narrow for a 2x2 agent"},
		{[]string{"solve", "-clearance", "2", level, "0,0", "9,0"}, 1, "TO: cell 9,0 is too narrow for a 2x2 agent"},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		args := tc.args
		if tc.args[0] == "build" {
			args = append([]string{"build", "-quiet", "-o", filepath.Join(dir, "x.ptab")}, tc.args[1:]...)
		}
		code, _, errOut := runCLI(t, "", args...)
		if code != tc.code || !strings.Contains(errOut, tc.err) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit %d and one line holding %q", tc.args, code, errOut, tc.code, tc.err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: wrote %d files", tc.args, len(entries))
		}
	}
	out := filepath.Join(t.TempDir(), "one.ptab")
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "", "build", "-clearance", "1,2", "-o", out, level)
	if code != 2 || !strings.Contains(errOut, "-o must be a folder") {
		t.Errorf("a list into one file: exit %d, %q", code, errOut)
	}
}

// TestClearancePlan: plan estimates the agent's table, and the build it
// recommends bakes that table.
func TestClearancePlan(t *testing.T) {
	level := writeClearanceLevel(t)
	code, stdout, errOut := runCLI(t, "", "plan", "-clearance", "2", level)
	if code != 0 || !strings.Contains(stdout, ": 48 nodes") || !strings.Contains(stdout, "(pathtable build -clearance 2 "+level+")") {
		t.Errorf("plan: exit %d: %s%s", code, stdout, errOut)
	}
}

// TestClearanceBlock: -block x,y on a larger agent's table closes every
// cell whose footprint covers x,y, so a door shut at 3,6 (not itself a
// cell the 2x2 agent stands on) closes the wide gap to it.
func TestClearanceBlock(t *testing.T) {
	level := writeClearanceLevel(t)
	out := filepath.Join(t.TempDir(), "rooms.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-clearance", "2", "-o", out, level); code != 0 {
		t.Fatal(errOut)
	}
	code, stdout, errOut := runCLI(t, "", "path", out, "8,0", "8,7")
	if code != 0 || !strings.Contains(stdout, " 2,6 ") {
		t.Fatalf("open: exit %d: %s%s", code, stdout, errOut)
	}
	code, stdout, errOut = runCLI(t, "", "path", "-block", "3,6", out, "8,0", "8,7")
	if code != 0 || stdout != "8,0 -> 8,7 no path\n" {
		t.Errorf("-block 3,6: exit %d: %s%s", code, stdout, errOut)
	}
	// A cell under no cell the agent stands on, open (the narrow gap 7,6)
	// or not (the wall 4,6; the table cannot tell them apart), closes
	// nothing: path and query answer as with no -block, with one note.
	_, open, _ := runCLI(t, "", "path", out, "8,0", "8,7")
	_, openQuery, _ := runCLI(t, "8,0 8,7\n2,0 8,3\n", "query", out)
	for _, cell := range []string{"7,6", "4,6"} {
		code, stdout, errOut = runCLI(t, "", "path", "-block", cell, out, "8,0", "8,7")
		note := "pathtable: note: -block " + cell + ": cell " + cell + " is under no cell a 2x2 agent stands on; closing it closes nothing\n"
		if code != 0 || stdout != open || errOut != note {
			t.Errorf("path -block %s: exit %d: %q %q, want %q and the note %q", cell, code, stdout, errOut, open, note)
		}
		code, stdout, errOut = runCLI(t, "8,0 8,7\n2,0 8,3\n", "query", "-block", cell, out)
		if code != 0 || stdout != openQuery || errOut != note {
			t.Errorf("query -block %s: exit %d: %q %q, want %q and the note %q", cell, code, stdout, errOut, openQuery, note)
		}
	}
	// A cell outside the grid is still refused.
	if code, _, errOut := runCLI(t, "", "path", "-block", "10,0", out, "8,0", "8,7"); code != 1 || !strings.Contains(errOut, "outside the 10x9 grid") {
		t.Errorf("-block 10,0: exit %d: %s", code, errOut)
	}
}
