package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"strconv"
	"strings"
)

// document is a table split into its framing and its bins, as pathtable
// writes it: an array head, the magic, a fixint version, the bins and a
// 5-byte uint32 checksum. It reads only that framing, so that damage can
// be made behind a good checksum: damage only a reader's own checks catch.
type document struct {
	head []byte   // the array head, the magic and the version
	bins [][]byte // each bin's contents
}

// splitDoc splits data, copying nothing: the bins alias data.
func splitDoc(data []byte) (*document, error) {
	if len(data) < 16 || data[0] < 0x92 || data[0] > 0x9f || string(data[1:10]) != "\xa8PATHTABL" || data[10] > 0x7f {
		return nil, errors.New("not a table as pathtable writes them")
	}
	n := int(data[0] & 0x0f)
	p := 11
	d := &document{head: data[:11:11]}
	for range n - 3 {
		if p >= len(data) || data[p] < 0xc4 || data[p] > 0xc6 {
			return nil, fmt.Errorf("byte %d: not a bin head", p)
		}
		w := 1 << (data[p] - 0xc4)
		if p+1+w > len(data) {
			return nil, errors.New("truncated")
		}
		size := 0
		for _, c := range data[p+1 : p+1+w] {
			size = size<<8 | int(c)
		}
		p += 1 + w
		if size > len(data)-p {
			return nil, errors.New("truncated")
		}
		d.bins = append(d.bins, data[p:p+size:p+size])
		p += size
	}
	if p != len(data)-5 || data[p] != 0xce {
		return nil, errors.New("not a 5-byte checksum at the end")
	}
	return d, nil
}

// binHeadAt returns the offsets in data of each bin's head (its 0xc4-0xc6
// byte), for a document split from data.
func binHeads(data []byte, d *document) []int {
	var heads []int
	p := 11
	for _, b := range d.bins {
		heads = append(heads, p)
		p += 1 + (1 << (data[p] - 0xc4)) + len(b)
	}
	return heads
}

// bytes writes the document with the shortest bin heads and the CRC-32C
// of the bins' contents.
func (d *document) bytes() []byte {
	var out bytes.Buffer
	out.Write(d.head)
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	for _, b := range d.bins {
		switch n := len(b); {
		case n < 1<<8:
			out.Write([]byte{0xc4, byte(n)})
		case n < 1<<16:
			out.Write([]byte{0xc5, byte(n >> 8), byte(n)})
		default:
			out.Write([]byte{0xc6, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
		}
		out.Write(b)
		crc.Write(b)
	}
	out.WriteByte(0xce)
	out.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
	return out.Bytes()
}

// withBin returns a copy of the document whose bin i (document element
// i+2) holds contents.
func (d *document) withBin(i int, contents []byte) *document {
	c := &document{head: d.head, bins: append([][]byte(nil), d.bins...)}
	c.bins[i] = contents
	return c
}

// tamper returns data with the bytes of the bin that is document element
// element (2 the header, 3 the next, ... as in docs/FORMAT.md) overwritten
// from byte at of its contents by the bytes hexs (hex digits), and the
// checksum recomputed (the former examples/c/tamper tool). at is a decimal
// offset, or =HEX2 for the offset of the first occurrence of the bytes
// HEX2 in the bin; a negative at counts from the bin's end.
func tamper(data []byte, element int, at, hexs string) ([]byte, error) {
	d, err := splitDoc(data)
	if err != nil {
		return nil, err
	}
	if element < 2 || element-2 >= len(d.bins) {
		return nil, fmt.Errorf("element %d: want 2 to %d", element, len(d.bins)+1)
	}
	bin := append([]byte(nil), d.bins[element-2]...)
	patch, err := hex.DecodeString(hexs)
	if err != nil {
		return nil, fmt.Errorf("HEX: %v", err)
	}
	i, err := binOffset(bin, at)
	if err != nil {
		return nil, err
	}
	if i < 0 || i+len(patch) > len(bin) {
		return nil, fmt.Errorf("%d bytes at %d do not fit in the bin's %d", len(patch), i, len(bin))
	}
	copy(bin[i:], patch)
	return d.withBin(element-2, bin).bytes(), nil
}

// tamperFile is `check tamper IN OUT ELEMENT AT HEX`: it overwrites the
// bytes of the bin that is document element ELEMENT (2 the header, 3 the
// next bin, ... as in docs/FORMAT.md) from byte AT of its contents with HEX
// (hex digits), recomputes the checksum and writes the table to OUT. AT is
// a decimal offset, negative from the bin's end, or =HEX2 for the first
// occurrence of the bytes HEX2 in the bin. O(file size).
func tamperFile(args []string) error {
	if len(args) != 5 {
		return errors.New("usage: check tamper IN OUT ELEMENT AT HEX")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	element, err := strconv.Atoi(args[2])
	if err != nil {
		return fmt.Errorf("ELEMENT %q: want a number", args[2])
	}
	out, err := tamper(data, element, args[3], args[4])
	if err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	return os.WriteFile(args[1], out, 0o644)
}

// binOffset resolves at within bin.
func binOffset(bin []byte, at string) (int, error) {
	if s, ok := strings.CutPrefix(at, "="); ok {
		want, err := hex.DecodeString(s)
		if err != nil {
			return 0, fmt.Errorf("AT: %v", err)
		}
		i := bytes.Index(bin, want)
		if i < 0 {
			return 0, fmt.Errorf("AT: %s is not in the bin", s)
		}
		return i, nil
	}
	i, err := strconv.Atoi(at)
	if err != nil {
		return 0, fmt.Errorf("AT %q: %v", at, err)
	}
	if i < 0 {
		i += len(bin)
	}
	return i, nil
}

// poke returns a copy of data with b written at offset at.
func poke(data []byte, at int, b ...byte) []byte {
	c := append([]byte(nil), data...)
	copy(c[at:], b)
	return c
}
