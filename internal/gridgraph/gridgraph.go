// Package gridgraph makes the graph of a grid level from its cells and its
// movement model: the one implementation of the grid rules, which the level
// loaders (package maps) call when they read a level and the table readers
// (package table) call when they read a table that carries its cells
// instead of its graph, so that both make the same graph, edge for edge.
package gridgraph

import (
	"fmt"
	"math"
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
// MaxCost; 0: blocked) to enter, under model m, which Check accepts.
// Nodes are the open cells in row-major order; each node's out-edges
// follow the order of Directions (only N, E, S, W when m.Connect is 4),
// skipping moves that leave the grid, end on a blocked cell, or cut a
// corner. An edge costs the entered cell's cost times 1 or √2 (computed
// as float64(k)*math.Sqrt2, so that an octile metric can recover k), or
// times 10 or 14. O(w·h).
func Build(w, h int, costs []uint8, m Model) Graph {
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

	open := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < w && y < h && costs[y*w+x] != 0
	}
	// each calls fn with the destination cell of every move out of cell c,
	// in edge order.
	each := func(c int32, fn func(dest int, diagonal bool)) {
		x, y := int(c)%w, int(c)/w
		for _, d := range Directions {
			diagonal := d.DX != 0 && d.DY != 0
			if diagonal && m.Connect == 4 {
				continue
			}
			if !open(x+d.DX, y+d.DY) {
				continue
			}
			if diagonal && (!open(x+d.DX, y) || !open(x, y+d.DY)) {
				continue // no corner cutting
			}
			fn((y+d.DY)*w+x+d.DX, diagonal)
		}
	}

	offsets := make([]int32, n+1)
	for u, c := range cells {
		deg := int32(0)
		each(c, func(int, bool) { deg++ })
		offsets[u+1] = offsets[u] + deg
	}
	edges := offsets[n]
	targets := make([]int32, 0, edges)
	weights := make([]float64, 0, edges)
	for _, c := range cells {
		each(c, func(dest int, diagonal bool) {
			targets = append(targets, nodes[dest])
			weights = append(weights, MoveCost(costs[dest], diagonal, m.Cost1014))
		})
	}
	return Graph{Offsets: offsets, Targets: targets, Weights: weights, Cells: cells, Nodes: nodes}
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
