package mapstest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// The one generator of random test levels, and the one list of small
// levels every builder, layout, reader and the overlay runs: a new level
// here is tested everywhere.

// RandomGrid returns the text of a w×h .grid level: each cell a wall ('#')
// with probability walls, else what cost draws ('.' when cost is nil). It
// draws one Float64 per cell, then what cost draws, so a seed gives the
// same level as long as the arguments are the same.
func RandomGrid(r *rand.Rand, w, h int, walls float64, cost func(*rand.Rand) byte) string {
	var sb strings.Builder
	for range h {
		for range w {
			switch {
			case r.Float64() < walls:
				sb.WriteByte('#')
			case cost != nil:
				sb.WriteByte(cost(r))
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// MixedCosts draws a cell cost for RandomGrid: '1' to '9' alike.
func MixedCosts(r *rand.Rand) byte { return byte('1' + r.IntN(9)) }

// FewCosts draws a cell cost for RandomGrid: mostly '.', one cell in ten
// dearer ('2' to '9').
func FewCosts(r *rand.Rand) byte {
	if r.IntN(10) == 0 {
		return byte('2' + r.IntN(8))
	}
	return '.'
}

// RandomGraph returns a directed graph of n nodes, named "0" to "n-1",
// with about 3n edges tried (self-loops and repeats dropped, so usually
// some unreachable pairs), one in ten of cost 0: integer costs 0..11 when
// ints is set, else halves 0..10.
func RandomGraph(r *rand.Rand, n int, ints bool) *maps.Graph {
	type edge struct {
		u, v int32
		w    float64
	}
	var edges []edge
	seen := map[[2]int32]bool{}
	for i := 0; i < n*3; i++ {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		if u == v || seen[[2]int32{u, v}] {
			continue
		}
		seen[[2]int32{u, v}] = true
		w := math.Round(r.Float64()*20) / 2
		if ints {
			w = float64(r.IntN(12))
		}
		if r.IntN(10) == 0 {
			w = 0
		}
		edges = append(edges, edge{u, v, w})
	}
	slices.SortFunc(edges, func(a, b edge) int {
		return int(a.u-b.u)*1<<16 + int(a.v-b.v)
	})
	g := &maps.Graph{Offsets: make([]int32, n+1), Metric: maps.MetricFloat}
	if ints {
		g.Metric = maps.MetricInt
	}
	for _, e := range edges {
		g.Offsets[e.u+1]++
		g.Targets = append(g.Targets, e.v)
		g.Weights = append(g.Weights, e.w)
	}
	for u := 0; u < n; u++ {
		g.Offsets[u+1] += g.Offsets[u]
		g.Names = append(g.Names, fmt.Sprint(u))
	}
	return g
}

// Level is one named test level.
type Level struct {
	Name string
	G    *maps.Graph
}

// Models are the grid movement models test levels are loaded under.
var Models = []maps.Moves{
	{Connect: 8, Diagonal: maps.DiagonalSqrt2},
	{Connect: 8, Diagonal: maps.Diagonal1014},
	{Connect: 4, Diagonal: maps.DiagonalSqrt2},
	{Connect: 4, Diagonal: maps.Diagonal1014},
}

// SmallLevels returns the shared small test levels, small enough for
// Floyd-Warshall: the repository's testdata levels (grids under every
// movement model), the TestGraphs given as text, and RandomLevels(7).
func SmallLevels(tb testing.TB) []Level {
	tb.Helper()
	var levels []Level
	files, _ := filepath.Glob(filepath.Join(TestdataDir, "*"))
	for _, f := range files {
		format, err := maps.FormatOf(f)
		if err != nil {
			continue // README and friends
		}
		for i, m := range Models {
			if i > 0 && !format.IsGrid() {
				break
			}
			lvl, err := maps.Load(f, maps.Options{Moves: m})
			if err != nil {
				tb.Fatalf("loading %s: %v", f, err)
			}
			levels = append(levels, Level{fmt.Sprintf("%s/%d-%s", filepath.Base(f), m.Connect, m.Diagonal), lvl.Graph})
		}
	}
	for _, tg := range TestGraphs {
		if tg.File == "" { // the files are in already
			levels = append(levels, Level{tg.Name, tg.Load(tb)})
		}
	}
	return append(levels, RandomLevels(tb, 7)...)
}

// RandomLevels returns random levels drawn from seed: a grid under every
// movement model, with walls, open or with a few dearer cells (FewCosts)
// or mixed costs (MixedCosts), and graphs of integer and float costs of
// up to 60 nodes.
func RandomLevels(tb testing.TB, seed uint64) []Level {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	var levels []Level
	costs := []struct {
		name string
		draw func(*rand.Rand) byte
	}{{"open", nil}, {"few", FewCosts}, {"mixed", MixedCosts}}
	for i, m := range Models {
		c := costs[i%len(costs)]
		text := RandomGrid(r, 5+r.IntN(10), 4+r.IntN(10), 0.25, c.draw)
		g, err := maps.ParseFormat(maps.FormatGrid, "random.grid", []byte(text), maps.Options{Moves: m})
		if err != nil {
			tb.Fatal(err)
		}
		levels = append(levels, Level{fmt.Sprintf("random-grid-%d-%s-%s", m.Connect, m.Diagonal, c.name), g})
	}
	for i := range 4 {
		levels = append(levels, Level{fmt.Sprintf("random-graph-%d", i), RandomGraph(r, 2+r.IntN(40), i%2 == 0)})
	}
	return append(levels, Level{"many-costs", RandomGraph(r, 60, false)})
}
