package table

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/internal/regular"
)

// ReadFrom reads a whole table from r. The magic is checked on the first
// bytes, and the header bounds the bytes read after it, so a stream that is
// not a table, or never ends, costs no more than its header says a table
// may take. It holds the bytes once; the payloads alias them. See Decode.
func ReadFrom(r io.Reader) (*Table, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	fr := frameReader{r: br, keep: true, limit: -1}
	h, _, err := fr.prefix()
	if err != nil {
		return nil, err
	}
	_, most := h.fileSizeBounds(fr.n)
	data := fr.kept
	rest, err := io.ReadAll(io.LimitReader(br, most-fr.n+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)+len(rest)) > most {
		return nil, fmt.Errorf("%w: more bytes than the header's %d nodes and %d edges take", ErrCorrupt, h.Nodes, h.Edges)
	}
	return Decode(append(data, rest...))
}

// Open reads the table file at path. It refuses anything but a regular
// file, checks the magic and the header first, and reads the whole file
// only when its size is what the header declares: one read into a buffer
// of that size, a checksum pass, no per-element decoding of the payloads:
// O(file size) time, and the file's bytes held once.
func Open(path string) (*Table, error) {
	data, err := readChecked(path, func(fr *frameReader, size int64) error {
		h, _, err := fr.prefix()
		if err == nil {
			err = h.checkFileSize(fr.n, size)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	t, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// readChecked reads the regular file at path whole, once prefix has read
// its header and checked the file's size against it: one read into a
// buffer of that size. Errors name the file.
func readChecked(path string, prefix func(fr *frameReader, size int64) error) ([]byte, error) {
	f, size, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	fr := frameReader{r: br, keep: true, limit: size}
	if err := prefix(&fr, size); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data := make([]byte, size)
	copy(data, fr.kept)
	if _, err := io.ReadFull(br, data[fr.n:]); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrTruncated, err)
	}
	return data, nil
}

// WriteFile writes t to path atomically: to a temporary file in the same
// folder, synced, then renamed over path. A write that fails or is killed
// leaves any previous file at path intact; temporaries left by a killed
// writer are removed by the next WriteFile to the same path. O(file size).
func WriteFile(path string, t *Table) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := t.WriteTo(w)
		return err
	})
}

// ReadHeader reads only the header of the table file at path, without
// loading or checking the payloads. Cost: the header's bytes read.
func ReadHeader(path string) (*Header, error) {
	f, size, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fr := frameReader{r: bufio.NewReader(f), limit: size}
	h, _, err := fr.prefix()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}

// CheckFile reads the table file at path as Open does, checking its size,
// every payload length and the checksum, but streams the payloads through
// the checksum instead of holding them: O(file size) time, O(header)
// memory. It returns the header and the file's size, so that a build can
// tell an intact table built from the same inputs from a damaged one.
func CheckFile(path string) (*Header, int64, error) {
	f, size, err := regular.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fr := frameReader{r: bufio.NewReaderSize(f, 1<<20), limit: size}
	h, header, err := fr.prefix()
	if err == nil {
		err = h.checkFileSize(fr.n, size)
	}
	if err == nil {
		err = fr.payloads(h, header)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	return h, size, nil
}

// payloads streams the payload bins through the checksum, checking each
// length against the header, then the checksum and the end of file.
func (fr *frameReader) payloads(h *Header, header []byte) error {
	crc := crc32.New(castagnoli)
	crc.Write(header)
	lens := h.payloadLens(true)
	payloadNames := binNames(h.Layout)
	for i := 1; i < len(payloadNames); i++ {
		size, err := fr.binLen()
		if err != nil {
			return fmt.Errorf("%w: reading %s length: %v", truncatedOr(err), payloadNames[i], err)
		}
		if want := lens[i]; size != want && !(size == 0 && (i == 5 || i == 6)) {
			return fmt.Errorf("%w: %s has %d bytes, want %d for %d nodes and %d edges", ErrCorrupt, payloadNames[i], size, want, h.Nodes, h.Edges)
		}
		if n, err := io.CopyN(crc, fr.r, size); err != nil {
			return fmt.Errorf("%w: %s: %d of %d bytes", ErrTruncated, payloadNames[i], n, size)
		}
		fr.n += size
	}
	sum, err := fr.uint()
	if err != nil {
		return fmt.Errorf("%w: reading checksum: %v", truncatedOr(err), err)
	}
	if sum > 0xFFFFFFFF {
		return fmt.Errorf("%w: checksum %d is over 32 bits", ErrCorrupt, sum)
	}
	if got := crc.Sum32(); uint32(sum) != got {
		return fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, sum, got)
	}
	if _, err := fr.r.ReadByte(); err != io.EOF {
		return fmt.Errorf("%w: bytes after the checksum", ErrCorrupt)
	}
	return nil
}
