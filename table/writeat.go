package table

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/vmihailenco/msgpack/v5"
)

// WriteChunk is the size of the writes WriteAtParallel makes, all but the
// last: a multiple of 4096, at offsets that are multiples of it, so that a
// writer may write them with direct I/O.
const WriteChunk = 1 << 20

// sumStep is how many bytes fill copies before it sums them: well within
// a core's L2 cache.
const sumStep = 64 << 10

// chunkAlign is the alignment of WriteAtParallel's buffers in memory, and
// of WriteChunk: the largest logical block size direct I/O asks for on
// common file systems.
const chunkAlign = 4096

// WriteAtParallel writes t's document, the bytes WriteTo writes, through
// w: chunks of WriteChunk bytes (the last one shorter) at offsets that are
// multiples of WriteChunk, from buffers aligned to 4096 bytes in memory.
// workers goroutines (at least one) copy the chunks from t's arrays, sum
// their parts of the checksum (CRC-32C of each chunk, combined) and write
// them, so calls to w overlap: w must allow it, as an *os.File does. The
// chunks holding the checksum are written last. On the first error no new
// chunk starts; the error is returned once the writes in flight are done,
// with the bytes written. Memory: one chunk a worker. Time: O(file size)
// spread over the workers, plus w's.
func (t *Table) WriteAtParallel(w io.WriterAt, workers int) (int64, error) {
	version, bins, err := t.document()
	if err != nil {
		return 0, err
	}
	return writeDocumentAt(w, workers, WriteChunk, Magic, version, bins)
}

// WriteAtParallel writes p's document, the bytes WriteTo writes, as
// (*Table).WriteAtParallel does.
func (p *Part) WriteAtParallel(w io.WriterAt, workers int) (int64, error) {
	header, err := msgpack.Marshal(&p.PartHeader)
	if err != nil {
		return 0, err
	}
	return writeDocumentAt(w, workers, WriteChunk, PartMagic, PartVersion, p.t.documentBins(header, p.t.graphBins()))
}

// docPiece is a run of a document's bytes at offset off: framing, or a
// bin's contents (bin set), which the checksum covers.
type docPiece struct {
	off int64
	b   []byte
	bin bool
}

// docLayout is a document cut into pieces in file order: the framing
// writeDocument's encoder writes, the bins between, and the checksum's
// five bytes last (zero until set).
type docLayout struct {
	pieces []docPiece
	size   int64
}

// layoutDocument lays out the document writeDocument writes for magic,
// version and bins, framing encoded by the same calls. O(len(bins)).
func layoutDocument(magic string, version int, bins [][]byte) (*docLayout, error) {
	d := &docLayout{}
	var frame bytes.Buffer
	enc := msgpack.NewEncoder(&frame)
	flush := func() {
		if frame.Len() > 0 {
			d.add(bytes.Clone(frame.Bytes()), false)
			frame.Reset()
		}
	}
	if err := enc.EncodeArrayLen(3 + len(bins)); err != nil {
		return nil, err
	}
	if err := enc.EncodeString(magic); err != nil {
		return nil, err
	}
	if err := enc.EncodeUint(uint64(version)); err != nil {
		return nil, err
	}
	for _, b := range bins {
		if err := enc.EncodeBytesLen(len(b)); err != nil {
			return nil, err
		}
		flush()
		d.add(b, true)
	}
	d.add(make([]byte, 5), false)
	return d, nil
}

func (d *docLayout) add(b []byte, bin bool) {
	if len(b) > 0 {
		d.pieces = append(d.pieces, docPiece{off: d.size, b: b, bin: bin})
		d.size += int64(len(b))
	}
}

// setSum writes the checksum's msgpack form (0xce and four bytes) into
// the last piece.
func (d *docLayout) setSum(sum uint32) error {
	var b bytes.Buffer
	if err := msgpack.NewEncoder(&b).EncodeUint32(sum); err != nil {
		return err
	}
	last := d.pieces[len(d.pieces)-1].b
	if b.Len() != len(last) {
		return errors.New("table: the checksum's encoding is not five bytes")
	}
	copy(last, b.Bytes())
	return nil
}

// fill copies the document's bytes from offset off into buf (as many as
// there are) and returns how many, with the CRC-32C of those of them that
// are bins' contents and their count. O(len(buf) + log pieces).
func (d *docLayout) fill(buf []byte, off int64) (n int, crc uint32, binBytes int64) {
	i := searchPieces(d.pieces, off)
	for ; i < len(d.pieces) && n < len(buf); i++ {
		p := d.pieces[i]
		src := p.b[max(off+int64(n)-p.off, 0):]
		if !p.bin {
			n += copy(buf[n:], src)
			continue
		}
		// Summed as copied, a cache's worth at a time, so that the sum
		// reads the copy from the cache, not from memory.
		for k := min(len(src), len(buf)-n); k > 0; {
			step := min(k, sumStep)
			copy(buf[n:n+step], src)
			crc = crc32.Update(crc, castagnoli, buf[n:n+step])
			src, n, k, binBytes = src[step:], n+step, k-step, binBytes+int64(step)
		}
	}
	return n, crc, binBytes
}

// searchPieces returns the index of the piece holding offset off, or
// len(pieces) past the end. O(log pieces).
func searchPieces(pieces []docPiece, off int64) int {
	lo, hi := 0, len(pieces)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pieces[m].off+int64(len(pieces[m].b)) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// alignedChunk returns a buffer of size bytes whose first byte is aligned
// to chunkAlign.
func alignedChunk(size int) []byte {
	b := make([]byte, size+chunkAlign)
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (chunkAlign - 1))
	return b[skip : skip+size : skip+size]
}

// writeDocumentAt writes the document writeDocument writes through w, as
// WriteAtParallel says, in chunks of chunk bytes (tests use small ones).
func writeDocumentAt(w io.WriterAt, workers, chunk int, magic string, version int, bins [][]byte) (int64, error) {
	d, err := layoutDocument(magic, version, bins)
	if err != nil {
		return 0, err
	}
	chunks := int((d.size + int64(chunk) - 1) / int64(chunk))
	// The chunks from tail on hold checksum bytes (the checksum may
	// straddle two): they are filled once the others are summed.
	tail := int((d.size - 5) / int64(chunk))
	type chunkSum struct {
		crc uint32
		n   int64
	}
	sums := make([]chunkSum, tail)
	// A document smaller than a chunk needs no chunk-sized buffers.
	bufSize := int(min(int64(chunk), (d.size+chunkAlign-1)/chunkAlign*chunkAlign))
	var (
		next    atomic.Int64
		written atomic.Int64
		failed  atomic.Bool
		errOnce sync.Once
		first   error
		wg      sync.WaitGroup
	)
	fail := func(err error) {
		errOnce.Do(func() { first = err })
		failed.Store(true)
	}
	write := func(buf []byte, i int) bool {
		n, err := w.WriteAt(buf, int64(i)*int64(chunk))
		written.Add(int64(n))
		if err == nil && n < len(buf) {
			err = io.ErrShortWrite
		}
		if err != nil {
			fail(err)
			return false
		}
		return true
	}
	for range min(max(workers, 1), tail) {
		wg.Go(func() {
			buf := alignedChunk(bufSize)
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= tail {
					return
				}
				n, crc, binBytes := d.fill(buf, int64(i)*int64(chunk))
				sums[i] = chunkSum{crc, binBytes}
				if !write(buf[:n], i) {
					return
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() {
		return written.Load(), first
	}
	var sum uint32
	for _, s := range sums {
		sum = crc32cCombine(sum, s.crc, s.n)
	}
	buf := alignedChunk(bufSize)
	for i := tail; i < chunks; i++ {
		_, crc, binBytes := d.fill(buf, int64(i)*int64(chunk))
		sum = crc32cCombine(sum, crc, binBytes)
	}
	if err := d.setSum(sum); err != nil {
		return written.Load(), err
	}
	for i := tail; i < chunks; i++ {
		n, _, _ := d.fill(buf, int64(i)*int64(chunk))
		if !write(buf[:n], i) {
			return written.Load(), first
		}
	}
	return written.Load(), nil
}
