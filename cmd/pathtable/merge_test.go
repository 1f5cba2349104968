package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// buildParts builds part i of k of a testdata level for i in 0..k-1 into
// dir, with the given flags, and returns the part files in index order.
func buildParts(t *testing.T, dir, level string, k int, flags ...string) []string {
	t.Helper()
	parts := make([]string, k)
	base := strings.TrimSuffix(level, filepath.Ext(level))
	for i := range k {
		parts[i] = filepath.Join(dir, fmt.Sprintf("%s.%d-of-%d.ptpart", base, i, k))
		args := append([]string{"build", "-quiet", "-workers", fmt.Sprint(1 + i%3), "-shard", fmt.Sprintf("%d/%d", i, k), "-o", dir}, flags...)
		if code, _, errOut := runCLI(t, "", append(args, filepath.Join("../../testdata", level))...); code != 0 {
			t.Fatalf("build part %d of %d of %s: exit %d: %s", i, k, level, code, errOut)
		}
		if _, err := os.Stat(parts[i]); err != nil {
			t.Fatal(err)
		}
	}
	return parts
}

// TestMergeIsOneShot builds every test level in k parts, k = 1, 2, 3, 7
// and more parts than nodes, flat and -compress, merges them given in
// reverse order, and compares the table with a one-shot build's bytes.
func TestMergeIsOneShot(t *testing.T) {
	levels, _ := filepath.Glob("../../testdata/*.*")
	for _, path := range levels {
		level := filepath.Base(path)
		if _, err := maps.FormatOf(level); err != nil {
			continue // the README, or a table the quick start baked beside its level
		}
		for _, flags := range [][]string{nil, {"-compress"}} {
			t.Run(level+strings.Join(flags, ""), func(t *testing.T) {
				dir := t.TempDir()
				one := filepath.Join(dir, "one.ptab")
				code, _, errOut := runCLI(t, "", append([]string{"build", "-quiet", "-o", one}, append(flags, path)...)...)
				if code != 0 {
					t.Fatalf("one-shot build: exit %d: %s", code, errOut)
				}
				want, _ := os.ReadFile(one)
				if h, err := table.ReadHeader(one); err != nil || level == "small.map" && len(flags) > 0 && !h.RunBoxes() {
					t.Fatalf("one-shot build: %v, want open-box wildcards in a Moving AI map's table", err)
				}
				for _, k := range []int{1, 2, 3, 7, 40} {
					parts := buildParts(t, t.TempDir(), level, k, flags...)
					out := filepath.Join(dir, fmt.Sprintf("merged-%d.ptab", k))
					args := []string{"merge", "-o", out}
					for i := range parts {
						args = append(args, parts[len(parts)-1-i])
					}
					if code, _, errOut := runCLI(t, "", args...); code != 0 {
						t.Fatalf("merge of %d parts: exit %d: %s", k, code, errOut)
					}
					if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
						t.Fatalf("merge of %d parts: %d bytes, not the one-shot table's %d", k, len(got), len(want))
					}
				}
			})
		}
	}
}

// TestMergeOutput checks the text and JSON reports of build -shard and
// merge, and that a part is up to date on a second build.
func TestMergeOutput(t *testing.T) {
	dir := t.TempDir()
	level := "../../testdata/maze.grid"
	code, out, errOut := runCLI(t, "", "build", "-compress", "-json", "-shard", "1/2", "-o", dir, level)
	var res buildResult
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("build -json: exit %d: %q %s", code, out, errOut)
	}
	if res.Status != "built" || res.Shard != "1/2" || res.Nodes != 62 || res.Pairs != 31*62 || res.Output != filepath.Join(dir, "maze.1-of-2.ptpart") {
		t.Fatalf("build -json: %+v", res)
	}
	code, out, _ = runCLI(t, "", "build", "-compress", "-shard", "1/2", "-o", dir, level)
	if code != 0 || !strings.HasPrefix(out, "up to date: ") {
		t.Fatalf("second build: exit %d: %q", code, out)
	}
	code, out, _ = runCLI(t, "", "build", "-compress", "-shard", "0/2", "-o", dir, level)
	if code != 0 || !strings.Contains(out, "(part 0/2): 62 nodes") {
		t.Fatalf("build text: exit %d: %q", code, out)
	}
	merged := filepath.Join(dir, "maze.ptab")
	code, out, errOut = runCLI(t, "", "merge", "-json", "-o", merged, filepath.Join(dir, "maze.1-of-2.ptpart"), filepath.Join(dir, "maze.0-of-2.ptpart"))
	res = buildResult{}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("merge -json: exit %d: %q %s", code, out, errOut)
	}
	if res.Status != "merged" || res.Parts != 2 || res.Input != "maze.grid" || res.Pairs != 62*62 || res.Reachable != 3782 {
		t.Fatalf("merge -json: %+v", res)
	}
	if code, out, _ := runCLI(t, "", "path", merged, "0,0", "2,0"); code != 0 || !strings.Contains(out, "cost") {
		t.Fatalf("path on the merged table: exit %d: %q", code, out)
	}
}

// TestMergeErrors checks every refusal: one line naming the file and the
// problem, a non-zero exit, and no output written.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	parts := buildParts(t, dir, "maze.grid", 3, "-compress")
	other := buildParts(t, t.TempDir(), "maze.grid", 3, "-compress", "-connect", "4")
	flat := buildParts(t, t.TempDir(), "maze.grid", 2)
	table := filepath.Join(dir, "maze.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-compress", "-o", table, "../../testdata/maze.grid"); code != 0 {
		t.Fatal(errOut)
	}
	damaged := filepath.Join(dir, "damaged.ptpart")
	b, _ := os.ReadFile(parts[1])
	b[len(b)-10] ^= 1
	if err := os.WriteFile(damaged, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.ptpart")
	if err := os.WriteFile(cut, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.ptab")
	tests := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"no parts", []string{"merge", "-o", out}, 2, "merge needs -o OUT and the part files"},
		{"no output", []string{"merge", parts[0]}, 2, "merge needs -o OUT"},
		{"missing", []string{"merge", "-o", out, parts[0], parts[2]}, 1, "missing part 1 of 3"},
		{"duplicated", []string{"merge", "-o", out, parts[0], parts[1], parts[2], parts[1]}, 1, parts[1] + ": part 1 of 3 is also " + parts[1]},
		{"foreign", []string{"merge", "-o", out, parts[0], other[1], parts[2]}, 1, other[1] + ": a part of another table: built from other inputs"},
		{"other count", []string{"merge", "-o", out, parts[0], parts[1], parts[2], flat[1]}, 1, flat[1] + ": "},
		{"damaged", []string{"merge", "-o", out, parts[0], damaged, parts[2]}, 1, damaged + ": table checksum mismatch"},
		{"cut", []string{"merge", "-o", out, parts[0], cut, parts[2]}, 1, cut + ": truncated"},
		{"a table", []string{"merge", "-o", out, parts[0], table}, 1, table + ": a table, not a part"},
		{"not a file", []string{"merge", "-o", out, filepath.Join(dir, "nope")}, 1, "nope"},
		{"a level", []string{"merge", "-o", out, "../../testdata/maze.grid"}, 1, "maze.grid: not a pathtable part file"},
		{"output is a part", []string{"merge", "-o", parts[0], parts[0], parts[1], parts[2]}, 1, "refusing to write " + parts[0]},
		{"over the limit", []string{"merge", "-max-bytes", "100", "-o", out, parts[0], parts[1], parts[2]}, 1, "over the limit of 100 B"},
		{"bad shard", []string{"build", "-shard", "3/3", "../../testdata/maze.grid"}, 2, "parts are numbered 0 to 2"},
		{"bad shard syntax", []string{"build", "-shard", "1-3", "../../testdata/maze.grid"}, 2, "want I/K"},
		{"shard of a window", []string{"build", "-window", "2", "-shard", "0/2", "../../testdata/maze.grid"}, 2, "not -window"},
		{"path on a part", []string{"path", parts[0], "1,1", "2,1"}, 1, parts[0] + ": a part of a sharded build, not a table: join the parts with pathtable merge"},
		{"query on a part", []string{"query", parts[0]}, 1, "not a table: join the parts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, errOut := runCLI(t, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.err) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, errOut, tt.code, tt.err)
			}
			if tt.code == 1 && (stdout != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0) {
				t.Fatalf("want one line on stderr and nothing on stdout: %q %q", stdout, errOut)
			}
			if _, err := os.Stat(out); err == nil {
				t.Fatalf("%s written", out)
			}
		})
	}
	if b, _ := os.ReadFile(parts[0]); len(b) == 0 {
		t.Fatal("the part named as output was changed")
	}
}

// TestMergeKeepsNonTables: merge -o refuses an output that exists and is
// not a table, such as the level the parts were built from (which merge
// once overwrote), leaving it as it was; over a table, damaged or not, it
// writes the merged one.
func TestMergeKeepsNonTables(t *testing.T) {
	dir := t.TempDir()
	parts := buildParts(t, t.TempDir(), "maze.grid", 2)
	level := filepath.Join(dir, "maze.grid") // the parts' source, by name
	notes := filepath.Join(dir, "notes.txt")
	levelText, _ := os.ReadFile("../../testdata/maze.grid")
	os.WriteFile(level, levelText, 0o644)
	os.WriteFile(notes, []byte("keep me\n"), 0o644)
	for _, out := range []string{level, notes} {
		before, _ := os.ReadFile(out)
		code, stdout, errOut := runCLI(t, "", "merge", "-o", out, parts[0], parts[1])
		if code != 1 || stdout != "" || errOut != "pathtable: refusing to write "+out+": it exists and is not a pathtable table; remove it or choose another output\n" {
			t.Errorf("merge -o %s: exit %d, %q %q", out, code, stdout, errOut)
		}
		if after, _ := os.ReadFile(out); !bytes.Equal(after, before) {
			t.Errorf("%s changed", out)
		}
	}
	tab := filepath.Join(dir, "maze.ptab")
	os.WriteFile(tab, []byte("\x93\xa8PATHTABL"), 0o644) // a table's opening, cut short
	if code, _, errOut := runCLI(t, "", "merge", "-o", tab, parts[0], parts[1]); code != 0 {
		t.Fatalf("merge over a damaged table: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", "merge", "-o", tab, parts[0], parts[1]); code != 0 {
		t.Fatalf("merge over a table: exit %d: %s", code, errOut)
	}
}
