package solve

import (
	"math"

	"github.com/pathtable/pathtable/maps"
)

// A WindowSearch computes the cost of a shortest path from every cell of an
// origin's window to the origin that never leaves the window: the window of
// half-width delta is the (2·delta+1)² cells within delta of the origin in
// x and in y, as in a windowed table. It is Dijkstra on the reversed grid
// with a binary heap and float64 sums, sharing no code with the builder, so
// that it can check windowed tables. Like a TargetSearch it keeps its
// scratch across runs and is not safe for concurrent use; Clone makes
// another.
type WindowSearch struct {
	r           *reversed
	gr          *maps.Grid
	delta, side int
	dist        []float64 // by window cell, row-major
	q           queue     // entries name window cells
}

// NewWindowSearch returns a confined search of half-width delta > 0 on the
// grid level g. It builds the reversed graph in O(V + E) and O(delta²)
// scratch.
func NewWindowSearch(g *maps.Graph, delta int) *WindowSearch {
	return newWindowSearch(reverseGraph(g), g.Grid, delta)
}

func newWindowSearch(r *reversed, gr *maps.Grid, delta int) *WindowSearch {
	side := 2*delta + 1
	return &WindowSearch{r: r, gr: gr, delta: delta, side: side,
		dist: make([]float64, side*side), q: queue{pos: make([]int32, side*side)}}
}

// Clone returns a WindowSearch that shares the reversed graph and has its
// own scratch. O(delta²).
func (ws *WindowSearch) Clone() *WindowSearch { return newWindowSearch(ws.r, ws.gr, ws.delta) }

// Side is the window's width and height, 2·delta+1. O(1).
func (ws *WindowSearch) Side() int { return ws.side }

// Node returns the node at cell i (row-major) of origin's window, or -1
// where that cell is outside the grid or blocked. O(1).
func (ws *WindowSearch) Node(origin int32, i int) int32 {
	ox, oy := ws.gr.XY(origin)
	return ws.gr.NodeAt(ox-ws.delta+i%ws.side, oy-ws.delta+i/ws.side)
}

// Cell returns node u's cell in origin's window, and false when u lies
// outside it. O(1).
func (ws *WindowSearch) Cell(origin, u int32) (int, bool) {
	ox, oy := ws.gr.XY(origin)
	x, y := ws.gr.XY(u)
	wx, wy := x-ox+ws.delta, y-oy+ws.delta
	return wy*ws.side + wx, wx >= 0 && wy >= 0 && wx < ws.side && wy < ws.side
}

// Run returns, for every cell of origin's window (row-major), the cost of a
// shortest path from that cell's node to origin through window cells only;
// +Inf where there is none or no node. The slice is reused by the next
// Run. O(delta² log delta).
func (ws *WindowSearch) Run(origin int32) []float64 {
	dist, q, r := ws.dist, &ws.q, ws.r
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	q.reset()
	oi, _ := ws.Cell(origin, origin)
	dist[oi] = 0
	q.push(entry{node: int32(oi)})
	for q.len() > 0 {
		e := q.pop()
		v := ws.Node(origin, int(e.node))
		for k := r.offsets[v]; k < r.offsets[v+1]; k++ {
			ui, in := ws.Cell(origin, r.tails[k])
			if !in {
				continue
			}
			d := e.g + r.weights[k]
			if d >= dist[ui] {
				continue
			}
			fresh := math.IsInf(dist[ui], 1)
			dist[ui] = d
			if p := q.pos[ui]; !fresh && p >= 0 {
				q.lower(p, d, d)
			} else {
				q.push(entry{f: d, g: d, node: int32(ui)})
			}
		}
	}
	return dist
}
