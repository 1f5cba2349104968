//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesSpecialFiles: a FIFO with no writer, a device and a folder
// are refused at once, directly or through a symbolic link; a regular file
// opens, and ReadAll keeps to its limit.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, zero, dir, "/dev/null"} {
		done := make(chan error, 1)
		go func() {
			f, _, err := Open(p)
			if f != nil {
				f.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("Open(%s) = %v, want ErrNotRegular", p, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Open(%s) blocked", p)
		}
		if err := Check(p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Check(%s) = %v, want ErrNotRegular", p, err)
		}
		if _, err := ReadAll(p, 1<<20); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadAll(%s) = %v, want ErrNotRegular", p, err)
		}
	}
	if err := Check(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("Check of a missing file: %v", err)
	}
	if b, err := ReadAll(file, 10); err != nil || string(b) != "0123456789" {
		t.Errorf("ReadAll(file, 10) = %q, %v", b, err)
	}
	if _, err := ReadAll(file, 9); err == nil {
		t.Error("ReadAll(file, 9) read a 10-byte file")
	}
}
