package table

import (
	"encoding/binary"
	"fmt"
)

// A run-length table that carries its cells (format VersionCells) stores
// its rows bin as each row's run count, not as n+1 uint32 row starts:
// Header.RowBytes bytes little-endian a row, 1, 2 or 4, the fewest that
// hold its longest row. The loader sums them into the row starts lookup
// indexes, so a row is still found in O(1) at query time; the file saves
// 3 bytes a node where no row has 256 runs, 2 where none has 65,536.

// rowCountWidth is the bytes of one row count in a table of header h:
// RowBytes, or before it is set (a table not yet written) the least, 1,
// as PayloadSize gives the least a header whose runs are not counted
// takes. O(1).
func (h *Header) rowCountWidth() int64 {
	if h.RowBytes != 0 {
		return int64(h.RowBytes)
	}
	return 1
}

// countBytes returns the fewest bytes, 1, 2 or 4, that hold every row
// count of rowStart. O(rows).
func countBytes(rowStart []uint32) int {
	var most uint32
	for k := 0; k+1 < len(rowStart); k++ {
		most = max(most, rowStart[k+1]-rowStart[k])
	}
	switch {
	case most < 1<<8:
		return 1
	case most < 1<<16:
		return 2
	}
	return 4
}

// checkRowBytes checks RowBytes against the table: 1, 2 or 4 in a
// run-length table that carries its cells, else 0. O(1).
func (h *Header) checkRowBytes() error {
	if h.carriesCells() && h.Layout == LayoutRuns {
		if h.RowBytes != 1 && h.RowBytes != 2 && h.RowBytes != 4 {
			return fmt.Errorf("a run-length grid table of format %d has row_bytes %d, want 1, 2 or 4", VersionCells, h.RowBytes)
		}
		return nil
	}
	if h.RowBytes != 0 {
		return fmt.Errorf("row_bytes %d in a table whose rows bin holds no run counts", h.RowBytes)
	}
	return nil
}

// rowsBinLen is the length of the rows bin of rows rows of a run-length
// table of header h: counts where it carries its cells, else starts. O(1).
func (h *Header) rowsBinLen(rows int) int64 {
	if h.carriesCells() {
		return h.rowCountWidth() * int64(rows)
	}
	return 4 * (int64(rows) + 1)
}

// rowStarts returns the row starts that a rows bin of header h holds:
// the bin itself, aliased, checked to span the h.RunCount runs in order;
// or, where counts says the bin holds run counts, their running sums,
// which must end at h.RunCount. O(rows).
func rowStarts(h *Header, rows []byte, counts bool) ([]uint32, error) {
	if !counts {
		rowStart := bytesUint32(rows)
		return rowStart, checkRowStarts(rowStart, h.RunCount)
	}
	w := int(h.rowCountWidth())
	if w != 1 && w != 2 && w != 4 {
		return nil, fmt.Errorf("row counts of %d bytes", w)
	}
	rowStart := make([]uint32, len(rows)/w+1)
	var sum uint64
	for k := 0; k+w <= len(rows); k += w {
		switch w {
		case 1:
			sum += uint64(rows[k])
		case 2:
			sum += uint64(binary.LittleEndian.Uint16(rows[k:]))
		default:
			sum += uint64(binary.LittleEndian.Uint32(rows[k:]))
		}
		if sum > uint64(h.RunCount) {
			return nil, fmt.Errorf("rows: the rows up to row %d hold %d runs, more than the table's %d", k/w, sum, h.RunCount)
		}
		rowStart[k/w+1] = uint32(sum)
	}
	if sum != uint64(h.RunCount) {
		return nil, fmt.Errorf("rows do not span the %d runs: they hold %d", h.RunCount, sum)
	}
	return rowStart, nil
}

// rowBytes is the RowBytes of t's document: countBytes where it carries
// its cells, else 0 (row starts). O(n) for the former.
func (r *Runs) rowBytes(t *Table) int {
	if t.carriesCells() {
		return countBytes(r.RowStart)
	}
	return 0
}

// fileBins are r's bins in a document of header h: the rows bin holds
// run counts where h.RowBytes says so, else the row starts. O(rows) for
// the former.
func (r *Runs) fileBins(h *Header) ([][]byte, error) {
	if h.RowBytes == 0 {
		return r.bins(), nil
	}
	counts, err := r.rowCounts(h)
	if err != nil {
		return nil, err
	}
	return [][]byte{r.order, counts, r.runs}, nil
}

// rowCounts returns the rows bin of r for a table of header h that
// carries its cells: each row's run count, in h.rowCountWidth() bytes.
// O(rows).
func (r *Runs) rowCounts(h *Header) ([]byte, error) {
	w := h.rowCountWidth()
	b := make([]byte, 0, w*int64(len(r.RowStart)-1))
	for k := 0; k+1 < len(r.RowStart); k++ {
		c := r.RowStart[k+1] - r.RowStart[k]
		if w < 4 && c>>(8*w) != 0 {
			return nil, fmt.Errorf("row %d holds %d runs, more than %d-byte counts hold", r.From+k, c, w)
		}
		switch w {
		case 1:
			b = append(b, byte(c))
		case 2:
			b = binary.LittleEndian.AppendUint16(b, uint16(c))
		default:
			b = binary.LittleEndian.AppendUint32(b, c)
		}
	}
	return b, nil
}
