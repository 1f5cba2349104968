package build

import (
	"context"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestPackedStartsWhenTheyApply: Build writes 12-bit starts
// (table.Packed) exactly for symbol rows on at most table.MaxPackedNodes
// nodes, by default: a corridor of 4,096 cells takes them, one of 4,097
// the 16-bit ones, as do literal rows and Options.Starts16; the 12-bit
// table's runs are the 16-bit one's, half a byte a run fewer, with the
// same moves.
func TestPackedStartsWhenTheyApply(t *testing.T) {
	corridor := func(cells int) *maps.Graph {
		g, err := maps.ParseFormat(maps.FormatGrid, "corridor.grid", []byte(strings.Repeat(".", cells)+"\n"), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	room, err := maps.ParseFormat(maps.FormatGrid, "room.grid", []byte("......\n.##...\n......\n...#..\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		g      *maps.Graph
		opt    Options
		packed bool
	}{
		{"4,096 cells", corridor(table.MaxPackedNodes), Options{}, true},
		{"4,097 cells", corridor(table.MaxPackedNodes + 1), Options{}, false},
		{"4,096 cells, Starts16", corridor(table.MaxPackedNodes), Options{Starts16: true}, false},
		{"4,096 cells, literal", corridor(table.MaxPackedNodes), Options{Literal: true}, false},
		{"a room", room, Options{}, true},
		{"a room, Starts16", room, Options{Starts16: true}, false},
		{"a room, NoJump and WholeRows", room, Options{NoJump: true, WholeRows: true}, true},
	} {
		tc.opt.Layout, tc.opt.Workers = table.LayoutRuns, 1
		tab, err := Build(context.Background(), tc.g, tc.opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if table.Packed(tab.FirstEnc) != tc.packed {
			t.Errorf("%s: encoding %q, want 12-bit starts %v", tc.name, tab.FirstEnc, tc.packed)
		}
		if !tc.packed || tc.opt.Literal {
			continue
		}
		o16 := tc.opt
		o16.Starts16 = true
		wide, err := Build(context.Background(), tc.g, o16)
		if err != nil {
			t.Fatal(err)
		}
		first, _ := tab.PayloadBytes()
		first16, _ := wide.PayloadBytes()
		if wide.FirstEnc != "runs16x4"+tab.FirstEnc[len("runs12x4"):] || wide.RunCount != tab.RunCount || first16-first != int64(tab.RunCount+1)/2 {
			t.Errorf("%s: %q, %d runs, %d bytes; with Starts16 %q, %d runs, %d bytes", tc.name, tab.FirstEnc, tab.RunCount, first, wide.FirstEnc, wide.RunCount, first16)
		}
		for s := range min(tab.Nodes, 64) {
			for d := range tab.Nodes {
				if tab.Move(s, d) != wide.Move(s, d) {
					t.Fatalf("%s: %d -> %d: move %d, %d with 16-bit starts", tc.name, s, d, tab.Move(s, d), wide.Move(s, d))
				}
			}
		}
	}
}
