package directio

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"unsafe"
)

// alignedBuf returns n bytes starting on an Align boundary.
func alignedBuf(n int) []byte {
	b := make([]byte, n+Align)
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (Align - 1))
	return b[skip : skip+n]
}

// TestWriterAt writes a file from several goroutines in aligned blocks, an
// unaligned one and a short tail, and reads back what was written.
func TestWriterAt(t *testing.T) {
	const block = 4 * Align
	want := make([]byte, 9*block+123)
	for i := range want {
		want[i] = byte(i*31 + i>>9)
	}
	for _, name := range []string{"direct", "page cache only"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			w := New(f)
			if name != "direct" {
				w.Close()
				w.d = nil
			}
			var wg sync.WaitGroup
			for off := 0; off < len(want); off += block {
				wg.Go(func() {
					p := alignedBuf(min(block, len(want)-off))
					copy(p, want[off:])
					if off == 2*block {
						q := make([]byte, len(p)+1)[1:] // not aligned in memory
						copy(q, p)
						p = q
					}
					if n, err := w.WriteAt(p, int64(off)); n != len(p) || err != nil {
						t.Errorf("write at %d: %d, %v", off, n, err)
					}
				})
			}
			wg.Wait()
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if err := f.Sync(); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("read back %d bytes, not the %d written", len(got), len(want))
			}
			direct := w.Direct()
			if name != "direct" && direct != 0 {
				t.Errorf("%d bytes written directly without a direct descriptor", direct)
			}
			if direct > 8*block {
				t.Errorf("%d bytes written directly; at most 8 blocks of %d are aligned", direct, block)
			}
			t.Logf("%s on %s: %d of %d bytes past the page cache", name, runtime.GOOS, direct, len(want))
		})
	}
}

// TestNewReplacedFile gets no direct descriptor for a file whose name now
// names another file: it must never write elsewhere.
func TestNewReplacedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := os.Rename(path, filepath.Join(dir, "moved")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w := New(f)
	defer w.Close()
	if w.d != nil {
		t.Fatal("a direct descriptor for the file now at the old name")
	}
	if _, err := w.WriteAt(alignedBuf(Align), 0); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Size() != 0 {
		t.Errorf("the file now named %s grew to %d bytes", path, st.Size())
	}
}
