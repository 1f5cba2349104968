package table

import (
	"encoding/binary"
	"slices"
	"testing"
)

// TestRowStartsWidths: counts take 2 bytes below 65,536 nodes and 4 from
// there, and sum to the row starts; a sum past the runs, or short of
// them, is an error.
func TestRowStartsWidths(t *testing.T) {
	for _, tc := range []struct {
		bytes  int // RowBytes
		nodes  int
		counts []uint32
		runs   int
		want   []uint32 // nil: an error
	}{
		{0, 3, []uint32{1, 0, 2}, 3, []uint32{0, 1, 1, 3}},
		{1, 300, []uint32{255, 0, 2}, 257, []uint32{0, 255, 255, 257}},
		{2, 1<<16 - 1, []uint32{5, 7}, 12, []uint32{0, 5, 12}},
		{4, 1 << 16, []uint32{1 << 16, 3}, 1<<16 + 3, []uint32{0, 1 << 16, 1<<16 + 3}},
		{4, 1 << 20, []uint32{0, 0}, 0, []uint32{0, 0, 0}},
		{1, 3, []uint32{1, 0, 2}, 4, nil},
		{2, 3, []uint32{1, 0, 2}, 2, nil},
		{4, 1 << 20, []uint32{0xffffffff, 0xffffffff}, 5, nil},
	} {
		h := &Header{Kind: KindGrid, Nodes: tc.nodes, RunCount: tc.runs, RowBytes: tc.bytes}
		var b []byte
		for _, c := range tc.counts {
			switch h.rowCountWidth() {
			case 1:
				b = append(b, byte(c))
			case 2:
				b = binary.LittleEndian.AppendUint16(b, uint16(c))
			default:
				b = binary.LittleEndian.AppendUint32(b, c)
			}
		}
		if got := h.rowsBinLen(len(tc.counts)); got != int64(len(b)) {
			t.Errorf("%d nodes: rows bin of %d rows %d bytes, want %d", tc.nodes, len(tc.counts), got, len(b))
		}
		got, err := rowStarts(h, b, true)
		switch {
		case tc.want == nil && err == nil:
			t.Errorf("%d nodes, counts %v, %d runs: starts %v, want an error", tc.nodes, tc.counts, tc.runs, got)
		case tc.want != nil && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("%d nodes, counts %v: %v, %v, want %v", tc.nodes, tc.counts, got, err, tc.want)
		}
		if tc.want == nil {
			continue
		}
		back, err := (&Runs{RowStart: got}).rowCounts(h)
		if err != nil || !slices.Equal(back, b) {
			t.Errorf("%d nodes: counts back %x, %v, want %x", tc.nodes, back, err, b)
		}
	}
	// A row of more runs than its counts hold is refused at write, and
	// the writer picks the fewest bytes that hold its longest row.
	for _, tc := range []struct {
		most uint32
		want int
	}{{0, 1}, {255, 1}, {256, 2}, {1<<16 - 1, 2}, {1 << 16, 4}} {
		r := &Runs{RowStart: []uint32{0, 1, 1 + tc.most}}
		if got := countBytes(r.RowStart); got != tc.want {
			t.Errorf("longest row %d: %d-byte counts, want %d", tc.most, got, tc.want)
		}
		if tc.want == 1 {
			continue
		}
		if _, err := r.rowCounts(&Header{RowBytes: tc.want / 2}); err == nil {
			t.Errorf("a row of %d runs in %d-byte counts: written", tc.most, tc.want/2)
		}
	}
}
