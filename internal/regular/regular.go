// Package regular opens input files that must be regular files, so that a
// FIFO, a device such as /dev/zero or a folder given as a level or a table
// gets a clear error instead of a read that blocks forever or never ends.
package regular

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the cause of Open's error for anything but a regular
// file (after following symbolic links).
var ErrNotRegular = errors.New("not a regular file")

// Open opens path for reading and returns it with its size. It refuses
// what is not a regular file before reading a byte, and opens without
// blocking, so that a FIFO with no writer is refused rather than waited
// for. O(1).
func Open(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, describe(st.Mode()))}
	}
	return f, st.Size(), nil
}

// Check returns Open's error for path, or nil for a regular file or one
// that does not exist (an output about to be made). It follows symbolic
// links and opens nothing. O(1).
func Check(path string) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, describe(st.Mode()))}
	}
	return nil
}

// ReadAll reads the regular file at path, refusing one larger than limit
// bytes. The buffer grows with the bytes that arrive, so neither the size
// the file reports nor limit alone decides an allocation. O(file size).
func ReadAll(path string, limit int64) ([]byte, error) {
	f, size, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > limit {
		return nil, fmt.Errorf("%s: %d bytes, over the limit of %d", path, size, limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes", path, limit)
	}
	return data, nil
}

func describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}
