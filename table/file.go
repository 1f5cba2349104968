package table

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/internal/atomicfile"
)

// ReadFrom reads a whole table from r. It holds the file's bytes once; the
// payloads alias them. See Decode.
func ReadFrom(r io.Reader) (*Table, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Decode(data)
}

// Open reads the table file at path: one read into a buffer of the file's
// size, a checksum pass, no per-element decoding of the payloads.
func Open(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// WriteFile writes t to path atomically: to a temporary file in the same
// folder, synced, then renamed over path. A write that fails or is killed
// leaves any previous file at path intact; temporaries left by a killed
// writer are removed by the next WriteFile to the same path.
func WriteFile(path string, t *Table) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := t.WriteTo(w)
		return err
	})
}

// ReadHeader reads only the header of the table file at path, without
// loading or checking the payloads: enough to tell whether a table is up to
// date. Cost: a few kilobytes read.
func ReadHeader(path string) (*Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	dec := msgpack.NewDecoder(bufio.NewReader(f))
	n, err := dec.DecodeArrayLen()
	if err != nil || n < 2 {
		return nil, fmt.Errorf("%s: %w", path, ErrNotTable)
	}
	if !decodeMagic(dec) {
		return nil, fmt.Errorf("%s: %w", path, ErrNotTable)
	}
	version, err := dec.DecodeUint64()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: reading version: %v", path, ErrCorrupt, err)
	}
	if version != Version {
		return nil, fmt.Errorf("%s: %w %d (this build reads %d)", path, ErrVersion, version, Version)
	}
	if n != documentLen {
		return nil, fmt.Errorf("%s: %w: document has %d elements, want %d", path, ErrCorrupt, n, documentLen)
	}
	size, err := dec.DecodeBytesLen()
	if err != nil || size < 0 || int64(size) > st.Size() {
		return nil, fmt.Errorf("%s: %w: header length", path, ErrTruncated)
	}
	buf := make([]byte, size)
	if err := dec.ReadFull(buf); err != nil {
		return nil, fmt.Errorf("%s: %w: header", path, ErrTruncated)
	}
	if err := checkMsgpack(buf); err != nil {
		return nil, fmt.Errorf("%s: %w: header: %v", path, ErrCorrupt, err)
	}
	var h Header
	if err := msgpack.Unmarshal(buf, &h); err != nil {
		return nil, fmt.Errorf("%s: %w: header: %v", path, ErrCorrupt, err)
	}
	if err := h.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrCorrupt, err)
	}
	return &h, nil
}
