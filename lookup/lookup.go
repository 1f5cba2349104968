package lookup

import (
	"io"
	"slices"

	"github.com/pathtable/pathtable/internal/nodeid"
	"github.com/pathtable/pathtable/table"
)

// Table answers queries from one loaded table.
type Table struct {
	t      *table.Table
	n      int
	byName map[string]int32 // graph id → node
	byCell []int32          // grid cell → node, -1 where blocked

	w walker // the layout's walker

	// hops[u<<hopShift | m] is the node first move m leads to from u, or
	// -1 (see hopArray); nil on windowed tables, whose walker hops by
	// direction.
	hops     []int32
	hopShift uint

	derived derived // state the runtime features build at their first use (derived.go)
}

// denseCellsPerNode is how sparse a grid may be, in cells per node, and
// still get a dense cell index (4 bytes a cell, O(1) lookups).
const denseCellsPerNode = 64

// New wraps a decoded or freshly built table and picks its layout's
// walker (newWalker). It builds the id index and the hop array in O(V·d) for d the
// largest degree (O(W·H) more on grids with at least one node per
// denseCellsPerNode cells; sparser grids look cells up by binary search
// instead).
func New(t *table.Table) *Table {
	lt := &Table{t: t, n: t.Nodes}
	if t.Kind == table.KindGrid {
		// A dense index only when the table's own bytes dwarf it: a header
		// may declare a 4096x4096 grid of a few cells, whose cells are then
		// found by binary search (Cells is sorted).
		if int64(t.Width)*int64(t.Height) <= denseCellsPerNode*int64(t.Nodes)+1024 {
			lt.byCell = make([]int32, t.Width*t.Height)
			for i := range lt.byCell {
				lt.byCell[i] = -1
			}
			for u, c := range t.Cells {
				lt.byCell[c] = int32(u)
			}
		}
	} else {
		lt.byName = make(map[string]int32, len(t.Names))
		for u, id := range t.Names {
			lt.byName[id] = int32(u)
		}
	}
	lt.w = newWalker(lt, t.Payload())
	return lt
}

// Load reads a table from r (see table.ReadFrom) and wraps it as New does:
// O(file size) to decode, plus New's cost.
func Load(r io.Reader) (*Table, error) {
	t, err := table.ReadFrom(r)
	if err != nil {
		return nil, err
	}
	return New(t), nil
}

// Open loads the table file at path (see table.Open): O(file size) to
// decode, plus New's cost.
func Open(path string) (*Table, error) {
	t, err := table.Open(path)
	if err != nil {
		return nil, err
	}
	return New(t), nil
}

// Len returns the number of nodes. O(1).
func (lt *Table) Len() int { return lt.n }

func (lt *Table) valid(u int) bool { return u >= 0 && u < lt.n }

// Next returns the node after from on a shortest path to to, or -1 when
// there is none (no path, from == to, an index out of range, or a pair a
// windowed table does not cover: see Covered). O(1); O(log runs of
// from's row) on run-length tables.
func (lt *Table) Next(from, to int) int {
	if !lt.valid(from) || !lt.valid(to) {
		return -1
	}
	return lt.w.next(from, to)
}

// Dist returns the cost of a shortest path from from to to, and false when
// there is none or an index is out of range. Integer and octile levels
// store distances exactly; float levels store float64. O(1); a table that
// stores no distances walks the path and adds up its costs as
// table.CostSum does, exact on integer and octile levels: O(path length ×
// log runs per row) on run-length tables, O(path length × degree) on
// windowed ones, which report false for a pair they do not cover.
func (lt *Table) Dist(from, to int) (float64, bool) {
	if !lt.valid(from) || !lt.valid(to) {
		return table.Unreachable, false
	}
	return lt.w.dist(from, to)
}

// AppendPath appends a shortest path from from to to, both ends included,
// to buf and returns it, with true; or buf unchanged and false when there
// is no path. It walks the stored path: O(path length) (times the log of
// the runs per row on run-length tables), and it allocates only when buf
// lacks capacity. A path never has more than Len() nodes. On a windowed
// table the path stays inside to's window, and a pair the table does not
// cover (see Covered) reports false.
func (lt *Table) AppendPath(buf []int, from, to int) ([]int, bool) {
	if !lt.valid(from) || !lt.valid(to) {
		return buf, false
	}
	return lt.w.path(buf, from, to)
}

// Window returns DELTA of a table that covers windows, 0 for a table of
// all pairs. O(1).
func (lt *Table) Window() int { return lt.t.Window }

// Covered reports whether the table answers queries from from to to: both
// nodes exist and, in a windowed table, from lies within DELTA cells of to
// in x and y. Next, Dist and Path report no path for a pair that is not
// covered; Covered tells that apart from a pair with no path, and Search
// answers any pair. O(1).
func (lt *Table) Covered(from, to int) bool {
	return lt.valid(from) && lt.valid(to) && lt.w.covers(from, to)
}

// Answers reports whether the table's own answer for the pair is an answer
// for the level: always on a table of all pairs (its "no path" means the
// level has none); on a windowed table, when from lies in to's window and
// the window holds a path (a confined path, which may cost more than the
// level's shortest). A pair it does not answer may still have a path in
// the level, which Search finds: the -fallback rule. Both must be nodes.
// O(1).
func (lt *Table) Answers(from, to int) bool {
	if !lt.Covered(from, to) {
		return false
	}
	return lt.t.AllPairs() || from == to || lt.w.next(from, to) >= 0
}

// Path returns a shortest path from from to to, both ends included, and its
// cost; ok is false when there is none. O(path length); it allocates the
// returned slice.
func (lt *Table) Path(from, to int) (path []int, cost float64, ok bool) {
	path, ok = lt.AppendPath(nil, from, to)
	if !ok {
		return nil, table.Unreachable, false
	}
	cost, _ = lt.w.dist(from, to)
	return path, cost, true
}

// Cost returns the sum, in float64, of the costs of the edges along path,
// and false if two consecutive nodes are not joined by an edge. O(path
// length × degree).
func (lt *Table) Cost(path []int) (float64, bool) {
	var sum float64
	for i := 1; i < len(path); i++ {
		u, v := path[i-1], path[i]
		if !lt.valid(u) || !lt.valid(v) {
			return 0, false
		}
		w, ok := lt.t.EdgeCost(u, v)
		if !ok {
			return 0, false
		}
		sum += w
	}
	return sum, true
}

// NodeAt returns the node at grid cell (x, y), and false when the cell is
// outside the grid, blocked, or the table is not a grid. O(1).
func (lt *Table) NodeAt(x, y int) (int, bool) {
	t := lt.t
	if t.Kind != table.KindGrid || x < 0 || y < 0 || x >= t.Width || y >= t.Height {
		return -1, false
	}
	u := lt.nodeOfCell(y*t.Width + x)
	return int(u), u >= 0
}

// nodeOfCell returns the node at cell c, or -1 where it is blocked. O(1)
// with the dense index, O(log V) without.
func (lt *Table) nodeOfCell(c int) int32 {
	if lt.byCell != nil {
		return lt.byCell[c]
	}
	if u, ok := slices.BinarySearch(lt.t.Cells, int32(c)); ok {
		return int32(u)
	}
	return -1
}

// XY returns the grid cell of node u; ok is false on graphs or out of range.
// O(1).
func (lt *Table) XY(u int) (x, y int, ok bool) {
	if lt.t.Kind != table.KindGrid || !lt.valid(u) {
		return 0, 0, false
	}
	c := int(lt.t.Cells[u])
	return c % lt.t.Width, c / lt.t.Width, true
}

// Name returns the printable id of node u: "x,y" on grids, the node id on
// graphs, or "" out of range. O(1).
func (lt *Table) Name(u int) string {
	if !lt.valid(u) {
		return ""
	}
	if x, y, ok := lt.XY(u); ok {
		return nodeid.Cell(x, y)
	}
	return lt.t.Names[u]
}

// Node parses a node id as users write it: "x,y" on grids (0-based, x is
// the column), the node's id on graphs. The error says why a cell is not a
// node (not x,y, outside the grid, blocked, or too narrow for the agent
// the table is for). O(len(id)).
func (lt *Table) Node(id string) (int, error) {
	if lt.byName != nil {
		if u, ok := lt.byName[id]; ok {
			return int(u), nil
		}
		return -1, nodeid.Unknown(id)
	}
	t := lt.t
	u, err := nodeid.AgentNode(id, t.Width, t.Height, t.Agent(), func(x, y int) int32 { return lt.nodeOfCell(y*t.Width + x) })
	return int(u), err
}
