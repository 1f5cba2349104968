package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildLevelOverLoaderLimit: a .gr declaring more nodes than a level
// may have is refused with the count it declares and the loader's limit,
// whatever the layout, and no layout is said to hold it.
func TestBuildLevelOverLoaderLimit(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "big.gr")
	if err := os.WriteFile(level, []byte("p sp 4000000 1\na 1 2 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{nil, {"-flat"}, {"-compress"}} {
		args := append(append([]string{"build", "-quiet", "-o", filepath.Join(dir, "big.ptab")}, flags...), level)
		code, _, errOut := runCLI(t, "", args...)
		if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "4000000 nodes exceed the limit of 1048576") ||
			strings.Contains(errOut, "1048577") || strings.Contains(errOut, "can hold it") {
			t.Errorf("build %v: exit %d, %q; want one line naming 4000000 nodes and the limit", flags, code, errOut)
		}
	}
}

// TestBuildFailureCountsTables: a build of several tables of one level
// (-clearance 1,2,99) counts the tables that failed, naming each by its
// level and agent, not "levels".
func TestBuildFailureCountsTables(t *testing.T) {
	level := writeClearanceLevel(t)
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "", "build", "-quiet", "-clearance", "1,2,99", "-o", dir, level)
	want := "pathtable: 1 of 3 tables failed: " + level + " -clearance 99\n"
	if code != 1 || !strings.HasSuffix(errOut, want) || strings.Contains(errOut, "levels") {
		t.Errorf("exit %d, stderr %q; want it to end %q", code, errOut, want)
	}
	// Several levels, one size: each failed table is its level.
	bad := filepath.Join(t.TempDir(), "bad.grid")
	os.WriteFile(bad, []byte("..\n.x\n"), 0o644)
	code, _, errOut = runCLI(t, "", "build", "-quiet", "-o", dir, level, bad)
	if want := "pathtable: 1 of 2 tables failed: " + bad + "\n"; code != 1 || !strings.HasSuffix(errOut, want) {
		t.Errorf("exit %d, stderr %q; want it to end %q", code, errOut, want)
	}
}

// TestBuildUpToDateFigures: build -json reports an up-to-date table's
// pairs and reachable pairs as the build that wrote it did, in every
// layout and for parts.
func TestBuildUpToDateFigures(t *testing.T) {
	level := "../../testdata/unreachable.grid"
	for _, flags := range [][]string{{"-flat"}, {"-compress"}, {"-window", "2"}, {"-shard", "1/2"}} {
		out := filepath.Join(t.TempDir(), "u.ptab")
		if flags[0] == "-shard" {
			out = filepath.Join(t.TempDir(), "u.1-of-2.ptpart")
		}
		args := append(append([]string{"build", "-quiet", "-json", "-o", out}, flags...), level)
		_, first, errOut := runCLI(t, "", args...)
		_, again, _ := runCLI(t, "", args...)
		if jsonField(first, "status") != `"built"` || jsonField(again, "status") != `"up-to-date"` {
			t.Fatalf("%v: %s then %s (%s)", flags, first, again, errOut)
		}
		for _, f := range []string{"pairs", "reachable", "nodes", "layout"} {
			if a, b := jsonField(first, f), jsonField(again, f); a != b || a == "" || a == "0" {
				t.Errorf("%v: %s %s when built, %s when up to date", flags, f, a, b)
			}
		}
	}
}
