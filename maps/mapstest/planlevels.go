package mapstest

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// PlanThreshold is at least the fewest nodes at which a flat build stops
// searching rows and contracts the level into a hierarchy (build's
// sweepMinNodes), and the size of issue 19's zero-cost chain. Every
// PlanLevels entry has at least this many, so that each layout's every
// plan runs on them.
const PlanThreshold = 3000

// PlanLevels are the shared table's large levels: generated, always the
// same, and just above PlanThreshold, with what the small ones are too
// small to take to every build plan: zero-cost edges, zero-cost cycles
// (rings, and pairs joined both ways) and isolated nodes, on integer,
// float and octile costs. Their answers come from references such as
// DistancesTo; Queries and Unreachable hold what is known by construction.
// Too large for Floyd-Warshall or for checking every pair with A*: tests
// check them row by row, and may skip them under -short.
var PlanLevels = []TestGraph{
	{
		// The chain every zero-cost walk can go round in: two nodes
		// joined both ways, 2,999 times over.
		Name: "zero-chain.gr", Data: zeroChain(PlanThreshold),
		Queries: []Query{{"1", "3000", 0, nil}, {"3000", "1", 0, nil}, {"1500", "1501", 0, []string{"1500", "1501"}}},
	},
	{
		// Integer costs from 0 to 40 (more than the 32 a bucket search
		// takes), zero-cost rings and pairs, and 150 isolated nodes.
		Name: "zero-cycles.gr", Data: zeroCycles(PlanThreshold+150, 150, 1, true),
		Unreachable: [][2]string{{"1", "3150"}, {"3150", "1"}, {"3001", "3002"}},
	},
	{
		// Half-integer costs, which float64 adds exactly, with zero-cost
		// rings and pairs and 100 isolated nodes.
		Name: "zero-cycles.json", Data: zeroCycles(PlanThreshold+100, 100, 2, false),
		Unreachable: [][2]string{{"1", "3100"}, {"3100", "1"}},
	},
	{
		// Nodes with no edges at all but a few.
		Name: "isolated.gr", Data: "p sp 3000 4\na 1 2 0\na 2 1 0\na 2 3 7\na 3000 1 5\n",
		Queries:     []Query{{"1", "3", 7, []string{"1", "2", "3"}}, {"3000", "2", 5, []string{"3000", "1", "2"}}},
		Unreachable: [][2]string{{"1", "4"}, {"4", "5"}, {"2999", "3000"}},
	},
	{
		// An open room beside a checkerboard, whose cells have no moves
		// (no corner cutting): isolated nodes on a grid.
		Name: "islands.grid", Data: islands(100, 50, 40),
		Queries:     []Query{{"0,0", "39,0", 39, nil}},
		Unreachable: [][2]string{{"0,0", "42,0"}, {"42,0", "44,0"}, {"42,0", "0,0"}},
	},
	{
		Name: "islands.grid/10-14", Data: islands(100, 50, 40), Opt: M1014x8,
		Queries:     []Query{{"0,0", "39,0", 390, nil}},
		Unreachable: [][2]string{{"0,0", "42,0"}, {"42,0", "44,0"}},
	},
}

// zeroChain is a DIMACS level of n nodes in a line, each pair of
// neighbours joined both ways at cost 0.
func zeroChain(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "c %d nodes in a chain of zero-cost arcs both ways\np sp %d %d\n", n, n, 2*(n-1))
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "a %d %d 0\na %d %d 0\n", i, i+1, i+1, i)
	}
	return b.String()
}

// zeroCycles is a directed level of n nodes whose last isolated have no
// edges; the others lie on a lattice of rows of 60, each joined to the
// next in its row and column by an arc each way of random cost: 0 to 40
// (DIMACS, ints) or 0 to 20 in halves (JSON), 0 one time in five. Every
// fourth square of the lattice is a zero-cost ring one way round, and a
// few random arcs join far nodes. seed picks the level.
func zeroCycles(n, isolated int, seed uint64, ints bool) string {
	r := rand.New(rand.NewPCG(seed, 29))
	const row = 60
	m := n - isolated
	type arc struct{ u, v, w int } // costs in halves when !ints
	var arcs []arc
	cost := func() int {
		if r.IntN(5) == 0 {
			return 0
		}
		return 1 + r.IntN(40)
	}
	for u := range m {
		for _, v := range []int{u + 1, u + row} {
			if v < m && (v != u+1 || v%row != 0) {
				arcs = append(arcs, arc{u, v, cost()}, arc{v, u, cost()})
			}
		}
		if u%row < row-1 && u+row+1 < m && r.IntN(4) == 0 {
			sq := []int{u, u + 1, u + row + 1, u + row}
			for i := range sq {
				arcs = append(arcs, arc{sq[i], sq[(i+1)%4], 0})
			}
		}
	}
	for range m / 50 {
		arcs = append(arcs, arc{r.IntN(m), r.IntN(m), cost()})
	}
	var b strings.Builder
	if ints {
		fmt.Fprintf(&b, "p sp %d %d\n", n, len(arcs))
		for _, a := range arcs {
			fmt.Fprintf(&b, "a %d %d %d\n", a.u+1, a.v+1, a.w)
		}
		return b.String() // self-loops and parallel arcs are the loader's to drop
	}
	b.WriteString("{\"directed\": true, \"nodes\": [")
	for u := range n {
		if u > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "{\"id\": \"%d\"}", u+1)
	}
	b.WriteString("],\n\"edges\": [")
	for i, a := range arcs {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "{\"from\": \"%d\", \"to\": \"%d\", \"cost\": %g}", a.u+1, a.v+1, float64(a.w)/2)
	}
	b.WriteString("]}\n")
	return b.String()
}

// islands is the text of a .grid level w cells wide and h high: an open
// room in the first room columns, a wall, then a checkerboard whose open
// cells touch only diagonally, so that none of them has a move.
func islands(w, h, room int) string {
	var b strings.Builder
	b.WriteString("; an open room, a wall, and a checkerboard of isolated cells\n")
	for y := range h {
		for x := range w {
			if x < room || x > room && (x+y)%2 == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
