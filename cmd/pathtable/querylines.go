package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// maxQueryLine is the longest line query reads: a pair of node ids needs
// far less, and a longer line (say, from /dev/zero or a binary file) is
// refused rather than held in memory until the stream ends.
const maxQueryLine = 64 << 10

// lineReader reads query's standard input line by line, each line at most
// max bytes besides its newline, keeping count for error messages.
type lineReader struct {
	r    *bufio.Reader
	max  int
	line int // number of the last line read, from 1
}

// newLineReader reads r in lines of at most max bytes (15 or more).
func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, max+1), max: max}
}

// next returns the next line with its newline, if any, and the line's
// number. At the end of the input it returns the last line, without a
// newline, with io.EOF (possibly an empty line). A line longer than the
// buffer is an error that names it; nothing after it is read. The bytes
// are valid until the next call. O(line length).
func (lr *lineReader) next() ([]byte, error) {
	lr.line++
	text, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		return nil, fmt.Errorf("stdin:%d: line longer than %d bytes", lr.line, lr.max)
	}
	return text, err
}

// buffered reports whether input is waiting that next can return without
// a read, so that a caller answering an interactive user flushes before it
// waits. O(1).
func (lr *lineReader) buffered() bool { return lr.r.Buffered() > 0 }
