package table

import "fmt"

// A document is one msgpack array: magic, version, the header bin, the
// graph's six bins (offsets, targets, weights, cells, x, y), the layout's
// payload bins, and the checksum. The file is this one array, so any
// msgpack reader can take it whole. Flat and windowed tables have two
// payload bins (first and dist), run-length tables three (order, rows and
// runs): a version 2 document's length is checked against the layout its
// header names.

// graphBinNames name the bins every document has, in document order.
var graphBinNames = []string{"header", "offsets", "targets", "weights", "cells", "x", "y"}

// binNames name the bins of a document of layout l in document order, for
// error messages.
func binNames(l Layout) []string {
	if l == LayoutRuns {
		return append(graphBinNames[:len(graphBinNames):len(graphBinNames)], "order", "rows", "runs")
	}
	return append(graphBinNames[:len(graphBinNames):len(graphBinNames)], "first", "dist")
}

// documentLen is the number of elements of a document of layout l: magic,
// version, the bins, the checksum.
func documentLen(l Layout) int { return 3 + len(binNames(l)) }

// checkDocumentLen checks a document's element count n against what its
// format version allows, before the header names the layout. It returns
// the layout whose bins to expect (the header confirms it later).
func checkDocumentLen(version uint64, n int64) (Layout, error) {
	flat, runs := int64(documentLen(LayoutFlat)), int64(documentLen(LayoutRuns))
	switch {
	case n == flat:
		return LayoutFlat, nil
	case version == VersionLayout && n == runs:
		return LayoutRuns, nil
	case version == VersionLayout:
		return "", fmt.Errorf("%w: document has %d elements, want %d or %d", ErrCorrupt, n, flat, runs)
	}
	return "", fmt.Errorf("%w: document has %d elements, want %d", ErrCorrupt, n, flat)
}

// checkLayoutLen checks that a document of n elements holds the bins of
// h's layout.
func (h *Header) checkLayoutLen(n int64) error {
	if want := documentLen(h.Layout); n != int64(want) {
		return fmt.Errorf("%w: a table of layout %q takes %d elements, the document has %d", ErrCorrupt, h.Layout, want, n)
	}
	return nil
}
