// Package directio writes large files past the page cache where the
// system allows it: a table of hundreds of megabytes is written once and
// read later, and copying it into the page cache costs the writer more
// CPU than building it (see docs/INTERNALS.md).
package directio

import (
	"errors"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// Align is the alignment, in memory, in the file and in length, of the
// writes that go past the page cache: the largest logical block size of
// common devices.
const Align = 4096

// WriterAt writes to a file at offsets, several calls at once: writes
// aligned to Align (their buffer, offset and length) through a second
// descriptor of the file opened for direct I/O, the others, and all of
// them where the system or file system has no direct I/O, through the
// file itself. Bytes and errors are those of (*os.File).WriteAt; only the
// page cache is spared. The file's Sync still makes the data durable.
type WriterAt struct {
	f      *os.File
	d      *os.File    // the direct descriptor, nil if none
	off    atomic.Bool // direct I/O refused once: all writes go through f
	direct atomic.Int64
}

// New returns a WriterAt for f, which must be open for writing and
// named by f.Name(). It opens the direct descriptor where it can; Close
// closes it, not f. O(1) system calls.
func New(f *os.File) *WriterAt {
	w := &WriterAt{f: f}
	w.d = openDirect(f)
	return w
}

// WriteAt writes p at off, as (*os.File).WriteAt does. A direct write the
// file system refuses as invalid (alignment, or no direct I/O) is retried
// through the file, and no later write tries direct I/O. Safe for
// concurrent use. Cost: the write; past the page cache, no copy of p.
func (w *WriterAt) WriteAt(p []byte, off int64) (int, error) {
	if w.d != nil && !w.off.Load() && aligned(p, off) {
		n, err := w.d.WriteAt(p, off)
		if !errors.Is(err, syscall.EINVAL) {
			w.direct.Add(int64(n))
			return n, err
		}
		w.off.Store(true)
	}
	return w.f.WriteAt(p, off)
}

// Direct returns the bytes written past the page cache so far. O(1).
func (w *WriterAt) Direct() int64 { return w.direct.Load() }

// Close closes the direct descriptor, if any; the file stays open. O(1).
func (w *WriterAt) Close() error {
	if w.d == nil {
		return nil
	}
	return w.d.Close()
}

func aligned(p []byte, off int64) bool {
	return len(p) > 0 && len(p)%Align == 0 && off%Align == 0 &&
		uintptr(unsafe.Pointer(&p[0]))%Align == 0
}

// sameFile opens path as flag does and returns it if it is the file f,
// nil otherwise (gone, replaced, or refused).
func sameFile(f *os.File, path string, flag int) *os.File {
	d, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil
	}
	a, errA := f.Stat()
	b, errB := d.Stat()
	if errA != nil || errB != nil || !os.SameFile(a, b) {
		d.Close()
		return nil
	}
	return d
}
