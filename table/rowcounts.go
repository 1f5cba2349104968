package table

import (
	"encoding/binary"
	"fmt"
)

// A run-length table that carries its cells (format VersionCells) stores
// its rows bin as each row's run count, not as n+1 uint32 row starts: 2
// bytes little-endian a row when the table has fewer than 65,536 nodes (a
// row's starts are distinct ranks, so it holds at most n runs) and 4
// otherwise. The loader sums them into the row starts lookup indexes,
// so a row is still found in O(1) at query time; the file saves 2 bytes
// a node on every map of up to 65,535 nodes.

// rowCountWidth is the bytes of one row count in a table of h.Nodes
// nodes. O(1).
func (h *Header) rowCountWidth() int64 {
	if h.Nodes < 1<<16 {
		return 2
	}
	return 4
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
	rowStart := make([]uint32, len(rows)/w+1)
	var sum uint64
	for k := 0; k+w <= len(rows); k += w {
		if w == 2 {
			sum += uint64(binary.LittleEndian.Uint16(rows[k:]))
		} else {
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

// rowCounts returns the rows bin of r for a table of header h that
// carries its cells: each row's run count, in h.rowCountWidth() bytes.
// O(rows).
func (r *Runs) rowCounts(h *Header) ([]byte, error) {
	w := h.rowCountWidth()
	b := make([]byte, 0, w*int64(len(r.RowStart)-1))
	for k := 0; k+1 < len(r.RowStart); k++ {
		c := r.RowStart[k+1] - r.RowStart[k]
		if w == 2 {
			if c > 0xFFFF {
				return nil, fmt.Errorf("row %d holds %d runs, more than %d nodes allow", r.From+k, c, h.Nodes)
			}
			b = binary.LittleEndian.AppendUint16(b, uint16(c))
		} else {
			b = binary.LittleEndian.AppendUint32(b, c)
		}
	}
	return b, nil
}
