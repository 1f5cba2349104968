package maps

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/internal/csr"
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
// move onto (0: blocked). Nodes are the passable cells in row-major order;
// each node's out-edges follow the order of Directions (only N, E, S, W
// when mv.Connect == 4), skipping moves that leave the grid, end on a blocked
// cell, or cut a corner (a diagonal move needs both cardinal cells beside it
// passable). An edge costs the destination cell's cost times 1 or √2
// (DiagonalSqrt2) or 10 or 14 (Diagonal1014). mv must have its defaults
// filled in. O(w·h).
func buildGrid(w, h int, costs []uint8, mv Moves) *Graph {
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
			if diagonal && mv.Connect == 4 {
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
	m := offsets[n]
	targets := make([]int32, 0, m)
	weights := make([]float64, 0, m)
	for _, c := range cells {
		each(c, func(dest int, diagonal bool) {
			targets = append(targets, nodes[dest])
			weights = append(weights, moveCost(costs[dest], diagonal, mv.Diagonal))
		})
	}

	metric := MetricInt
	if mv.Connect == 8 && mv.Diagonal == DiagonalSqrt2 {
		metric = MetricOctile
	}
	return &Graph{
		Offsets: offsets,
		Targets: targets,
		Weights: weights,
		Metric:  metric,
		Grid: &Grid{
			Width:  w,
			Height: h,
			Cells:  cells,
			Nodes:  nodes,
			Costs:  costs,
			Moves:  mv,
		},
	}
}

// moveCost is the cost of a move onto a cell of cost k. Diagonal √2 costs
// are computed as float64(k)*math.Sqrt2 so that MetricOctile can recover k.
func moveCost(k uint8, diagonal bool, model Diagonal) float64 {
	switch {
	case model == Diagonal1014 && diagonal:
		return float64(int(k) * 14)
	case model == Diagonal1014:
		return float64(int(k) * 10)
	case diagonal:
		return float64(k) * math.Sqrt2
	}
	return float64(k)
}
