// Package lookup answers path queries from a precomputed table: the part of
// pathtable a game links. Load a table once, then ask for the next move, the
// distance or the whole path between any two nodes with no search: Next and
// Dist are O(1), Path is O(path length), and AppendPath allocates nothing
// when its buffer is large enough. On run-length tables (table.LayoutRuns)
// each move is a binary search in one row, and Dist walks the path; on
// windowed tables (table.LayoutWindow) a pair is answered only when FROM lies
// in TO's window (Covered), and Search answers the others exactly. An
// Overlay answers exactly when nodes are blocked or costs rise at runtime.
//
// A Table is immutable after loading and safe for concurrent use by any
// number of goroutines. Node indices are 0..Len()-1; use Node, NodeAt and
// Name to convert from and to "x,y" cells or graph ids. An index out of
// range never panics: Next returns -1 and Dist and Path report false.
package lookup

import (
	"io"
	"slices"
	"sync"

	"github.com/pathtable/pathtable/internal/nodeid"
	"github.com/pathtable/pathtable/table"
)

// Table answers queries from one loaded table.
type Table struct {
	t      *table.Table
	n      int
	byName map[string]int32 // graph id → node
	byCell []int32          // grid cell → node, -1 where blocked

	// hops[u<<hopShift | m] is the node that first move m leads to from u,
	// or -1 where m names no edge: a path step is then two dependent loads
	// (the row, then this) instead of three through the CSR. Its stride is
	// the largest degree rounded up to a power of two: 32 bytes a node on
	// 8-connected grids, at most 1 KiB a node (degree 255), which is small
	// beside the n bytes a node of first moves on any level worth a table.
	hops     []int32
	hopShift uint

	scratch     scratchPool // search scratch, shared by every overlay of the table and Search
	searchCosts searchCosts // edge costs by hop slot for overlay searches, built at the first

	// directDist is set where Distance is O(1) (tables with target rows),
	// so an overlay search reads its heuristic instead of summing it along
	// table paths.
	directDist bool

	win *window // a windowed table's queries (window.go); nil for all pairs

	// The cheapest straight and diagonal move of a grid, for Search's
	// heuristic, found on its first use.
	moveCostsOnce      sync.Once
	straight, diagonal float64

	flat *table.Flat // a flat table's rows, nil for other layouts

	// runs is nil for flat tables; paths on run-length tables
	// (table.LayoutRuns), which have no target rows, walk in rank space
	// through it.
	runs *runTable
}

// runTable is what a walk over a run-length table reads.
type runTable struct {
	order    []int32  // node of each rank
	rank     []int32  // rank of each node
	rowStart []uint32 // the row of rank r is runs rowStart[r]..rowStart[r+1]
	code     table.RunCode
	// hops is Table.hops by rank: entry r<<hopShift | m is the rank that
	// move m leads to from the node of rank r, so a step is the row's
	// span, a binary search in it, and this hop.
	hops []int32
}

// denseCellsPerNode is how sparse a grid may be, in cells per node, and
// still get a dense cell index (4 bytes a cell, O(1) lookups).
const denseCellsPerNode = 64

// New wraps a decoded or freshly built table. It builds the id index and
// the hop array in O(V·d) for d the largest degree (O(W·H) more on grids
// with at least one node per denseCellsPerNode cells; sparser grids look
// cells up by binary search instead).
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
	switch p := t.Payload().(type) {
	case *table.Window:
		lt.win = &window{delta: p.Delta(), side: table.WindowSide(p.Delta()), w: p}
		lt.hops, lt.hopShift = directionHops(t)
		return lt
	case *table.Flat:
		lt.flat = p
		lt.directDist = true
	case *table.Runs:
		lt.hops, lt.hopShift = hopArray(t.Offsets, t.Targets)
		lt.runs = &runTable{order: p.Order, rank: p.Rank, rowStart: p.RowStart, code: p.Code,
			hops: rankHops(lt.hops, lt.hopShift, p.Order, p.Rank)}
		return lt
	}
	lt.hops, lt.hopShift = hopArray(t.Offsets, t.Targets)
	return lt
}

// rankHops renumbers a hop array by rank: entry r<<shift | m is the rank of
// the node that move m leads to from the node of rank r. O(V·stride).
func rankHops(hops []int32, shift uint, order, rank []int32) []int32 {
	out := make([]int32, len(hops))
	stride := 1 << shift
	for r, u := range order {
		for m := range stride {
			v := hops[int(u)<<shift|m]
			if v >= 0 {
				v = rank[v]
			}
			out[r<<shift|m] = v
		}
	}
	return out
}

// runMove returns the move stored in the row of rank r for the target of
// rank t. O(log runs in row).
func (rt *runTable) runMove(r, t int32) uint {
	return uint(rt.code.Find(int(rt.rowStart[r]), int(rt.rowStart[r+1]), int(t)))
}

// hopArray lays out each node's out-edge targets at a fixed power-of-two
// stride, -1 past the node's degree. O(V·stride).
func hopArray(offsets, targets []int32) ([]int32, uint) {
	n := len(offsets) - 1
	maxDeg := int32(0)
	for u := range n {
		maxDeg = max(maxDeg, offsets[u+1]-offsets[u])
	}
	shift := uint(0)
	for 1<<shift < maxDeg {
		shift++
	}
	hops := make([]int32, n<<shift)
	for u := range n {
		slots := hops[u<<shift : (u+1)<<shift]
		for m := range slots {
			slots[m] = -1
		}
		copy(slots, targets[offsets[u]:offsets[u+1]])
	}
	return hops, shift
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

// Table returns the underlying table, for its header and raw arrays. O(1).
func (lt *Table) Table() *table.Table { return lt.t }

// Len returns the number of nodes. O(1).
func (lt *Table) Len() int { return lt.n }

func (lt *Table) valid(u int) bool { return u >= 0 && u < lt.n }

// Next returns the node after from on a shortest path to to, or -1 when
// there is none (no path, from == to, an index out of range, or a pair a
// windowed table does not cover: see Covered). O(1); O(log runs of
// from's row) on run-length tables.
func (lt *Table) Next(from, to int) int {
	if lt.win != nil {
		return lt.windowNext(from, to)
	}
	if !lt.valid(from) || !lt.valid(to) {
		return -1
	}
	return lt.hop(from, uint(lt.t.Move(from, to)))
}

// hop returns the node that first move m leads to from u; -1 when there is
// none or m does not name an out-edge (a table altered behind its checksum).
func (lt *Table) hop(u int, m uint) int {
	if m >= uint(1)<<lt.hopShift {
		return -1
	}
	return int(lt.hops[uint(u)<<lt.hopShift|m])
}

// Dist returns the cost of a shortest path from from to to, and false when
// there is none or an index is out of range. Integer and octile levels
// store distances exactly; float levels store float64. O(1); on a windowed
// table, which stores no distances, O(path length × degree), exact on its
// integer and octile levels too, and false for a pair it does not cover;
// run-length tables walk the path too, in O(path length × log runs per
// row).
func (lt *Table) Dist(from, to int) (float64, bool) {
	if !lt.valid(from) || !lt.valid(to) {
		return table.Unreachable, false
	}
	return lt.t.Distance(from, to)
}

// AppendPath appends a shortest path from from to to, both ends included,
// to buf and returns it, with true; or buf unchanged and false when there
// is no path. It walks one table row: O(path length), and it allocates only
// when buf lacks capacity. A path never has more than Len() nodes. On a
// windowed table the path stays inside to's window, and a pair the table
// does not cover (see Covered) reports false.
func (lt *Table) AppendPath(buf []int, from, to int) ([]int, bool) {
	if lt.win != nil {
		return lt.windowPath(buf, from, to)
	}
	if !lt.valid(from) || !lt.valid(to) {
		return buf, false
	}
	if lt.flat == nil {
		return lt.appendRunPath(buf, from, to) // a run-length table
	}
	row := lt.flat.FirstRow(to)
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := lt.hops, lt.hopShift, uint(1)<<lt.hopShift
	buf = append(buf, from)
	for u := from; u != to; {
		m := uint(row[u])
		if m >= stride || len(buf) >= limit {
			return buf[:start], false // a corrupt table's bad move, or a cycle
		}
		v := hops[uint(u)<<shift|m]
		if v < 0 {
			return buf[:start], false // no path, or a move that names no edge
		}
		u = int(v)
		buf = append(buf, u)
	}
	return buf, true
}

// appendRunPath is AppendPath on a run-length table: one binary search in
// the row of each node on the way. O(path length × log runs per row).
func (lt *Table) appendRunPath(buf []int, from, to int) ([]int, bool) {
	rt := lt.runs
	start := len(buf)
	limit := start + lt.n
	hops, shift, stride := rt.hops, lt.hopShift, uint(1)<<lt.hopShift
	target := rt.rank[to]
	buf = append(buf, from)
	for u := rt.rank[from]; u != target; {
		m := rt.runMove(u, target)
		if m >= stride || len(buf) >= limit {
			return buf[:start], false // no path, a corrupt table's bad move, or a cycle
		}
		v := hops[uint(u)<<shift|m]
		if v < 0 {
			return buf[:start], false // a move that names no edge
		}
		u = v
		buf = append(buf, int(rt.order[u]))
	}
	return buf, true
}

// Path returns a shortest path from from to to, both ends included, and its
// cost; ok is false when there is none. O(path length); it allocates the
// returned slice.
func (lt *Table) Path(from, to int) (path []int, cost float64, ok bool) {
	path, ok = lt.AppendPath(nil, from, to)
	if !ok {
		return nil, table.Unreachable, false
	}
	cost, _ = lt.t.Distance(from, to)
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
// node (not x,y, outside the grid, or blocked). O(len(id)).
func (lt *Table) Node(id string) (int, error) {
	if lt.byName != nil {
		if u, ok := lt.byName[id]; ok {
			return int(u), nil
		}
		return -1, nodeid.Unknown(id)
	}
	t := lt.t
	u, err := nodeid.GridNode(id, t.Width, t.Height, func(x, y int) int32 { return lt.nodeOfCell(y*t.Width + x) })
	return int(u), err
}
