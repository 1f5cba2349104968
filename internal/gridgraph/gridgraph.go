// Package gridgraph makes the graph of a grid level from its cells and its
// movement model: the one implementation of the grid rules, which the level
// loaders (package maps) call when they read a level and the table readers
// (package table) call when they read a table that carries its cells
// instead of its graph, so that both make the same graph, edge for edge.
package gridgraph

import (
	"fmt"
	"math"
	"math/bits"
)

// Direction is a grid move, as a step in x and y.
type Direction struct{ DX, DY int }

// Directions lists the eight moves in the order a node's out-edges take
// (clockwise from north, y grows downward). 4-connected grids use the
// cardinal ones in the same relative order: N, E, S, W.
var Directions = [8]Direction{
	{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1},
}

// Model is a movement model: Connect is 4 (cardinal moves) or 8 (cardinal
// and diagonal moves, a diagonal needing both cardinal cells beside it
// open: no corner cutting); Cost1014 picks cardinal 10 and diagonal 14
// instead of 1 and √2, each times the cost of the cell entered.
type Model struct {
	Connect  int
	Cost1014 bool
}

// Check reports a model Build does not know. O(1).
func (m Model) Check() error {
	if m.Connect != 4 && m.Connect != 8 {
		return fmt.Errorf("connect must be 4 or 8, not %d", m.Connect)
	}
	return nil
}

// MaxCost is the largest cost of entering a cell.
const MaxCost = 9

// Graph is the CSR graph of a grid: the out-edges of node u are
// Targets[Offsets[u]:Offsets[u+1]] with costs Weights; Cells gives each
// node's cell (y·width + x), Nodes each cell's node or -1 where it is
// blocked.
type Graph struct {
	Offsets, Targets []int32
	Weights          []float64
	Cells, Nodes     []int32
}

// Build makes the graph of a w×h grid whose cells cost costs[y*w+x] (1 to
// MaxCost, a larger value counting as MaxCost; 0: blocked) to enter, under
// model mv, which Check accepts.
// Nodes are the open cells in row-major order; each node's out-edges
// follow the order of Directions (only N, E, S, W when m.Connect is 4),
// skipping moves that leave the grid, end on a blocked cell, or cut a
// corner. An edge costs the entered cell's cost times 1 or √2 (computed
// as float64(k)*math.Sqrt2, so that an octile metric can recover k), or
// times 10 or 14. O(w·h).
func Build(w, h int, costs []uint8, mv Model) Graph {
	nodes := make([]int32, w*h)
	n := 0
	for c, k := range costs {
		if k == 0 {
			nodes[c] = -1
			continue
		}
		nodes[c] = int32(n)
		n++
	}
	cells := make([]int32, 0, n)
	for c, u := range nodes {
		if u >= 0 {
			cells = append(cells, int32(c))
		}
	}

	// One pass finds each node's moves, as a bit per direction in the
	// order of Directions; the second writes them.
	moves := make([]uint8, n)
	offsets := make([]int32, n+1)
	for u, c := range cells {
		m := movesOf(w, h, costs, int(c), mv.Connect == 8)
		moves[u] = m
		offsets[u+1] = offsets[u] + int32(bits.OnesCount8(m))
	}
	step, cost := steps(w), moveCosts(mv)
	edges := offsets[n]
	targets := make([]int32, edges)
	weights := make([]float64, edges)
	e := 0
	for u, c := range cells {
		for m := moves[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m)
			dest := int(c) + step[d]
			targets[e] = nodes[dest]
			weights[e] = cost[d&1][min(costs[dest], MaxCost)]
			e++
		}
	}
	return Graph{Offsets: offsets, Targets: targets, Weights: weights, Cells: cells, Nodes: nodes}
}

// movesOf returns the moves out of open cell c of a w×h grid of costs,
// a bit per direction in the order of Directions. A diagonal needs its
// cell and both cardinal cells beside it open (no corner cutting), which
// also keeps it inside the grid. O(1).
func movesOf(w, h int, costs []uint8, c int, diagonals bool) uint8 {
	x, y := c%w, c/w
	north := y > 0 && costs[c-w] != 0
	east := x < w-1 && costs[c+1] != 0
	south := y < h-1 && costs[c+w] != 0
	west := x > 0 && costs[c-1] != 0
	var m uint8
	if north {
		m |= 1 << 0
	}
	if east {
		m |= 1 << 2
	}
	if south {
		m |= 1 << 4
	}
	if west {
		m |= 1 << 6
	}
	if diagonals {
		if north && east && costs[c-w+1] != 0 {
			m |= 1 << 1
		}
		if south && east && costs[c+w+1] != 0 {
			m |= 1 << 3
		}
		if south && west && costs[c+w-1] != 0 {
			m |= 1 << 5
		}
		if north && west && costs[c-w-1] != 0 {
			m |= 1 << 7
		}
	}
	return m
}

// steps returns each direction's offset in a grid of width w.
func steps(w int) (step [8]int) {
	for d, dir := range Directions {
		step[d] = dir.DY*w + dir.DX
	}
	return step
}

// moveCosts returns the cost of each move by diagonal, then by the
// entered cell's cost.
func moveCosts(mv Model) (cost [2][MaxCost + 1]float64) {
	for k := range MaxCost + 1 {
		cost[0][k] = MoveCost(uint8(k), false, mv.Cost1014)
		cost[1][k] = MoveCost(uint8(k), true, mv.Cost1014)
	}
	return cost
}

// MoveCost is the cost of a move onto a cell of cost k: k, or k·√2 on a
// diagonal (float64(k)*math.Sqrt2), or 10k and 14k under the 10/14 model.
// O(1).
func MoveCost(k uint8, diagonal, cost1014 bool) float64 {
	switch {
	case cost1014 && diagonal:
		return float64(int(k) * 14)
	case cost1014:
		return float64(int(k) * 10)
	case diagonal:
		return float64(k) * math.Sqrt2
	}
	return float64(k)
}
