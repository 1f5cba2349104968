package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hardenCopy copies a testdata level into dir.
func hardenCopy(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// hardenRun runs a command in-process and fails the test if it does not
// return within 10 seconds (a read that blocks forever).
func hardenRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		c, o, e := robustRun(t, context.Background(), args...)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(10 * time.Second):
		t.Fatalf("%v did not return within 10s", args)
	}
	return 0, "", ""
}

// TestBuildRefusesOverwritingInput: an output that is the same file as an
// input (the path itself, a symbolic link to it, a hard link) is refused,
// and the level stays as it was; the same for render's table.
func TestBuildRefusesOverwritingInput(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"maze.grid", "waypoints.json"} {
		level := hardenCopy(t, dir, name)
		before, _ := os.ReadFile(level)
		sym := filepath.Join(dir, "sym-"+name+".ptab")
		hard := filepath.Join(dir, "hard-"+name+".ptab")
		if err := os.Symlink(level, sym); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(level, hard); err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{level, sym, hard} {
			code, _, errOut := hardenRun(t, "build", "-quiet", "-o", out, level)
			if code != 1 || !strings.Contains(errOut, "is the input") {
				t.Errorf("build -o %s %s: exit %d, %q; want 1 and a refusal", out, level, code, errOut)
			}
			if after, _ := os.ReadFile(level); !bytes.Equal(before, after) {
				t.Fatalf("build -o %s %s changed the level", out, level)
			}
		}
	}
	tab := filepath.Join(dir, "maze.ptab")
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-o", tab, filepath.Join(dir, "maze.grid")); code != 0 {
		t.Fatal(errOut)
	}
	before, _ := os.ReadFile(tab)
	if code, _, errOut := hardenRun(t, "render", "-o", tab, tab); code == 0 || !strings.Contains(errOut, "is the input") {
		t.Errorf("render -o TABLE TABLE: exit %d, %q", code, errOut)
	}
	if after, _ := os.ReadFile(tab); !bytes.Equal(before, after) {
		t.Error("render -o TABLE TABLE changed the table")
	}
}

// TestBuildRebuildsDamagedTable: a table whose input hash matches but
// which is truncated or has a flipped bit is rebuilt, not "up to date".
func TestBuildRebuildsDamagedTable(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "maze.ptab")
	const level = "../../testdata/maze.grid"
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-o", out, level); code != 0 {
		t.Fatal(errOut)
	}
	good, _ := os.ReadFile(out)
	flipped := append([]byte{}, good...)
	flipped[len(flipped)-100] ^= 1
	for name, b := range map[string][]byte{"truncated": good[:len(good)-7], "bit flip": flipped} {
		os.WriteFile(out, b, 0o644)
		code, stdoutText, errOut := hardenRun(t, "build", "-quiet", "-o", out, level)
		if code != 0 || !strings.HasPrefix(stdoutText, "built ") {
			t.Errorf("%s: exit %d, %q %q; want a rebuild", name, code, stdoutText, errOut)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, good) {
			t.Errorf("%s: the table was not rebuilt", name)
		}
	}
	code, stdoutText, _ := hardenRun(t, "build", "-quiet", "-o", out, level)
	if code != 0 || !strings.HasPrefix(stdoutText, "up to date") {
		t.Errorf("intact table: %q, want up to date", stdoutText)
	}
}

// TestSpecialFilesRefused: a table, level or -block list that is a FIFO
// or /dev/zero, and an output that is a FIFO, are refused at once with one
// line, a huge sparse file is called "not a table" without reading it, and
// a -block list over its limit is refused without reading it.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.ptab")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	zeroTable := filepath.Join(dir, "zero.ptab")
	zeroLevel := filepath.Join(dir, "zero.map")
	os.Symlink("/dev/zero", zeroTable)
	os.Symlink("/dev/zero", zeroLevel)
	sparse := filepath.Join(dir, "sparse.ptab")
	f, _ := os.Create(sparse)
	f.Truncate(2 << 30)
	f.Close()
	level := "../../testdata/maze.grid"
	tab := buildTestTable(t, "maze.grid")
	sparseList := filepath.Join(dir, "sparse.txt")
	f, _ = os.Create(sparseList)
	f.Truncate(maxBlockFileBytes + 1)
	f.Close()
	png := filepath.Join(dir, "out.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"path", "-block", "@" + fifo, tab, "0,0", "1,0"}, "not a regular file"},
		{[]string{"query", "-block", "@" + fifo, tab}, "not a regular file"},
		{[]string{"render", "-block", "@" + fifo, "-o", png, tab}, "not a regular file"},
		{[]string{"path", "-block", "@" + zeroLevel, tab, "0,0", "1,0"}, "not a regular file"},
		{[]string{"path", "-block", "@" + sparseList, tab, "0,0", "1,0"}, "over the limit of 67108864"},
		{[]string{"info", zeroTable}, "not a regular file"},
		{[]string{"path", fifo, "1,1", "2,2"}, "not a regular file"},
		{[]string{"build", "-quiet", "-o", fifo, level}, "not a regular file"},
		{[]string{"build", "-quiet", "-o", filepath.Join(dir, "x.ptab"), zeroLevel}, "not a regular file"},
		{[]string{"solve", zeroLevel, "1,1", "2,2"}, "not a regular file"},
		{[]string{"info", sparse}, "not a pathtable table"},
	} {
		var code int
		var out, errOut string
		got := hardenAllocated(func() { code, out, errOut = hardenRun(t, c.args...) })
		robustOneLine(t, code, out, errOut, c.want)
		if got > 64<<20 {
			t.Errorf("%v: allocated %d bytes", c.args, got)
		}
	}
}

// hardenAllocated returns the bytes f allocates.
func hardenAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRenderHugeSpan: coordinates that span ±1e308 give an error, not a
// panic.
func TestRenderHugeSpan(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "far.json")
	os.WriteFile(level, []byte(`{"nodes":[{"id":"a","x":-1e308,"y":0},{"id":"b","x":1e308,"y":1e308}],"edges":[{"from":"a","to":"b","cost":1}]}`), 0o644)
	tab := filepath.Join(dir, "far.ptab")
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-o", tab, level); code != 0 {
		t.Fatal(errOut)
	}
	for _, scale := range []string{"0", "1", "1024"} {
		code, out, errOut := hardenRun(t, "render", "-scale", scale, "-o", filepath.Join(dir, "far.png"), tab)
		robustOneLine(t, code, out, errOut, "far.ptab")
	}
}

// failingWriter fails every write, as /dev/full does.
type failingWriter struct{}

func (failingWriter) Write(p []byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutWriteErrors: info, verify, bench and build fail (exit 1, the
// error on stderr) when their standard output cannot be written.
func TestStdoutWriteErrors(t *testing.T) {
	dir := t.TempDir()
	const level = "../../testdata/maze.grid"
	tab := filepath.Join(dir, "maze.ptab")
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-o", tab, level); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"info", tab},
		{"info", "-json", tab},
		{"verify", tab, level},
		{"bench", "-time", "1ms", tab, level},
		{"build", "-quiet", "-o", tab, level},
		{"build", "-quiet", "-force", "-o", tab, level},
		{"path", tab, "0,0", "11,0"},
	} {
		var e bytes.Buffer
		oldOut, oldErr := stdout, stderr
		stdout, stderr = failingWriter{}, &e
		code := run(context.Background(), args)
		stdout, stderr = oldOut, oldErr
		if code != 1 || !strings.Contains(e.String(), "no space left") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and the write error", args, code, e.String())
		}
	}
}

// TestLevelRefusedBeforeParse: an open 2048x2048 map is refused from its
// passable cells before its graph is built, allocating little beyond the
// file's bytes.
func TestLevelRefusedBeforeParse(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 4 MB level")
	}
	dir := t.TempDir()
	const side = 2048
	var b strings.Builder
	fmt.Fprintf(&b, "type octile\nheight %d\nwidth %d\nmap\n", side, side)
	row := strings.Repeat(".", side) + "\n"
	for range side {
		b.WriteString(row)
	}
	level := filepath.Join(dir, "open.map")
	os.WriteFile(level, []byte(b.String()), 0o644)
	var code int
	var out, errOut string
	got := hardenAllocated(func() {
		code, out, errOut = hardenRun(t, "build", "-quiet", "-flat", "-max-bytes", "1GB", "-o", filepath.Join(dir, "open.ptab"), level)
	})
	robustOneLine(t, code, out, errOut, "open.map", "nodes")
	if limit := uint64(2 * b.Len()); got > limit {
		t.Errorf("refusing a %d-byte level allocated %d bytes (limit %d)", b.Len(), got, limit)
	}
}

// TestWorkersBound: a negative -workers is a usage error in build and
// verify alike; a huge one is clamped (the build succeeds, its bytes
// unchanged); bench -pairs is bounded.
func TestWorkersBound(t *testing.T) {
	dir := t.TempDir()
	const level = "../../testdata/maze.grid"
	tab := filepath.Join(dir, "maze.ptab")
	for _, args := range [][]string{
		{"build", "-quiet", "-workers", "-3", "-o", tab, level},
		{"verify", "-workers", "-3", tab, level},
		{"bench", "-pairs", "100000000", tab, level},
	} {
		if code, _, errOut := hardenRun(t, args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errOut)
		}
	}
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-workers", "100000", "-o", tab, level); code != 0 {
		t.Fatalf("build -workers 100000: exit %d: %s", code, errOut)
	}
	if n, err := resolveWorkers(100000); err != nil || n > 4*runtime.GOMAXPROCS(0) && n > 16 {
		t.Errorf("resolveWorkers(100000) = %d, %v", n, err)
	}
}

// TestCostOverflowRefused: a level whose path costs can add up past the
// largest float64 is refused with the same error by every command that
// loads it.
func TestCostOverflowRefused(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "huge.json")
	os.WriteFile(level, []byte(`{"nodes":[{"id":"a"},{"id":"b"},{"id":"c"}],"edges":[{"from":"a","to":"b","cost":1e308},{"from":"b","to":"c","cost":1e308}]}`), 0o644)
	for _, args := range [][]string{
		{"build", "-quiet", "-o", filepath.Join(dir, "huge.ptab"), level},
		{"solve", level, "a", "c"},
		{"solve", "-json", level, "a", "c"},
	} {
		code, out, errOut := hardenRun(t, args...)
		robustOneLine(t, code, out, errOut, "huge.json", "overflow")
		if strings.Contains(out, "Inf") {
			t.Errorf("%v printed %q", args, out)
		}
	}
}

// TestBadIDsRefused: graph ids the text interfaces cannot carry are
// refused when the level loads, with the position.
func TestBadIDsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"c d", "a,b", "#a", "-a", "x\\ny", "tab\\t", "nul\\u0000"} {
		level := filepath.Join(dir, "ids.json")
		os.WriteFile(level, []byte(`{"nodes":[{"id":"ok"},{"id":"`+id+`"}],"edges":[]}`), 0o644)
		code, out, errOut := hardenRun(t, "build", "-quiet", "-o", filepath.Join(dir, "ids.ptab"), level)
		robustOneLine(t, code, out, errOut, "ids.json", "nodes[1].id", "bad node id")
	}
}

// TestQueryErrorCapped: an error about a 10 MB query line quotes at most
// a few dozen bytes of it.
func TestQueryErrorCapped(t *testing.T) {
	dir := t.TempDir()
	tab := filepath.Join(dir, "maze.ptab")
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-o", tab, "../../testdata/maze.grid"); code != 0 {
		t.Fatal(errOut)
	}
	long := strings.Repeat("x", 10<<20)
	for _, line := range []string{long + "\n", long + " 0,0\n", "0,0 " + long + "\n", "a b c " + long + "\n"} {
		var o, e bytes.Buffer
		oldIn, oldOut, oldErr := stdin, stdout, stderr
		stdin, stdout, stderr = strings.NewReader(line), &o, &e
		run(context.Background(), []string{"query", tab})
		stdin, stdout, stderr = oldIn, oldOut, oldErr
		if e.Len() > 300 {
			t.Errorf("a %d-byte line gave %d bytes of errors", len(line), e.Len())
		}
	}
}

// TestMemoryLimit: -max-bytes takes fractions of a byte as a byte of
// limit (internal/memlimit tests where the limits come from).
func TestMemoryLimit(t *testing.T) {
	// A fraction of a byte is a byte of limit, not "no limit".
	if code, _, errOut := hardenRun(t, "build", "-quiet", "-max-bytes", "0.5", "-o", filepath.Join(t.TempDir(), "m.ptab"), "../../testdata/maze.grid"); code != 1 || !strings.Contains(errOut, "-max-bytes") {
		t.Errorf("-max-bytes 0.5: exit %d, %q; want a refusal", code, errOut)
	}
}
