package table

import "fmt"

// MaxPayload is the most bytes one payload may take: a msgpack bin32
// stores its length in 32 bits.
const MaxPayload = 1<<32 - 1

// MaxNodes is the most nodes any table holds: n² first moves and 2n²
// bytes of the narrowest distances must each fit in one bin. Wider
// distances lower it (see checkPayloads). It also keeps n² far from
// overflowing and node indices within int32.
const MaxNodes = 46340

// checkPayloads refuses a table whose first-move or distance payload would
// not fit in a msgpack bin: n² ≤ MaxPayload and n²·width ≤ MaxPayload,
// which allows at most 46,340 nodes with 2-byte distances, 32,767 with
// 4-byte and 23,170 with 8-byte ones. O(1).
func checkPayloads(nodes, width int) error {
	if nodes < 0 || nodes > MaxNodes {
		return fmt.Errorf("%d nodes: a table holds at most %d", nodes, MaxNodes)
	}
	n := int64(nodes)
	if d := n * n * int64(width); d > MaxPayload {
		return fmt.Errorf("%d nodes with %d-byte distances take %d bytes of distances, over the %d bytes (4 GiB - 1) a table payload holds; at most %d nodes fit",
			nodes, width, d, int64(MaxPayload), maxNodesFor(width))
	}
	return nil
}

// maxNodesFor is the most nodes whose n²·width distances fit in a payload.
func maxNodesFor(width int) int {
	n := MaxNodes
	for int64(n)*int64(n)*int64(width) > MaxPayload {
		n--
	}
	return n
}

// payloadLens returns the length each bin of binNames(h.Layout) must have
// for h (index 0, the header, is left 0); with hasXY false, the coordinate
// bins are empty. Run-length tables' lengths come from the header's node
// and run counts. O(1).
func (h *Header) payloadLens(hasXY bool) []int64 {
	n, m := int64(h.Nodes), int64(h.Edges)
	lens := []int64{0, 4 * (n + 1), 4 * m, 8 * m, 0, 0, 0}
	switch h.Layout {
	case LayoutRuns:
		order, rows, runs, _ := h.runsLens() // checked by validate
		lens = append(lens, order, rows, runs)
	case LayoutWindow: // one block of moves per node, no distances
		lens = append(lens, n*int64(WindowBlockBytes(h.Window)), 0)
	default:
		lens = append(lens, n*n, n*n*int64(h.DistKind.Width()))
	}
	if h.Kind == KindGrid {
		lens[4] = 4 * n
	}
	if hasXY {
		lens[5], lens[6] = 8*n, 8*n
	}
	return lens
}

// fileSizeBounds returns the fewest and the most bytes a file with header
// h may take, given the bytes up to the end of the header bin: each later
// bin head takes 2 to 5 bytes, the checksum 1 to 9, and the coordinate
// bins are empty or full. O(1).
func (h *Header) fileSizeBounds(prefix int64) (least, most int64) {
	return sizeBounds(prefix, h.payloadLens(false), h.payloadLens(true))
}

// sizeBounds is fileSizeBounds for a document whose bins take without
// and with bytes (index 0, the header, already in prefix), without and
// with coordinates. O(bins).
func sizeBounds(prefix int64, without, with []int64) (least, most int64) {
	least, most = prefix+1, prefix+9
	for i := 1; i < len(without); i++ {
		least += 2 + without[i]
		most += 5 + with[i]
	}
	return least, most
}

// checkFileSize refuses a file whose size does not fit its header, before
// anything is allocated for it.
func (h *Header) checkFileSize(prefix, size int64) error {
	least, most := h.fileSizeBounds(prefix)
	if size < least {
		return fmt.Errorf("%w: %d bytes, but the header's %d nodes and %d edges need at least %d", ErrTruncated, size, h.Nodes, h.Edges, least)
	}
	if size > most {
		return fmt.Errorf("%w: %d bytes, but the header's %d nodes and %d edges take at most %d", ErrCorrupt, size, h.Nodes, h.Edges, most)
	}
	return nil
}
