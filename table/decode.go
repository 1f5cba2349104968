package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/vmihailenco/msgpack/v5"
)

// Errors a decoder returns, for errors.Is.
var (
	ErrNotTable  = errors.New("not a pathtable table (bad magic)")
	ErrVersion   = errors.New("unsupported table format version")
	ErrTruncated = errors.New("truncated table")
	ErrChecksum  = errors.New("table checksum mismatch (file corrupt)")
	ErrCorrupt   = errors.New("corrupt table")
)

// payloadNames name the bins in document order, for error messages.
var payloadNames = [1 + payloadCount]string{
	"header", "offsets", "targets", "weights", "cells", "x", "y", "first", "dist",
}

// Decode reads a table from data without copying the big payloads: First
// and Dist alias data, which must not change afterwards. Every declared
// length is checked against the bytes that remain before it is used, the
// checksum is verified, and the header and graph are validated, so a
// corrupt or hostile file gives an error, never a panic or an allocation
// larger than data. Time is O(len(data)) for the checksum plus O(V + E).
func Decode(data []byte) (*Table, error) {
	r := bytes.NewReader(data)
	dec := msgpack.NewDecoder(r)

	n, err := dec.DecodeArrayLen()
	if err != nil || n < 2 {
		return nil, ErrNotTable
	}
	magic, err := dec.DecodeString()
	if err != nil || magic != Magic {
		return nil, ErrNotTable
	}
	version, err := dec.DecodeUint64()
	if err != nil {
		return nil, fmt.Errorf("%w: reading version: %v", ErrCorrupt, err)
	}
	if version != Version {
		return nil, fmt.Errorf("%w %d (this build reads %d)", ErrVersion, version, Version)
	}
	if n != documentLen {
		return nil, fmt.Errorf("%w: document has %d elements, want %d", ErrCorrupt, n, documentLen)
	}

	var bins [1 + payloadCount][]byte
	crc := crc32.New(castagnoli)
	for i := range bins {
		size, err := dec.DecodeBytesLen()
		if err != nil {
			return nil, fmt.Errorf("%w: reading %s length: %v", truncatedOr(err), payloadNames[i], err)
		}
		if size < 0 || size > r.Len() {
			return nil, fmt.Errorf("%w: %s declares %d bytes, %d remain", ErrTruncated, payloadNames[i], size, r.Len())
		}
		start := len(data) - r.Len()
		bins[i] = data[start : start+size : start+size]
		if _, err := r.Seek(int64(size), io.SeekCurrent); err != nil {
			return nil, err
		}
		crc.Write(bins[i])
	}
	sum, err := dec.DecodeUint32()
	if err != nil {
		return nil, fmt.Errorf("%w: reading checksum: %v", truncatedOr(err), err)
	}
	if got := crc.Sum32(); got != sum {
		return nil, fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, sum, got)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the checksum", ErrCorrupt, r.Len())
	}

	t := &Table{}
	if err := msgpack.Unmarshal(bins[0], &t.Header); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	if err := t.Header.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	nodes, edges := t.Nodes, t.Edges
	want := [1 + payloadCount]int{
		len(bins[0]), 4 * (nodes + 1), 4 * edges, 8 * edges, 0, 0, 0,
		nodes * nodes, nodes * nodes * t.DistKind.Width(),
	}
	if t.Kind == KindGrid {
		want[4] = 4 * nodes
	}
	if len(bins[5]) != 0 { // coordinates are optional, but both or neither
		want[5], want[6] = 8*nodes, 8*nodes
	}
	for i, w := range want {
		if len(bins[i]) != w {
			return nil, fmt.Errorf("%w: %s has %d bytes, want %d for %d nodes and %d edges",
				ErrCorrupt, payloadNames[i], len(bins[i]), w, nodes, edges)
		}
	}
	t.Offsets = bytesInt32(bins[1])
	t.Targets = bytesInt32(bins[2])
	t.Weights = bytesFloat64(bins[3])
	t.Cells = bytesInt32(bins[4])
	t.X = bytesFloat64(bins[5])
	t.Y = bytesFloat64(bins[6])
	t.First = bins[7]
	t.Dist = bins[8]
	if err := t.validateGraph(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return t, nil
}

// truncatedOr reports running out of bytes as ErrTruncated.
func truncatedOr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrTruncated
	}
	return ErrCorrupt
}

// validate checks the header's fields against each other.
func (h *Header) validate() error {
	if _, err := h.PayloadSize(); err != nil {
		return err
	}
	if h.FirstEnc != "u8" {
		return fmt.Errorf("unknown first-move encoding %q", h.FirstEnc)
	}
	if h.Edges < 0 || int64(h.Edges) > int64(h.Nodes)*MaxDegree {
		return fmt.Errorf("%d edges for %d nodes", h.Edges, h.Nodes)
	}
	switch h.Kind {
	case KindGrid:
		if h.Width <= 0 || h.Height <= 0 || int64(h.Width)*int64(h.Height) > 1<<26 {
			return fmt.Errorf("grid size %dx%d", h.Width, h.Height)
		}
		if h.Names != nil {
			return fmt.Errorf("grid table has node names")
		}
	case KindGraph:
		if len(h.Names) != h.Nodes {
			return fmt.Errorf("graph table names %d of %d nodes", len(h.Names), h.Nodes)
		}
	default:
		return fmt.Errorf("unknown kind %q", h.Kind)
	}
	return nil
}

// validateGraph checks the arrays that queries index by, so a lookup can
// trust them: CSR offsets, edge targets, degrees, weights and grid cells.
// First moves are checked where they are used, at O(1) per step.
func (t *Table) validateGraph() error {
	n := t.Nodes
	if t.Offsets[0] != 0 || int(t.Offsets[n]) != t.Edges {
		return fmt.Errorf("offsets do not span %d edges", t.Edges)
	}
	for u := 0; u < n; u++ {
		d := t.Offsets[u+1] - t.Offsets[u]
		if d < 0 || d > MaxDegree {
			return fmt.Errorf("node %d has out-degree %d", u, d)
		}
	}
	for i, v := range t.Targets {
		if v < 0 || int(v) >= n {
			return fmt.Errorf("edge %d points to node %d of %d", i, v, n)
		}
	}
	for i, w := range t.Weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return fmt.Errorf("edge %d has cost %v", i, w)
		}
	}
	prev := int32(-1)
	for u, c := range t.Cells {
		if c <= prev || int(c) >= t.Width*t.Height {
			return fmt.Errorf("node %d has cell %d", u, c)
		}
		prev = c
	}
	return nil
}

func bytesInt32(b []byte) []int32 {
	if len(b) == 0 {
		return nil
	}
	v := make([]int32, len(b)/4)
	for i := range v {
		v[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func bytesFloat64(b []byte) []float64 {
	if len(b) == 0 {
		return nil
	}
	v := make([]float64, len(b)/8)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}
