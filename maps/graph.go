package maps

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/internal/csr"
	"github.com/pathtable/pathtable/internal/gridgraph"
	"github.com/pathtable/pathtable/internal/nodeid"
)

// Graph is a level in compressed sparse row (CSR) form: the out-edges of node
// u are Targets[Offsets[u]:Offsets[u+1]], with costs in Weights at the same
// positions. The position of an edge within its node's list (its slot) is what
// a first-move table stores, so the order of out-edges is part of the format:
// grids list them in the order of Directions, graphs in order of target node.
type Graph struct {
	Offsets []int32   // len Nodes()+1, Offsets[0] == 0, non-decreasing
	Targets []int32   // head of each edge
	Weights []float64 // cost of each edge: finite and >= 0
	Metric  Metric    // how costs add up exactly

	// Exactly one of Grid and Names describes the nodes.
	Grid  *Grid    // geometry of a grid level, nil for graphs
	Names []string // id of each node of a graph level, nil for grids

	// X and Y are the coordinates of graph nodes, or nil when the level
	// gives none. They feed the A* heuristic and pictures only.
	X, Y []float64
}

// Metric says how edge costs add up, so that a table can store distances
// exactly.
type Metric uint8

const (
	// MetricFloat: costs are arbitrary non-negative float64 values.
	MetricFloat Metric = iota
	// MetricInt: every cost is an integer in [0, 2^31).
	MetricInt
	// MetricOctile: every cost is k or k·√2 (k·math.Sqrt2 in float64) for an
	// integer k in [0, 2^31), so every path cost is exactly a + b·√2 for
	// integers a and b.
	MetricOctile
)

func (m Metric) String() string {
	switch m {
	case MetricFloat:
		return "float"
	case MetricInt:
		return "int"
	case MetricOctile:
		return "octile"
	}
	return fmt.Sprintf("Metric(%d)", m)
}

// CostTolerance is the relative difference allowed between two path costs
// of a level whose metric is not MetricInt (see SameCost): float64 sums of
// the same path taken in a different order differ in the last bits.
const CostTolerance = 1e-9

// SameCost reports whether two path costs of a level of metric m agree:
// exactly on MetricInt levels, within CostTolerance otherwise; an infinite
// cost (no path) agrees only with itself. Whatever reports whether a table
// agrees with live solves (verify, bench) compares with it, so they cannot
// disagree. O(1).
func (m Metric) SameCost(a, b float64) bool {
	if m == MetricInt || a == b || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b // the relative test would pass Inf against any large cost
	}
	return math.Abs(a-b) <= CostTolerance*max(math.Abs(a), math.Abs(b))
}

// Nodes returns the number of nodes. O(1).
func (g *Graph) Nodes() int { return len(g.Offsets) - 1 }

// Edges returns the number of directed edges. O(1).
func (g *Graph) Edges() int { return len(g.Targets) }

// OutDegree returns the number of out-edges of node u. O(1).
func (g *Graph) OutDegree(u int32) int { return int(g.Offsets[u+1] - g.Offsets[u]) }

// EdgeCost returns the cost of the cheapest edge u→v, and false when there
// is none. Loaders merge parallel edges, so on their graphs it is the one
// edge u→v. O(degree of u).
func (g *Graph) EdgeCost(u, v int32) (float64, bool) {
	best, ok := math.Inf(1), false
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		if g.Targets[e] == v && g.Weights[e] < best {
			best, ok = g.Weights[e], true
		}
	}
	return best, ok
}

// NodeName returns the printable id of node u: "x,y" on grids, the node's id
// on graphs. O(1).
func (g *Graph) NodeName(u int32) string {
	if g.Grid != nil {
		return nodeid.Cell(g.Grid.XY(u))
	}
	return g.Names[u]
}

// Node parses a node id as users write it: "x,y" on grids (0-based, x is
// the column), the node's id on graphs; the error says why a cell is not a
// node (not x,y, outside the grid, or blocked). O(len(id)) on grids, O(V)
// on graphs.
func (g *Graph) Node(id string) (int32, error) {
	if gr := g.Grid; gr != nil {
		return nodeid.AgentNode(id, gr.Width, gr.Height, max(gr.Clearance, 1), gr.NodeAt)
	}
	for u, name := range g.Names {
		if name == id {
			return int32(u), nil
		}
	}
	return -1, nodeid.Unknown(id)
}

// Validate checks the structural invariants that every loader guarantees and
// that the builder relies on. It is O(V + E).
func (g *Graph) Validate() error {
	if err := csr.Check(g.Offsets, g.Targets, g.Weights); err != nil {
		return err
	}
	n := g.Nodes()
	if (g.Grid == nil) == (g.Names == nil) {
		return fmt.Errorf("graph must have exactly one of grid geometry and node names")
	}
	if g.Grid != nil && len(g.Grid.Cells) != n {
		return fmt.Errorf("grid maps %d cells for %d nodes", len(g.Grid.Cells), n)
	}
	if g.Names != nil && len(g.Names) != n {
		return fmt.Errorf("graph names %d of %d nodes", len(g.Names), n)
	}
	if (g.X == nil) != (g.Y == nil) || (g.X != nil && (len(g.X) != n || len(g.Y) != n)) {
		return fmt.Errorf("graph coordinates do not match its %d nodes", n)
	}
	return nil
}

// Grid is the geometry of a grid level. Nodes are the passable cells in
// row-major order; cell (x, y) has index y*Width + x, (0,0) is top-left.
type Grid struct {
	Width, Height int
	Cells         []int32 // cell index of each node
	Nodes         []int32 // node of each cell, -1 where the cell is blocked
	Costs         []uint8 // cost of moving onto each cell, 0 where blocked
	Moves         Moves   // the movement model the edges were made with
	// Clearance is the side of the square agent the grid is for, when
	// more than one cell (Options.Clearance): then Nodes and Costs are
	// Footprint's grid, not the level's cells. 0 for a one-cell agent.
	Clearance int
}

// XY returns the coordinates of node u. O(1).
func (gr *Grid) XY(u int32) (x, y int) {
	c := int(gr.Cells[u])
	return c % gr.Width, c / gr.Width
}

// NodeAt returns the node at cell (x, y), or -1 when the cell is outside the
// grid or blocked. O(1).
func (gr *Grid) NodeAt(x, y int) int32 {
	if x < 0 || y < 0 || x >= gr.Width || y >= gr.Height {
		return -1
	}
	return gr.Nodes[y*gr.Width+x]
}

// Moves is a grid movement model.
type Moves struct {
	// Connect is 4 (cardinal moves only) or 8 (cardinal and diagonal moves;
	// a diagonal move needs both cardinal cells beside it passable: no corner
	// cutting).
	Connect int
	// Diagonal is the cost model: DiagonalSqrt2 (cardinal 1, diagonal √2) or
	// Diagonal1014 (cardinal 10, diagonal 14), each multiplied by the cost of
	// the cell moved onto.
	Diagonal Diagonal
}

// Diagonal names a grid cost model.
type Diagonal string

const (
	DiagonalSqrt2 Diagonal = "sqrt2" // cardinal 1, diagonal √2 (Moving AI)
	Diagonal1014  Diagonal = "10/14" // cardinal 10, diagonal 14 (integer tutorials)
)

// DefaultMoves is the Moving AI benchmark model: octile moves, diagonal √2,
// no corner cutting.
var DefaultMoves = Moves{Connect: 8, Diagonal: DiagonalSqrt2}

// Validate reports a model the grid loaders do not know, naming the field:
// "connect must be 4 or 8, not 6". Zero fields are errors here; the loaders
// fill them from DefaultMoves first (Options.WithDefaults). O(1).
func (m Moves) Validate() error {
	if m.Connect != 4 && m.Connect != 8 {
		return fmt.Errorf("connect must be 4 or 8, not %d", m.Connect)
	}
	if m.Diagonal != DiagonalSqrt2 && m.Diagonal != Diagonal1014 {
		return fmt.Errorf("diagonal must be %s or %s, not %q", DiagonalSqrt2, Diagonal1014, m.Diagonal)
	}
	return nil
}

// String describes the model, e.g. "8-connected, sqrt2 diagonals, no corner cutting".
func (m Moves) String() string {
	if m.Connect == 4 {
		if m.Diagonal == Diagonal1014 {
			return "4-connected, cardinal cost 10"
		}
		return "4-connected"
	}
	return fmt.Sprintf("8-connected, %s diagonals, no corner cutting", m.Diagonal)
}

// Direction is a grid move, as a step in x and y.
type Direction struct{ DX, DY int }

// Directions lists the eight moves in the order grid out-edges use
// (clockwise from north, y grows downward). 4-connected grids use the
// cardinal ones in the same relative order: N, E, S, W. They are the grid
// rules' (gridgraph.Directions), which the table readers share.
var Directions = func() (ds [8]Direction) {
	for i, d := range gridgraph.Directions {
		ds[i] = Direction(d)
	}
	return ds
}()
