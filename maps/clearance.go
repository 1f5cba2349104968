package maps

import (
	"errors"
	"fmt"
)

// Agents larger than one cell follow true clearance, as in Harabor and
// Botea's annotated A* (HAA*): a k×k agent stands on cell (x, y) and covers
// [x, x+k) × [y, y+k), so the cell is open to it when its whole footprint
// is passable. Its moves are the level's movement model on the footprint
// grid Footprint derives; with no corner cutting, a diagonal move needs
// the footprints beside it open, so the agent's swept square is passable.
// On per-cell cost grids a footprint costs what its dearest cell costs: a
// move onto it costs that, so a large agent pays for the worst ground it
// stands on, and the footprint grid is again a grid of costs of moving
// onto a cell, which every table, overlay and heuristic already reads.
// This file is the one place the footprint is derived.

// MaxClearance is the largest agent side Options.Clearance accepts; a
// level also refuses an agent wider or taller than itself.
const MaxClearance = maxSide

// ErrClearance is the cause of a level a clearance cannot apply to: a
// graph level, a size below 1, an agent larger than the grid, or one with
// no open cell.
var ErrClearance = errors.New("bad clearance")

// Footprint returns the cost grid a k×k agent sees on the w×h grid whose
// cells cost costs[y*w+x] to move onto (0: blocked): cell (x, y) costs the
// most any cell of [x, x+k) × [y, y+k) costs, and 0 where any of them is
// blocked or outside the grid. k <= 1 gives a copy of costs. It is a pure
// function, O(w·h) whatever k: a sliding maximum along the rows, then
// along the columns.
func Footprint(w, h int, costs []uint8, k int) []uint8 {
	out := make([]uint8, w*h)
	if k <= 1 {
		copy(out, costs)
		return out
	}
	rows := make([]uint8, w*h)
	q := make([]int32, max(w, h))
	for y := 0; y < h; y++ {
		windowMax(costs[y*w:], 1, w, k, rows[y*w:], q)
	}
	for x := 0; x < w; x++ {
		windowMax(rows[x:], w, h, k, out[x:], q)
	}
	return out
}

// windowMax writes dst[i·stride], for each i < n, the largest of the k
// values src[j·stride] for j in [i, i+k), or 0 where one of them is 0 or
// i+k > n. q is scratch of at least n entries. O(n): a monotonic queue of
// the indices whose values may still be a window's maximum.
func windowMax(src []uint8, stride, n, k int, dst []uint8, q []int32) {
	head, tail, zero := 0, 0, -1
	for i := 0; i < n; i++ {
		v := src[i*stride]
		if v == 0 {
			zero = i
		}
		for tail > head && src[int(q[tail-1])*stride] <= v {
			tail--
		}
		q[tail] = int32(i)
		tail++
		start := i - k + 1
		if start < 0 {
			continue
		}
		for int(q[head]) < start {
			head++
		}
		if zero >= start {
			dst[start*stride] = 0
		} else {
			dst[start*stride] = src[int(q[head])*stride]
		}
	}
	for start := max(n-k+1, 0); start < n; start++ {
		dst[start*stride] = 0
	}
}

// GridGraph returns the graph of a w×h grid whose cells cost costs[y*w+x]
// to move onto (0: blocked, 1..9 otherwise), under the movement model mv,
// exactly as the grid loaders make it: nodes are the open cells in
// row-major order, out-edges in the order of Directions. Footprint's grid
// gives the graph of a larger agent (set Grid.Clearance on it). O(w·h).
func GridGraph(w, h int, costs []uint8, mv Moves) (*Graph, error) {
	if err := mv.Validate(); err != nil {
		return nil, err
	}
	if w <= 0 || h <= 0 || len(costs) != w*h {
		return nil, fmt.Errorf("a %dx%d grid with %d cell costs", w, h, len(costs))
	}
	if err := checkGridSize(w, h); err != nil {
		return nil, err
	}
	for c, k := range costs {
		if k > 9 {
			return nil, fmt.Errorf("cell %d,%d costs %d, want 0 (blocked) to 9", c%w, c/w, k)
		}
	}
	return buildGrid(w, h, costs, mv), nil
}

// checkClearance refuses a clearance a level of format f cannot take.
func checkClearance(f Format, k int) error {
	switch {
	case k < 0:
		return fmt.Errorf("%w: the agent's side must be at least 1 cell, not %d", ErrClearance, k)
	case k > 1 && !f.IsGrid():
		return fmt.Errorf("%w: clearance %d applies to grid levels (.map, .grid), not to a %s graph", ErrClearance, k, f)
	case k > MaxClearance:
		return fmt.Errorf("%w: a %dx%d agent is larger than any grid (at most %d cells a side)", ErrClearance, k, k, MaxClearance)
	}
	return nil
}

// withClearance returns g, a grid level's graph for a one-cell agent, as
// a k×k agent moves on it, with Grid.Clearance set; g itself when k <= 1.
// O(w·h).
func withClearance(g *Graph, k int) (*Graph, error) {
	if k <= 1 {
		return g, nil
	}
	gr := g.Grid
	if k > gr.Width || k > gr.Height {
		return nil, fmt.Errorf("%w: a %dx%d agent does not fit the %dx%d grid", ErrClearance, k, k, gr.Width, gr.Height)
	}
	fg := buildGrid(gr.Width, gr.Height, Footprint(gr.Width, gr.Height, gr.Costs, k), gr.Moves)
	// A level with no open cell at all is refused too: a table of no
	// node for an agent is never what was meant.
	if fg.Nodes() == 0 {
		return nil, fmt.Errorf("%w: no cell is open to a %dx%d agent: no %dx%d square of the grid is all passable", ErrClearance, k, k, k, k)
	}
	fg.Grid.Clearance = k
	return fg, nil
}
