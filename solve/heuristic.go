package solve

import (
	"math"

	"github.com/pathtable/pathtable/maps"
)

// hKind names the estimate a heuristic computes.
type hKind uint8

const (
	hZero      hKind = iota // 0: Dijkstra
	hOctile                 // card·(dmax−dmin) + diag·dmin
	hManhattan              // card·(dx+dy)
	hEuclid                 // scale·√(dx²+dy²)
)

func (k hKind) String() string {
	switch k {
	case hOctile:
		return "octile"
	case hManhattan:
		return "manhattan"
	case hEuclid:
		return "euclidean"
	}
	return "zero"
}

// heuristic is an admissible and consistent estimate of the cost between
// two nodes of one graph. It is immutable once made, so solvers may share
// it.
type heuristic struct {
	kind       hKind
	card, diag float64   // cost of the cheapest cardinal and diagonal move
	scale      float64   // Euclidean: lower bound on cost per unit of length
	x, y       []float64 // coordinates of each node (grid: column and row)
}

// newHeuristic picks the estimate for g's movement model. O(V + E).
func newHeuristic(g *maps.Graph) *heuristic {
	if gr := g.Grid; gr != nil {
		return gridHeuristic(g.Nodes(), gr)
	}
	if g.X == nil || g.Y == nil {
		return &heuristic{kind: hZero}
	}
	return euclidHeuristic(g)
}

// gridHeuristic is the octile or Manhattan distance of the grid's model,
// times the cheapest cell cost: every move enters a cell, so it costs at
// least that many of the model's cardinal (or diagonal) steps.
func gridHeuristic(n int, gr *maps.Grid) *heuristic {
	cmin := uint8(0)
	for _, c := range gr.Costs {
		if c != 0 && (cmin == 0 || c < cmin) {
			cmin = c
		}
	}
	if n == 0 || cmin == 0 {
		return &heuristic{kind: hZero}
	}
	k := float64(cmin)
	h := &heuristic{x: make([]float64, n), y: make([]float64, n)}
	for u, c := range gr.Cells {
		h.x[u] = float64(int(c) % gr.Width)
		h.y[u] = float64(int(c) / gr.Width)
	}
	card, diag := 1.0, math.Sqrt2
	if gr.Moves.Diagonal == maps.Diagonal1014 {
		card, diag = 10, 14
	}
	h.card, h.diag = k*card, k*diag
	h.kind = hOctile
	if gr.Moves.Connect == 4 {
		h.kind = hManhattan
	}
	return h
}

// euclidHeuristic is the straight-line distance times the smallest ratio
// of an edge's cost to its length, capped at 1: no path can cost less than
// its length times that ratio, and by the triangle inequality no path is
// shorter than the straight line. An edge of cost 0 and positive length
// makes the estimate zero. Edges of length 0 constrain nothing.
func euclidHeuristic(g *maps.Graph) *heuristic {
	scale := 1.0
	for u := 0; u < g.Nodes(); u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			l := length(g.X[u]-g.X[v], g.Y[u]-g.Y[v])
			if l > 0 {
				scale = min(scale, g.Weights[e]/l)
			}
		}
	}
	if !(scale > 0) { // 0, or NaN from odd coordinates
		return &heuristic{kind: hZero}
	}
	return &heuristic{kind: hEuclid, scale: scale, x: g.X, y: g.Y}
}

func length(dx, dy float64) float64 { return math.Sqrt(dx*dx + dy*dy) }

// estimate is the heuristic from u to the target at (tx, ty). O(1).
func (h *heuristic) estimate(u int32, tx, ty float64) float64 {
	switch h.kind {
	case hOctile:
		dx, dy := math.Abs(h.x[u]-tx), math.Abs(h.y[u]-ty)
		if dx < dy {
			dx, dy = dy, dx
		}
		return h.card*(dx-dy) + h.diag*dy
	case hManhattan:
		return h.card * (math.Abs(h.x[u]-tx) + math.Abs(h.y[u]-ty))
	case hEuclid:
		return h.scale * length(h.x[u]-tx, h.y[u]-ty)
	}
	return 0
}

// target returns the coordinates estimate needs for target t.
func (h *heuristic) target(t int32) (tx, ty float64) {
	if h.x == nil {
		return 0, 0
	}
	return h.x[t], h.y[t]
}
