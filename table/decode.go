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
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/pathtable/pathtable/internal/csr"
	"github.com/pathtable/pathtable/internal/quote"
)

// Errors a decoder returns, for errors.Is.
var (
	ErrNotTable  = errors.New("not a pathtable table (bad magic)")
	ErrVersion   = errors.New("unsupported table format version")
	ErrTruncated = errors.New("truncated table")
	ErrChecksum  = errors.New("table checksum mismatch (file corrupt)")
	ErrCorrupt   = errors.New("corrupt table")
)

// Decode reads a table from data without copying the big payloads: the
// first moves and distances of flat tables, the order, rows and run words
// of run-length ones (RunRows) alias data, which must not change
// afterwards. Every declared
// length is checked against the bytes that remain before it is used, the
// checksum is verified, and the header and graph are validated, so a
// corrupt or hostile file gives an error, never a panic or an allocation
// larger than data. Time is O(len(data)) for the checksum plus O(V + E).
func Decode(data []byte) (*Table, error) {
	r := bytes.NewReader(data)
	dec := msgpack.NewDecoder(r)

	n, version, err := decodeOpening(dec, tableMagic, ErrNotTable)
	if err != nil {
		return nil, err
	}
	if err := checkVersion(version); err != nil {
		return nil, err
	}
	layout, err := checkDocumentLen(version, int64(n))
	if err != nil {
		return nil, err
	}

	names := binNames(layout)
	bins, err := readBins(dec, r, data, names)
	if err != nil {
		return nil, err
	}

	h, err := decodeHeader(bins[0], version)
	if err != nil {
		return nil, err
	}
	if err := h.checkLayoutLen(int64(n)); err != nil {
		return nil, err
	}
	// Coordinates are optional, but both or neither.
	want := h.payloadLens(len(bins[5]) != 0)
	if i := badBinLen(bins, want); i >= 0 {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d for %d nodes and %d edges",
			ErrCorrupt, names[i], len(bins[i]), want[i], h.Nodes, h.Edges)
	}
	t := &Table{Header: *h}
	if err := t.decodeBins(&t.Header, bins[1:]); err != nil {
		return nil, err
	}
	return t, nil
}

// badBinLen returns the index of the first bin after the header whose
// length is not want's, or -1 when all are. O(bins).
func badBinLen(bins [][]byte, want []int64) int {
	for i := 1; i < len(bins); i++ {
		if int64(len(bins[i])) != want[i] {
			return i
		}
	}
	return -1
}

// decodeBins sets t's graph and payloads from a document's bins after the
// header, their lengths checked, aliased, and validates them; h is the
// header the runs are encoded with. t's Header must be set, for the
// graph's checks. O(V + E + n).
func (t *Table) decodeBins(h *Header, bins [][]byte) error {
	if err := t.decodeGraph(bins[:6]); err != nil {
		return err
	}
	if h.Layout == LayoutRuns {
		r, err := decodeRuns(h, bins[6], bins[7], bins[8])
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		t.runs = r
		return nil
	}
	t.first, t.dist = bins[6], bins[7]
	return nil
}

// decodeOpening is frameReader.opening for a document in memory: the
// array head, the magic (which magic accepts or refuses) and the version.
func decodeOpening(dec *msgpack.Decoder, magic func(string) error, notDoc error) (int, uint64, error) {
	n, err := dec.DecodeArrayLen()
	if err != nil || n < 2 {
		return 0, 0, notDoc
	}
	if err := magic(decodeMagic(dec)); err != nil {
		return 0, 0, err
	}
	version, err := dec.DecodeUint64()
	if err != nil {
		return 0, 0, fmt.Errorf("%w: reading version: %v", truncatedOr(err), err)
	}
	return n, version, nil
}

// readBins reads the bins of a document named names, aliasing data (which
// r reads and dec decodes), then the checksum over their contents and the
// end of data. Every declared length is checked against the bytes that
// remain before it is used. O(len(data)) for the checksum.
func readBins(dec *msgpack.Decoder, r *bytes.Reader, data []byte, names []string) ([][]byte, error) {
	bins := make([][]byte, len(names))
	crc := crc32.New(castagnoli)
	for i := range bins {
		size, err := dec.DecodeBytesLen()
		if err != nil {
			return nil, fmt.Errorf("%w: reading %s length: %v", truncatedOr(err), names[i], err)
		}
		if size < 0 || size > r.Len() {
			return nil, fmt.Errorf("%w: %s declares %d bytes, %d remain", ErrTruncated, names[i], size, r.Len())
		}
		start := len(data) - r.Len()
		bins[i] = data[start : start+size : start+size]
		if _, err := r.Seek(int64(size), io.SeekCurrent); err != nil {
			return nil, err
		}
		crc.Write(bins[i])
	}
	sum, err := decodeChecksum(dec)
	if err != nil {
		return nil, err
	}
	if got := crc.Sum32(); got != sum {
		return nil, fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, sum, got)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the checksum", ErrCorrupt, r.Len())
	}
	return bins, nil
}

// decodeChecksum reads the checksum in any msgpack integer encoding of a
// value that fits in 32 bits: the Go writer uses the 5-byte uint32 form,
// but a writer whose library picks the shortest form is as correct.
func decodeChecksum(dec *msgpack.Decoder) (uint32, error) {
	code, err := dec.PeekCode()
	if err != nil {
		return 0, fmt.Errorf("%w: reading checksum: %v", truncatedOr(err), err)
	}
	var v uint64
	switch {
	case msgpcode.IsFixedNum(code) && code <= 0x7f, code >= msgpcode.Uint8 && code <= msgpcode.Uint64:
		v, err = dec.DecodeUint64()
	case code >= msgpcode.Int8 && code <= msgpcode.Int64:
		var i int64
		i, err = dec.DecodeInt64()
		if err == nil && i < 0 {
			return 0, fmt.Errorf("%w: checksum %d is negative", ErrCorrupt, i)
		}
		v = uint64(i)
	default:
		return 0, fmt.Errorf("%w: checksum is not a msgpack integer (code %#x)", ErrCorrupt, code)
	}
	if err != nil {
		return 0, fmt.Errorf("%w: reading checksum: %v", truncatedOr(err), err)
	}
	if v > 0xFFFFFFFF {
		return 0, fmt.Errorf("%w: checksum %d is over 32 bits", ErrCorrupt, v)
	}
	return uint32(v), nil
}

// decodeMagic reads the magic string and returns it, or "" when the value
// there is not a string of a magic's length. It checks the declared length
// first: msgpack's DecodeString allocates up to 1 MB for a string a 5-byte
// file claims is 4 GB long.
func decodeMagic(dec *msgpack.Decoder) string {
	if c, err := dec.PeekCode(); err != nil || !msgpcode.IsString(c) {
		return ""
	}
	n, err := dec.DecodeBytesLen()
	if err != nil || n != len(Magic) {
		return ""
	}
	var b [len(Magic)]byte
	if dec.ReadFull(b[:]) != nil {
		return ""
	}
	return string(b[:])
}

// tableMagic accepts a table's magic, and says what a part's is.
func tableMagic(magic string) error {
	switch magic {
	case Magic:
		return nil
	case PartMagic:
		return ErrPart
	}
	return ErrNotTable
}

// maxHeaderDepth bounds how deep arrays and maps nest in a header: the
// header itself needs 2 (the names array in the header map), the rest is
// room for keys this version does not know, and msgpack's decoder recurses
// once per level.
const maxHeaderDepth = 32

// checkMsgpack checks that b is exactly one msgpack value whose every
// declared length and count fits in the bytes that remain, nested at most
// maxHeaderDepth deep, so decoding it allocates O(len(b)) and recurses
// boundedly: msgpack/v5 caps strings at 1 MB and arrays at a million
// elements whatever the input's size, and bin not at all (upstream issue
// 401). O(len(b)).
func checkMsgpack(b []byte) error {
	var left [maxHeaderDepth + 1]uint64 // values still to read at each depth
	depth := 0
	left[0] = 1
	for {
		for left[depth] == 0 {
			if depth == 0 {
				if len(b) != 0 {
					return fmt.Errorf("%d bytes after the value", len(b))
				}
				return nil
			}
			depth--
		}
		left[depth]--
		if len(b) == 0 {
			return io.ErrUnexpectedEOF
		}
		c := b[0]
		b = b[1:]
		var size, items uint64 // bytes of payload, values inside
		switch {
		case c <= 0x7f || c >= 0xe0: // fixint
		case c <= 0x8f: // fixmap
			items = 2 * uint64(c&0x0f)
		case c <= 0x9f: // fixarray
			items = uint64(c & 0x0f)
		case c <= 0xbf: // fixstr
			size = uint64(c & 0x1f)
		case c == 0xc0 || c == 0xc2 || c == 0xc3: // nil, false, true
		case c >= 0xca && c <= 0xd3: // float32/64, uint8..64, int8..64
			size = [...]uint64{4, 8, 1, 2, 4, 8, 1, 2, 4, 8}[c-0xca]
		case c >= 0xd4 && c <= 0xd8: // fixext: type byte and 1..16 bytes
			size = 1 + 1<<(c-0xd4)
		default:
			var w int // bytes of the length or count that follows
			switch c {
			case 0xc4, 0xc7, 0xd9: // bin8, ext8, str8
				w = 1
			case 0xc5, 0xc8, 0xda, 0xdc, 0xde: // bin16, ext16, str16, array16, map16
				w = 2
			case 0xc6, 0xc9, 0xdb, 0xdd, 0xdf: // bin32, ext32, str32, array32, map32
				w = 4
			default:
				return fmt.Errorf("invalid msgpack code %#x", c)
			}
			if len(b) < w {
				return io.ErrUnexpectedEOF
			}
			var v uint64
			for _, x := range b[:w] {
				v = v<<8 | uint64(x)
			}
			b = b[w:]
			switch c {
			case 0xdc, 0xdd:
				items = v
			case 0xde, 0xdf:
				items = 2 * v
			case 0xc7, 0xc8, 0xc9:
				size = 1 + v // the ext type byte
			default:
				size = v
			}
		}
		if size > uint64(len(b)) {
			return fmt.Errorf("a value declares %d bytes, %d remain", size, len(b))
		}
		b = b[size:]
		if items > 0 {
			if items > uint64(len(b)) { // every value takes at least a byte
				return fmt.Errorf("a value declares %d elements, %d bytes remain", items, len(b))
			}
			if depth == maxHeaderDepth {
				return fmt.Errorf("values nested deeper than %d", maxHeaderDepth)
			}
			depth++
			left[depth] = items
		}
	}
}

// truncatedOr reports running out of bytes as ErrTruncated.
func truncatedOr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrTruncated
	}
	return ErrCorrupt
}

// checkVersion accepts the format versions this build reads.
func checkVersion(version uint64) error {
	if version != Version && version != VersionLayout {
		return fmt.Errorf("%w %d (this build reads %d and %d)", ErrVersion, version, Version, VersionLayout)
	}
	return nil
}

// validate checks the header's fields against each other.
func (h *Header) validate() error {
	if _, err := h.PayloadSize(); err != nil {
		return err
	}
	if h.Layout == LayoutWindow {
		if err := h.validateWindow(); err != nil {
			return err
		}
	} else if h.Window != 0 {
		return fmt.Errorf("window %d in a table of layout %q", h.Window, h.Layout)
	} else if h.Layout == LayoutRuns {
		if _, _, ok := runCodeOf(h.FirstEnc); !ok {
			return fmt.Errorf("run-length table has first-move encoding %q, want one of %q, %q, %q, %q", h.FirstEnc, FirstEncRuns16x4, FirstEncRuns16x8, FirstEncRuns32x4, FirstEncRuns32x8)
		}
	} else if h.FirstEnc != FirstU8 {
		return fmt.Errorf("unknown first-move encoding %q", h.FirstEnc)
	}
	if h.Layout != LayoutRuns && h.RunCount != 0 {
		return fmt.Errorf("%d runs in a table of layout %q", h.RunCount, h.Layout)
	}
	if h.Edges < 0 || int64(h.Edges) > int64(h.Nodes)*MaxDegree {
		return fmt.Errorf("%d edges for %d nodes", h.Edges, h.Nodes)
	}
	switch h.Kind {
	case KindGrid:
		if h.Width <= 0 || h.Height <= 0 || h.Width > csr.MaxCells || h.Height > csr.MaxCells || int64(h.Width)*int64(h.Height) > csr.MaxCells {
			return fmt.Errorf("grid size %dx%d", h.Width, h.Height)
		}
		if h.Names != nil {
			return fmt.Errorf("grid table has node names")
		}
		if h.Connect != 4 && h.Connect != 8 {
			return fmt.Errorf("grid connectivity %d, want 4 or 8", h.Connect)
		}
	case KindGraph:
		if len(h.Names) != h.Nodes {
			return fmt.Errorf("graph table names %d of %d nodes", len(h.Names), h.Nodes)
		}
		seen := make(map[string]int, len(h.Names))
		for u, id := range h.Names {
			if v, dup := seen[id]; dup {
				return fmt.Errorf("nodes %d and %d have the same name %s", v, u, quote.String(id))
			}
			seen[id] = u
		}
	default:
		return fmt.Errorf("unknown kind %q", h.Kind)
	}
	return nil
}

// decodeGraph sets t's graph from its six bins in document order and
// validates it. O(V + E).
func (t *Table) decodeGraph(bins [][]byte) error {
	t.Offsets = bytesInt32(bins[0])
	t.Targets = bytesInt32(bins[1])
	t.Weights = bytesFloat64(bins[2])
	t.Cells = bytesInt32(bins[3])
	t.X = bytesFloat64(bins[4])
	t.Y = bytesFloat64(bins[5])
	if err := t.validateGraph(); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

// validateGraph checks the arrays that queries index by, so a lookup can
// trust them: the CSR graph as the level loaders guarantee it, degrees a
// first move can address, and grid cells. First moves are checked where
// they are used, at O(1) per step. O(V + E).
func (t *Table) validateGraph() error {
	if err := csr.Check(t.Offsets, t.Targets, t.Weights); err != nil {
		return err
	}
	for u := range t.Nodes {
		if d := t.Degree(u); d > MaxDegree {
			return fmt.Errorf("node %d has out-degree %d", u, d)
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

func bytesUint32(b []byte) []uint32 {
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
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
