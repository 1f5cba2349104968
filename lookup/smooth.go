package lookup

import "github.com/pathtable/pathtable/table"

// Straightened paths: the corners of a grid path an agent steers through,
// found by line of sight between cell centres.
//
// The line-of-sight rule. A cell is the closed unit square [x, x+1] ×
// [y, y+1] and an agent stands at its centre. A straight segment between
// two cell centres is legal when every cell whose closed square it meets
// is open: a node of the table, and not blocked by the overlay. So a
// segment that passes exactly through a grid corner needs all four cells
// around that corner open (centres lie at half-integers, so a segment
// crosses grid lines and never runs along one). That is the grid's own
// movement model on every level: a diagonal move is exactly
// such a segment through a corner, which 8-connected levels (no corner
// cutting) allow only when the two cells beside it are open, and a
// cardinal move meets only its two cells. So every step of a grid path is
// a legal segment, and a segment squeezing between two diagonal walls, or
// grazing one wall's corner, is not. On 4-connected levels the same rule
// holds: an agent may steer at any angle, but never through a corner a
// wall touches. On levels with per-cell costs (baked, or raised by the
// overlay) a segment may meet only cells no dearer than the dearest cell
// the grid path meets between the same two corners (its own cells and the
// cells beside its diagonal moves): agents never cut across ground dearer
// than the path they straighten crossed there. A grid path meets only such
// cells, so again every step is legal; on levels of one cost the rule
// adds nothing.
//
// On a table for a K×K agent (build -clearance) the cells are those the
// agent may stand on, its footprint's top-left cell (the table's nodes), and
// line of sight is judged on them as moves are: the footprint's top-left
// cell follows the segments, and its centre lies (K-1)/2 cells right of and
// below that cell's.
//
// The search. Corners are nodes of the path, path[0] first and the last
// node last, chosen greedily: from the last corner the path is followed
// while its nodes stay in sight, and the node before the first one that is
// not becomes the next corner. By the triangle inequality the corners are
// never longer, in Euclidean length between cell centres, than the path.
//
// Sight is tracked in O(1) per step, not by walking each
// candidate segment (which costs O(segment length) per node, O(length²) in
// an open room): a sweep per axis follows the path while it is monotone
// along that axis, column by column (row by row), and keeps the cone of
// slopes from the corner whose rays stay in open cells. In each column the
// path crosses it reads the open run of cells around the path's cells
// there (open: a node, not blocked, no dearer than the dearest cell the
// path met since the corner), at most cornerReach cells either side; a ray must cross each grid
// line between two columns inside both columns' runs. Since a straight
// segment's across coordinate is monotone, checking it at the grid lines
// is checking every cell it meets, the corner-touching cells included
// (the bounds are strict). A node is in sight when either sweep's cone
// holds its direction. A sweep is sound because the path is monotone along
// its axis: the path's cells in a column are contiguous, and every column
// between the corner and a node is one the path crossed, whose run was
// read. The price of O(1): a segment never strays more than
// cornerReach cells from the path's cells in a column, and a sweep stops
// where the path turns back along its axis; the next corner starts a new
// one. Both only ever add corners, never an illegal segment.

// cornerReach is how far, across the sweep, a straightened segment may
// stray from the cells the grid path crosses in a column: the most cells
// read either side of the path per column, and so the cost of a step.
const cornerReach = 8

// AppendCorners appends to dst the corners of path, a walk of grid moves
// of this table, that an agent steers through in straight lines: path[0],
// the turning points, and the last node, each a node of path, each in line
// of sight of the next (a segment meets only open cells' closed squares,
// so it never crosses a wall nor passes a corner one touches, nor cells
// dearer than the path met between the same corners; the rule in full is
// above and in docs/RUNTIME.md), and together never longer than path in Euclidean length
// between cell centres. It returns dst unchanged and false when the table
// is of a graph, path is empty, or a step of path is not a move of the
// grid (a node out of range, cells not adjacent, a diagonal on a
// 4-connected level or past a wall's corner).
//
// O(path length): at most 34 cell reads a step (a run of 8 cells either
// side of the path, for each axis), far fewer in corridors. It allocates
// only when dst lacks capacity (it appends len(path) nodes at most), and,
// the first time on a level with several cell costs, a cost per node (8
// bytes, kept with the table; O(V·d²) to read off the edges).
func (lt *Table) AppendCorners(dst, path []int) ([]int, bool) {
	return lt.appendCorners(dst, path, nil)
}

// AppendCorners is Table.AppendCorners on the changed level: a blocked
// node is a wall to line of sight as to the grid path, so a path through
// one is refused, and no segment meets one or passes its corner. It reads
// the level as it is when it starts, as every query does, while changes
// may go on. Its cost is Table.AppendCorners' plus a map read per cell the
// overlay may have changed.
func (o *Overlay) AppendCorners(dst, path []int) ([]int, bool) {
	return o.lt.appendCorners(dst, path, &o.load().changeSet)
}

// sight is the grid as line of sight reads it: the table's cells, the
// overlay's blocked nodes and raised cells when there is one, and the most
// a cell may cost, top (the dearest the path met since the last corner).
type sight struct {
	lt    *Table
	o     *changeSet // nil: the table's own level
	w, h  int
	costs []float64 // baked cell costs; nil when all are equal
	cells bool      // the overlay raises some cell's cost
	top   float64
}

// costly reports whether cell costs matter: the level has several, or
// the overlay raised some.
func (g *sight) costly() bool { return g.costs != nil || g.cells }

// cost returns the cost of node u, open. O(1).
func (g *sight) cost(u int32) float64 {
	if g.cells && g.o.marked(u) {
		if c, ok := g.o.cells[u]; ok {
			return c
		}
	}
	if g.costs == nil {
		return 1
	}
	return g.costs[u]
}

// node returns the node at cell (x, y) when it is in the grid, a node and
// not blocked, else -1. O(1) with the dense cell index.
func (g *sight) node(x, y int) int32 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return -1
	}
	u := g.lt.nodeOfCell(y*g.w + x)
	if u < 0 {
		return -1
	}
	if o := g.o; o != nil && o.mark != nil && o.marked(u) {
		if _, b := o.blocked[u]; b {
			return -1
		}
	}
	return u
}

// open reports whether a segment may meet cell (x, y): a node, not
// blocked, and no dearer than top. O(1) with the dense cell index.
func (g *sight) open(x, y int) bool {
	u := g.node(x, y)
	return u >= 0 && (!g.costly() || g.cost(u) <= g.top)
}

// stepTop returns the dearest cell the move from (x0, y0) to (x1, y1)
// meets: the cell it enters, and on a diagonal the two beside it. O(1).
func (g *sight) stepTop(x0, y0, x1, y1 int) float64 {
	if !g.costly() {
		return 1
	}
	c := g.cost(g.node(x1, y1))
	if x0 != x1 && y0 != y1 {
		c = max(c, g.cost(g.node(x1, y0)), g.cost(g.node(x0, y1)))
	}
	return c
}

// cell returns the cell (x, y) of node u, a valid grid node. O(1).
func (g *sight) cell(u int) (x, y int) {
	c := int(g.lt.t.Cells[u])
	return c % g.w, c / g.w
}

// step reports whether (x0, y0) to (x1, y1) is a move of the grid: to an
// open adjacent cell, and a diagonal only on 8-connected levels with both
// cells beside it open.
func (g *sight) step(x0, y0, x1, y1 int, eight bool) bool {
	dx, dy := x1-x0, y1-y0
	switch {
	case g.node(x1, y1) < 0:
		return false
	case dx < -1 || dx > 1 || dy < -1 || dy > 1 || dx == 0 && dy == 0:
		return false
	case dx == 0 || dy == 0:
		return true
	}
	return eight && g.node(x1, y0) >= 0 && g.node(x0, y1) >= 0
}

func (lt *Table) appendCorners(dst, path []int, o *changeSet) ([]int, bool) {
	t := lt.t
	if t.Kind != table.KindGrid || len(path) == 0 {
		return dst, false
	}
	g := sight{lt: lt, o: o, w: t.Width, h: t.Height, costs: lt.cellCosts()}
	g.cells = o != nil && len(o.cells) > 0
	eight := t.Connect != 4
	for _, u := range path {
		if !lt.valid(u) {
			return dst, false
		}
	}
	x, y := g.cell(path[0])
	if g.node(x, y) < 0 {
		return dst, false
	}
	n := len(dst)
	dst = append(dst, path[0])
	var cols, rows sweep
	corner := 0 // index in path of the last corner
	px, py := x, y
	for i := 1; i < len(path); i++ {
		x, y := g.cell(path[i])
		if !g.step(px, py, x, y, eight) {
			return dst[:n], false
		}
		top := g.stepTop(px, py, x, y)
		if i-1 == corner {
			// The first step from a corner starts the sweeps, with top
			// covering it, so that it is in sight.
			cx, cy := g.cell(path[corner])
			g.top = max(g.cost(g.node(cx, cy)), top)
			cols.start(&g, cx, cy, false)
			rows.start(&g, cx, cy, true)
		}
		g.top = max(g.top, top)
		cols.add(&g, x, y)
		rows.add(&g, x, y)
		if i-1 != corner && !cols.sees(x, y) && !rows.sees(x, y) {
			// The node before is the next corner, and this step the first
			// from it.
			dst = append(dst, path[i-1])
			corner = i - 1
			i--
			continue
		}
		px, py = x, y
	}
	if len(path) > 1 {
		dst = append(dst, path[len(path)-1])
	}
	return dst, true
}

// sweep tracks line of sight from a corner along one axis, column by
// column, while the path stays monotone along it. In its own frame a cell
// has an along coordinate (the column: x for the column sweep, y for the
// row sweep) and an across one (the row). Slopes are across over along,
// relative to the corner's centre, in the direction the path first moved
// along the axis; column k is k columns from the corner's.
type sweep struct {
	flip  bool // the row sweep: along is y
	state sweepState
	dir   int // +1 or -1: the direction the path moves along
	a, c  int // the corner's along and across coordinates
	k     int // the current column, from the corner's

	lo, hi   int // the path's rows in the current column
	rlo, rhi int // the open run around them there, within cornerReach

	// The cone: slopes s with lnum/lden < s < unum/uden (denominators
	// positive), unbounded on a side whose flag is false.
	lnum, lden, unum, uden int64
	lset, uset             bool
}

type sweepState uint8

const (
	sweepCorner sweepState = iota // the path has not moved along the axis yet
	sweepLive                     // following the path column by column
	sweepDead                     // the path turned back along the axis
)

// frame returns (x, y) as along and across coordinates.
func (s *sweep) frame(x, y int) (along, across int) {
	if s.flip {
		return y, x
	}
	return x, y
}

// open is g.open in the sweep's frame.
func (s *sweep) open(g *sight, along, across int) bool {
	if s.flip {
		return g.open(across, along)
	}
	return g.open(along, across)
}

// start begins a sweep at the corner (x, y). O(cornerReach).
func (s *sweep) start(g *sight, x, y int, flip bool) {
	*s = sweep{flip: flip}
	s.a, s.c = s.frame(x, y)
	s.lo, s.hi = s.c, s.c
	s.rlo, s.rhi = s.run(g, s.a, s.c, s.c)
}

// run returns the open run of cells in column col around the path's rows
// lo..hi (open already), reaching at most cornerReach cells past them.
// O(cornerReach).
func (s *sweep) run(g *sight, col, lo, hi int) (rlo, rhi int) {
	rlo, rhi = lo, hi
	for rlo > lo-cornerReach && s.open(g, col, rlo-1) {
		rlo--
	}
	for rhi < hi+cornerReach && s.open(g, col, rhi+1) {
		rhi++
	}
	return rlo, rhi
}

// add follows the path onto cell (x, y), one move from the last. O(1), and
// O(cornerReach) when the path enters a new column or leaves the run.
func (s *sweep) add(g *sight, x, y int) {
	if s.state == sweepDead {
		return
	}
	along, across := s.frame(x, y)
	col := s.a + s.dir*s.k
	switch {
	case s.state == sweepCorner && along == s.a, s.state == sweepLive && along == col:
		// Along the column: widen the path's rows, and the run if the path
		// leaves it.
		s.lo, s.hi = min(s.lo, across), max(s.hi, across)
		if s.lo < s.rlo || s.hi > s.rhi {
			s.rlo, s.rhi = s.run(g, col, s.lo, s.hi)
		}
		return
	case s.state == sweepCorner:
		s.state, s.dir = sweepLive, along-s.a
	case along != col+s.dir:
		s.state = sweepDead
		return
	}
	// Into the next column: the grid line between it and the last bounds
	// the cone by both columns' runs.
	s.k++
	plo, phi := s.rlo, s.rhi
	s.lo, s.hi = across, across
	s.rlo, s.rhi = s.run(g, along, across, across)
	lo, hi := max(plo, s.rlo), min(phi, s.rhi)
	// A ray of slope m crosses the line half a column short of column k at
	// m·(k - 1/2) from the corner's centre; it must stay strictly inside
	// rows lo..hi, whose edges lie at lo - c - 1/2 and hi + 1 - c - 1/2.
	den := int64(2*s.k - 1)
	ln, un := int64(2*(lo-s.c)-1), int64(2*(hi-s.c)+1)
	if !s.lset || ln*s.lden > s.lnum*den {
		s.lnum, s.lden, s.lset = ln, den, true
	}
	if !s.uset || un*s.uden < s.unum*den {
		s.unum, s.uden, s.uset = un, den, true
	}
}

// sees reports whether the centre of cell (x, y), the cell add last took,
// is in line of sight of the corner's through this sweep. O(1).
func (s *sweep) sees(x, y int) bool {
	switch s.state {
	case sweepCorner:
		return true // straight along the corner's column, over path cells
	case sweepDead:
		return false
	}
	_, across := s.frame(x, y)
	num, den := int64(across-s.c), int64(s.k)
	return num*s.lden > s.lnum*den && num*s.uden < s.unum*den
}
