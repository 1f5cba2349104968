package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathBlock checks path and query with -block against solve on the
// level with the same cells made walls: same cost, a path around them, the
// same output format; and that -block errors name their value or line.
func TestPathBlock(t *testing.T) {
	level, err := os.ReadFile("../../testdata/maze.grid")
	if err != nil {
		t.Fatal(err)
	}
	tab := buildTestTable(t, "maze.grid")
	dir := t.TempDir()
	list := filepath.Join(dir, "doors.txt")
	os.WriteFile(list, []byte("# doors\n\n8,2\r\n"), 0o644)
	walled := filepath.Join(dir, "walled.grid")
	os.WriteFile(walled, wallCells(level, [][2]int{{5, 0}, {8, 2}}), 0o644)

	tests := []struct {
		name, from, to string
		args           []string
	}{
		{"flags", "0,0", "11,7", []string{"-block", "5,0", "-block", "8,2"}},
		{"file and flag", "0,0", "11,7", []string{"-block", "@" + list, "-block", "5,0"}},
		{"json", "11,0", "2,2", []string{"-json", "-block", "5,0", "-block", "@" + list}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"path"}, tt.args...), tab, tt.from, tt.to)
			code, out, errOut := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			_, want, _ := runCLI(t, "", "solve", "-json", walled, tt.from, tt.to)
			wantCost := jsonField(want, "cost")
			if strings.Contains(strings.Join(tt.args, " "), "-json") {
				if jsonField(out, "cost") != wantCost {
					t.Errorf("path -block says %s, solve on the walled level %s", out, want)
				}
			} else if !strings.HasPrefix(out, tt.from+" -> "+tt.to+" cost "+wantCost+" path ") {
				t.Errorf("path -block says %q, solve on the walled level %s", out, want)
			}
			if strings.Contains(out, " 5,0 ") || strings.Contains(out, " 8,2 ") || strings.Contains(out, `"5,0"`) {
				t.Errorf("the path crosses a blocked cell: %s", out)
			}
			// query answers each line the same way.
			qargs := append(append([]string{"query"}, tt.args...), tab)
			_, qout, _ := runCLI(t, tt.from+" "+tt.to+"\n", qargs...)
			if qout != out {
				t.Errorf("query -block says %q, path says %q", qout, out)
			}
		})
	}

	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("1,1\n\n3,1\n"), 0o644)
	errs := []struct {
		name string
		args []string
		want string
	}{
		{"blocked FROM", []string{"path", "-block", "0,0", tab, "0,0", "11,7"}, "FROM: 0,0 is closed by -block"},
		{"blocked TO", []string{"path", "-block", "@" + list, tab, "0,0", "8,2"}, "TO: 8,2 is closed by -block"},
		{"wall", []string{"path", "-block", "1,1", tab, "0,0", "11,7"}, "-block 1,1: cell 1,1 is a wall, not a node"},
		{"file line", []string{"path", "-block", "@" + bad, tab, "0,0", "11,7"}, "-block " + bad + ":1: cell 1,1 is a wall, not a node"},
		{"no file", []string{"path", "-block", "@" + dir + "/none", tab, "0,0", "11,7"}, "no such file"},
		{"query blocked TO", []string{"query", "-block", "8,2", tab}, "stdin:1: TO: 8,2 is closed by -block"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "0,0 8,2\n", tt.args...)
			lines := 1
			if tt.args[0] == "query" {
				lines = 2 // and the count of bad lines
			}
			if code != 1 || out != "" || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != lines {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %d lines, one containing %q", code, out, errOut, lines, tt.want)
			}
		})
	}
}

// wallCells returns a .grid level's text with the given cells made walls.
func wallCells(level []byte, cells [][2]int) []byte {
	lines := strings.Split(string(level), "\n")
	row := 0
	for i, l := range lines {
		if strings.HasPrefix(l, ";") || l == "" {
			continue
		}
		b := []byte(l)
		for _, c := range cells {
			if c[1] == row {
				b[c[0]] = '#'
			}
		}
		lines[i] = string(b)
		row++
	}
	return []byte(strings.Join(lines, "\n"))
}

// jsonField returns the text of a top-level field of a one-line JSON
// object, as printed.
func jsonField(obj, name string) string {
	_, rest, ok := strings.Cut(obj, `"`+name+`":`)
	if !ok {
		return ""
	}
	end := strings.IndexAny(rest, ",}")
	return rest[:end]
}

// TestRenderBlock checks that render marks blocked cells and draws the
// path around them.
func TestRenderBlock(t *testing.T) {
	tab := renderTable(t, "level.grid", renderGridLevel)
	const s = 12
	plain := renderPNG(t, tab, "-scale", "12", "-from", "0,0", "-to", "4,0")
	img := renderPNG(t, tab, "-scale", "12", "-from", "0,0", "-to", "4,0", "-block", "2,0")
	if c := renderCell(img, s, 2, 0); c != colBlocked {
		t.Errorf("blocked cell 2,0 is %v, want %v", c, colBlocked)
	}
	if c := renderCell(plain, s, 2, 1); c == colPath {
		t.Fatalf("the unblocked path already crosses 2,1")
	}
	if c := renderCell(img, s, 2, 2); c != colPath {
		t.Errorf("cell 2,2 on the way around is %v, want the path colour", c)
	}
}

// TestQueryLineLimit: query answers the lines before one longer than
// maxQueryLine, then stops with an error naming that line, rather than
// holding an endless line (from /dev/zero, say) in memory; a line of
// exactly the limit is still read as a query.
func TestQueryLineLimit(t *testing.T) {
	tab := buildTestTable(t, "maze.grid")
	long := strings.Repeat("\x00", maxQueryLine+1)
	code, out, errOut := runCLI(t, "0,0 1,0\n"+long+"\n1,0 0,0\n", "query", tab)
	if code != 1 || out != "0,0 -> 1,0 cost 1 path 0,0 1,0\n" || errOut != "pathtable: stdin:2: line longer than 65536 bytes\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	atLimit := "0,0 1,0" + strings.Repeat(" ", maxQueryLine-len("0,0 1,0")) + "\n"
	code, out, errOut = runCLI(t, atLimit, "query", tab)
	if code != 0 || out != "0,0 -> 1,0 cost 1 path 0,0 1,0\n" {
		t.Errorf("a line of %d bytes: exit %d, stdout %q, stderr %q", len(atLimit), code, out, errOut)
	}
}
