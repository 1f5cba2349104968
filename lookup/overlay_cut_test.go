package lookup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// ringCuts counts the blocked grid cells of g whose open neighbours do not
// all reach each other through b's ring (its eight cells) by moves that
// are open on changed: the verdict the overlay keeps per blocked cell,
// computed here from the changed level's own weights.
func ringCuts(g, changed *maps.Graph, blocked map[int]bool) int {
	cuts := 0
	for b := range blocked {
		bx, by := g.Grid.XY(int32(b))
		inRing := func(v int32) bool {
			x, y := g.Grid.XY(v)
			return !blocked[int(v)] && v != int32(b) && max(x-bx, bx-x, y-by, by-y) == 1
		}
		var ends []int32 // b's open neighbours
		for e := g.Offsets[b]; e < g.Offsets[b+1]; e++ {
			if v := g.Targets[e]; inRing(v) {
				ends = append(ends, v)
			}
		}
		if len(ends) == 0 {
			continue
		}
		seen := map[int32]bool{ends[0]: true}
		stack := []int32{ends[0]}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for e := changed.Offsets[u]; e < changed.Offsets[u+1]; e++ {
				if v := changed.Targets[e]; inRing(v) && !seen[v] && !math.IsInf(changed.Weights[e], 1) {
					seen[v] = true
					stack = append(stack, v)
				}
			}
		}
		for _, v := range ends {
			if !seen[v] {
				cuts++
				break
			}
		}
	}
	return cuts
}

// TestOverlayRingCheck blocks and unblocks clusters of neighbouring cells,
// in random orders, on small grids of every movement model whose corridors
// a few blocked cells cut. After every change the overlay's verdicts (how
// many blocked cells may cut the level) match a count computed from the
// changed level, and every answer matches Floyd-Warshall on it.
func TestOverlayRingCheck(t *testing.T) {
	const text = "" +
		"..........\n" +
		".########.\n" +
		".#......#.\n" +
		".#.####.#.\n" +
		"..........\n" +
		"####.#####\n" +
		"...#......\n"
	trials := 12
	if testing.Short() {
		trials = 3
	}
	models := []maps.Moves{
		{Connect: 8, Diagonal: maps.DiagonalSqrt2},
		{Connect: 8, Diagonal: maps.Diagonal1014},
		{Connect: 4, Diagonal: maps.DiagonalSqrt2},
	}
	for _, mv := range models {
		t.Run(fmt.Sprintf("%d-%s", mv.Connect, mv.Diagonal), func(t *testing.T) {
			g, err := maps.ParseFormat(maps.FormatGrid, "ring.grid", []byte(text), maps.Options{Moves: mv})
			if err != nil {
				t.Fatal(err)
			}
			lt := buildAndLoad(t, g)
			o := lookup.NewOverlay(lt)
			r := rand.New(rand.NewPCG(5, uint64(mv.Connect)))
			check := func(c changes, step string) {
				t.Helper()
				changed := changedLevel(g, c)
				if got, want := lookup.Cuts(o), ringCuts(g, changed, c.blocked); got != want {
					t.Fatalf("%s: %d blocked cells judged to cut, want %d (%v)", step, got, want, o)
				}
				checkAllPairs(t, o, changed, mapstest.FloydWarshall(changed))
			}
			for range trials {
				// A cluster: up to five open cells of one 3×3 window.
				cx, cy := r.IntN(g.Grid.Width), r.IntN(g.Grid.Height)
				var cluster []int
				for _, k := range r.Perm(9) {
					if u := g.Grid.NodeAt(cx-1+k%3, cy-1+k/3); u >= 0 && len(cluster) < 5 {
						cluster = append(cluster, int(u))
					}
				}
				c := changes{blocked: map[int]bool{}}
				for _, u := range cluster {
					o.Block(u)
					c.blocked[u] = true
					check(c, fmt.Sprintf("block %s", lt.Name(u)))
				}
				r.Shuffle(len(cluster), func(i, j int) { cluster[i], cluster[j] = cluster[j], cluster[i] })
				for _, u := range cluster {
					o.Unblock(u)
					delete(c.blocked, u)
					check(c, fmt.Sprintf("unblock %s", lt.Name(u)))
				}
			}
		})
	}
}

// TestOverlayKeyRange raises cells of an octile level so far that path
// costs leave the range where exact octile keys order exactly, and past
// 2^53, where float64 holds keys no more: the search falls back to float64
// costs and stays exact.
func TestOverlayKeyRange(t *testing.T) {
	const text = "" +
		"................\n" +
		"................\n" +
		"................\n"
	g, err := maps.ParseFormat(maps.FormatGrid, "range.grid", []byte(text), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lt := buildAndLoad(t, g)
	o := lookup.NewOverlay(lt)
	c := changes{cell: map[int]float64{}}
	for x := range 16 {
		for y := range 3 {
			u := int(g.Grid.NodeAt(x, y))
			c.cell[u] = 60000 - float64(x*y)
			if err := o.SetCellCost(u, c.cell[u]); err != nil {
				t.Fatal(err)
			}
		}
	}
	changed := changedLevel(g, c)
	checkAllPairs(t, o, changed, mapstest.FloydWarshall(changed))
}
