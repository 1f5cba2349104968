package table

import (
	"fmt"
	"io"

	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/internal/regular"
)

// ReadFrom reads a whole table from r, with the parser Decode uses. The
// magic is checked on the first bytes and every bin's length against the
// header, each read in chunks, so a stream that is not a table, or never
// ends, costs no more than its header says a table may take. The payloads
// are held once. See Decode.
func ReadFrom(r io.Reader) (*Table, error) {
	return readTable(streamReader(r, -1, 64<<10))
}

// Open reads the table file at path. It refuses anything but a regular
// file, checks the magic and the header first, and reads the payloads
// only when the file's size is what the header declares: one read per
// bin into a buffer of its size, a checksum pass, no per-element decoding
// of the payloads: O(file size) time, and the file's bytes held once.
func Open(path string) (*Table, error) {
	var t *Table
	err := withFile(path, 64<<10, func(rd *reader) (err error) {
		t, err = readTable(rd)
		return err
	})
	return t, err
}

// withFile opens the regular file at path and reads it through a reader
// of its size with read; errors name the file.
func withFile(path string, buf int, read func(rd *reader) error) error {
	f, size, err := regular.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := read(streamReader(f, size, buf)); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
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

// ReadHeader reads only the header of the table file at path, and checks
// the file's size against it, without reading the payloads. Cost: the
// header's bytes read.
func ReadHeader(path string) (*Header, error) {
	var h *Header
	err := withFile(path, 4096, func(rd *reader) (err error) {
		h, err = readHeader(rd)
		return err
	})
	return h, err
}

// readHeader reads a table document's header from rd.
func readHeader(rd *reader) (*Header, error) {
	var h Header
	if _, _, err := readDocument(rd, tableDoc(&h), toHeader); err != nil {
		return nil, err
	}
	h.RowBytes = 0 // the file's layout of the rows bin, as readTable drops it
	return &h, nil
}

// CheckFile reads the table file at path as Open does, with the same
// parser, checking its size, every payload length and the checksum, but
// streams the payloads through the checksum instead of holding them:
// O(file size) time, O(V + E) memory. It returns the header and the
// file's size. It holds and checks what Open checks beyond the checksum
// (the graph, and the payload bins a layout validates at load), so a file
// it accepts, Open accepts too: a build calls a table up to date only
// when every reader reads it.
func CheckFile(path string) (*Header, int64, error) {
	var h *Header
	var size int64
	err := withFile(path, 1<<20, func(rd *reader) (err error) {
		size = rd.size
		h, err = checkTable(rd)
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	return h, size, nil
}

// checkTable reads a table document from rd as CheckFile does.
func checkTable(rd *reader) (*Header, error) {
	var h Header
	_, bins, err := readDocument(rd, tableDoc(&h), toCheck)
	if err == nil {
		err = checkBins(&h, 0, h.Nodes, bins)
	}
	if err != nil {
		return nil, err
	}
	h.RowBytes = 0 // the file's layout of the rows bin, as readTable drops it
	return &h, nil
}
