package table

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"unsafe"

	"github.com/vmihailenco/msgpack/v5"
)

// castagnoli is CRC-32C, which amd64 and arm64 compute in hardware.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTo writes t as one msgpack document. The big payloads are streamed
// from t's own slices, so writing needs no second copy of the table: memory
// stays O(V + E) beyond the table itself. Time is O(file size).
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	version, bins, err := t.document()
	if err != nil {
		return 0, err
	}
	return writeDocument(w, Magic, version, bins)
}

// document returns the format version and the bins of t's document, the
// encoded header first, aliasing t's arrays where it can as documentBins
// does. O(1) beyond encoding the header and level, except where the
// payload's bins differ in the file (Payload.stored, rowBytes): run counts
// O(n), the slots that symbols name in formats 1 and 2 O(table size).
func (t *Table) document() (int, [][]byte, error) {
	want := t.Header
	t.payload.header(&want)
	if want.Layout != t.Layout || want.FirstEnc != t.FirstEnc || want.RunCount != t.RunCount || want.Window != t.Window {
		return 0, nil, fmt.Errorf("the header names layout %q (%s, %d runs, window %d), the payload is of layout %q (%s, %d runs, window %d)",
			t.Layout, t.FirstEnc, t.RunCount, t.Window, want.Layout, want.FirstEnc, want.RunCount, want.Window)
	}
	stored, err := t.payload.stored(t)
	if err != nil {
		return 0, nil, err
	}
	if stored != t.payload {
		c := *t
		c.payload = stored
		stored.header(&c.Header)
		return c.document()
	}
	h := t.Header
	h.RowBytes = t.payload.rowBytes(t)
	header, err := msgpack.Marshal(&h)
	if err != nil {
		return 0, nil, err
	}
	level := t.graphBins()
	if t.carriesCells() {
		if level, err = t.cellBins(); err != nil {
			return 0, nil, err
		}
		if t.RunBoxes() && len(level[1]) > 0 {
			return 0, nil, fmt.Errorf("grid table %s has open-box wildcards (%q), but not every cell costs 1", t.Source, t.FirstEnc)
		}
	}
	payload, err := t.payload.fileBins(&h)
	if err != nil {
		return 0, nil, err
	}
	return t.FormatVersion(), append(append([][]byte{header}, level...), payload...), nil
}

// documentBins returns the bins of a document of t after its encoded
// header: level's (the graph's or the cells'), then the payload's,
// aliasing t's arrays as graphBins does. O(1) on little-endian machines.
func (t *Table) documentBins(header []byte, level [][]byte) [][]byte {
	bins := append([][]byte{header}, level...)
	return append(bins, t.payload.bins()...)
}

// writeDocument writes one msgpack document: an array of the magic, the
// version, the bins and the CRC-32C of the bins' contents. The bins are
// streamed from the caller's slices, so writing needs no second copy.
// Time is O(bytes written).
func writeDocument(w io.Writer, magic string, version int, bins [][]byte) (int64, error) {
	cw := &countingWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	enc := msgpack.NewEncoder(bw)
	// The checksum reads the payloads on another core while they are
	// written, so a write into the page cache does not wait for it
	// (BenchmarkEncode). It is waited for on every return, so that nothing
	// reads the bins once writeDocument has returned.
	var sum uint32
	summed := make(chan struct{})
	defer func() { <-summed }()
	go func() {
		defer close(summed)
		crc := crc32.New(castagnoli)
		for _, b := range bins {
			crc.Write(b)
		}
		sum = crc.Sum32()
	}()
	if err := enc.EncodeArrayLen(3 + len(bins)); err != nil {
		return cw.n, err
	}
	if err := enc.EncodeString(magic); err != nil {
		return cw.n, err
	}
	if err := enc.EncodeUint(uint64(version)); err != nil {
		return cw.n, err
	}
	for _, b := range bins {
		// EncodeBytes would write an empty payload as nil; always write a bin.
		if err := enc.EncodeBytesLen(len(b)); err != nil {
			return cw.n, err
		}
		if _, err := bw.Write(b); err != nil {
			return cw.n, err
		}
	}
	<-summed
	// EncodeUint32 always writes the fixed 5-byte form (0xce + 4 bytes).
	if err := enc.EncodeUint32(sum); err != nil {
		return cw.n, err
	}
	err := bw.Flush()
	return cw.n, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// littleEndian reports whether this machine stores integers and floats
// little-endian, as the file does: then the graph's arrays are written from
// their own memory, with no copy, which is what keeps a windowed build of
// a large grid within its memory goal (the CSR is O(V + E), the size of
// the table itself on such levels). The aliases are only read, by the
// writer and the checksum, and WriteTo returns after both are done.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func int32Bytes(v []int32) []byte {
	if littleEndian && len(v) > 0 {
		return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return b
}

func uint32Bytes(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func float64Bytes(v []float64) []byte {
	if littleEndian && len(v) > 0 {
		return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 8*len(v))
	}
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}
