package maps

import (
	"bytes"
	"fmt"
	"io"

	"github.com/pathtable/pathtable/internal/regular"
)

// MaxFileBytes bounds the size of a level file: far above any level whose
// table fits in memory.
const MaxFileBytes = 1 << 30

// ReadFile reads the level file at path. It refuses what is not a regular
// file (a FIFO, /dev/zero) before reading, a file over MaxFileBytes, and a
// NUL byte, which no level format has, as soon as the chunk holding it is
// read: a binary or sparse file costs one chunk, not its size. O(file size).
func ReadFile(path string) ([]byte, error) {
	f, size, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > MaxFileBytes {
		return nil, &ParseError{File: path, Err: fmt.Errorf("%w: %d bytes, over the limit of %d", ErrTooLarge, size, MaxFileBytes)}
	}
	const chunk = 1 << 20
	data := make([]byte, 0, min(size, 16*chunk)+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(cap(data), len(data)+chunk)])
		if i := bytes.IndexByte(data[len(data):len(data)+n], 0); i >= 0 {
			line, col := lineCol(data[:len(data)+n], len(data)+i)
			return nil, &ParseError{File: path, Line: line, Col: col, Err: fmt.Errorf("%w: a NUL byte: not a text level file", ErrFormat)}
		}
		data = data[:len(data)+n]
		if int64(len(data)) > MaxFileBytes {
			return nil, &ParseError{File: path, Err: fmt.Errorf("%w: over %d bytes", ErrTooLarge, MaxFileBytes)}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
