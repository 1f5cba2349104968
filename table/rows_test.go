package table_test

import (
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestRowsAccessors fills a table through Rows and reads it back through
// the readers: Move, FirstRow, Distance, ReachablePairs and PayloadBytes,
// and checks that Clone's payloads are its own.
func TestRowsAccessors(t *testing.T) {
	h := table.Header{Kind: table.KindGraph, Nodes: 3, Names: []string{"a", "b", "c"}, Metric: "int", DistKind: table.DistU32}
	tab, _ := rbNewFlat(t, h)
	if tab.FirstEnc != table.FirstU8 {
		t.Errorf("FirstEnc = %q, want %q", tab.FirstEnc, table.FirstU8)
	}
	rows := tab.Payload().(*table.Flat).Rows()
	if rows.Len() != 3 {
		t.Fatalf("Rows().Len() = %d, want 3", rows.Len())
	}
	// Row t: source s moves by slot s and costs 10·t + s; c (2) cannot
	// reach a (0); s == t has no move.
	reachable := 0
	for tg := range 3 {
		row := rows.Row(tg)
		for s := range 3 {
			switch {
			case s == tg:
				row.First[s] = table.NoMove
				row.Dist.SetInt(s, 0)
			case s == 2 && tg == 0:
				row.First[s] = table.NoMove
				row.Dist.SetNone(s)
			default:
				row.First[s] = byte(s)
				row.Dist.SetInt(s, uint64(10*tg+s))
				reachable++
			}
		}
	}
	for tg := range 3 {
		for s := range 3 {
			m := tab.Move(s, tg)
			d, ok := tab.Distance(s, tg)
			if m != tab.Payload().(*table.Flat).FirstRow(tg)[s] {
				t.Errorf("Move(%d, %d) = %d, FirstRow says %d", s, tg, m, tab.Payload().(*table.Flat).FirstRow(tg)[s])
			}
			switch {
			case s == tg:
				if m != table.NoMove || !ok || d != 0 {
					t.Errorf("(%d, %d): move %d, distance %v, %v; want none, 0", s, tg, m, d, ok)
				}
			case s == 2 && tg == 0:
				if m != table.NoMove || ok {
					t.Errorf("(%d, %d): move %d, distance %v, %v; want none, unreachable", s, tg, m, d, ok)
				}
			default:
				if int(m) != s || !ok || d != float64(10*tg+s) {
					t.Errorf("(%d, %d): move %d, distance %v, %v; want %d, %d", s, tg, m, d, ok, s, 10*tg+s)
				}
			}
		}
	}
	if got := tab.ReachablePairs(); got != int64(reachable) {
		t.Errorf("ReachablePairs = %d, want %d", got, reachable)
	}
	if f, d := tab.PayloadBytes(); f != 9 || d != 36 {
		t.Errorf("PayloadBytes = %d, %d; want 9, 36", f, d)
	}
	c := tab.Clone()
	c.Payload().(*table.Flat).FirstRow(1)[0] = 7
	c.Payload().(*table.Flat).Rows().Row(1).Dist.SetInt(0, 99)
	if tab.Move(0, 1) != 0 || c.Move(0, 1) != 7 {
		t.Errorf("Clone shares first moves: %d, %d", tab.Move(0, 1), c.Move(0, 1))
	}
	if d, _ := tab.Distance(0, 1); d != 10 {
		t.Errorf("Clone shares distances: %v", d)
	}
	if _, err := table.RowsOf(&h, 2, make([]byte, 6), make([]byte, 23)); err == nil {
		t.Error("RowsOf took a short distance buffer")
	}
}
