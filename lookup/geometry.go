package lookup

import (
	"iter"
	"math"

	"github.com/pathtable/pathtable/table"
)

// What a game, and a picture, needs of the level beside its paths: the
// grid, node coordinates, the moves out of a node and what entering a cell
// costs, as baked.

// Grid returns the grid's width and height in cells, and false when the
// table is of a graph. O(1).
func (lt *Table) Grid() (width, height int, ok bool) {
	t := lt.t
	return t.Width, t.Height, t.Kind == table.KindGrid
}

// Coords returns the coordinates of graph node u, and false when the level
// gives none, u is out of range, or the table is of a grid (see XY). O(1).
func (lt *Table) Coords(u int) (x, y float64, ok bool) {
	t := lt.t
	if !lt.valid(u) || t.X == nil {
		return 0, 0, false
	}
	return t.X[u], t.Y[u], true
}

// Edges returns the moves out of node u, in the table's slot order: the
// node each leads to and its baked cost. Out of range, none. O(degree of
// u) to range over.
func (lt *Table) Edges(u int) iter.Seq2[int, float64] {
	return func(yield func(int, float64) bool) {
		if !lt.valid(u) {
			return
		}
		t := lt.t
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			if !yield(int(t.Targets[e]), t.Weights[e]) {
				return
			}
		}
	}
}

// CellCost returns the baked cost of moving onto grid node u, in the
// level's cell units (a .grid digit: a move costs it times 1 or √2, or 10
// or 14), and false on graphs or out of range. The table keeps edge costs,
// not cell costs, so it is read off an edge into u; a node nothing enters
// costs 1. O(degree of u × degree).
func (lt *Table) CellCost(u int) (float64, bool) {
	if !lt.valid(u) || lt.t.Kind != table.KindGrid {
		return 0, false
	}
	return lt.bakedCell(u), true
}

// bakedCell is CellCost of a valid grid node: read off an edge into it
// (grid edges go both ways).
func (lt *Table) bakedCell(u int) float64 {
	t := lt.t
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		v := t.Targets[e]
		for f := t.Offsets[v]; f < t.Offsets[v+1]; f++ {
			if int(t.Targets[f]) == u {
				return t.Weights[f] / lt.moveUnit(v, int32(u))
			}
		}
	}
	return 1
}

// moveUnit is the cost of the move from grid node u to v onto a cell of
// cost 1: 1 or √2, or 10 or 14, by the grid's model and whether the move
// is diagonal. O(1).
func (lt *Table) moveUnit(u, v int32) float64 {
	t := lt.t
	d := t.Cells[v] - t.Cells[u]
	diagonal := d != 1 && d != -1 && d != int32(t.Width) && d != -int32(t.Width)
	switch {
	case t.Diagonal == "10/14" && diagonal:
		return 14
	case t.Diagonal == "10/14":
		return 10
	case diagonal:
		return math.Sqrt2
	}
	return 1
}

// corners reports whether the level's diagonal moves need both cells
// beside them open (8-connected grids: no corner cutting).
func (lt *Table) corners() bool {
	t := lt.t
	return t.Kind == table.KindGrid && t.Connect != 4
}
