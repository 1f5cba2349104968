package build

import (
	"math"
	"slices"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// symbolGeometry is what a symbol row needs of a grid level: each node's
// moves as the symbols rank them, and each rank's cell.
type symbolGeometry struct {
	dirs []table.SymbolDirs // by node
	x, y []int32            // cell of each rank
	// wrap: the level is symmetric, so rows span their source's component
	// and wrap within it (a target below a row's first start takes its
	// last run); comps: it has several components, which the reader finds
	// (table.CompSuffix), so rows end with no run of no path.
	wrap, comps bool
	// boxes: every cell costs 1, so rows have open-box wildcards
	// (table.Boxes): a target whose box with the source is all nodes is
	// answered H_1 by the reader, so it is a wildcard in the row. runR
	// and runL are, by cell, the nodes in a row from that cell rightward
	// and leftward (0 where it is blocked), of a grid width wide.
	boxes      bool
	runR, runL []int32
	// jumps: H_7's value is J and H_6's J_2 (table.JumpSuffix); each node's dirs has
	// its jump set.
	jumps  bool
	width  int
	height int
	// offsets codes each offset between two cells for J's choice, nil
	// without J or on a grid too large.
	offsets *offsetCodes
}

// newSymbolGeometry returns g's geometry for symbol rows by the ranks of
// order, or nil when g is no grid or a node's moves are not distinct unit
// moves (which a grid's always are). O(V + E).
func newSymbolGeometry(g *maps.Graph, order []int32) *symbolGeometry {
	gr := g.Grid
	if gr == nil {
		return nil
	}
	geo := &symbolGeometry{dirs: make([]table.SymbolDirs, g.Nodes()), jumps: true}
	jump := table.JumpMasks(gr.Width, gr.Height, gr.Cells)
	var dx, dy [8]int
	for u := range int32(g.Nodes()) {
		deg := int(g.Offsets[u+1] - g.Offsets[u])
		if deg > 8 {
			return nil
		}
		ux, uy := gr.XY(u)
		for j := range deg {
			vx, vy := gr.XY(g.Targets[int(g.Offsets[u])+j])
			dx[j], dy[j] = vx-ux, vy-uy
		}
		d, ok := table.NewSymbolDirs(dx[:deg], dy[:deg])
		if !ok {
			return nil
		}
		d.SetJump(jump[u])
		geo.dirs[u] = d
	}
	geo.offsets = newOffsetCodes(gr.Width, gr.Height)
	geo.boxes = true
	for _, c := range gr.Cells {
		geo.boxes = geo.boxes && gr.Costs[c] == 1
	}
	if geo.boxes {
		geo.width, geo.height = gr.Width, gr.Height
		geo.runR, geo.runL = make([]int32, len(gr.Nodes)), make([]int32, len(gr.Nodes))
		for y := range gr.Height {
			row := y * gr.Width
			for x := range gr.Width {
				if gr.Nodes[row+x] >= 0 {
					geo.runL[row+x] = 1
					if x > 0 {
						geo.runL[row+x] += geo.runL[row+x-1]
					}
				}
			}
			for x := gr.Width - 1; x >= 0; x-- {
				if gr.Nodes[row+x] >= 0 {
					geo.runR[row+x] = 1
					if x < gr.Width-1 {
						geo.runR[row+x] += geo.runR[row+x+1]
					}
				}
			}
		}
	}
	return geo.withOrder(g, order)
}

// boxLimits fills lim, by quadrant (boxQuadrant), with the open staircase
// of the source at (sx, sy): lim[q][k] is the largest |dx| such that the
// box from the source to (sx+dx, sy±k) is all nodes, for k up to the
// first row whose box is not. O(rows reached).
func (geo *symbolGeometry) boxLimits(sx, sy int, lim *[4][]int32) {
	for q := range 4 {
		run := geo.runR
		if q&2 != 0 {
			run = geo.runL
		}
		step := 1
		if q&1 != 0 {
			step = -1
		}
		l := lim[q][:0]
		cur := int32(math.MaxInt32)
		for y := sy; y >= 0 && y < geo.height; y += step {
			v := run[y*geo.width+sx] - 1
			if v < 0 {
				break
			}
			cur = min(cur, v)
			l = append(l, cur)
		}
		lim[q] = l
	}
}

// boxQuadrant is the quadrant of boxLimits an offset falls in: bit 1 for
// dx < 0, bit 0 for dy < 0. O(1).
func boxQuadrant(dx, dy int) int {
	return int(uint(dx)>>63)<<1 | int(uint(dy)>>63)
}

// withoutJumps returns geo with H_7 in its value, not J. O(V).
func (geo *symbolGeometry) withoutJumps() *symbolGeometry {
	c := *geo
	c.jumps, c.dirs, c.offsets = false, slices.Clone(geo.dirs), nil
	for u := range c.dirs {
		c.dirs[u].Jump = 0
	}
	return &c
}

// withOrder returns geo by the ranks of order. O(V).
func (geo *symbolGeometry) withOrder(g *maps.Graph, order []int32) *symbolGeometry {
	c := *geo
	c.x, c.y = make([]int32, len(order)), make([]int32, len(order))
	for r, u := range order {
		x, y := g.Grid.XY(u)
		c.x[r], c.y[r] = int32(x), int32(y)
	}
	return &c
}
