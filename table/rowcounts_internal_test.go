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
		nodes  int
		counts []uint32
		runs   int
		want   []uint32 // nil: an error
	}{
		{3, []uint32{1, 0, 2}, 3, []uint32{0, 1, 1, 3}},
		{1<<16 - 1, []uint32{5, 7}, 12, []uint32{0, 5, 12}},
		{1 << 16, []uint32{1 << 16, 3}, 1<<16 + 3, []uint32{0, 1 << 16, 1<<16 + 3}},
		{1 << 20, []uint32{0, 0}, 0, []uint32{0, 0, 0}},
		{3, []uint32{1, 0, 2}, 4, nil},
		{3, []uint32{1, 0, 2}, 2, nil},
		{1 << 20, []uint32{0xffffffff, 0xffffffff}, 5, nil},
	} {
		h := &Header{Kind: KindGrid, Nodes: tc.nodes, RunCount: tc.runs}
		var b []byte
		for _, c := range tc.counts {
			if h.rowCountWidth() == 2 {
				b = binary.LittleEndian.AppendUint16(b, uint16(c))
			} else {
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
	// A row of more runs than 2 bytes hold is refused at write.
	h := &Header{Kind: KindGrid, Nodes: 10}
	if _, err := (&Runs{RowStart: []uint32{0, 1 << 16}}).rowCounts(h); err == nil {
		t.Error("a row of 65,536 runs in 2-byte counts: written")
	}
}
