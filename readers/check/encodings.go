package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
)

// The other encodings a table may use for the same values (FORMAT.md,
// "msgpack subset"): any integer encoding of a value, any bin head for a
// bin, any str head for a string, any map head for the header, unknown
// keys of any type skipped. The Go writer uses none of them, so a reader
// tested only on its tables would never meet them; the CLI reads them all
// and each reader must answer alike. Also a few the CLI refuses: a known
// key twice, an unknown value nested too deep.

// mpSkip returns the length of the msgpack value at b[0:], or an error;
// depth counts the containers around it.
func mpSkip(b []byte, depth int) (int, error) {
	if len(b) == 0 {
		return 0, errors.New("truncated")
	}
	if depth > 64 {
		return 0, errors.New("too deep")
	}
	c := b[0]
	n := func(w int) (int, error) { // a w-byte big-endian count after the head
		if len(b) < 1+w {
			return 0, errors.New("truncated")
		}
		v := 0
		for _, x := range b[1 : 1+w] {
			v = v<<8 | int(x)
		}
		return v, nil
	}
	items := func(head, count int) (int, error) {
		p := head
		for range count {
			k, err := mpSkip(b[p:], depth+1)
			if err != nil {
				return 0, err
			}
			p += k
		}
		return p, nil
	}
	span := func(head, size int) (int, error) {
		if head+size > len(b) {
			return 0, errors.New("truncated")
		}
		return head + size, nil
	}
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		return 1, nil
	case c <= 0x8f:
		return items(1, 2*int(c&0x0f))
	case c <= 0x9f:
		return items(1, int(c&0x0f))
	case c <= 0xbf:
		return span(1, int(c&0x1f))
	}
	switch c {
	case 0xcc, 0xd0:
		return span(1, 1)
	case 0xcd, 0xd1:
		return span(1, 2)
	case 0xce, 0xd2, 0xca:
		return span(1, 4)
	case 0xcf, 0xd3, 0xcb:
		return span(1, 8)
	case 0xc4, 0xd9:
		k, err := n(1)
		if err != nil {
			return 0, err
		}
		return span(2, k)
	case 0xc5, 0xda:
		k, err := n(2)
		if err != nil {
			return 0, err
		}
		return span(3, k)
	case 0xc6, 0xdb:
		k, err := n(4)
		if err != nil {
			return 0, err
		}
		return span(5, k)
	case 0xdc:
		k, err := n(2)
		if err != nil {
			return 0, err
		}
		return items(3, k)
	case 0xdd:
		k, err := n(4)
		if err != nil {
			return 0, err
		}
		return items(5, k)
	case 0xde:
		k, err := n(2)
		if err != nil {
			return 0, err
		}
		return items(3, 2*k)
	case 0xdf:
		k, err := n(4)
		if err != nil {
			return 0, err
		}
		return items(5, 2*k)
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext
		return span(2, 1<<(c-0xd4))
	}
	return 0, fmt.Errorf("type 0x%02x", c)
}

// entry is one key and value of a header, as bytes.
type entry struct{ key, value []byte }

// headerEntries splits a header map into its entries.
func headerEntries(h []byte) ([]entry, error) {
	var count, p int
	switch {
	case len(h) > 0 && h[0] >= 0x80 && h[0] <= 0x8f:
		count, p = int(h[0]&0x0f), 1
	case len(h) > 2 && h[0] == 0xde:
		count, p = int(binary.BigEndian.Uint16(h[1:])), 3
	default:
		return nil, errors.New("the header is not a fixmap or a map16")
	}
	var es []entry
	for range count {
		k, err := mpSkip(h[p:], 1)
		if err != nil {
			return nil, err
		}
		v, err := mpSkip(h[p+k:], 1)
		if err != nil {
			return nil, err
		}
		es = append(es, entry{h[p : p+k], h[p+k : p+k+v]})
		p += k + v
	}
	if p != len(h) {
		return nil, errors.New("bytes after the header map")
	}
	return es, nil
}

// mapBytes writes entries as a map with the head kind (0x80 fixmap, or
// a map16 when there are more than 15; 0xde, 0xdf).
func mapBytes(es []entry, head byte) []byte {
	var b bytes.Buffer
	switch {
	case head == 0x80 && len(es) < 16:
		b.WriteByte(0x80 | byte(len(es)))
	case head != 0xdf:
		b.Write([]byte{0xde, 0, byte(len(es))})
	default:
		b.Write([]byte{0xdf, 0, 0, 0, byte(len(es))})
	}
	for _, e := range es {
		b.Write(e.key)
		b.Write(e.value)
	}
	return b.Bytes()
}

// mpUint decodes an unsigned msgpack integer.
func mpUint(v []byte) (uint64, bool) {
	switch c := v[0]; {
	case c <= 0x7f:
		return uint64(c), true
	case c == 0xcc:
		return uint64(v[1]), true
	case c == 0xcd:
		return uint64(binary.BigEndian.Uint16(v[1:])), true
	case c == 0xce:
		return uint64(binary.BigEndian.Uint32(v[1:])), true
	case c == 0xcf:
		return binary.BigEndian.Uint64(v[1:]), true
	}
	return 0, false
}

// intForms returns the other encodings of the unsigned integer x.
func intForms(x uint64) [][]byte {
	var forms [][]byte
	forms = append(forms, binary.BigEndian.AppendUint64([]byte{0xcf}, x))
	forms = append(forms, binary.BigEndian.AppendUint64([]byte{0xd3}, x))
	if x <= math.MaxUint32 {
		forms = append(forms, binary.BigEndian.AppendUint32([]byte{0xce}, uint32(x)))
	}
	if x <= math.MaxInt32 {
		forms = append(forms, binary.BigEndian.AppendUint32([]byte{0xd2}, uint32(x)))
	}
	if x <= math.MaxUint16 {
		forms = append(forms, binary.BigEndian.AppendUint16([]byte{0xcd}, uint16(x)))
	}
	if x <= math.MaxUint8 {
		forms = append(forms, []byte{0xcc, byte(x)})
	}
	if x <= math.MaxInt8 {
		forms = append(forms, []byte{0xd0, byte(x)})
	}
	return forms
}

// wideBins writes the document with every bin head a bin32, and the
// checksum as checksum (its encoding; nil for the usual 5 bytes).
func (d *document) wideBins(checksum func(uint32) []byte) []byte {
	var out bytes.Buffer
	out.Write(d.head)
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	for _, b := range d.bins {
		out.WriteByte(0xc6)
		out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(b))))
		out.Write(b)
		crc.Write(b)
	}
	if checksum == nil {
		out.Write(binary.BigEndian.AppendUint32([]byte{0xce}, crc.Sum32()))
	} else {
		out.Write(checksum(crc.Sum32()))
	}
	return out.Bytes()
}

// withChecksum writes the document with the checksum encoded by enc.
func (d *document) withChecksum(enc func(uint32) []byte) []byte {
	b := d.bytes()
	return append(b[:len(b)-5], enc(binary.BigEndian.Uint32(b[len(b)-4:]))...)
}

// encodings adds base's other encodings, each asked base's queries.
func (dm *damager) encodings(base string) {
	data := dm.read(base)
	doc, err := splitDoc(data)
	if err != nil {
		dm.errs = append(dm.errs, fmt.Sprintf("encodings %s: %v", base, err))
		return
	}
	es, err := headerEntries(doc.bins[0])
	if err != nil {
		dm.errs = append(dm.errs, fmt.Sprintf("encodings %s: %v", base, err))
		return
	}
	header := func(how string, es []entry, head byte) {
		dm.add(base, "encoding: "+how, doc.withBin(0, mapBytes(es, head)).bytes(), false)
	}
	dm.add(base, "encoding: every bin a bin32", doc.wideBins(nil), false)
	dm.add(base, "encoding: the checksum a uint64", doc.withChecksum(func(c uint32) []byte {
		return binary.BigEndian.AppendUint64([]byte{0xcf}, uint64(c))
	}), false)
	dm.add(base, "encoding: the checksum an int64", doc.withChecksum(func(c uint32) []byte {
		return binary.BigEndian.AppendUint64([]byte{0xd3}, uint64(c))
	}), false)
	dm.add(base, "encoding: the version a uint8", append(append(append([]byte(nil), data[:10]...), 0xcc), data[10:]...), false)
	header("the header a map16", es, 0xde)
	header("the header a map32", es, 0xdf)
	// Each integer key in two other forms (nodes in all: they take turns
	// over the keys and tables); each str key's value a str8 and a str32.
	turn := len(dm.cases)
	for i, e := range es {
		if x, ok := mpUint(e.value); ok {
			forms := intForms(x)
			if string(e.key) != "\xa5nodes" {
				turn++
				forms = [][]byte{forms[turn%len(forms)], forms[(turn+3)%len(forms)]}
			}
			for _, f := range forms {
				c := append([]entry(nil), es...)
				c[i] = entry{e.key, f}
				header(fmt.Sprintf("%s as %x", e.key[1:], f), c, 0x80)
			}
		}
		if c := e.value[0]; c >= 0xa0 && c <= 0xbf {
			v := append([]byte{0xd9, c & 0x1f}, e.value[1:]...)
			cs := append([]entry(nil), es...)
			cs[i] = entry{e.key, v}
			header(fmt.Sprintf("%s a str8", e.key[1:]), cs, 0x80)
			cs[i] = entry{e.key, append([]byte{0xdb, 0, 0, 0, c & 0x1f}, e.value[1:]...)}
			header(fmt.Sprintf("%s a str32", e.key[1:]), cs, 0x80)
		}
		if c := e.value[0]; c >= 0x90 && c <= 0x9f {
			cs := append([]entry(nil), es...)
			cs[i] = entry{e.key, append([]byte{0xdc, 0, c & 0x0f}, e.value[1:]...)}
			header(fmt.Sprintf("%s an array16", e.key[1:]), cs, 0x80)
		}
		// A known key twice (refused; every third key, in turn over the
		// tables).
		if (i+len(dm.cases))%3 == 0 {
			header(fmt.Sprintf("%s twice", e.key[1:]), append(append([]entry(nil), es...), e), 0xde)
		}
	}
	rev := append([]entry(nil), es...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	header("the keys in reverse order", rev, 0xde)
	// Unknown keys of every type, skipped; a key that is not a str.
	nested := func(depth int) []byte {
		return append(bytes.Repeat([]byte{0x91}, depth-1), 0x01)
	}
	for _, u := range []struct {
		how        string
		key, value []byte
	}{
		{"an unknown key of nil", []byte("\xa3zzz"), []byte{0xc0}},
		{"an unknown key of everything", []byte("\xa3zzz"), []byte("\x81\xa1a\x9a\xc0\xc2\xc3\xff\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00\xca\x3f\xc0\x00\x00\xa1s\xc4\x01\x00\xd4\x01\x02\x80")},
		{"an unknown key of a bin32", []byte("\xa5nodez"), []byte("\xc6\x00\x00\x00\x02\x00\x00")},
		{"an integer key", []byte{0x05}, []byte{0x07}},
		{"a nil key", []byte{0xc0}, []byte("\xa4grid")},
		{"an unknown key nested 31 deep", []byte("\xa3zzz"), nested(31)},
		{"an unknown key nested 32 deep", []byte("\xa3zzz"), nested(32)},
		{"an unknown key nested 33 deep", []byte("\xa3zzz"), nested(33)},
	} {
		header(u.how, append(append([]entry(nil), es...), entry{u.key, u.value}), 0xde)
	}
}
