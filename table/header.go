package table

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

// A header bin holds one msgpack map, decoded here by the document's own
// reader rather than by a general msgpack library, so that what a header
// may hold is docs/FORMAT.md's rule and nothing looser: a str field is
// msgpack str; an integer field is any msgpack integer encoding of a value
// >= 0 that fits an int; `names` is an array of str, or nil; a known key
// appears once. Any other key, of any type, is skipped with its value,
// which may be any msgpack value nested at most maxHeaderDepth deep.
// Every count is checked against the bytes that remain before anything is
// allocated for it.

// maxHeaderDepth bounds how deep arrays and maps nest in a header bin: the
// header itself needs 2 (the names array in the header map), a part
// header 3, the rest is room for keys this version does not know.
const maxHeaderDepth = 32

// Header bins are decoded in memory (a reader over the bin's bytes): key,
// names and skip step back and forward in place.

// decodeHeader decodes the header bin b into h (not yet validated).
// O(len(b)).
func decodeHeader(b []byte, h *Header) error {
	rd := memReader(b)
	if err := rd.headerMap(h, 1); err != nil {
		return headerError("header", err)
	}
	if k := rd.left(); k != 0 {
		return fmt.Errorf("%w: header: %d bytes after the map", ErrCorrupt, k)
	}
	return nil
}

// headerError names what was being decoded in err, as ErrCorrupt: a
// header that ends early is as corrupt as any other, since its bin's
// length was read whole.
func headerError(what string, err error) error {
	if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTruncated) {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, what, unwrapSentinel(err))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %s ends inside a value", ErrCorrupt, what)
	}
	return fmt.Errorf("%w: %s: %v", ErrCorrupt, what, err)
}

// unwrapSentinel returns err's message without the sentinels' texts
// inside it, for an error that names its sentinel once, in front.
func unwrapSentinel(err error) string {
	s := err.Error()
	for _, e := range []error{ErrCorrupt, ErrTruncated} {
		s = strings.ReplaceAll(s, e.Error()+": ", "")
	}
	return s
}

// headerKeys are the keys of a table header, in the order the writer
// writes them: their index is their bit in headerMap's seen set.
var headerKeys = [...]string{"kind", "nodes", "edges", "width", "height", "names", "metric", "dist_kind",
	"first_enc", "model", "connect", "diagonal", "source", "format", "input_hash", "layout", "window", "runs", "clearance", "row_bytes"}

// headerMap reads a table header map at nesting depth into h.
func (rd *reader) headerMap(h *Header, depth int) error {
	return rd.fields(headerKeys[:], depth, func(key string) error {
		switch key {
		case "kind":
			return rd.strField(key, (*string)(&h.Kind))
		case "nodes":
			return rd.intField(key, &h.Nodes)
		case "edges":
			return rd.intField(key, &h.Edges)
		case "width":
			return rd.intField(key, &h.Width)
		case "height":
			return rd.intField(key, &h.Height)
		case "names":
			var err error
			h.Names, err = rd.names(depth + 1)
			return err
		case "metric":
			return rd.strField(key, &h.Metric)
		case "dist_kind":
			return rd.strField(key, (*string)(&h.DistKind))
		case "first_enc":
			return rd.strField(key, &h.FirstEnc)
		case "model":
			return rd.strField(key, &h.Model)
		case "connect":
			return rd.intField(key, &h.Connect)
		case "diagonal":
			return rd.strField(key, &h.Diagonal)
		case "source":
			return rd.strField(key, &h.Source)
		case "format":
			return rd.strField(key, &h.Format)
		case "input_hash":
			return rd.strField(key, &h.InputHash)
		case "layout":
			return rd.strField(key, (*string)(&h.Layout))
		case "window":
			return rd.intField(key, &h.Window)
		case "clearance":
			return rd.intField(key, &h.Clearance)
		case "row_bytes":
			return rd.intField(key, &h.RowBytes)
		}
		return rd.intField(key, &h.RunCount) // "runs"
	})
}

// partKeys are the keys of a part header, as headerKeys.
var partKeys = [...]string{"table", "shard", "shards", "from", "to", "runs"}

// partHeaderMap reads a part header map into p.
func (rd *reader) partHeaderMap(p *PartHeader) error {
	return rd.fields(partKeys[:], 1, func(key string) error {
		switch key {
		case "table":
			return rd.headerMap(&p.Table, 2)
		case "shard":
			return rd.intField(key, &p.Shard)
		case "shards":
			return rd.intField(key, &p.Shards)
		case "from":
			return rd.intField(key, &p.From)
		case "to":
			return rd.intField(key, &p.To)
		}
		return rd.intField(key, &p.Runs) // "runs"
	})
}

// fields reads a map at nesting depth whose known keys are keys: field
// reads the value of each known key, which may appear once; any other key,
// of any type, is skipped with its value.
func (rd *reader) fields(keys []string, depth int, field func(key string) error) error {
	n, err := rd.entries()
	if err != nil {
		return err
	}
	var seen uint32
	for range n {
		key, known, err := rd.key(keys, depth+1)
		if err != nil {
			return err
		}
		if known < 0 {
			if err := rd.skip(depth + 1); err != nil {
				return err
			}
			continue
		}
		if seen&(1<<known) != 0 {
			return fmt.Errorf("key %q twice", key)
		}
		seen |= 1 << known
		if err := field(key); err != nil {
			return err
		}
	}
	return nil
}

// entries reads a map head and checks its count against the bytes that
// remain: an entry takes at least two.
func (rd *reader) entries() (int64, error) {
	n, err := rd.mapLen()
	if err == nil && n > rd.left()/2 {
		err = fmt.Errorf("a map declares %d entries, %d bytes remain", n, rd.left())
	}
	return n, err
}

// key reads a map key at nesting depth and returns it with its index in
// keys, or -1 when it is not one of them: a str that names no known key,
// or a key of another type (skipped).
func (rd *reader) key(keys []string, depth int) (string, int, error) {
	c, err := rd.byte()
	if err != nil {
		return "", -1, err
	}
	n, ok, err := rd.lengthOf(c, 0xa0, 0xbf, codeStr8, codeStr16, codeStr32)
	if err != nil {
		return "", -1, err
	}
	if !ok {
		rd.pos-- // not a string: skip the whole key as a value
		return "", -1, rd.skip(depth)
	}
	b, err := rd.take(n)
	if err != nil {
		return "", -1, err
	}
	for i, k := range keys {
		if string(b) == k {
			return k, i, nil
		}
	}
	return "", -1, nil
}

// strField reads a str value into *s.
func (rd *reader) strField(key string, s *string) error {
	n, err := rd.strLen()
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	b, err := rd.take(n)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	*s = string(b)
	return nil
}

// intField reads an integer value >= 0 into *v.
func (rd *reader) intField(key string, v *int) error {
	x, err := rd.uint()
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	if x > math.MaxInt {
		return fmt.Errorf("%s: %d is out of range", key, x)
	}
	*v = int(x)
	return nil
}

// names reads the names value: nil, or an array of str.
func (rd *reader) names(depth int) ([]string, error) {
	c, err := rd.byte()
	if err != nil {
		return nil, err
	}
	if c == codeNil {
		return nil, nil
	}
	rd.pos--
	n, err := rd.arrayLen()
	if err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	if n > rd.left() {
		return nil, fmt.Errorf("names: an array declares %d elements, %d bytes remain", n, rd.left())
	}
	if depth > maxHeaderDepth {
		return nil, fmt.Errorf("values nested deeper than %d", maxHeaderDepth)
	}
	names := make([]string, n)
	for i := range names {
		if err := rd.strField("names", &names[i]); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// shape returns the bytes of payload and the count of values inside a
// msgpack value of code c, reading the length or count that follows c.
// O(1).
func (rd *reader) shape(c byte) (size, items int64, err error) {
	switch {
	case c <= 0x7f || c >= 0xe0: // fixint
	case c <= 0x8f: // fixmap
		items = 2 * int64(c&0x0f)
	case c <= 0x9f: // fixarray
		items = int64(c & 0x0f)
	case c <= 0xbf: // fixstr
		size = int64(c & 0x1f)
	case c == codeNil || c == 0xc2 || c == 0xc3: // nil, false, true
	case c >= 0xca && c <= 0xd3: // float32/64, uint8..64, int8..64
		size = [...]int64{4, 8, 1, 2, 4, 8, 1, 2, 4, 8}[c-0xca]
	case c >= 0xd4 && c <= 0xd8: // fixext: type byte and 1..16 bytes
		size = 1 + 1<<(c-0xd4)
	default:
		return rd.lengthShape(c)
	}
	return size, items, nil
}

// lengthShape is shape for the codes whose length or count follows them
// (bin, str, ext, array and map of 8 to 32 bits). O(1).
func (rd *reader) lengthShape(c byte) (size, items int64, err error) {
	var w int // bytes of the length or count that follows
	switch c {
	case codeBin8, 0xc7, codeStr8: // bin8, ext8, str8
		w = 1
	case codeBin16, 0xc8, codeStr16, codeArr16, codeMap16:
		w = 2
	case codeBin32, 0xc9, codeStr32, codeArr32, codeMap32:
		w = 4
	default:
		return 0, 0, fmt.Errorf("invalid msgpack code %#x", c)
	}
	v, err := rd.be(w)
	if err != nil {
		return 0, 0, err
	}
	switch c {
	case codeArr16, codeArr32:
		return 0, int64(v), nil
	case codeMap16, codeMap32:
		return 0, 2 * int64(v), nil
	case 0xc7, 0xc8, 0xc9:
		return 1 + int64(v), 0, nil // the ext type byte
	}
	return int64(v), 0, nil
}

// skip reads past one value of any msgpack type, at nesting depth, whose
// every length and count fits in the bytes that remain: O(its bytes).
func (rd *reader) skip(depth int) error {
	c, err := rd.byte()
	if err != nil {
		return err
	}
	size, items, err := rd.shape(c)
	if err != nil {
		return err
	}
	if err := rd.fits(size); err != nil {
		return err
	}
	rd.pos += size
	if items == 0 {
		return nil
	}
	if items > rd.left() { // every value takes at least a byte
		return fmt.Errorf("a value declares %d elements, %d bytes remain", items, rd.left())
	}
	if depth >= maxHeaderDepth {
		return fmt.Errorf("values nested deeper than %d", maxHeaderDepth)
	}
	for range items {
		if err := rd.skip(depth + 1); err != nil {
			return err
		}
	}
	return nil
}
