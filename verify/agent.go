package verify

import (
	"fmt"

	"github.com/pathtable/pathtable/maps"
)

// AgentGraph returns the graph a k×k agent moves on over g, a grid
// level's graph for a one-cell agent (true clearance, maps.Footprint's
// definition): cell (x, y) is open when every cell of [x, x+k) × [y, y+k)
// is passable in g, and a move onto it costs the dearest of them, under
// g's movement model. It looks at every cell of every footprint, sharing
// no code with maps.Footprint, which the builder's graph comes from, so a
// table built for an agent is checked against an independent derivation.
// k <= 1 returns g. O(w·h·k²).
func AgentGraph(g *maps.Graph, k int) (*maps.Graph, error) {
	gr := g.Grid
	if gr == nil {
		return nil, fmt.Errorf("a %dx%d agent needs a grid level, not a graph", k, k)
	}
	if k <= 1 {
		return g, nil
	}
	if gr.Clearance > 1 {
		return nil, fmt.Errorf("the level is already loaded for a %dx%d agent", gr.Clearance, gr.Clearance)
	}
	w, h := gr.Width, gr.Height
	costs := make([]uint8, w*h)
	open := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			costs[y*w+x] = footprintCost(gr, x, y, k)
			if costs[y*w+x] != 0 {
				open++
			}
		}
	}
	if open == 0 && g.Nodes() > 0 {
		return nil, fmt.Errorf("no cell is open to a %dx%d agent", k, k)
	}
	ag, err := maps.GridGraph(w, h, costs, gr.Moves)
	if err != nil {
		return nil, err
	}
	ag.Grid.Clearance = k
	return ag, nil
}

// footprintCost is the dearest cell of the k×k footprint at (x, y), or 0
// when one of them is blocked or off the grid. O(k²).
func footprintCost(gr *maps.Grid, x, y, k int) uint8 {
	var top uint8
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			cx, cy := x+dx, y+dy
			if cx >= gr.Width || cy >= gr.Height || gr.Costs[cy*gr.Width+cx] == 0 {
				return 0
			}
			top = max(top, gr.Costs[cy*gr.Width+cx])
		}
	}
	return top
}
