package table_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbUnit is every unit move, in the grid rules' order (N, NE, E, SE, S,
// SW, W, NW), in which a grid node's slots go.
var rbUnit = [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// rbRanked returns the slots of moves toward (tx, ty), best first, by the
// rule spelled out: the key of neighbour-to-target, then the slot.
func rbRanked(moves [][2]int, tx, ty int) []int {
	want := make([]int, len(moves))
	for j := range want {
		want[j] = j
	}
	key := func(j int) int64 { return table.HeuristicKey(tx-moves[j][0], ty-moves[j][1]) }
	slices.SortStableFunc(want, func(a, b int) int {
		switch ka, kb := key(a), key(b); {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return a - b
	})
	return want
}

// TestSymbolClasses checks the class tables that rank sorted slots, for
// every target within 40 cells and every set of moves in the grid rules'
// order, against the rule spelled out.
func TestSymbolClasses(t *testing.T) {
	for set := 1; set < 256; set++ {
		var moves [][2]int
		var dx, dy []int
		for c := range 8 {
			if set>>c&1 != 0 {
				moves = append(moves, rbUnit[c])
				dx, dy = append(dx, rbUnit[c][0]), append(dy, rbUnit[c][1])
			}
		}
		d, ok := table.NewSymbolDirs(dx, dy)
		if !ok || !d.Sorted {
			t.Fatalf("moves %v: %v, sorted %v", moves, ok, d.Sorted)
		}
		step := 1
		if set != 255 {
			step = 3 // every target for all eight moves, a sample for the rest
		}
		for tx := -40; tx <= 40; tx += step {
			for ty := -40; ty <= 40; ty++ {
				want := rbRanked(moves, tx, ty)
				var rank [8]uint8
				d.Ranks(tx, ty, &rank)
				for k, j := range want {
					if rank[j] != uint8(k+1) || d.SymbolSlot(k+1, tx, ty) != uint8(j) {
						t.Fatalf("moves %v toward (%d,%d): slot %d has rank %d, H_%d = %d; want rank %d", moves, tx, ty, j, rank[j], k+1, d.SymbolSlot(k+1, tx, ty), k+1)
					}
				}
			}
		}
	}
}

// TestSymbolSlot checks SymbolSlot and Ranks against the rule spelled out
// (sort the slots by the key of neighbour-to-target, then by slot) for
// every set of moves in many slot orders, toward every target within 6
// cells, every rank and ranks that name no move.
func TestSymbolSlot(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	for set := range 256 {
		var moves [][2]int
		for c := range 8 {
			if set>>c&1 != 0 {
				moves = append(moves, rbUnit[c])
			}
		}
		for perm := range 3 {
			if perm > 0 {
				rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			}
			var dx, dy []int
			for _, m := range moves {
				dx, dy = append(dx, m[0]), append(dy, m[1])
			}
			d, ok := table.NewSymbolDirs(dx, dy)
			if !ok {
				t.Fatalf("moves %v refused", moves)
			}
			for tx := -6; tx <= 6; tx++ {
				for ty := -6; ty <= 6; ty++ {
					want := rbRanked(moves, tx, ty) // slots, best first
					var rank [8]uint8
					d.Ranks(tx, ty, &rank)
					for k := 0; k <= len(moves)+1; k++ {
						got := d.SymbolSlot(k, tx, ty)
						w := uint8(table.NoMove)
						if k >= 1 && k <= len(moves) {
							w = uint8(want[k-1])
							if rank[w] != uint8(k) {
								t.Fatalf("moves %v toward (%d,%d): Ranks gives slot %d rank %d, want %d", moves, tx, ty, w, rank[w], k)
							}
						}
						if got != w {
							t.Fatalf("moves %v toward (%d,%d): H_%d = %d, want %d", moves, tx, ty, k, got, w)
						}
					}
				}
			}
		}
	}
}

// TestNewSymbolDirsRefuses: moves that are not distinct unit moves, or
// too many, have no symbols.
func TestNewSymbolDirsRefuses(t *testing.T) {
	for _, tc := range []struct{ dx, dy []int }{
		{[]int{2}, []int{0}},
		{[]int{0}, []int{0}},
		{[]int{1, 1}, []int{0, 0}},
		{[]int{1, 0, -1, 0, 1, 1, -1, -1, 1}, []int{0, 1, 0, -1, 1, -1, 1, -1, 0}},
	} {
		if _, ok := table.NewSymbolDirs(tc.dx, tc.dy); ok {
			t.Errorf("moves %v, %v accepted", tc.dx, tc.dy)
		}
	}
}

// TestHeuristicKeyOrdersOctile: the integer key orders vectors as the
// octile distance max + (√2-1)·min does, wherever those differ, over
// every pair of vectors within 60 cells.
func TestHeuristicKeyOrdersOctile(t *testing.T) {
	type vec struct {
		key int64
		oct float64
	}
	var vs []vec
	for a := 0; a <= 60; a++ {
		for b := 0; b <= a; b++ {
			vs = append(vs, vec{table.HeuristicKey(a, -b), float64(a) + (math.Sqrt2-1)*float64(b)})
		}
	}
	slices.SortFunc(vs, func(x, y vec) int { return int(x.key - y.key) })
	for i := 1; i < len(vs); i++ {
		if vs[i].oct < vs[i-1].oct-1e-9 {
			t.Fatalf("key %d (octile %v) sorts after key %d (octile %v)", vs[i].key, vs[i].oct, vs[i-1].key, vs[i-1].oct)
		}
	}
}

// TestSymbolTables: grid tables of format 3 store heuristic symbols and
// answer as literal ones do; written with the graph's bins they carry the
// slots the symbols name, the same move for every pair; a literal build
// takes more runs and no symbols.
func TestSymbolTables(t *testing.T) {
	for _, f := range []string{"../testdata/maze.grid", "../testdata/unreachable.grid"} {
		for _, mv := range []maps.Moves{{Connect: 8}, {Connect: 4}, {Connect: 8, Diagonal: maps.Diagonal1014}} {
			name := fmt.Sprintf("%s %v", f, mv)
			lvl, err := maps.Load(f, maps.Options{Moves: mv})
			if err != nil {
				t.Fatal(err)
			}
			sym, err := build.BuildLevel(context.Background(), lvl, build.Options{Layout: table.LayoutRuns})
			if err != nil {
				t.Fatal(err)
			}
			lit, err := build.BuildLevel(context.Background(), lvl, build.Options{Layout: table.LayoutRuns, Literal: true})
			if err != nil {
				t.Fatal(err)
			}
			if !sym.RunSymbols() || lit.RunSymbols() || sym.RunCount > lit.RunCount || sym.ReachablePairs() != lit.ReachablePairs() {
				t.Fatalf("%s: symbols %q (%d runs), literal %q (%d runs)", name, sym.FirstEnc, sym.RunCount, lit.FirstEnc, lit.RunCount)
			}
			v3, err := table.Decode(rbEncode(t, sym))
			if err != nil {
				t.Fatal(err)
			}
			old, err := table.Decode(rbEncodeGraph(t, sym))
			if err != nil {
				t.Fatal(err)
			}
			if old.RunSymbols() || old.FormatVersion() != table.VersionLayout || old.ReachablePairs() != lit.ReachablePairs() || v3.ReachablePairs() != lit.ReachablePairs() {
				t.Fatalf("%s with the graph's bins: %q, format %d", name, old.FirstEnc, old.FormatVersion())
			}
			ls, ll := lookup.New(v3), lookup.New(lit)
			for s := range sym.Nodes {
				for d := range sym.Nodes {
					m := sym.Move(s, d)
					if m != v3.Move(s, d) || m != old.Move(s, d) || (m == table.NoMove) != (lit.Move(s, d) == table.NoMove) {
						t.Fatalf("%s: %d -> %d: moves %d built, %d read, %d literal-written, literal build %d", name, s, d, m, v3.Move(s, d), old.Move(s, d), lit.Move(s, d))
					}
					if m != table.NoMove && m >= table.SymbolBase {
						t.Fatalf("%s: %d -> %d: Move gives symbol %d", name, s, d, m)
					}
					if m != table.NoMove {
						if want := int(sym.Targets[int(sym.Offsets[s])+int(m)]); ls.Next(s, d) != want {
							t.Fatalf("%s: %d -> %d: Next %d, want %d", name, s, d, ls.Next(s, d), want)
						}
					}
					ds, oks := ls.Dist(s, d)
					dl, okl := ll.Dist(s, d)
					if oks != okl || ds != dl {
						t.Fatalf("%s: %d -> %d: %v %v with symbols, %v %v without", name, s, d, ds, oks, dl, okl)
					}
				}
			}
		}
	}
}

// TestCorruptSymbols: symbols where they cannot be decoded are refused at
// load (a format 2 document, a graph table); symbols naming no move of
// their node, or runs read with and without symbols, answer safely.
func TestCorruptSymbols(t *testing.T) {
	p := rbSplitDoc(t, rbBuildFile16(t, "../testdata/maze.grid", maps.Options{}))
	good, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, p.bins))
	if err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	if good.FirstEnc != table.FirstEncRuns16x4HW+table.JumpSuffix {
		t.Fatalf("maze.grid's runs are encoded %q, want %q", good.FirstEnc, table.FirstEncRuns16x4HW+table.JumpSuffix)
	}
	runs := len(p.bins) - 1
	split := 2 * good.RunCount
	old := rbSplitDoc(t, rbBuildFileGraph(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	graph := rbSplitDoc(t, rbBuildFileLayout(t, "../testdata/lecture-directed.json", maps.Options{}, table.LayoutRuns))
	rbRefuseEncodings(t, []rbRefusedEncoding{
		{"symbols in format 2", table.VersionLayout, old.bins, table.FirstEncRuns16x4H},
		{"wrapped symbols in format 2", table.VersionLayout, old.bins, table.FirstEncRuns16x4HW},
		{"wrapped symbols in a graph table", table.VersionLayout, graph.bins, table.FirstEncRuns16x4HW},
		{"wrapped literal rows", table.VersionCells, p.bins, table.FirstEncRuns16x4 + table.WrapSuffix},
		{"symbols in a graph table", table.VersionLayout, graph.bins, table.FirstEncRuns16x4H},
		{"8-bit symbols in a graph table", table.VersionLayout, graph.bins, table.FirstEncPartRunsH},
		{"16-bit starts with 8-bit symbols", table.VersionCells, p.bins, "runs16x8h"},
	})
	answered := map[string]func(b [][]byte){
		"every move H_7":  func(b [][]byte) { fill(b[runs][split:], 0xee) },
		"every move H_5":  func(b [][]byte) { fill(b[runs][split:], 0xcc) },
		"every move H_1":  func(b [][]byte) { fill(b[runs][split:], 0x88) },
		"moves 8 and 14":  func(b [][]byte) { fill(b[runs][split:], 0xe8) },
		"read as literal": func(b [][]byte) { rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = table.FirstEncRuns16x4 }) },
		"read unwrapped":  func(b [][]byte) { rbEditHeader(t, b, func(h *table.Header) { h.FirstEnc = table.FirstEncRuns16x4H }) },
	}
	for name, edit := range answered {
		b := slices.Clone(p.bins)
		b[runs] = bytes.Clone(p.bins[runs])
		edit(b)
		tab, err := table.Decode(rbRawDoc(table.Magic, table.VersionCells, b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) {
			rbExercise(t, tab)
			if !tab.RunSymbols() {
				return // literal moves past the degree, as any damaged table's
			}
			for s := range tab.Nodes {
				for d := range tab.Nodes {
					if m := tab.Move(s, d); m != table.NoMove && int(m) >= tab.Degree(s) {
						t.Fatalf("%d -> %d: move %d of %d", s, d, m, tab.Degree(s))
					}
				}
			}
		})
	}
}

func fill(b []byte, v byte) {
	for i := range b {
		b[i] = v
	}
}

// TestSymbolExample checks the figures of docs/FORMAT.md's worked example
// of heuristic symbols against examples/tiny-runs-v3.ptab.
func TestSymbolExample(t *testing.T) {
	data, err := os.ReadFile("../examples/tiny-runs-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Payload().(*table.Runs)
	var starts, moves []int
	for i := range r.Code.Len() {
		starts, moves = append(starts, r.Code.Start(i)), append(moves, int(r.Code.Move(i)))
	}
	if tab.FirstEnc != table.FirstEncRuns12x4HC || !slices.Equal(r.Order, []int32{1, 0, 2, 3, 5, 4}) ||
		!slices.Equal(r.RowStart, []uint32{0, 0, 1, 2, 3, 4, 5}) ||
		!slices.Equal(starts, []int{2, 1, 1, 1, 1}) || !slices.Equal(moves, []int{0, 8, 8, 8, 8}) {
		t.Fatalf("%s: order %v, rows %v, starts %v, moves %v", tab.FirstEnc, r.Order, r.RowStart, starts, moves)
	}
	// Node 2 at (0,1) toward node 5 at (1,2): slots 2, 1, 3, 0 by rank.
	d, ok := table.GridSymbolDirs(tab.Offsets, tab.Targets, tab.Cells, tab.Width, 2)
	if !ok {
		t.Fatal("node 2's moves are not unit moves")
	}
	var rank [8]uint8
	d.Ranks(1, 1, &rank)
	if got := rank[:d.Degree]; !slices.Equal(got, []uint8{4, 2, 1, 3}) {
		t.Fatalf("ranks of node 2's slots toward (1,2): %v", got)
	}
	if m := tab.Move(2, 5); m != 2 {
		t.Fatalf("H_1 of node 2 toward node 5 decodes to slot %d, want 2", m)
	}
	lt := lookup.New(tab)
	if p, _, ok := lt.Path(0, 5); !ok || !slices.Equal(p, []int{0, 2, 5}) {
		t.Fatalf("path 0,0 -> 1,2: %v %v", p, ok)
	}
}
