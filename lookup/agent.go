package lookup

import (
	"fmt"

	"github.com/pathtable/pathtable/internal/nodeid"
	"github.com/pathtable/pathtable/table"
)

// Agent returns the side, in cells, of the square agent the table is for
// (build -clearance): 1 for a one-cell agent and on graphs. A grid node
// (x, y) is then a cell whose whole footprint [x, x+Agent) × [y, y+Agent)
// is passable. O(1).
func (lt *Table) Agent() int { return lt.t.Agent() }

// AppendCovering appends to dst the nodes whose agent covers cell (x, y):
// the agent's cells (x-dx, y-dy) for dx, dy in [0, Agent), those that are
// nodes, in row-major order; on a one-cell agent's table the node at
// (x, y), if any; nothing on graphs or outside the grid. Closing a door
// at (x, y) for a larger agent means blocking all of them. O(Agent²); no
// allocation when dst has room.
func (lt *Table) AppendCovering(dst []int, x, y int) []int {
	t := lt.t
	if t.Kind != table.KindGrid || x < 0 || y < 0 || x >= t.Width || y >= t.Height {
		return dst
	}
	k := t.Agent()
	for sy := max(y-k+1, 0); sy <= y; sy++ {
		for sx := max(x-k+1, 0); sx <= x; sx++ {
			if u := lt.nodeOfCell(sy*t.Width + sx); u >= 0 {
				dst = append(dst, int(u))
			}
		}
	}
	return dst
}

// Covering resolves a node id as a cell to close: on a grid, the nodes
// whose agent covers cell "x,y" (AppendCovering), an error when there is
// none (a wall no agent's footprint reaches) or id is not a cell of the
// grid; on a graph, the node named id. On a one-cell agent's table it is
// Node's answer. O(len(id) + Agent²).
func (lt *Table) Covering(id string) ([]int, error) {
	if lt.Agent() <= 1 {
		u, err := lt.Node(id)
		if err != nil {
			return nil, err
		}
		return []int{u}, nil
	}
	t := lt.t
	var x, y int
	if _, err := nodeid.GridNode(id, t.Width, t.Height, func(cx, cy int) int32 { x, y = cx, cy; return 0 }); err != nil {
		return nil, err
	}
	nodes := lt.AppendCovering(nil, x, y)
	if len(nodes) == 0 {
		k := lt.Agent()
		return nil, fmt.Errorf("cell %d,%d is under no cell a %dx%d agent stands on", x, y, k, k)
	}
	return nodes, nil
}
