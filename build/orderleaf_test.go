package build

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// openRoom is an open grid of w×h cells.
func openRoom(t testing.TB, w, h int) *maps.Graph {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatGrid, "room.grid", []byte(strings.Repeat(strings.Repeat(".", w)+"\n", h)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLeafStripOrders checks the leaf-strip orders on every small level,
// levels of several leaves and parts, isolated nodes and a checkerboard:
// the cut order's leaves tile its ranks, none above stripLeaf nodes; each
// leaf-strip order is a permutation whose rank is its inverse, each
// component on its depth-first ranks, each leaf on the cut order's ranks
// of that leaf, every node but a walk's first next to an earlier node of
// its leaf (a depth-first walk within the leaf), weighed as a strip
// order, and the same from a second call.
func TestLeafStripOrders(t *testing.T) {
	levels := slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t), []mapstest.Level{
		{Name: "isolated-300", G: isolatedGraph(t, 300)},
		{Name: "checkerboard-20x20", G: checkerboard(t, 20, 20)},
		{Name: "room-40x20", G: openRoom(t, 40, 20)}})
	for _, lv := range levels {
		g, n := lv.G, lv.G.Nodes()
		dfs := newRunOrder(g)
		co, leaves := cutOrderLeaves(g, dfs, cutStyles[0])
		if leaves[0] != 0 || leaves[len(leaves)-1] != int32(n) {
			t.Fatalf("%s: leaves %v do not span the %d ranks", lv.Name, leaves, n)
		}
		for i := range len(leaves) - 1 {
			if size := leaves[i+1] - leaves[i]; size <= 0 && n > 0 || size > stripLeaf {
				t.Fatalf("%s: leaf %d of %d nodes", lv.Name, i, size)
			}
		}
		if g.Grid == nil {
			if leafStripOrder(g, co, leaves, rowSteps) != nil {
				t.Errorf("%s: a leaf-strip order on a level that is no grid", lv.Name)
			}
			continue
		}
		for _, steps := range [][]gridStep{rowSteps, columnSteps} {
			o := leafStripOrder(g, co, leaves, steps)
			checkLeafStrip(t, lv.Name, g, dfs, co, leaves, o)
			if again := leafStripOrder(g, co, leaves, steps); !slices.Equal(again.node, o.node) {
				t.Fatalf("%s: a second call numbered the nodes otherwise", lv.Name)
			}
		}
	}
}

// checkLeafStrip is TestLeafStripOrders's check of one order o.
func checkLeafStrip(t *testing.T, name string, g *maps.Graph, dfs, co *runOrder, leaves []int32, o *runOrder) {
	t.Helper()
	n := g.Nodes()
	if len(o.node) != n || len(o.rank) != n || !o.strip {
		t.Fatalf("%s: %d nodes, %d ranks for %d nodes, strip %v", name, len(o.node), len(o.rank), n, o.strip)
	}
	for r, u := range o.node {
		if u < 0 || int(u) >= n || o.rank[u] != int32(r) {
			t.Fatalf("%s: rank %d holds node %d, whose rank is not %d", name, r, u, r)
		}
		if dfs.compEnd != nil && (dfs.rank[u] < dfs.compStart[r] || dfs.rank[u] >= dfs.compEnd[r]) {
			t.Fatalf("%s: node %d left its component's ranks %d..%d for %d", name, u, dfs.compStart[r], dfs.compEnd[r], r)
		}
	}
	for i := range len(leaves) - 1 {
		lo, hi := leaves[i], leaves[i+1]
		for r := lo; r < hi; r++ {
			u := o.node[r]
			if c := co.rank[u]; c < lo || c >= hi {
				t.Fatalf("%s: node %d of rank %d is in leaf %d..%d, the cut order's rank %d is not", name, u, r, lo, hi, c)
			}
			if r == lo {
				continue
			}
			joined := false
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				if v := o.rank[g.Targets[e]]; v >= lo && v < r {
					joined = true
				}
			}
			// A walk's first node: none of the leaf's earlier nodes has
			// a move to it, or the walk before would have taken it.
			for q := lo; q < r && !joined; q++ {
				for e := g.Offsets[o.node[q]]; e < g.Offsets[o.node[q]+1]; e++ {
					if g.Targets[e] == u {
						t.Fatalf("%s: node %d of rank %d starts a walk in its leaf though rank %d leads to it", name, u, r, q)
					}
				}
			}
		}
	}
}

// TestLeafStripWalk checks the walk in a leaf: on levels of one leaf
// (an open 16x16 room, a room in a small level) each leaf-strip order is
// the strip order (dfsOrderBy) with the same steps from the cut order's
// first node.
func TestLeafStripWalk(t *testing.T) {
	for _, lv := range []mapstest.Level{{Name: "room-16x16", G: openRoom(t, 16, 16)}, {Name: "room-9x7", G: openRoom(t, 9, 7)}} {
		g := lv.G
		dfs := newRunOrder(g)
		co, leaves := cutOrderLeaves(g, dfs, cutStyles[0])
		if len(leaves) != 2 {
			t.Fatalf("%s: leaves %v, want one", lv.Name, leaves)
		}
		for _, steps := range [][]gridStep{rowSteps, columnSteps} {
			got, want := leafStripOrder(g, co, leaves, steps), dfsOrderBy(g, co, steps)
			if !slices.Equal(got.node, want.node) {
				t.Errorf("%s, steps %v: %v, want %v", lv.Name, steps[:2], got.node, want.node)
			}
		}
	}
}

// TestEveryOrderExact builds every candidate order's run-length table of
// levels of several leaves and parts, and of every small level unless
// -short, and checks each against Floyd-Warshall: whichever the sample
// picks, rows stay exact.
func TestEveryOrderExact(t *testing.T) {
	defer func() { forceOrder = nil }()
	levels := multiBlockLevels(t)
	if !testing.Short() {
		levels = append(levels, mapstest.SmallLevels(t)...)
	}
	for _, lv := range levels {
		d := mapstest.FloydWarshall(lv.G)
		cands := slices.DeleteFunc(runCandidates(lv.G, newRunOrder(lv.G)), func(o *runOrder) bool { return o == nil })
		for i := range cands {
			t.Run(fmt.Sprintf("%s/%d", lv.Name, i), func(t *testing.T) {
				forceOrder = func(c []*runOrder) *runOrder {
					return slices.DeleteFunc(c, func(o *runOrder) bool { return o == nil })[i]
				}
				tab, err := Build(context.Background(), lv.G, Options{Workers: 2, Layout: table.LayoutRuns})
				if err != nil {
					t.Fatal(err)
				}
				if want := cands[i].node; !slices.Equal(tab.Payload().(*table.Runs).Order, want) {
					t.Fatal("the table is not in the forced order")
				}
				checkMoves(t, lv.G, tab, d)
			})
		}
	}
}

// checkMoves checks that every pair's stored move of x starts a shortest
// path (d, all pairs' distances) or, where there is none, is no move, and
// walks the paths from every 16th source: moves that each start a
// shortest path make every walked path a shortest one. Under -short it
// checks every third source's pairs alone. O(V²) plus the walks.
func checkMoves(t *testing.T, g *maps.Graph, x *table.Table, d [][]float64) {
	t.Helper()
	step := 1
	if testing.Short() {
		step = 3
	}
	for s := 0; s < g.Nodes(); s += step {
		for u := range g.Nodes() {
			if s%16 == 0 {
				checkPair(t, g, x, d, s, u)
				continue
			}
			m := x.Move(s, u)
			if s == u || math.IsInf(d[s][u], 1) {
				if m != table.NoMove {
					t.Fatalf("%d -> %d: move %d where there is no path", s, u, m)
				}
				continue
			}
			e := g.Offsets[s] + int32(m)
			if m == table.NoMove || e >= g.Offsets[s+1] || math.Abs(g.Weights[e]+d[g.Targets[e]][u]-d[s][u]) > 1e-9 {
				t.Fatalf("%d -> %d: move %d starts no shortest path", s, u, m)
			}
		}
	}
}

// TestLeafStripPicked checks that the sample picks the row leaf-strip
// order on rmtst, rooms along corridors in several parts, whose rows it
// cuts into fewer runs than every other candidate, the strip orders too
// (4.34 runs a node against the row strips' 4.59 and the flipped Hilbert
// order's 4.78), stripCost and all.
func TestLeafStripPicked(t *testing.T) {
	if testing.Short() {
		t.Skip("a build of 5,598 nodes")
	}
	lvl, err := maps.Load(filepath.Join(sharedMaps, "..", "moremaps", "rmtst.map"), maps.Options{})
	if err != nil {
		sharedmaps.Skip(t, fmt.Sprintf("shared maps absent: %v", err))
	}
	g := lvl.Graph
	dfs := newRunOrder(g)
	co, leaves := cutOrderLeaves(g, dfs, cutStyles[0])
	want := leafStripOrder(g, co, leaves, rowSteps)
	tab, err := Build(context.Background(), g, Options{Workers: 2, Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	if r := tab.Payload().(*table.Runs); !slices.Equal(r.Order, want.node) {
		t.Fatal("the sample picked another order than the row leaf-strips")
	}
	if perNode := float64(tab.RunCount) / float64(tab.Nodes); perNode > 4.35 {
		t.Fatalf("%.3f runs a node, want at most 4.35", perNode)
	}
}
