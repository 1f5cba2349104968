package mapstest

import (
	"container/heap"
	"math"

	"github.com/pathtable/pathtable/maps"
)

// An oracle for tables of agents larger than one cell, written from the
// definition (true clearance, see maps.Footprint) and sharing no code with
// maps.Footprint, the grid loaders' graph or the builder.

// AgentCost is what a k×k agent standing on cell (x, y) of gr (a grid
// loaded for a one-cell agent) pays to move there: the dearest cell of
// [x, x+k) × [y, y+k), or 0 when one of them is blocked or off the grid.
// It looks at every cell of the footprint. O(k²).
func AgentCost(gr *maps.Grid, x, y, k int) uint8 {
	if x < 0 || y < 0 {
		return 0
	}
	var top uint8
	for cy := y; cy < y+k; cy++ {
		for cx := x; cx < x+k; cx++ {
			if cx >= gr.Width || cy >= gr.Height || gr.Costs[cy*gr.Width+cx] == 0 {
				return 0
			}
			top = max(top, gr.Costs[cy*gr.Width+cx])
		}
	}
	return top
}

// AgentMove reports whether a k×k agent may step from (x, y) by (dx, dy)
// on gr under the model mv, and what the step costs: both cells open to
// it, no diagonal on a 4-connected model, and for a diagonal both cells
// beside it open too (no corner cutting). O(k²).
func AgentMove(gr *maps.Grid, mv maps.Moves, k, x, y, dx, dy int) (float64, bool) {
	diagonal := dx != 0 && dy != 0
	if diagonal && mv.Connect == 4 || AgentCost(gr, x, y, k) == 0 {
		return 0, false
	}
	c := AgentCost(gr, x+dx, y+dy, k)
	if c == 0 || diagonal && (AgentCost(gr, x+dx, y, k) == 0 || AgentCost(gr, x, y+dy, k) == 0) {
		return 0, false
	}
	unit := 1.0
	switch {
	case mv.Diagonal == maps.Diagonal1014 && diagonal:
		unit = 14
	case mv.Diagonal == maps.Diagonal1014:
		unit = 10
	case diagonal:
		return float64(c) * math.Sqrt2, true
	}
	return float64(c) * unit, true
}

// AgentDistancesTo returns, for every cell c = y*Width+x of gr, the cost
// of a k×k agent's shortest path from c to cell (tx, ty) under mv, +Inf
// where there is none or the cell is not open to the agent: Dijkstra over
// cells, each move checked by AgentMove. O(w·h·k²·log(w·h)).
func AgentDistancesTo(gr *maps.Grid, mv maps.Moves, k, tx, ty int) []float64 {
	w := gr.Width
	d := make([]float64, w*gr.Height)
	for i := range d {
		d[i] = math.Inf(1)
	}
	if AgentCost(gr, tx, ty, k) == 0 {
		return d
	}
	t := int32(ty*w + tx)
	d[t] = 0
	q := &pairHeap{{0, t}}
	for q.Len() > 0 {
		p := heap.Pop(q).(pair)
		if p.d > d[p.u] {
			continue
		}
		ux, uy := int(p.u)%w, int(p.u)/w
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if dx == 0 && dy == 0 {
					continue
				}
				// The move from v = u - (dx, dy) onto u.
				vx, vy := ux-dx, uy-dy
				cost, ok := AgentMove(gr, mv, k, vx, vy, dx, dy)
				if !ok {
					continue
				}
				v := int32(vy*w + vx)
				if nd := p.d + cost; nd < d[v] {
					d[v] = nd
					heap.Push(q, pair{nd, v})
				}
			}
		}
	}
	return d
}
