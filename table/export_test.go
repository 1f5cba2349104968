package table

import "io"

// SetPayloads replaces the payloads of flat table t, for tests that encode
// tables whose payload lengths disagree with their header.
func SetPayloads(t *Table, first, dist []byte) {
	f := t.payload.(*Flat)
	t.payload = &Flat{n: f.n, kind: f.kind, first: first, dist: dist}
}

// PayloadBins returns t's payload bins as a file stores them.
func PayloadBins(t *Table) [][]byte { return t.payload.bins() }

// The readers behind Open, CheckFile, ReadHeader and their part
// counterparts, over a stream of size bytes instead of a file, so that a
// fuzz test runs them without touching the disk, through small buffers
// (values then span their ends).
func OpenStream(r io.Reader, size int64) (*Table, error) {
	return readTable(streamReader(r, size, 4096))
}
func CheckStream(r io.Reader, size int64) (*Header, error) {
	return checkTable(streamReader(r, size, 512))
}
func HeaderStream(r io.Reader, size int64) (*Header, error) {
	return readHeader(streamReader(r, size, 16))
}
func OpenPartStream(r io.Reader, size int64) (*Part, error) {
	return readPart(streamReader(r, size, 4096))
}
func CheckPartStream(r io.Reader, size int64) (*PartHeader, error) {
	return checkPart(streamReader(r, size, 512))
}
func PartHeaderStream(r io.Reader, size int64) (*PartHeader, error) {
	return readPartHeader(streamReader(r, size, 16))
}

// CellBinsOf returns the cell bins grid table t's file would carry, from
// its header and graph alone (t needs no payload), and RebuildOf the graph
// a reader makes of them: for tests of the rebuild on levels too large to
// build a table of in a test.
func CellBinsOf(t *Table) ([][]byte, error) { return t.cellBins() }
func RebuildOf(h *Header, open, costs []byte) (offsets, targets []int32, weights []float64, cells []int32, err error) {
	g, err := rebuildGraph(h, open, costs)
	return g.Offsets, g.Targets, g.Weights, g.Cells, err
}

// WriteAtChunks is WriteAtParallel with chunks of chunk bytes instead of
// WriteChunk, so that small tables span many chunks and the checksum
// straddles chunk ends.
func WriteAtChunks(t *Table, w io.WriterAt, workers, chunk int) (int64, error) {
	version, bins, err := t.document()
	if err != nil {
		return 0, err
	}
	return writeDocumentAt(w, workers, chunk, Magic, version, bins)
}

// HierarchyBound returns the least cost the searches of y, the payload of
// t, grant a path from s to target, and false where t has no bound.
func HierarchyBound(y *Hierarchy, t *Table, s, target int) (float64, bool) {
	b := y.bound(t)
	if !b.ok {
		return 0, false
	}
	return y.value(b.at(y.pos[s], b.xy[y.pos[target]])), true
}
