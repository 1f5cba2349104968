// Package nodeid reads and writes node ids as users write them: "x,y" for
// a grid cell (0-based, x is the column) and a name for a graph node. The
// level loaders (maps) and the runtime (lookup) both resolve ids typed on a
// command line; sharing this package makes them accept the same ids and
// name the same fault in the same words.
package nodeid

import (
	"fmt"
	"github.com/pathtable/pathtable/internal/quote"
	"strconv"
	"strings"
)

// Cell returns the id of grid cell (x, y), "x,y". O(1).
func Cell(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

// GridNode resolves id on a width×height grid whose node at cell (x, y),
// inside the grid, is node(x, y), negative where the cell is blocked. The
// error says why id is not a node: not "x,y", outside the grid, or
// a wall. O(len(id)) plus one call of node.
func GridNode(id string, width, height int, node func(x, y int) int32) (int32, error) {
	return AgentNode(id, width, height, 1, node)
}

// AgentNode is GridNode on the grid of a side×side agent, whose nodes are
// the cells its whole footprint fits on: a cell that is no node is "too
// narrow" for it rather than a wall, since the cell itself may well be
// passable. O(len(id)) plus one call of node.
func AgentNode(id string, width, height, side int, node func(x, y int) int32) (int32, error) {
	xs, ys, found := strings.Cut(id, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !found || errX != nil || errY != nil {
		return -1, fmt.Errorf("bad cell %s: want x,y", quote.String(id))
	}
	if x < 0 || y < 0 || x >= width || y >= height {
		return -1, fmt.Errorf("cell %d,%d is outside the %dx%d grid", x, y, width, height)
	}
	u := node(x, y)
	if u < 0 && side > 1 {
		return -1, fmt.Errorf("cell %d,%d is too narrow for a %dx%d agent (it would cover %d,%d to %d,%d)", x, y, side, side, x, y, x+side-1, y+side-1)
	}
	if u < 0 {
		return -1, fmt.Errorf("cell %d,%d is a wall, not a node", x, y)
	}
	return u, nil
}

// Unknown returns the error for a graph node id that names no node.
func Unknown(id string) error { return fmt.Errorf("no node %s in this graph", quote.String(id)) }
