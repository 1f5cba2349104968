package table

import (
	"bufio"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"
)

// frameReader reads a table's msgpack framing from a stream, one value at
// a time, so that the magic is checked on the first bytes and no declared
// length is trusted beyond the bytes that exist: a length is checked
// against limit (the file's size) and read in chunks, so an allocation
// follows the bytes that actually arrive.
type frameReader struct {
	r     *bufio.Reader
	n     int64 // bytes read so far
	limit int64 // the file's size, or -1 for a stream of unknown length
	keep  bool  // keep every byte read in kept
	kept  []byte
}

// chunk is the most a frameReader allocates ahead of the bytes it has.
const chunk = 1 << 20

func (fr *frameReader) byte() (byte, error) {
	c, err := fr.r.ReadByte()
	if err != nil {
		return 0, noEOF(err)
	}
	fr.n++
	if fr.keep {
		fr.kept = append(fr.kept, c)
	}
	return c, nil
}

// read returns the next n bytes, checked against the file's size first.
func (fr *frameReader) read(n int64) ([]byte, error) {
	if n < 0 || (fr.limit >= 0 && n > fr.limit-fr.n) {
		return nil, fmt.Errorf("%w: a length of %d bytes exceeds the file", ErrTruncated, n)
	}
	var b []byte
	for int64(len(b)) < n {
		k := min(n-int64(len(b)), chunk)
		start := len(b)
		b = append(b, make([]byte, k)...)
		if _, err := io.ReadFull(fr.r, b[start:]); err != nil {
			return nil, noEOF(err)
		}
	}
	fr.n += n
	if fr.keep {
		fr.kept = append(fr.kept, b...)
	}
	return b, nil
}

// be reads a big-endian unsigned integer of w bytes.
func (fr *frameReader) be(w int) (uint64, error) {
	var v uint64
	for range w {
		c, err := fr.byte()
		if err != nil {
			return 0, err
		}
		v = v<<8 | uint64(c)
	}
	return v, nil
}

// uint reads a msgpack integer of any encoding whose value is >= 0.
func (fr *frameReader) uint() (uint64, error) {
	c, err := fr.byte()
	if err != nil {
		return 0, err
	}
	switch {
	case c <= 0x7f:
		return uint64(c), nil
	case c >= 0xcc && c <= 0xcf: // uint8..uint64
		return fr.be(1 << (c - 0xcc))
	case c >= 0xd0 && c <= 0xd3: // int8..int64
		w := 1 << (c - 0xd0)
		v, err := fr.be(w)
		if err != nil {
			return 0, err
		}
		if v>>(8*w-1) != 0 {
			return 0, fmt.Errorf("negative integer")
		}
		return v, nil
	}
	return 0, fmt.Errorf("msgpack code %#x is not an unsigned integer", c)
}

// length reads the head of a value of one kind and returns its length:
// codes are the fix range (lo..hi, length in the low bits) and the 8-, 16-
// and 32-bit forms (0 where the kind has none).
func (fr *frameReader) length(lo, hi byte, w8, w16, w32 byte) (int64, error) {
	c, err := fr.byte()
	if err != nil {
		return 0, err
	}
	var v uint64
	switch {
	case hi != 0 && c >= lo && c <= hi:
		return int64(c - lo), nil
	case w8 != 0 && c == w8:
		v, err = fr.be(1)
	case c == w16:
		v, err = fr.be(2)
	case c == w32:
		v, err = fr.be(4)
	default:
		return 0, fmt.Errorf("unexpected msgpack code %#x", c)
	}
	return int64(v), err
}

func (fr *frameReader) arrayLen() (int64, error) { return fr.length(0x90, 0x9f, 0, 0xdc, 0xdd) }
func (fr *frameReader) strLen() (int64, error)   { return fr.length(0xa0, 0xbf, 0xd9, 0xda, 0xdb) }
func (fr *frameReader) binLen() (int64, error)   { return fr.length(0, 0, 0xc4, 0xc5, 0xc6) }

// prefix reads what precedes the payloads: the array head, the magic, the
// version and the header bin. It returns the decoded, validated header and
// the header bin's bytes (for the checksum). O(header size).
func (fr *frameReader) prefix() (*Header, []byte, error) {
	n, version, err := fr.opening(tableMagic, ErrNotTable)
	if err != nil {
		return nil, nil, err
	}
	if err := checkVersion(version); err != nil {
		return nil, nil, err
	}
	if _, err := checkDocumentLen(version, n); err != nil {
		return nil, nil, err
	}
	buf, err := fr.headerBin()
	if err != nil {
		return nil, nil, err
	}
	h, err := decodeHeader(buf, version)
	if err == nil {
		err = h.checkLayoutLen(n)
	}
	if err != nil {
		return nil, nil, err
	}
	return h, buf, nil
}

// opening reads a document's array head, its magic, which magic accepts
// or refuses, and its version: the document's element count and version.
// Anything that is not an array opened by a string of a magic's length
// is notDoc.
func (fr *frameReader) opening(magic func(string) error, notDoc error) (int64, uint64, error) {
	n, err := fr.arrayLen()
	if err != nil || n < 2 {
		return 0, 0, notDoc
	}
	if m, err := fr.strLen(); err != nil || m != int64(len(Magic)) {
		return 0, 0, notDoc
	}
	b, err := fr.read(int64(len(Magic)))
	if err != nil {
		return 0, 0, notDoc
	}
	if err := magic(string(b)); err != nil {
		return 0, 0, err
	}
	version, err := fr.uint()
	if err != nil {
		return 0, 0, fmt.Errorf("%w: reading version: %v", truncatedOr(err), err)
	}
	return n, version, nil
}

// headerBin reads the header bin, its length checked against the file.
func (fr *frameReader) headerBin() ([]byte, error) {
	size, err := fr.binLen()
	if err != nil {
		return nil, fmt.Errorf("%w: header length: %v", truncatedOr(err), err)
	}
	buf, err := fr.read(size)
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", truncatedOr(err), err)
	}
	return buf, nil
}

// decodeHeader checks, decodes and validates the header bin of a document
// of the given format version, whose layout the header must name.
func decodeHeader(b []byte, version uint64) (*Header, error) {
	var h Header
	if err := unmarshalChecked(b, &h, "header"); err != nil {
		return nil, err
	}
	if err := h.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if v := h.FormatVersion(); v != int(version) {
		return nil, fmt.Errorf("%w: layout %q in a version %d document", ErrCorrupt, h.Layout, version)
	}
	return &h, nil
}

// unmarshalChecked decodes the header bin b of a document into v, named
// what in errors, once checkMsgpack has bounded what decoding it may
// allocate. O(len(b)).
func unmarshalChecked(b []byte, v any, what string) error {
	if err := checkMsgpack(b); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, what, err)
	}
	if err := msgpack.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, what, err)
	}
	return nil
}

// noEOF turns io.EOF within a value into io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
