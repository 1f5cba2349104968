package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/lookup"
)

// queryNames returns the names of lt's nodes that a query line can hold
// (one token each; FORMAT.md keeps every id so, this only guards).
// O(n).
func queryNames(lt *lookup.Table) []string {
	var names []string
	for u := range lt.Len() {
		n := lt.Name(u)
		if n != "" && !strings.ContainsAny(n, " \t\r\n") && !strings.HasPrefix(n, "#") {
			names = append(names, n)
		}
	}
	return names
}

// pairLines returns the query lines of a table: every pair of its nodes,
// or sample pairs drawn by a generator seeded with seed (the same pairs on
// every run), then the edge lines.
func pairLines(lt *lookup.Table, sample int, seed uint64) []string {
	names := queryNames(lt)
	var lines []string
	if len(names) > 0 {
		if sample <= 0 {
			for _, a := range names {
				for _, b := range names {
					lines = append(lines, a+" "+b)
				}
			}
		} else {
			rng := rand.New(rand.NewPCG(seed, uint64(len(names))))
			for range sample {
				lines = append(lines, names[rng.IntN(len(names))]+" "+names[rng.IntN(len(names))])
			}
		}
	}
	return append(lines, edgeLines(lt, names)...)
}

// edgeLines returns the lines worth asking whatever the sample: the same
// node, walls, cells outside the grid, unknown names, malformed cells,
// wrong field counts and odd spacing. O(width·height) to find walls.
func edgeLines(lt *lookup.Table, names []string) []string {
	if len(names) == 0 {
		return []string{"a b", "0,0 0,0", "x"}
	}
	a, b := names[0], names[len(names)-1]
	lines := []string{
		a + " " + a, b + " " + b, a + " " + b, b + " " + a,
		a, a + " " + b + " " + a, "\t" + a + "  \t" + b + " ",
	}
	w, h, grid := lt.Grid()
	if !grid {
		return append(lines, a+" nowhere-at-all", "nowhere-at-all "+b, a+" 0,0", "1,1 "+a)
	}
	walls := 0
	for y := 0; y < h && walls < 2; y++ {
		for x := 0; x < w && walls < 2; x++ {
			if _, ok := lt.NodeAt(x, y); !ok {
				c := cell(x, y)
				lines = append(lines, a+" "+c, c+" "+b)
				walls++
			}
		}
	}
	return append(lines,
		a+" "+cell(-1, 0), cell(0, -1)+" "+a, a+" "+cell(w, 0), cell(0, h)+" "+b, a+" "+cell(w, h),
		a+" x", "x "+b, a+" 1,", a+" ,1", a+" 1,2,3", a+" a,b", "1;1 "+b, a+" 99999999999999999999,0",
	)
}

func cell(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

// reachablePairs returns n pairs of distinct nodes with a path between
// them, drawn by a generator seeded with seed: the pairs of -bench.
func reachablePairs(lt *lookup.Table, n int, seed uint64) ([][2]int, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(lt.Len())))
	var pairs [][2]int
	for tries := 0; len(pairs) < n; tries++ {
		if tries > 100*n {
			return nil, fmt.Errorf("found %d reachable pairs in %d tries", len(pairs), tries)
		}
		s, t := rng.IntN(lt.Len()), rng.IntN(lt.Len())
		if _, ok := lt.Dist(s, t); ok && s != t {
			pairs = append(pairs, [2]int{s, t})
		}
	}
	return pairs, nil
}
