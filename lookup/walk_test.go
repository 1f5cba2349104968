package lookup

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestPathByNext checks AppendPath's walks (the row walk of flat tables,
// the rank-space walk of run-length ones) against following Next, which
// reads table.Move, pair by pair: on intact tables, and on tables whose
// stored moves are random bytes (bad slots, cycles).
func TestPathByNext(t *testing.T) {
	for _, level := range []string{"../testdata/maze.grid", "../testdata/unreachable.grid", "../testdata/waypoints.json"} {
		lvl, err := maps.Load(level, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range build.Layouts(2) {
			base, err := build.Build(context.Background(), lvl.Graph, l.Options)
			if errors.Is(err, build.ErrWindowGraph) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for round := range 3 {
				tab := base.Clone()
				if round > 0 {
					randomMoves(tab, func() byte { return byte(rng.IntN(4 + 4*round)) })
				}
				lt := New(tab)
				for s := range lt.Len() {
					for d := range lt.Len() {
						want, wantOK := pathByNext(lt, []int{-1}, s, d)
						got, ok := lt.AppendPath([]int{-1}, s, d)
						if ok != wantOK || !slices.Equal(got, want) {
							t.Fatalf("%s %q round %d: AppendPath(%d, %d) = %v, %v; by Next %v, %v",
								level, l.Name, round, s, d, got, ok, want, wantOK)
						}
					}
				}
			}
		}
	}
}

// randomMoves overwrites every stored first move of tab, in either layout,
// with draw(); run starts stay as they are.
func randomMoves(tab *table.Table, draw func() byte) {
	switch p := tab.Payload().(type) {
	case *table.Runs:
		for i := range p.Code.Moves {
			p.Code.Moves[i] = draw() // two moves of 4-bit runs, one of 8-bit ones
		}
		if p.Code.Packed { // a run's low byte: its start's low 4 bits, then its move
			for i := 0; i < len(p.Code.Starts); i += 2 {
				p.Code.Starts[i] = p.Code.Starts[i]&0xF0 | draw()&0xF
			}
		}
	case *table.Flat:
		first, _ := p.Rows().Bytes()
		for i := range first {
			first[i] = draw()
		}
	case *table.Window:
		b := p.Blocks()
		for i := range b {
			b[i] = draw()
		}
	}
}

// pathByNext is AppendPath written with Next: a step at a time, refusing
// no path, bad moves and cycles.
func pathByNext(lt *Table, buf []int, from, to int) ([]int, bool) {
	start := len(buf)
	buf = append(buf, from)
	for u := from; u != to; {
		v := lt.Next(u, to)
		if v < 0 || len(buf)-start >= lt.Len() {
			return buf[:start], false
		}
		u = v
		buf = append(buf, u)
	}
	return buf, true
}
