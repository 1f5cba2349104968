package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// robustRun runs one command line in this process with stdout and stderr
// captured.
func robustRun(t *testing.T, ctx context.Context, args ...string) (code int, out, errOut string) {
	t.Helper()
	var o, e bytes.Buffer
	oldOut, oldErr := stdout, stderr
	stdout, stderr = &o, &e
	defer func() { stdout, stderr = oldOut, oldErr }()
	code = run(ctx, args)
	return code, o.String(), e.String()
}

// robustGrid writes a side×side .grid with about 3% walls (never at 0,0)
// and returns its path. Every open cell costs 1.
func robustGrid(t *testing.T, dir string, side int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(side), 7))
	var b strings.Builder
	for y := range side {
		for x := range side {
			if (x > 0 || y > 0) && rng.IntN(100) < 3 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, fmt.Sprintf("open%d.grid", side))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// robustTemps returns the temporary files WriteFile left beside out.
func robustTemps(t *testing.T, out string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// robustOneLine checks that a failed command printed exactly one line on
// stderr, "pathtable: ..." with every string in want, and nothing on stdout.
func robustOneLine(t *testing.T, code int, out, errOut string, want ...string) {
	t.Helper()
	if code != 1 {
		t.Errorf("exit status %d, want 1 (stderr %q)", code, errOut)
	}
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
	if !strings.HasPrefix(errOut, "pathtable: ") || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
		t.Errorf("stderr %q, want one line starting with \"pathtable: \"", errOut)
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr %q does not name %q", errOut, w)
		}
	}
}

// TestRobustMaxBytes refuses a table over -max-bytes with the estimate in
// the message, and writes nothing.
func TestRobustMaxBytes(t *testing.T) {
	const level = "../../testdata/maze.grid"
	lvl, err := maps.Load(level, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	h, err := build.Plan(g)
	if err != nil {
		t.Fatal(err)
	}
	size, err := h.PayloadSize()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "maze.ptab")
	// Under the size with two-byte distances, the level is refused before
	// it is parsed, with that lower bound; between it and the real size,
	// after, with the real size.
	least := int64(h.Nodes) * int64(h.Nodes) * 3
	code, stdoutText, errOut := robustRun(t, context.Background(), "build", "-quiet", "-flat", "-max-bytes", fmt.Sprint(least-1), "-o", out, level)
	robustOneLine(t, code, stdoutText, errOut, "maze.grid", "at least "+bytesize.Format(least), "-max-bytes", fmt.Sprintf("%d nodes", h.Nodes))
	code, stdoutText, errOut = robustRun(t, context.Background(), "build", "-quiet", "-flat", "-max-bytes", fmt.Sprint(least), "-o", out, level)
	robustOneLine(t, code, stdoutText, errOut, "maze.grid", bytesize.Format(size), "-max-bytes", fmt.Sprintf("%d nodes", h.Nodes))
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("refused build left %s: %v", out, err)
	}
	if temps := robustTemps(t, out); len(temps) > 0 {
		t.Errorf("refused build left %v", temps)
	}
	// Exactly at the limit is allowed.
	code, _, errOut = robustRun(t, context.Background(), "build", "-quiet", "-flat", "-max-bytes", fmt.Sprint(size), "-o", out, level)
	if code != 0 {
		t.Errorf("build with -max-bytes %d (the table's size): exit %d: %s", size, code, errOut)
	}
}

// robustHub returns a JSON graph of a hub joined to k leaves.
func robustHub(k int) string {
	var b strings.Builder
	b.WriteString(`{"nodes": [{"id": "hub"}`)
	for i := range k {
		fmt.Fprintf(&b, `, {"id": "leaf%d"}`, i)
	}
	b.WriteString(`], "edges": [`)
	for i := range k {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"from": "hub", "to": "leaf%d", "cost": 1}`, i)
	}
	b.WriteString("]}")
	return b.String()
}

// TestRobustHubDegree builds graphs whose hub has 254, 255 and 300
// neighbours: a one-byte first move addresses 254 out-edges, and more is a
// clear error naming the node, not a wrong table.
func TestRobustHubDegree(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []int{table.MaxDegree, table.MaxDegree + 1, 300} {
		in := filepath.Join(dir, fmt.Sprintf("hub%d.json", k))
		if err := os.WriteFile(in, []byte(robustHub(k)), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("hub%d.ptab", k))
		code, stdoutText, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", out, in)
		if k <= table.MaxDegree {
			if code != 0 {
				t.Fatalf("hub of %d: exit %d: %s", k, code, errOut)
			}
			code, stdoutText, errOut = robustRun(t, context.Background(), "path", out, "leaf0", fmt.Sprintf("leaf%d", k-1))
			if code != 0 || !strings.Contains(stdoutText, fmt.Sprintf("cost 2 path leaf0 hub leaf%d", k-1)) {
				t.Errorf("hub of %d: path: exit %d, %q %q", k, code, stdoutText, errOut)
			}
			continue
		}
		robustOneLine(t, code, stdoutText, errOut, filepath.Base(in), fmt.Sprintf("node hub has %d out-edges", k), "254")
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("hub of %d: failed build left %s", k, out)
		}
	}
}

// TestRobustPathErrors asks for paths from and to cells and ids that are
// not nodes: exit status 1 and one line naming the cell or id.
func TestRobustPathErrors(t *testing.T) {
	dir := t.TempDir()
	grid := filepath.Join(dir, "maze.ptab")
	graph := filepath.Join(dir, "waypoints.ptab")
	for in, out := range map[string]string{"../../testdata/maze.grid": grid, "../../testdata/waypoints.json": graph} {
		if code, _, errOut := robustRun(t, context.Background(), "build", "-quiet", "-o", out, in); code != 0 {
			t.Fatalf("build %s: exit %d: %s", in, code, errOut)
		}
	}
	cases := []struct {
		tab, from, to string
		want          []string
	}{
		{grid, "12,0", "0,0", []string{"FROM", "12,0", "outside the 12x8 grid"}},
		{grid, "0,0", "0,8", []string{"TO", "0,8", "outside the 12x8 grid"}},
		{grid, "-1,0", "0,0", []string{"FROM", "-1,0", "outside"}},
		{grid, "0,0", "1,1", []string{"TO", "1,1", "a wall, not a node"}},
		{grid, "2,1", "0,0", []string{"FROM", "2,1", "a wall, not a node"}},
		{grid, "0,0", "zero", []string{"TO", `"zero"`, "x,y"}},
		{grid, "0;0", "0,0", []string{"FROM", `"0;0"`, "x,y"}},
		{graph, "gate", "nowhere", []string{"TO", `"nowhere"`}},
		{graph, "0,0", "gate", []string{"FROM", `"0,0"`}},
	}
	for _, c := range cases {
		// "--" so that a negative coordinate is not read as a flag.
		code, out, errOut := robustRun(t, context.Background(), "path", "--", c.tab, c.from, c.to)
		robustOneLine(t, code, out, errOut, c.want...)
	}
	// A table that is damaged, or not a table at all, is named.
	data, err := os.ReadFile(grid)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	bad := filepath.Join(dir, "damaged.ptab")
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := robustRun(t, context.Background(), "path", bad, "0,0", "5,5")
	robustOneLine(t, code, out, errOut, bad, "checksum")
	notTable := filepath.Join(dir, "level.ptab")
	if err := os.WriteFile(notTable, []byte("............\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = robustRun(t, context.Background(), "path", notTable, "0,0", "5,5")
	robustOneLine(t, code, out, errOut, notTable, "not a pathtable table")
}

// TestRobustBuildCancelled cancels build.Build's context once the first
// rows are done: it returns context.Canceled quickly and no table. The
// level is big enough (a second's bake here, more under -race) that the
// cancel lands inside the bake however the test is scheduled.
func TestRobustBuildCancelled(t *testing.T) {
	lvl, err := maps.Load(robustGrid(t, t.TempDir(), 70), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	ctx, cancel := context.WithCancel(context.Background())
	var done atomic.Int64
	type result struct {
		tab *table.Table
		err error
		at  time.Time
	}
	res := make(chan result, 1)
	go func() {
		tab, err := build.Build(ctx, g, build.Options{Workers: 2, Progress: &done})
		res <- result{tab, err, time.Now()}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for done.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	cancelled := time.Now()
	cancel()
	var r result
	select {
	case r = <-res:
	case <-time.After(5 * time.Second):
		t.Fatal("Build did not return within 5s of its context being cancelled")
	}
	if !errors.Is(r.err, context.Canceled) || r.tab != nil {
		t.Fatalf("Build after cancel = %v, %v, want nil, context.Canceled", r.tab, r.err)
	}
	if d := r.at.Sub(cancelled); d > time.Second {
		t.Errorf("Build returned %v after cancel, want well under a second", d)
	}
	if n := done.Load(); n >= int64(g.Nodes()) {
		t.Errorf("all %d rows were built before the cancel took effect", n)
	}

	// A context cancelled before the build starts.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if tab, err := build.Build(ctx, g, build.Options{}); !errors.Is(err, context.Canceled) || tab != nil {
		t.Errorf("Build with a cancelled context = %v, %v, want nil, context.Canceled", tab, err)
	}
}

// TestRobustRunCancelled cancels the context of a build command as its
// bake starts: exit status 130, "interrupted", and no output file or
// temporary.
func TestRobustRunCancelled(t *testing.T) {
	dir := t.TempDir()
	in := robustGrid(t, dir, 60)
	out := filepath.Join(dir, "open.ptab")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hook := func(_ context.Context, s stage) {
		if s == stageBuilding {
			cancel()
		}
	}
	testHook.Store(&hook)
	defer testHook.Store(nil)
	start := time.Now()
	code, stdoutText, errOut := robustRun(t, ctx, "build", "-quiet", "-o", out, in)
	if took := time.Since(start); took > time.Second {
		t.Errorf("build took %v, want it to stop within a second of the cancel", took)
	}
	if code != 130 || !strings.Contains(errOut, "interrupted") || stdoutText != "" {
		t.Errorf("cancelled build: exit %d, stdout %q, stderr %q; want 130 and \"interrupted\"", code, stdoutText, errOut)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("cancelled build left %s: %v", out, err)
	}
	if temps := robustTemps(t, out); len(temps) > 0 {
		t.Errorf("cancelled build left %v", temps)
	}
}
