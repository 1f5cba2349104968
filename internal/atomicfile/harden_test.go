package atomicfile

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func writeString(path, s string) error {
	return Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

// TestWriteLeavesOthersTemps: a write removes the temporaries of writers
// that no longer run, and neither another live writer's temporary nor a
// user's file that shares the prefix.
func TestWriteLeavesOthersTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "maze.ptab")
	live := filepath.Join(dir, TempPrefix(path)+strconv.Itoa(os.Getppid())+"-77") // our parent runs
	user := filepath.Join(dir, TempPrefix(path)+"notes")
	dead := filepath.Join(dir, TempPrefix(path)+"999999999-5")
	for _, p := range []string{live, user, dead} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeString(path, "table"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		kept bool
	}{{live, true}, {user, true}, {dead, false}} {
		_, err := os.Stat(c.path)
		if kept := err == nil; kept != c.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(c.path), kept, c.kept)
		}
	}
}

// TestWriteErrorsNameThePath: an error while writing names the path the
// caller gave, not the temporary file.
func TestWriteErrorsNameThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.ptab")
	err := Write(path, func(w io.Writer) error {
		w.(*os.File).Close() // the next write fails as a full disk would
		_, err := w.Write([]byte("table"))
		return err
	})
	if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("error %v: want it to name %s and no temporary", err, path)
	}
}

// TestWriteThroughSymlink: a write to a symbolic link replaces the file
// the link names and keeps the link; a destination that is a folder is
// refused.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "store", "maze.ptab")
	os.Mkdir(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte("old"), 0o644)
	link := filepath.Join(dir, "maze.ptab")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := writeString(link, "new"); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Errorf("the linked file holds %q, want the new bytes", b)
	}
	if err := writeString(dir, "x"); err == nil {
		t.Error("writing over a folder succeeded")
	}
}

// TestWriteThroughDanglingSymlink: a link to a file not made yet (through
// a relative link and a chain of two) is written through, making the
// file and keeping the links; one into a missing folder, or a loop, is
// refused by an error that names the link as the caller gave it.
func TestWriteThroughDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "store"), 0o755)
	for _, c := range []struct{ links []string }{
		{[]string{"store/a.ptab"}},        // link -> store/a.ptab (relative)
		{[]string{"mid", "store/b.ptab"}}, // link -> mid -> store/b.ptab
	} {
		link := filepath.Join(dir, "link-"+filepath.Base(c.links[len(c.links)-1]))
		from := link
		for _, to := range c.links {
			if err := os.Symlink(to, from); err != nil {
				t.Fatal(err)
			}
			from = filepath.Join(dir, to)
		}
		if err := CheckDestination(link); err != nil {
			t.Fatalf("%s: %v", link, err)
		}
		if err := writeString(link, "new"); err != nil {
			t.Fatalf("%s: %v", link, err)
		}
		if b, err := os.ReadFile(from); string(b) != "new" {
			t.Errorf("%s: the linked file holds %q (%v), want the new bytes", link, b, err)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced: %v", link, err)
		}
	}
	missing := filepath.Join(dir, "nowhere", "t.ptab")
	loop := filepath.Join(dir, "loop")
	for link, to := range map[string]string{filepath.Join(dir, "dangling"): missing, loop: loop} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
		for _, err := range []error{CheckDestination(link), writeString(link, "x")} {
			if err == nil || !strings.HasPrefix(err.Error(), "cannot write "+link+": ") {
				t.Errorf("%s -> %s: error %v, want one that starts by naming the link", link, to, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("a refused write made the missing folder")
	}
}

// TestRemoveStale: RemoveStale removes the temporaries of writers that no
// longer run, beside the file a link names too, and leaves a live
// writer's, a user's file that shares the prefix, and the file itself.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "store"), 0o755)
	path := filepath.Join(dir, "store", "maze.ptab")
	link := filepath.Join(dir, "maze.ptab")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(dir, "store", TempPrefix(path)+strconv.Itoa(os.Getppid())+"-7")
	user := filepath.Join(dir, "store", TempPrefix(path)+"notes")
	dead := filepath.Join(dir, "store", TempPrefix(path)+"999999999-5")
	for _, p := range []string{path, live, user, dead} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	RemoveStale(link)
	for _, c := range []struct {
		path string
		kept bool
	}{{path, true}, {live, true}, {user, true}, {dead, false}} {
		if _, err := os.Stat(c.path); (err == nil) != c.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(c.path), err == nil, c.kept)
		}
	}
	RemoveStale(filepath.Join(dir, "none", "x.ptab")) // a missing folder: nothing to do
}
