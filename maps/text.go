package maps

import (
	"bytes"
	"fmt"
	quotes "github.com/pathtable/pathtable/internal/quote"
	"strconv"
	"unicode/utf8"
)

// Helpers shared by the line-based formats (.map, .grid, .gr).

var utf8BOM = []byte("\xef\xbb\xbf")

// lineReader hands out the lines of a text file one at a time, without their
// terminators ("\n" or "\r\n"). A UTF-8 byte order mark at the start is
// skipped. A final line without a terminator is returned; a final terminator
// does not start an extra empty line.
type lineReader struct {
	rest []byte
	n    int // 1-based number of the line last returned
}

func newLineReader(data []byte) *lineReader {
	return &lineReader{rest: bytes.TrimPrefix(data, utf8BOM)}
}

// next returns the next line, or ok == false at the end of the data. O(len(line)).
func (r *lineReader) next() (line []byte, ok bool) {
	if len(r.rest) == 0 {
		return nil, false
	}
	r.n++
	line = r.rest
	if i := bytes.IndexByte(r.rest, '\n'); i >= 0 {
		line, r.rest = r.rest[:i], r.rest[i+1:]
	} else {
		r.rest = nil
	}
	return bytes.TrimSuffix(line, []byte{'\r'}), true
}

// isBlank reports whether line holds nothing but spaces and tabs.
func isBlank(line []byte) bool {
	for _, b := range line {
		if b != ' ' && b != '\t' {
			return false
		}
	}
	return true
}

// field is one whitespace-separated word of a line and its 1-based column.
type field struct {
	col  int
	text []byte
}

// fields splits line at spaces and tabs into dst, keeping at most cap(dst)
// fields (callers pass one more than they accept, to detect extra fields).
func fields(line []byte, dst []field) []field {
	dst = dst[:0]
	i := 0
	for i < len(line) && len(dst) < cap(dst) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		start := i
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			i++
		}
		dst = append(dst, field{col: start + 1, text: line[start:i]})
	}
	return dst
}

// maxDecimal bounds what parseDecimal accepts, far above every limit the
// loaders check, so that callers compare without overflow.
const maxDecimal = 1 << 62

// parseDecimal parses a non-empty run of ASCII digits. ok is false for
// anything else; big is true (and ok false) when the digits exceed maxDecimal.
func parseDecimal(b []byte) (v int64, ok, big bool) {
	if len(b) == 0 {
		return 0, false, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if v > (maxDecimal-int64(c-'0'))/10 {
			big = true
			continue // keep checking that the rest are digits
		}
		v = v*10 + int64(c-'0')
	}
	if big {
		return 0, false, true
	}
	return v, true, false
}

// quote renders b for an error message, quoted and shortened when long.
func quote(b []byte) string { return quotes.Bytes(b) }

// short renders a number or a word for an error message, shortened when long.
func short(b []byte) string { return quotes.Short(b) }

// quoteChar renders the character starting at b[0] for an error message.
func quoteChar(b []byte) string {
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", b[0])
	}
	return strconv.QuoteRune(r)
}

// lineCol converts a byte offset in data to a 1-based line and column (byte).
func lineCol(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	before := data[:off]
	return 1 + bytes.Count(before, []byte{'\n'}), off - bytes.LastIndexByte(before, '\n')
}
