// Command tamper writes a damaged copy of a pathtable table whose checksum
// still matches: damage that only a reader's own checks can catch
// (duplicate node names, an order that is not a permutation, rows that do
// not span the runs, runs that name no edge), so that a reader and the Go
// CLI can be held to the same answers on it. readers/check (the readers'
// cross-check) does the same in-process; this command serves the readers'
// own shell checks (readers/csharp/check.sh).
//
//	tamper IN OUT ELEMENT AT HEX
//
// overwrites the bytes of the bin that is document element ELEMENT (2 the
// header, 3 offsets, ... as in docs/FORMAT.md), from byte AT of its
// contents, with HEX (hex digits, same length), and writes the table with
// the CRC-32C of the bins recomputed to OUT. AT is a decimal offset, or
// =HEX2 for the offset of the first occurrence of the bytes HEX2 in the
// bin; a negative AT counts from the bin's end. It reads only the framing
// pathtable writes: the array head, the magic, a fixint version, bins and a
// 5-byte uint32 checksum.
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

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "tamper:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 5 {
		return errors.New("usage: tamper IN OUT ELEMENT AT HEX")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	bins, err := splitBins(data)
	if err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	element, err := strconv.Atoi(args[2])
	if err != nil || element < 2 || element-2 >= len(bins) {
		return fmt.Errorf("element %q: want 2 to %d", args[2], len(bins)+1)
	}
	bin := bins[element-2]
	patch, err := hex.DecodeString(args[4])
	if err != nil {
		return fmt.Errorf("HEX: %v", err)
	}
	at, err := offset(bin, args[3])
	if err != nil {
		return err
	}
	if at < 0 || at+len(patch) > len(bin) {
		return fmt.Errorf("%d bytes at %d do not fit in the bin's %d", len(patch), at, len(bin))
	}
	copy(bin[at:], patch)
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	for _, b := range bins {
		crc.Write(b)
	}
	binary.BigEndian.PutUint32(data[len(data)-4:], crc.Sum32())
	return os.WriteFile(args[1], data, 0o644)
}

// offset resolves AT within bin.
func offset(bin []byte, at string) (int, error) {
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

// splitBins returns the contents of a table's bins, aliasing data, after
// checking the framing around them.
func splitBins(data []byte) ([][]byte, error) {
	if len(data) < 16 || data[0] < 0x92 || data[0] > 0x9f || string(data[1:10]) != "\xa8PATHTABL" || data[10] > 0x7f {
		return nil, errors.New("not a table as pathtable writes them")
	}
	n := int(data[0] & 0x0f)
	p := 11
	var bins [][]byte
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
		bins = append(bins, data[p:p+size:p+size])
		p += size
	}
	if p != len(data)-5 || data[p] != 0xce {
		return nil, errors.New("not a 5-byte checksum at the end")
	}
	return bins, nil
}
