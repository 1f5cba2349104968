package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// levelFlagsNote finds the flags a level's comment says it is meant for:
// "; ... for the 10/14 cost model (-diagonal 10/14)."
var levelFlagsNote = regexp.MustCompile(`(?m)^;.*\((-[a-z]+ [^)]+)\)`)

// TestReadmeQuickStart runs the README's quick start, the commands of the
// first sh block under "## Quick start", on copies of the levels it names,
// and checks that they print the output block after it, line for line
// (build times and peak memory aside). A level it builds is built with
// the flags the level's comments say it is meant for.
func TestReadmeQuickStart(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Quick start\n")
	if !ok {
		t.Fatal(`README.md has no "## Quick start" section`)
	}
	blocks := regexp.MustCompile("(?s)```(sh)?\n(.*?)```").FindAllStringSubmatch(section, 2)
	if len(blocks) < 2 || blocks[0][1] != "sh" || blocks[1][1] != "" {
		t.Fatal("the quick start wants an sh block of commands and an output block after it")
	}
	dir := t.TempDir()
	var printed strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(blocks[0][2]), "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		args, ok := strings.CutPrefix(strings.TrimSpace(line), "go run ./cmd/pathtable ")
		if !ok {
			t.Fatalf("quick start line %q is not a go run ./cmd/pathtable command", line)
		}
		argv := strings.Fields(args)
		for i, a := range argv {
			if rest, ok := strings.CutPrefix(a, "testdata/"); ok {
				argv[i] = filepath.Join(dir, "testdata", rest)
				if data, err := os.ReadFile(filepath.Join("../../testdata", rest)); err == nil {
					os.MkdirAll(filepath.Join(dir, "testdata"), 0o755)
					if err := os.WriteFile(argv[i], data, 0o644); err != nil {
						t.Fatal(err)
					}
					// A level whose comment names the flags it is meant
					// for, "(-diagonal 10/14)", is built with them.
					for _, m := range levelFlagsNote.FindAllStringSubmatch(string(data), -1) {
						if !strings.Contains(" "+args+" ", " "+m[1]+" ") {
							t.Errorf("%s says it is meant for %s; the quick start builds it with %q", a, m[1], args)
						}
					}
				}
			}
		}
		code, out, errOut := runCLI(t, "", argv...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", line, code, errOut)
		}
		printed.WriteString(strings.ReplaceAll(out, dir+string(filepath.Separator), ""))
	}
	volatile := regexp.MustCompile(`, \d+\.\d\ds(, peak memory [0-9.]+ [KMGT]?i?B)?$`)
	mask := func(text string) []string {
		lines := strings.Split(strings.TrimSpace(text), "\n")
		for i, l := range lines {
			lines[i] = volatile.ReplaceAllString(l, ", (time and memory)")
		}
		return lines
	}
	got, want := mask(printed.String()), mask(blocks[1][2])
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the quick start prints\n%s\nthe README shows\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
