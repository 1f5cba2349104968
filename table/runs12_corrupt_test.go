package table_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestCorruptPackedRuns: a 12-bit table (maze.grid's, "runs12x4hwj")
// whose runs hold a start at or past the nodes, or a start not above the
// one before it in its row, is refused as corrupt by every entry point
// (Decode, ReadFrom, Open, CheckFile), one line naming the run and the
// start; moves that name no edge, the starts kept, are read and answered
// safely; the same runs with 16-bit starts read alike.
func TestCorruptPackedRuns(t *testing.T) {
	data := rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns)
	good, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !table.Packed(good.FirstEnc) {
		t.Fatalf("maze.grid's encoding %q, want a 12-bit one", good.FirstEnc)
	}
	p := rbSplitDoc(t, data)
	runs := len(p.bins) - 1
	r := good.Payload().(*table.Runs)
	k := 0 // a row of two runs or more
	for k+1 < len(r.RowStart) && r.RowStart[k+1]-r.RowStart[k] < 2 {
		k++
	}
	second := int(r.RowStart[k]) + 1
	word := func(i int) uint16 { return binary.LittleEndian.Uint16(p.bins[runs][2*i:]) }
	with := func(i int, w uint16) []byte {
		bins := slices.Clone(p.bins)
		bins[runs] = bytes.Clone(p.bins[runs])
		binary.LittleEndian.PutUint16(bins[runs][2*i:], w)
		return rbRawDoc(table.Magic, p.version, bins)
	}
	last := good.RunCount - 1
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"a start at the node count", with(last, uint16(good.Nodes)<<4|word(last)&0xF), "starts at rank 62 of 62 nodes"},
		{"a start of 4095", with(0, 0xFFF0|word(0)&0xF), "starts at rank 4095 of 62 nodes"},
		{"a start equal to the one before", with(second, word(second-1)&^0xF|word(second)&0xF), "not after the run before it"},
		{"a start below the one before", with(second, 0|word(second)&0xF), "not after the run before it"},
	} {
		if _, err := table.Decode(tc.data); !errors.Is(err, table.ErrCorrupt) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "runs: run ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want ErrCorrupt naming %q", tc.name, err, tc.want)
		}
		rbReadTableEverywhere(t, tc.data, true)
	}
	// Moves past the degree, or no path, the starts kept: read, answered.
	for _, m := range []uint16{14, 13, 7, 0xF} {
		tab, err := table.Decode(with(second, word(second)&^0xF|m))
		if err != nil {
			t.Fatalf("move %d: %v", m, err)
		}
		rbExercise(t, tab)
	}
	// The same rows with 16-bit starts read alike.
	wide := rbBuildFile16(t, "../testdata/maze.grid", maps.Options{})
	w, err := table.Decode(wide)
	if err != nil {
		t.Fatal(err)
	}
	if w.FirstEnc != "runs16x4"+good.FirstEnc[len("runs12x4"):] || w.RunCount != good.RunCount || len(wide) != len(data)+(good.RunCount+1)/2 {
		t.Fatalf("16-bit form %q, %d runs, %d bytes; 12-bit %q, %d runs, %d bytes", w.FirstEnc, w.RunCount, len(wide), good.FirstEnc, good.RunCount, len(data))
	}
	for s := range good.Nodes {
		for d := range good.Nodes {
			if good.Move(s, d) != w.Move(s, d) {
				t.Fatalf("%d -> %d: move %d with 12-bit starts, %d with 16-bit", s, d, good.Move(s, d), w.Move(s, d))
			}
		}
	}
}
