package build

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// ErrWindowGraph is a windowed build's answer to a level that is not a grid.
var ErrWindowGraph = errors.New("windowed tables need a grid level; this level is a graph")

// PlanWindow returns the header of the windowed table Build would make for
// the grid g with Options.Window = delta, without building anything:
// Header.PayloadSize then gives its size. O(V + E).
func PlanWindow(g *maps.Graph, delta int) (table.Header, error) {
	if err := g.Validate(); err != nil {
		return table.Header{}, err
	}
	if g.Grid == nil {
		return table.Header{}, ErrWindowGraph
	}
	if delta < 1 || delta > table.MaxWindowDelta {
		return table.Header{}, fmt.Errorf("window half-width %d: want 1 to %d", delta, table.MaxWindowDelta)
	}
	// A confined shortest path visits each cell of the window at most
	// once, and each node of the level.
	side := uint64(table.WindowSide(delta))
	h, err := plan(g, min(side*side, uint64(max(g.Nodes(), 1)))-1)
	if err != nil {
		return h, err
	}
	if g.Metric == maps.MetricOctile && h.DistKind != table.DistOctile16 {
		return h, fmt.Errorf("window half-width %d is too large for this level's costs: confined distances would not fit exact 16-bit octile parts; use a smaller one", delta)
	}
	h.Layout, h.Window, h.FirstEnc = table.LayoutWindow, delta, table.FirstEncWindow
	_, err = h.PayloadSize() // a payload the format cannot hold
	return h, err
}

// buildWindow is Build for opt.Window = delta > 0: the windowed table of
// the grid g. For every node t (the origin, where paths end) and every
// cell within delta of it in x and y, it stores the first move of a
// shortest path to t that never leaves t's window, the recipe's confined
// search. Each origin's search touches at most (2·delta+1)² cells, in
// window-local scratch, with one FIFO per distinct edge cost: O(V·delta²)
// in all, divided by the workers, and no memory but the table's
// V·WindowBlockBytes(delta) bytes, O(V) to index the grid's edges and
// O(delta²) per worker. The bytes do not depend on opt.Workers.
// opt.Progress counts finished origins.
func buildWindow(ctx context.Context, g *maps.Graph, opt Options) (*table.Table, error) {
	delta := opt.Window
	h, err := PlanWindow(g, delta)
	if err != nil {
		return nil, err
	}
	if err := CheckSize(&h, opt.MaxBytes); err != nil {
		return nil, err
	}
	wg, err := newWindowGrid(g, delta, h.DistKind)
	if err != nil {
		return nil, err
	}
	win, err := table.NewWindow(h)
	if err != nil {
		return nil, err
	}

	n := h.Nodes
	chunks := (n + windowChunk - 1) / windowChunk
	err = pool.Run(ctx, workerCount(opt), chunks,
		func(int) *windowSearch { return newWindowSearch(wg) },
		func(_ context.Context, s *windowSearch, c int) error {
			lo, hi := c*windowChunk, min((c+1)*windowChunk, n)
			for origin := lo; origin < hi; origin++ {
				s.run(int32(origin), win.Block(origin))
			}
			if opt.Progress != nil {
				opt.Progress.Add(int64(hi - lo))
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return newTable(h, win, g)
}

// windowChunk is how many origins a worker takes at a time: enough to make
// the shared counter cheap, few enough to balance two workers.
const windowChunk = 256

// noEdge marks a missing edge in windowGrid.in.
const noEdge = 0xFF

// windowGrid is the grid as the confined searches read it, shared by the
// workers and read-only once made.
type windowGrid struct {
	delta, side, pad int // pad = side + 2: the window with a ring of cells around it
	width, height    int
	cells            []int32
	// in[c*8+d] is the cost class of the edge that enters cell c from its
	// neighbour in direction opposite to d (the edge that neighbour takes
	// in direction d), or noEdge. Read off the graph's CSR, so the movement
	// rules (corner cutting, 4 or 8 moves) stay the loaders' alone.
	in []uint8
	// keys[k] is the search key of cost class k: the cost itself, or its
	// exact integer form on octile levels (see table.OctileKey), so ties are true
	// ties.
	keys []float64
	// step[d] is the offset of direction d in the padded window.
	step [8]int
}

// newWindowGrid indexes g's edges by cell and direction. O(V + E + W·H).
func newWindowGrid(g *maps.Graph, delta int, kind table.DistKind) (*windowGrid, error) {
	gr := g.Grid
	side := table.WindowSide(delta)
	wg := &windowGrid{delta: delta, side: side, pad: side + 2, width: gr.Width, height: gr.Height,
		cells: gr.Cells, in: make([]uint8, 8*gr.Width*gr.Height)}
	for i := range wg.in {
		wg.in[i] = noEdge
	}
	for d, dir := range maps.Directions {
		wg.step[d] = dir.DY*wg.pad + dir.DX
	}
	costs, err := distinctCosts(g.Weights)
	if err != nil {
		return nil, err
	}
	keyed := keyedOctile(g.Metric == maps.MetricOctile, kind)
	for _, w := range costs {
		wg.keys = append(wg.keys, searchKey(w, keyed))
	}
	for u := range g.Nodes() {
		ux, uy := gr.XY(int32(u))
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			vx, vy := gr.XY(v)
			d := slices.Index(maps.Directions[:], maps.Direction{DX: vx - ux, DY: vy - uy})
			if d < 0 {
				return nil, fmt.Errorf("edge %s -> %s is not a grid move", g.NodeName(int32(u)), g.NodeName(v))
			}
			k, _ := slices.BinarySearch(costs, g.Weights[e])
			wg.in[int(gr.Cells[v])*8+d] = uint8(k)
		}
	}
	return wg, nil
}

// distinctCosts returns the distinct values of weights, sorted, or an
// error past maxQueues of them. It keeps only those values, not a copy of
// the weights, which on a large level take as much memory as a good part
// of its table. O(E · maxQueues).
func distinctCosts(weights []float64) ([]float64, error) {
	var costs []float64
	for _, w := range weights {
		if slices.Contains(costs, w) {
			continue
		}
		if len(costs) == maxQueues {
			return nil, fmt.Errorf("level has more than %d distinct edge costs; a windowed build handles at most %d", maxQueues, maxQueues)
		}
		costs = append(costs, w)
	}
	slices.Sort(costs)
	return costs, nil
}

// windowSearch is one worker's scratch, all of it window-local and reused
// for every origin: O(delta²) bytes, no allocation per origin.
type windowSearch struct {
	wg    *windowGrid
	in    []uint8   // wg.in for the padded window, noEdge outside the grid
	dist  []float64 // key of each padded cell; -Inf on the ring, so it is never entered
	move  []uint8   // first move of each padded cell toward the origin
	moves []uint8   // the window's moves, row-major, as a block stores them
	fresh []float64 // dist's starting values
	none  []uint8   // move's starting values: table.WindowNone
	edges []uint8   // a row of noEdge, to blank cells outside the grid
	qs    []fifo
	heads []float64
}

func newWindowSearch(wg *windowGrid) *windowSearch {
	cells := wg.pad * wg.pad
	s := &windowSearch{wg: wg, in: make([]uint8, 8*cells), dist: make([]float64, cells),
		move: make([]uint8, cells), moves: make([]uint8, wg.side*wg.side), fresh: make([]float64, cells), none: make([]uint8, cells),
		edges: make([]uint8, 8*wg.side), qs: make([]fifo, len(wg.keys)), heads: make([]float64, len(wg.keys))}
	for i := range s.fresh {
		x, y := i%wg.pad, i/wg.pad
		s.fresh[i] = math.Inf(1)
		if x == 0 || y == 0 || x == wg.pad-1 || y == wg.pad-1 {
			s.fresh[i] = math.Inf(-1)
		}
		s.none[i] = table.WindowNone
	}
	for i := range s.in {
		s.in[i] = noEdge
	}
	for i := range s.edges {
		s.edges[i] = noEdge
	}
	return s
}

// run fills block with the first moves toward origin of every cell of its
// window. Ties go to the first-relaxed edge; nothing depends on the worker.
// O(delta²), with one FIFO per cost class as in search.runBuckets.
func (s *windowSearch) run(origin int32, block []byte) {
	wg := s.wg
	c := int(wg.cells[origin])
	ox, oy := c%wg.width, c/wg.width
	s.load(ox-wg.delta, oy-wg.delta)
	copy(s.dist, s.fresh)
	copy(s.move, s.none)
	if len(wg.keys) == 0 { // a level with no moves at all: no queue to start
		s.pack(block)
		return
	}
	qs, heads, keys, dist, move, in := s.qs, s.heads, wg.keys, s.dist, s.move, s.in
	for k := range qs {
		qs[k].reset()
		heads[k] = math.Inf(1)
	}
	start := (wg.delta+1)*wg.pad + wg.delta + 1
	dist[start] = 0
	qs[0].push(int32(start), 0, &heads[0])
	for {
		best, key := nearestHead(heads)
		if math.IsInf(key, 1) {
			break
		}
		p := int(qs[best].pop(&heads[best]))
		if key > dist[p] {
			continue // superseded by a shorter path found later
		}
		into := binary.LittleEndian.Uint64(in[8*p:])
		for d := range 8 {
			k := uint8(into >> (8 * d))
			if k == noEdge {
				continue
			}
			src := p - wg.step[d]
			if nd := key + keys[k]; nd < dist[src] {
				dist[src] = nd
				move[src] = uint8(d)
				qs[k].push(int32(src), nd, &heads[k])
			}
		}
	}
	s.pack(block)
}

// load copies the edges into the window whose top-left cell is (x0, y0)
// into s.in, with noEdge for the window's cells outside the grid. The ring
// around the window keeps noEdge: nothing enters it. O(delta²).
func (s *windowSearch) load(x0, y0 int) {
	wg := s.wg
	lo, hi := max(x0, 0), min(x0+wg.side, wg.width)
	for wy := range wg.side {
		row := s.in[8*((wy+1)*wg.pad+1) : 8*((wy+2)*wg.pad-1)]
		y := y0 + wy
		if y < 0 || y >= wg.height || lo >= hi {
			copy(row, s.edges)
			continue
		}
		left := 8 * (lo - x0)
		copy(row[:left], s.edges)
		n := copy(row[left:], wg.in[8*(y*wg.width+lo):8*(y*wg.width+hi)])
		copy(row[left+n:], s.edges)
	}
}

// pack gathers the window's moves, row-major, and packs them into block.
// O(delta²).
func (s *windowSearch) pack(block []byte) {
	wg := s.wg
	for wy := range wg.side {
		copy(s.moves[wy*wg.side:], s.move[(wy+1)*wg.pad+1:(wy+2)*wg.pad-1])
	}
	table.PutWindowMoves(block, s.moves)
}
