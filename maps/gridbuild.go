package maps

import (
	"fmt"

	"github.com/pathtable/pathtable/internal/csr"
	"github.com/pathtable/pathtable/internal/gridgraph"
)

// Size limits checked before a loader allocates anything in proportion to
// what a header or a row count declares.
const (
	maxSide  = 1 << 15      // grid width or height
	maxCells = csr.MaxCells // grid cells (width × height), as tables allow
	maxNodes = 1 << 20      // nodes of a graph level: 16x a table's limit, so tools can still load and inspect it
)

// checkGridSize refuses a grid larger than the limits.
func checkGridSize(w, h int) error {
	if w > maxSide || h > maxSide || w*h > maxCells {
		return fmt.Errorf("%w: %dx%d grid exceeds the limit of %d per side and %d cells", ErrTooLarge, w, h, maxSide, maxCells)
	}
	return nil
}

// cellTable maps a byte of a grid row to the cost of moving onto that cell:
// 1..9, 0 for a blocked cell, -1 for a character the format does not know.
type cellTable [256]int8

func newCellTable(passable, blocked string, digits bool) *cellTable {
	var t cellTable
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(passable); i++ {
		t[passable[i]] = 1
	}
	for i := 0; i < len(blocked); i++ {
		t[blocked[i]] = 0
	}
	if digits {
		for c := '1'; c <= '9'; c++ {
			t[c] = int8(c - '0')
		}
	}
	return &t
}

// checkRow checks that row y (on line lineNo) holds only characters known
// to t and exactly w of them; allowed lists the characters for the message.
func checkRow(name string, lineNo, y int, row []byte, w int, t *cellTable, allowed string) error {
	for x, c := range row {
		if t[c] < 0 {
			return &ParseError{File: name, Line: lineNo, Col: x + 1,
				Err: fmt.Errorf("%w %s at %d,%d (want one of %s)", ErrBadCell, quoteChar(row[x:]), x, y, allowed)}
		}
	}
	if len(row) != w {
		return &ParseError{File: name, Line: lineNo, Col: min(len(row), w) + 1,
			Err: fmt.Errorf("%w: row %d has %d cells, want %d", ErrRaggedRow, y, len(row), w)}
	}
	return nil
}

// fillCosts translates checked rows into per-cell costs, row-major.
func fillCosts(rows [][]byte, w int, t *cellTable) []uint8 {
	costs := make([]uint8, len(rows)*w)
	for y, row := range rows {
		for x, c := range row {
			costs[y*w+x] = uint8(t[c])
		}
	}
	return costs
}

// buildGrid makes the graph of a w×h grid whose cells cost costs[y*w+x] to
// move onto (0: blocked), by the grid rules of gridgraph.Build, which the
// table readers share: nodes are the passable cells in row-major order,
// each node's out-edges follow the order of Directions (only N, E, S, W
// when mv.Connect == 4), skipping moves that leave the grid, end on a
// blocked cell, or cut a corner. mv must have its defaults filled in.
// O(w·h).
func buildGrid(w, h int, costs []uint8, mv Moves) *Graph {
	gg := gridgraph.Build(w, h, costs, gridModel(mv))
	metric := MetricInt
	if mv.Connect == 8 && mv.Diagonal == DiagonalSqrt2 {
		metric = MetricOctile
	}
	return &Graph{
		Offsets: gg.Offsets,
		Targets: gg.Targets,
		Weights: gg.Weights,
		Metric:  metric,
		Grid: &Grid{
			Width:  w,
			Height: h,
			Cells:  gg.Cells,
			Nodes:  gg.Nodes,
			Costs:  costs,
			Moves:  mv,
		},
	}
}

// gridModel returns the movement model mv as the grid rules take it. O(1).
func gridModel(mv Moves) gridgraph.Model {
	return gridgraph.Model{Connect: mv.Connect, Cost1014: mv.Diagonal == Diagonal1014}
}
