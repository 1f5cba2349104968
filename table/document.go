package table

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// A document is one msgpack array: magic, version, the header bin, the
// graph's six bins (offsets, targets, weights, cells, x, y), the layout's
// payload bins, and the checksum. The file is this one array, so any
// msgpack reader can take it whole. Tables and parts are documents of
// two kinds (docKind); readDocument reads either, in memory or from a
// stream, and every entry point of this package reads through it.

// docLen is the number of elements of a document of layout l: magic,
// version, the header and graph bins (cell bins, where cells says the
// document carries cells), the payload bins, the checksum.
func docLen(l layout, cells bool) int64 {
	return int64(3 + len(levelBinNames(cells)) + len(l.binNames()))
}

// levelBinNames names the header and the bins that describe the level:
// the graph's, or the cells'.
func levelBinNames(cells bool) []string {
	if cells {
		return cellBinNames[:len(cellBinNames):len(cellBinNames)]
	}
	return graphBinNames[:len(graphBinNames):len(graphBinNames)]
}

// binNames names the bins of a document of layout l in document order,
// the header first, for error messages.
func binNames(l layout, cells bool) []string {
	return append(levelBinNames(cells), l.binNames()...)
}

// reach is how much of a document readDocument reads.
type reach uint8

const (
	toHeader reach = iota // the opening and the header bin, and the size check
	toCheck               // every bin through the checksum, only those docHead.keep says kept
	toEnd                 // every bin, kept
)

// docHead is what a document's header says of the bins after it.
type docHead struct {
	names []string // the bins after the header
	lens  []int64  // their exact lengths, coordinates full (x and y may both be empty instead)
	keep  []bool   // whether toCheck keeps each: the graph's, and those the layout validates
	// empty is the index of the first of the bins that may all be empty
	// instead (x and y, or a grid's costs), of which there are emptyN.
	empty, emptyN int
	// whose and forWhat describe what the lengths follow from, in errors:
	// "the header's 6 nodes and 14 edges", "for 6 nodes and 14 edges".
	whose, forWhat string
	// derived is what a reader makes beside the bins (derivedBytes).
	derived int64
}

// A docKind is one kind of document: its magic and format version, and how
// its header bin decodes into what the bins after it must hold.
type docKind struct {
	magic   func(string) error // accepts the kind's magic, or says what the document is
	notDoc  error              // the error for anything that is not a document
	version func(uint64) error
	shapes  func(version uint64) []int64 // the element counts a document of version may have
	header  func(b []byte, version uint64, n int64) (docHead, error)
}

// readDocument reads one document of kind k from rd, as far as r says: the
// one parser of the file format. Every length is checked before it is
// used: the header against the document's element count, each bin's
// against the header's, then the bytes that remain (before it is read or
// allocated: a length the header contradicts is corrupt whatever remains,
// which a stream cannot tell), then the checksum over the bins' contents, and nothing
// after it; a read of the header alone checks the input's size against
// the header's instead. It returns the header bin and the
// other bins it kept, nil where it did not (aliasing rd's bytes in
// memory). O(bytes read).
func readDocument(rd *reader, k docKind, r reach) (header []byte, bins [][]byte, err error) {
	n, version, err := rd.opening(k)
	if err != nil {
		return nil, nil, err
	}
	if err := checkShape(k.shapes(version), n); err != nil {
		return nil, nil, err
	}
	size, err := rd.binLen()
	if err == nil {
		header, err = rd.take(size)
	}
	if err != nil {
		return nil, nil, readError("header", err)
	}
	head, err := k.header(header, version, n)
	if err != nil {
		return nil, nil, err
	}
	if r == toHeader {
		// Reading on checks each bin's length before reading it; a
		// header read alone checks what the file's size can say.
		return header, nil, head.checkSize(rd.pos, rd.size)
	}
	if err := rd.checkHold(&head, r); err != nil {
		return nil, nil, err
	}
	crc := crc32.New(castagnoli)
	crc.Write(header)
	bins = make([][]byte, len(head.names))
	for i, name := range head.names {
		size, err := rd.binLen()
		if err != nil {
			return nil, nil, readError(name+" length", err)
		}
		want := head.lens[i]
		switch {
		case i == head.empty && size == 0: // no coordinates, or no costs
			for j := i + 1; j < i+head.emptyN; j++ {
				head.lens[j] = 0
			}
		case size != want:
			return nil, nil, fmt.Errorf("%w: %s has %d bytes, want %d %s", ErrCorrupt, name, size, want, head.forWhat)
		}
		if r == toEnd || head.keep[i] {
			bins[i], err = rd.take(size)
			crc.Write(bins[i])
		} else {
			err = rd.pass(crc, size)
		}
		if err != nil {
			return nil, nil, readError(name, err)
		}
	}
	sum, err := rd.uint()
	if err != nil {
		return nil, nil, readError("checksum", err)
	}
	if sum > 0xFFFFFFFF {
		return nil, nil, fmt.Errorf("%w: checksum %d is over 32 bits", ErrCorrupt, sum)
	}
	if got := crc.Sum32(); uint32(sum) != got {
		return nil, nil, fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, sum, got)
	}
	if err := rd.end(); err != nil {
		return nil, nil, err
	}
	return header, bins, nil
}

// opening reads a document's array head, its magic, which k accepts or
// refuses, and its version, which k checks: the document's element count
// and version. Anything that is not an array opened by a string of a
// magic's length is k.notDoc.
func (rd *reader) opening(k docKind) (int64, uint64, error) {
	n, err := rd.arrayLen()
	if err != nil || n < 2 {
		return 0, 0, k.notDoc
	}
	if m, err := rd.strLen(); err != nil || m != int64(len(Magic)) {
		return 0, 0, k.notDoc
	}
	b, err := rd.take(int64(len(Magic)))
	if err != nil {
		return 0, 0, k.notDoc
	}
	if err := k.magic(string(b)); err != nil {
		return 0, 0, err
	}
	version, err := rd.uint()
	if err != nil {
		return 0, 0, readError("version", err)
	}
	if err := k.version(version); err != nil {
		return 0, 0, err
	}
	return n, version, nil
}

// checkShape checks a document's element count n against those its
// version allows, before the header names the layout.
func checkShape(shapes []int64, n int64) error {
	for _, s := range shapes {
		if n == s {
			return nil
		}
	}
	want := fmt.Sprint(shapes[0])
	for _, s := range shapes[1:] {
		want += fmt.Sprintf(" or %d", s)
	}
	return fmt.Errorf("%w: document has %d elements, want %s", ErrCorrupt, n, want)
}

// shapesOf returns the distinct element counts of documents of the
// layouts for which keep is true, carrying cells or not as cells says.
func shapesOf(cells bool, keep func(layout) bool) []int64 {
	var shapes []int64
	for _, l := range layouts {
		if !keep(l) {
			continue
		}
		n := docLen(l, cells)
		seen := false
		for _, s := range shapes {
			seen = seen || s == n
		}
		if !seen {
			shapes = append(shapes, n)
		}
	}
	return shapes
}

// checkSize refuses an input of size bytes (-1: unknown) whose size does
// not fit the header, prefix bytes having been read up to the end of the
// header bin: each later bin head takes 2 to 5 bytes, the checksum 1 to
// 9, and the coordinate (or cost) bins are empty or full. O(bins).
func (d *docHead) checkSize(prefix, size int64) error {
	if size < 0 {
		return nil
	}
	least, most := prefix+1, prefix+9
	for i, l := range d.lens {
		most += 5 + l
		least += 2
		if i < d.empty || i >= d.empty+d.emptyN {
			least += l
		}
	}
	if size < least {
		return fmt.Errorf("%w: %d bytes, but %s need at least %d", ErrTruncated, size, d.whose, least)
	}
	if size > most {
		return fmt.Errorf("%w: %d bytes, but %s take at most %d", ErrCorrupt, size, d.whose, most)
	}
	return nil
}

// readError names what was being read in err, as ErrTruncated when the
// bytes ran out and ErrCorrupt for anything else that is not already one
// of this package's errors.
func readError(what string, err error) error {
	for _, e := range []error{ErrTruncated, ErrCorrupt} {
		if errors.Is(err, e) {
			return fmt.Errorf("%w: %s: %s", e, what, unwrapSentinel(err))
		}
	}
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%w: reading %s: %v", ErrTruncated, what, err)
	}
	return fmt.Errorf("%w: reading %s: %v", ErrCorrupt, what, err)
}
