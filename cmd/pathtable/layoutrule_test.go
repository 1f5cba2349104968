package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// openGrid writes an all-open side×side .grid level into dir.
func openGrid(t *testing.T, dir string, side int) string {
	t.Helper()
	path := filepath.Join(dir, "open-"+strconv.Itoa(side)+".grid")
	row := strings.Repeat(".", side) + "\n"
	if err := os.WriteFile(path, []byte(strings.Repeat(row, side)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// planLayouts maps plan's recommended flags to build's layout names.
var planLayouts = map[string]string{"": layoutFlat, "-compress": layoutRuns, "-window 8": layoutWindow, "-hierarchy": layoutHierarchy}

// TestPickLayout: the rule's table of cases, on both sides of shipBytes
// and of hierarchyAbove nodes, and its fallbacks where layouts do not fit.
func TestPickLayout(t *testing.T) {
	const big, small = hierarchyAbove + 1, hierarchyAbove
	cases := []struct {
		f    layoutFits
		want string
	}{
		{layoutFits{nodes: 2000, flat: true, flatBytes: 1 << 20, runs: true, hierarchy: true, window: true}, layoutFlat},
		{layoutFits{nodes: 2000, flat: true, flatBytes: shipBytes, runs: true, hierarchy: true}, layoutFlat},
		{layoutFits{nodes: 4000, flat: true, flatBytes: shipBytes + 1, runs: true, hierarchy: true}, layoutRuns},
		{layoutFits{nodes: 4000, flat: true, flatBytes: shipBytes + 1, hierarchy: true}, layoutHierarchy},
		{layoutFits{nodes: 4000, flat: true, flatBytes: shipBytes + 1, window: true}, layoutFlat},
		{layoutFits{nodes: small, runs: true, hierarchy: true, window: true}, layoutRuns},
		{layoutFits{nodes: big, runs: true, hierarchy: true, window: true}, layoutHierarchy},
		{layoutFits{nodes: big, runs: true, window: true}, layoutRuns},
		{layoutFits{nodes: small, hierarchy: true, window: true}, layoutHierarchy},
		{layoutFits{nodes: big, window: true}, layoutWindow},
		{layoutFits{nodes: big}, ""},
	}
	for _, c := range cases {
		if got := pickLayout(c.f); got != c.want {
			t.Errorf("pickLayout(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestDefaultLayoutHierarchy: a plain build of an open grid just over
// hierarchyAbove nodes writes a hierarchy table and says why; a part of
// it, which a hierarchy cannot be, would be run-length (checked by the
// rule, not baked).
func TestDefaultLayoutHierarchy(t *testing.T) {
	dir := t.TempDir()
	open := openGrid(t, dir, 257) // 66,049 nodes
	out := filepath.Join(dir, "open.ptab")
	code, stdoutText, errOut := runCLI(t, "", "build", "-quiet", "-json", "-o", out, open)
	if code != 0 || jsonField(stdoutText, "layout") != `"hierarchy"` || !strings.Contains(jsonField(stdoutText, "why"), "hierarchy table holds all pairs") {
		t.Fatalf("exit %d, %s %s; want a hierarchy table and why", code, stdoutText, errOut)
	}
	data, err := os.ReadFile(open)
	if err != nil {
		t.Fatal(err)
	}
	for _, shard := range []bool{false, true} {
		opt, _, _, err := autoLayout(open, maps.FormatGrid, data, maps.Options{}, build.Options{}, shard)
		want := map[bool]string{false: layoutHierarchy, true: layoutRuns}[shard]
		if err != nil || layoutName(opt) != want {
			t.Errorf("shard %v: %s, %v; want %s", shard, layoutName(opt), err, want)
		}
	}
}

// TestDefaultLayoutFollowsPlan: build with no layout flag builds the
// layout plan recommends, on both sides of 64 MiB (an open 60x60 grid's
// flat table takes 61.8 MiB, a 61x61 one's 66.0 MiB), on a level whose
// node count alone rules flat out (70x70), under a -max-bytes that a flat
// table exceeds, and past hierarchyAbove nodes (257x257); it says which
// in -json and in its summary line, and the file is of that layout.
func TestDefaultLayoutFollowsPlan(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		level string
		flags []string
		want  string
	}{
		{"../../testdata/maze.grid", nil, layoutFlat},
		{openGrid(t, dir, 60), nil, layoutFlat},
		{openGrid(t, dir, 61), nil, layoutRuns},
		{openGrid(t, dir, 70), nil, layoutRuns},
		{"../../testdata/maze.grid", []string{"-max-bytes", "10KB"}, layoutRuns},
		{openGrid(t, dir, 257), nil, layoutHierarchy},
	}
	for i, c := range cases {
		name := filepath.Base(c.level) + strings.Join(c.flags, "")
		t.Run(name, func(t *testing.T) {
			if c.want == layoutHierarchy && testing.Short() {
				t.Skip("plans a 66,049-node level (a run-length sample of seconds)")
			}
			_, planOut, errOut := runCLI(t, "", append(append([]string{"plan", "-json"}, c.flags...), c.level)...)
			rec := strings.Trim(jsonField(planOut, "recommended"), `"`)
			if got, ok := planLayouts[rec]; !ok || got != c.want {
				t.Fatalf("plan recommends %q (%s), want %s", rec, errOut, c.want)
			}
			out := filepath.Join(dir, strconv.Itoa(i)+".ptab")
			args := append(append([]string{"build", "-quiet", "-json", "-o", out}, c.flags...), c.level)
			code, stdoutText, errOut := runCLI(t, "", args...)
			if code != 0 || jsonField(stdoutText, "layout") != `"`+c.want+`"` {
				t.Fatalf("build with no layout flag: exit %d, %s %s; want layout %q", code, stdoutText, errOut, c.want)
			}
			if why := jsonField(stdoutText, "why"); (why != "") != (c.want != layoutFlat) {
				t.Errorf("why %s for layout %s", why, c.want)
			}
			h, err := table.ReadHeader(out)
			if err != nil {
				t.Fatal(err)
			}
			if got := layoutName(build.TableOptions(h)); got != c.want {
				t.Errorf("the file's layout is %s, want %s", got, c.want)
			}
			// The text summary names it too, and says why where not flat.
			os.Remove(out)
			_, text, _ := runCLI(t, "", append(append([]string{"build", "-quiet", "-o", out}, c.flags...), c.level)...)
			if !strings.Contains(text, ", "+layoutWords[c.want]+" table ") || strings.Contains(text, "as no flag named a layout") != (c.want != layoutFlat) {
				t.Errorf("summary %q does not name the %s layout (and why)", text, c.want)
			}
		})
	}
}

// TestFlatFlag: -flat, and no flag on a small level, write the bytes a
// build wrote before it picked layouts (the worked example
// examples/tiny-v3.ptab); -flat forces a flat table where no flag would
// not; two layout flags are a usage error.
func TestFlatFlag(t *testing.T) {
	dir := t.TempDir()
	want, err := os.ReadFile("../../examples/tiny-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{nil, {"-flat"}} {
		out := filepath.Join(dir, "tiny.ptab")
		os.Remove(out)
		if code, _, errOut := runCLI(t, "", append(append([]string{"build", "-quiet", "-o", out}, flags...), "../../examples/tiny.grid")...); code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errOut)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Errorf("build %v tiny.grid wrote %d bytes, not examples/tiny-v3.ptab's %d", flags, len(got), len(want))
		}
	}
	open := openGrid(t, dir, 61)
	out := filepath.Join(dir, "open.ptab")
	if code, stdoutText, errOut := runCLI(t, "", "build", "-quiet", "-json", "-flat", "-o", out, open); code != 0 || jsonField(stdoutText, "layout") != `"flat"` || jsonField(stdoutText, "why") != "" {
		t.Errorf("-flat on a 66 MiB flat table: exit %d, %s %s", code, stdoutText, errOut)
	}
	for _, flags := range [][]string{{"-flat", "-compress"}, {"-flat", "-window", "3"}, {"-compress", "-window", "3"}, {"-flat", "-compress", "-window", "3"}} {
		code, _, errOut := runCLI(t, "", append(append([]string{"build"}, flags...), open)...)
		if code != 2 || !strings.Contains(errOut, "layouts: pick one") {
			t.Errorf("build %v: exit %d, %q; want a usage error", flags, code, errOut)
		}
	}
}

// TestDefaultLayoutParts: parts built with no layout flag take the layout
// a one-shot build picks, and merge into its bytes.
func TestDefaultLayoutParts(t *testing.T) {
	dir := t.TempDir()
	open := openGrid(t, dir, 70)
	one := filepath.Join(dir, "one.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-o", one, open); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	parts := filepath.Join(dir, "parts")
	os.Mkdir(parts, 0o755)
	for _, s := range []string{"0/2", "1/2"} {
		code, stdoutText, errOut := runCLI(t, "", "build", "-quiet", "-json", "-shard", s, "-o", parts, open)
		if code != 0 || jsonField(stdoutText, "layout") != `"runs"` {
			t.Fatalf("-shard %s: exit %d, %s %s", s, code, stdoutText, errOut)
		}
	}
	names, _ := filepath.Glob(filepath.Join(parts, "*.ptpart"))
	merged := filepath.Join(dir, "merged.ptab")
	if code, _, errOut := runCLI(t, "", append([]string{"merge", "-o", merged}, names...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(merged)
	if !bytes.Equal(a, b) {
		t.Errorf("merged parts (%d bytes) differ from the one-shot build (%d bytes)", len(b), len(a))
	}
}

// TestDefaultLayoutSharedMaps: on the shared maps, no flag writes
// den312d's flat table, byte for byte -flat's, and a run-length table of
// AR0413SR (20,936 cells, whose flat table would take over 1 GiB).
func TestDefaultLayoutSharedMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20,936-cell level")
	}
	den := sharedmaps.Path(t, "testmaps/den312d.map")
	ar := sharedmaps.Path(t, "moremaps/AR0413SR.map")
	dir := t.TempDir()
	var flat [2][]byte
	for i, flags := range [][]string{nil, {"-flat"}} {
		out := filepath.Join(dir, "den"+strconv.Itoa(i)+".ptab")
		if code, _, errOut := runCLI(t, "", append(append([]string{"build", "-quiet", "-o", out}, flags...), den)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		flat[i], _ = os.ReadFile(out)
	}
	if len(flat[0]) == 0 || !bytes.Equal(flat[0], flat[1]) {
		t.Errorf("den312d: no flag wrote %d bytes, -flat %d, not the same", len(flat[0]), len(flat[1]))
	}
	out := filepath.Join(dir, "ar.ptab")
	code, stdoutText, errOut := runCLI(t, "", "build", "-quiet", "-json", "-o", out, ar)
	if code != 0 || jsonField(stdoutText, "layout") != `"runs"` {
		t.Fatalf("AR0413SR: exit %d, %s %s", code, stdoutText, errOut)
	}
	if st, err := os.Stat(out); err != nil || st.Size() > shipBytes {
		t.Errorf("AR0413SR's table: %v, %v", st, err)
	}
}

// TestShardTextBesideHierarchy: where plan recommends a hierarchy table,
// its sharding line offers the run-length bake as the alternative, not as
// what to do; elsewhere it says to shard.
func TestShardTextBesideHierarchy(t *testing.T) {
	for rec, want := range map[string]string{
		"-hierarchy": "  for a run-length table instead, too long for one machine, shard it (pathtable build -compress -shard slurm/8 ",
		"-compress":  "  too long for one machine: shard it (pathtable build -compress -shard slurm/8 ",
	} {
		var buf bytes.Buffer
		saved := stdout
		stdout = &buf
		writeShardText(&levelPlan{Level: "city.map", Recommended: rec, Shard: &shardPlan{Parts: 8, Flags: "-compress -shard slurm/8"}})
		stdout = saved
		if !strings.HasPrefix(buf.String(), want) {
			t.Errorf("recommended %s: %q, want it to start %q", rec, buf.String(), want)
		}
	}
}

// TestMemoryNamesHierarchy: a memory refusal of a hierarchy build names
// that layout, and suggests no parts (-shard refuses -hierarchy).
func TestMemoryNamesHierarchy(t *testing.T) {
	cfg := &buildConfig{}
	cfg.build.Layout = table.LayoutHierarchy
	if got := memoryLayoutName(table.LayoutHierarchy, 0); got != "hierarchy" {
		t.Errorf("memoryLayoutName = %q", got)
	}
	if hint := buildMemoryHint(cfg); strings.Contains(hint, "-shard") {
		t.Errorf("hint %q suggests parts", hint)
	}
}
