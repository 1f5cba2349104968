package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite checks each promise of Write: the new bytes replace the old,
// a failed write leaves the old file and no temporary, and a temporary a
// killed writer left is removed by the next write.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.bin")
	write := func(s string, err error) error {
		return Write(path, func(w io.Writer) error {
			w.Write([]byte(s))
			return err
		})
	}
	stale := filepath.Join(dir, TempPrefix(path)+"999999999-123") // no process has this id
	os.WriteFile(stale, []byte("partial"), 0o644)
	tests := []struct {
		name    string
		content string
		err     error
		want    string // the file's content afterwards
	}{
		{"first", "one", nil, "one"},
		{"replace", "two", nil, "two"},
		{"failed", "half a file", errors.New("disk on fire"), "two"},
	}
	for _, tc := range tests {
		err := write(tc.content, tc.err)
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.err)
		}
		got, _ := os.ReadFile(path)
		if string(got) != tc.want {
			t.Errorf("%s: file holds %q, want %q", tc.name, got, tc.want)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("%s: folder holds %d files, want only %s", tc.name, len(entries), filepath.Base(path))
		}
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, %v", tc.name, st.Mode(), err)
		}
	}
}

// TestWriteMissingFolder fails without creating anything.
func TestWriteMissingFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "out.bin")
	if err := Write(path, func(io.Writer) error { return nil }); err == nil {
		t.Error("Write into a missing folder gave no error")
	}
}

// TestStageFileTracked: track hears of the temporary before anything is
// written to it, and an error from track removes it and is returned.
func TestStageFileTracked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	var tracked string
	s, err := StageFile(path, func(tmp string) error {
		if _, err := os.Stat(tmp); err != nil {
			t.Errorf("tracked %s, which does not exist: %v", tmp, err)
		}
		tracked = tmp
		return nil
	}, func(w *os.File) error {
		if tracked == "" {
			t.Error("write ran before track")
		}
		_, err := w.Write([]byte("new"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.tmp != tracked {
		t.Errorf("staged %s, tracked %s", s.tmp, tracked)
	}
	s.Discard()

	refused := errors.New("refused")
	_, err = StageFile(path, func(tmp string) error { tracked = tmp; return refused }, func(*os.File) error {
		t.Error("write ran after track refused")
		return nil
	})
	if !errors.Is(err, refused) {
		t.Errorf("error %v, want track's", err)
	}
	if _, err := os.Stat(tracked); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused temporary is still there: %v", err)
	}
}
