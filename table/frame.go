package table

import (
	"bufio"
	"fmt"
	"io"
)

// reader reads msgpack values, the framing of a document and the header
// inside it, from bytes in memory or from a stream: the one parser behind
// every entry point (Decode, ReadFrom, Open, CheckFile, ReadHeader and
// their part counterparts). No declared length is trusted beyond the bytes
// that exist: in memory and in a file every length is checked against
// what remains, and a stream of unknown length is read in chunks, so an
// allocation follows the bytes that actually arrive.
type reader struct {
	data []byte        // in memory: the input, which take aliases; nil for a stream
	r    *bufio.Reader // a stream
	pos  int64         // bytes read so far
	size int64         // bytes in the input: len(data), a file's size, or -1 when unknown
}

// memReader reads b in place.
func memReader(b []byte) *reader { return &reader{data: b, size: int64(len(b))} }

// streamReader reads r, which holds size bytes (-1: unknown), through a
// buffer of buf bytes.
func streamReader(r io.Reader, size int64, buf int) *reader {
	return &reader{r: bufio.NewReaderSize(r, buf), size: size}
}

// chunk is the most a reader allocates ahead of the bytes it has, on a
// stream of unknown length.
const chunk = 1 << 20

// left returns the bytes that remain, or -1 when the length is unknown.
func (rd *reader) left() int64 {
	if rd.size < 0 {
		return -1
	}
	return rd.size - rd.pos
}

func (rd *reader) byte() (byte, error) {
	if rd.r == nil {
		if rd.pos >= int64(len(rd.data)) {
			return 0, io.ErrUnexpectedEOF
		}
		c := rd.data[rd.pos]
		rd.pos++
		return c, nil
	}
	c, err := rd.r.ReadByte()
	if err != nil {
		return 0, noEOF(err)
	}
	rd.pos++
	return c, nil
}

// fits checks that n more bytes exist.
func (rd *reader) fits(n int64) error {
	if n < 0 || (rd.size >= 0 && n > rd.size-rd.pos) {
		return fmt.Errorf("%w: %d bytes declared, %d remain", ErrTruncated, n, rd.left())
	}
	return nil
}

// take returns the next n bytes: aliased in memory, read from a stream
// into a buffer of n bytes (where the size is known) or in chunks.
func (rd *reader) take(n int64) ([]byte, error) {
	if err := rd.fits(n); err != nil {
		return nil, err
	}
	if rd.r == nil {
		b := rd.data[rd.pos : rd.pos+n : rd.pos+n]
		rd.pos += n
		return b, nil
	}
	var b []byte
	if rd.size >= 0 {
		b = make([]byte, n)
		if _, err := io.ReadFull(rd.r, b); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrTruncated, noEOF(err))
		}
	} else {
		for int64(len(b)) < n {
			k := min(n-int64(len(b)), chunk)
			start := len(b)
			b = append(b, make([]byte, k)...)
			if _, err := io.ReadFull(rd.r, b[start:]); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrTruncated, noEOF(err))
			}
		}
	}
	rd.pos += n
	return b, nil
}

// pass writes the next n bytes to w without keeping them.
func (rd *reader) pass(w io.Writer, n int64) error {
	if err := rd.fits(n); err != nil {
		return err
	}
	if rd.r == nil {
		w.Write(rd.data[rd.pos : rd.pos+n])
		rd.pos += n
		return nil
	}
	got, err := io.CopyN(w, rd.r, n)
	rd.pos += got
	if err != nil {
		return fmt.Errorf("%w: %d of %d bytes", ErrTruncated, got, n)
	}
	return nil
}

// end checks that nothing follows what has been read.
func (rd *reader) end() error {
	if rd.r == nil {
		if k := int64(len(rd.data)) - rd.pos; k != 0 {
			return fmt.Errorf("%w: %d bytes after the checksum", ErrCorrupt, k)
		}
		return nil
	}
	if _, err := rd.r.ReadByte(); err != io.EOF {
		return fmt.Errorf("%w: bytes after the checksum", ErrCorrupt)
	}
	return nil
}

// be reads a big-endian unsigned integer of w bytes.
func (rd *reader) be(w int) (uint64, error) {
	var v uint64
	for range w {
		c, err := rd.byte()
		if err != nil {
			return 0, err
		}
		v = v<<8 | uint64(c)
	}
	return v, nil
}

// Codes of the msgpack types a document uses (docs/FORMAT.md, "msgpack
// subset").
const (
	codeNil    = 0xc0
	codeBin8   = 0xc4
	codeBin16  = 0xc5
	codeBin32  = 0xc6
	codeStr8   = 0xd9
	codeStr16  = 0xda
	codeStr32  = 0xdb
	codeArr16  = 0xdc
	codeArr32  = 0xdd
	codeMap16  = 0xde
	codeMap32  = 0xdf
	codeUint8  = 0xcc
	codeUint64 = 0xcf
	codeInt8   = 0xd0
	codeInt64  = 0xd3
)

// uintCode reads the integer that follows code c, of any msgpack integer
// encoding, whose value must be at least 0.
func (rd *reader) uintCode(c byte) (uint64, error) {
	switch {
	case c <= 0x7f:
		return uint64(c), nil
	case c >= codeUint8 && c <= codeUint64:
		return rd.be(1 << (c - codeUint8))
	case c >= codeInt8 && c <= codeInt64:
		w := 1 << (c - codeInt8)
		v, err := rd.be(w)
		if err != nil {
			return 0, err
		}
		if v>>(8*w-1) != 0 {
			return 0, fmt.Errorf("%w: a negative integer", ErrCorrupt)
		}
		return v, nil
	case c >= 0xe0:
		return 0, fmt.Errorf("%w: a negative integer", ErrCorrupt)
	}
	return 0, fmt.Errorf("%w: msgpack code %#x is not an integer", ErrCorrupt, c)
}

// uint reads a msgpack integer of any encoding whose value is >= 0.
func (rd *reader) uint() (uint64, error) {
	c, err := rd.byte()
	if err != nil {
		return 0, err
	}
	return rd.uintCode(c)
}

// lengthOf returns the length that code c heads for one kind of value:
// codes lo..hi hold it in their low bits (hi = 0: none do), w8, w16 and
// w32 (0: none) in the 1, 2 or 4 bytes that follow; ok is false for a
// code of another kind.
func (rd *reader) lengthOf(c, lo, hi, w8, w16, w32 byte) (n int64, ok bool, err error) {
	var v uint64
	switch {
	case hi != 0 && c >= lo && c <= hi:
		return int64(c - lo), true, nil
	case w8 != 0 && c == w8:
		v, err = rd.be(1)
	case c == w16:
		v, err = rd.be(2)
	case c == w32:
		v, err = rd.be(4)
	default:
		return 0, false, nil
	}
	return int64(v), true, err
}

// head reads the head of a value of one kind (see lengthOf) and returns
// its length, named what in errors.
func (rd *reader) head(what string, lo, hi, w8, w16, w32 byte) (int64, error) {
	c, err := rd.byte()
	if err != nil {
		return 0, err
	}
	n, ok, err := rd.lengthOf(c, lo, hi, w8, w16, w32)
	if err == nil && !ok {
		err = fmt.Errorf("%w: msgpack code %#x where %s belongs", ErrCorrupt, c, what)
	}
	return n, err
}

func (rd *reader) arrayLen() (int64, error) {
	return rd.head("an array", 0x90, 0x9f, 0, codeArr16, codeArr32)
}

func (rd *reader) mapLen() (int64, error) {
	return rd.head("a map", 0x80, 0x8f, 0, codeMap16, codeMap32)
}

func (rd *reader) strLen() (int64, error) {
	return rd.head("a string", 0xa0, 0xbf, codeStr8, codeStr16, codeStr32)
}

// binLen reads a bin head: a document's bins are msgpack bin, never str.
func (rd *reader) binLen() (int64, error) {
	return rd.head("a bin", 0, 0, codeBin8, codeBin16, codeBin32)
}

// noEOF turns io.EOF within a value into io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
