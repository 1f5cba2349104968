package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/table"
)

// cancelOnWrite is a writer that cancels a context at its first write.
type cancelOnWrite struct {
	cancel func()
	writes []int
}

func (c *cancelOnWrite) Write(p []byte) (int, error) {
	c.cancel()
	c.writes = append(c.writes, len(p))
	return len(p), nil
}

// TestCtxWriterChunks: one Write of a payload much larger than writeChunk
// stops at the first chunk after the context is cancelled, so an
// interrupt is seen within a chunk however the payload is handed over.
func TestCtxWriterChunks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	w := &cancelOnWrite{cancel: cancel}
	n, err := ctxWriter{ctx, w}.Write(make([]byte, 5*writeChunk+3))
	if !errors.Is(err, context.Canceled) || n != writeChunk || len(w.writes) != 1 {
		t.Fatalf("wrote %d bytes in %v, error %v; want one chunk of %d, then context.Canceled", n, w.writes, err, writeChunk)
	}
	var b bytes.Buffer
	payload := bytes.Repeat([]byte("pathtable"), writeChunk/3)
	if n, err := (ctxWriter{context.Background(), &b}).Write(payload); n != len(payload) || err != nil || !bytes.Equal(b.Bytes(), payload) {
		t.Fatalf("uncancelled: wrote %d of %d bytes, error %v", n, len(payload), err)
	}
}

// TestAbandonedOutputLeavesNoTemp: a command interrupted while its output
// is being written, which does not return within the grace period (a
// write or sync stuck on a slow disk), leaves no temporary file once run
// stops waiting for it, and the old output as it was, before and after
// the command finally returns.
func TestAbandonedOutputLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ptab")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	temps := func() []string {
		m, _ := filepath.Glob(filepath.Join(dir, atomicfile.TempPrefix(out)+"*"))
		return m
	}
	parent, interrupt := context.WithCancel(context.Background())
	ctx, gate, stop := withCommitGate(parent)
	defer stop()
	writing, release := make(chan struct{}), make(chan struct{})
	watched, finished := make(chan error, 1), make(chan error, 1)
	go func() {
		watched <- runWatched(ctx, gate, func() error {
			err := writeOutput(ctx, out, func(w io.Writer) error {
				w.Write([]byte("new, half written"))
				close(writing)
				<-release // stuck until the test lets go
				_, err := w.Write([]byte(" and the rest"))
				return err
			})
			finished <- err
			return err
		})
	}()
	<-writing
	if len(temps()) != 1 {
		t.Fatalf("temporaries while writing: %v, want one", temps())
	}
	interrupt()
	if err := <-watched; !errors.Is(err, context.Canceled) {
		t.Fatalf("run stopped waiting with %v, want context.Canceled", err)
	}
	if m := temps(); len(m) != 0 {
		t.Errorf("temporaries left when run stopped waiting: %v", m)
	}
	close(release)
	if err := <-finished; !errors.Is(err, context.Canceled) {
		t.Errorf("the command returned %v, want context.Canceled", err)
	}
	if m := temps(); len(m) != 0 {
		t.Errorf("temporaries left when the command returned: %v", m)
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("the output holds %q, want the old %q", b, "old")
	}
}

// TestOutputDanglingLink: -o through a symbolic link to a file not made
// yet writes that file and keeps the link; a link into a missing folder
// is refused before the build, naming the path as typed, for build,
// merge's and render's outputs alike.
func TestOutputDanglingLink(t *testing.T) {
	dir := t.TempDir()
	level := "../../testdata/maze.grid"
	target := filepath.Join(dir, "store.ptab")
	link := filepath.Join(dir, "link.ptab")
	if err := os.Symlink("store.ptab", link); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-o", link, level); code != 0 {
		t.Fatalf("build -o a dangling link: exit %d: %s", code, errOut)
	}
	if _, err := table.Open(target); err != nil {
		t.Errorf("the link's file: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	bad := filepath.Join(dir, "bad.ptab")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "t.ptab"), bad); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"build", "-quiet", "-o", bad, level},
		{"render", "-o", bad, target},
	} {
		code, _, errOut := runCLI(t, "", args...)
		if want := "pathtable: cannot write " + bad + ": "; code != 1 || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s -o a link into a missing folder: exit %d, %q; want one line starting %q", args[0], code, errOut, want)
		}
	}
}
