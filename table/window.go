package table

import (
	"fmt"

	"github.com/pathtable/pathtable/internal/csr"
)

// A windowed table (Layout LayoutWindow, Header.Window = DELTA > 0) covers,
// for every node t of a grid (the origin, where paths end), only the
// sources within DELTA cells of t in x and in y: the (2·DELTA+1)² window
// around t. Its paths are confined to that window. The first-move payload
// holds one block per origin, in node order;
// block t holds the window's cells in row-major order, two per byte (the
// even cell in the low nibble), each the direction (an index into
// maps.Directions: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW) of the first
// move from that cell toward t, or WindowNone. The distance payload is
// empty: a distance is the sum of the edge costs along the path. See
// docs/FORMAT.md.
const (
	// FirstEncWindow is the first-move encoding of windowed tables.
	FirstEncWindow = "window4"
	// WindowNone marks a window cell with no move: the origin, a wall, a
	// cell outside the grid, or one with no path to the origin inside the
	// window.
	WindowNone = 0xF
	// MaxWindowDelta bounds DELTA, so a window's cells fit in 16 bits.
	MaxWindowDelta = 127
	// maxWindowNodes bounds the nodes of a windowed table: a grid's cells.
	maxWindowNodes = csr.MaxCells
)

// WindowSide is the width and height of the window of half-width delta,
// 2·delta+1 cells. O(1).
func WindowSide(delta int) int { return 2*delta + 1 }

// WindowBlockBytes is the size of one origin's block: its window's cells at
// four bits each, rounded up to a byte. O(1).
func WindowBlockBytes(delta int) int {
	side := WindowSide(delta)
	return (side*side + 1) / 2
}

// NewWindow returns a windowed table of half-width h.Window with a zeroed
// block per node, for a builder to fill through WindowBlock; it sets h's
// Layout and FirstEnc. The caller sets the CSR and node arrays. It
// allocates Nodes·WindowBlockBytes(Window) bytes.
func NewWindow(h Header) (*Table, error) {
	h.Layout, h.FirstEnc = LayoutWindow, FirstEncWindow
	size, err := h.PayloadSize()
	if err != nil {
		return nil, err
	}
	return &Table{Header: h, first: make([]byte, size), dist: []byte{}}, nil
}

// windowPayloadSize is PayloadSize for a windowed header.
func (h *Header) windowPayloadSize() (int64, error) {
	if h.Window < 1 || h.Window > MaxWindowDelta {
		return 0, fmt.Errorf("window half-width %d: want 1 to %d", h.Window, MaxWindowDelta)
	}
	if h.Nodes < 0 || h.Nodes > maxWindowNodes {
		return 0, fmt.Errorf("%d nodes: a windowed table holds at most %d", h.Nodes, maxWindowNodes)
	}
	if h.DistKind.Width() == 0 {
		return 0, fmt.Errorf("unknown distance encoding %q", h.DistKind)
	}
	size := int64(h.Nodes) * int64(WindowBlockBytes(h.Window))
	if size > MaxPayload {
		return 0, fmt.Errorf("%d nodes with windows of half-width %d take %d bytes of moves, over the %d bytes (4 GiB - 1) a table payload holds; use a smaller window",
			h.Nodes, h.Window, size, int64(MaxPayload))
	}
	return size, nil
}

// validateWindow checks what a windowed header adds: a grid, the windowed
// encoding, a DELTA in range.
func (h *Header) validateWindow() error {
	if h.FirstEnc != FirstEncWindow {
		return fmt.Errorf("windowed table has first-move encoding %q, want %q", h.FirstEnc, FirstEncWindow)
	}
	if h.Kind != KindGrid {
		return fmt.Errorf("windowed table of kind %q: windows need a grid", h.Kind)
	}
	_, err := h.windowPayloadSize()
	return err
}

// WindowBlock returns origin's block of a windowed table. O(1).
func (t *Table) WindowBlock(origin int) []byte {
	b := WindowBlockBytes(t.Window)
	return t.first[origin*b : (origin+1)*b : (origin+1)*b]
}

// WindowBlocks returns every origin's block, in node order, aliased: the
// bytes the file stores. Tests corrupt tables through it. O(1).
func (t *Table) WindowBlocks() []byte { return t.first }

// WindowMove returns the move stored for window cell i (row-major within the
// window) of a block: a direction 0..7, WindowNone, or 8..14, which a
// reader must treat as a damaged table. O(1).
func WindowMove(block []byte, i int) uint8 {
	return block[i>>1] >> (uint(i&1) << 2) & 0xF
}

// PutWindowMoves packs one move per window cell (moves[i] is cell i's
// direction or WindowNone) into block, two to a byte. O(len(moves)).
func PutWindowMoves(block []byte, moves []uint8) {
	block = block[:(len(moves)+1)/2]
	for i := range block {
		lo := moves[2*i]
		hi := uint8(WindowNone)
		if 2*i+1 < len(moves) {
			hi = moves[2*i+1]
		}
		block[i] = lo&0xF | hi<<4
	}
}

// InWindow reports whether grid cell (sx, sy) lies in the window of cell
// (tx, ty) of half-width delta, and returns its index within that window's
// block. O(1).
func InWindow(delta, sx, sy, tx, ty int) (int, bool) {
	wx, wy := sx-tx+delta, sy-ty+delta
	side := WindowSide(delta)
	if uint(wx) >= uint(side) || uint(wy) >= uint(side) {
		return 0, false
	}
	return wy*side + wx, true
}

// CoveredPairs counts the ordered pairs t answers, itself with itself
// included: all n² of a flat table, those within one another's window of a
// windowed one. O(1); O(W·H + V·WindowBlockBytes(Window)) windowed.
func (t *Table) CoveredPairs() int64 {
	if t.Layout == LayoutWindow {
		covered, _ := t.WindowPairs()
		return covered
	}
	return int64(t.Nodes) * int64(t.Nodes)
}

// WindowPairs counts a windowed table's covered ordered pairs (each node
// with every node in its window, itself included) and, among them, those
// with a stored first move (s != t with a path inside the window).
// O(W·H + V·WindowBlockBytes(Window)).
func (t *Table) WindowPairs() (covered, reachable int64) {
	// sum[(y)*(w+1)+x] counts the nodes above and left of cell (x, y).
	w, h := t.Width, t.Height
	sum := make([]int32, (w+1)*(h+1))
	open := make([]bool, w*h)
	for _, c := range t.Cells {
		open[c] = true
	}
	for y := range h {
		row := int32(0)
		for x := range w {
			if open[y*w+x] {
				row++
			}
			sum[(y+1)*(w+1)+x+1] = sum[y*(w+1)+x+1] + row
		}
	}
	at := func(x, y int) int64 { return int64(sum[min(max(y, 0), h)*(w+1)+min(max(x, 0), w)]) }
	d := t.Window
	for _, c := range t.Cells {
		x, y := int(c)%w, int(c)/w
		covered += at(x+d+1, y+d+1) - at(x-d, y+d+1) - at(x+d+1, y-d) + at(x-d, y-d)
	}
	for _, b := range t.first {
		if b&0xF < 8 {
			reachable++
		}
		if b>>4 < 8 {
			reachable++
		}
	}
	return covered, reachable
}

// windowDX and windowDY are the steps of the directions a block stores, in
// the order of maps.Directions, which table does not import.
var (
	windowDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	windowDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
)

// WindowStep returns the step in x and y of stored direction m (0..7).
// O(1).
func WindowStep(m uint8) (dx, dy int) { return windowDX[m&7], windowDY[m&7] }

// xy returns the grid position of node u.
func (t *Table) xy(u int) (x, y int) {
	c := int(t.Cells[u])
	return c % t.Width, c / t.Width
}

// windowCell returns s's index in target's window, and false when s lies
// outside it. O(1).
func (t *Table) windowCell(s, target int) (int, bool) {
	sx, sy := t.xy(s)
	tx, ty := t.xy(target)
	return InWindow(t.Window, sx, sy, tx, ty)
}

// windowMove is Move on a windowed table: the slot of the out-edge of s in
// the stored direction, found among s's edges. O(degree of s).
func (t *Table) windowMove(s, target int) uint8 {
	i, ok := t.windowCell(s, target)
	if !ok {
		return NoMove
	}
	m := WindowMove(t.WindowBlock(target), i)
	if m >= 8 {
		return NoMove
	}
	sx, sy := t.xy(s)
	dx, dy := WindowStep(m)
	lo := int(t.Offsets[s])
	for e := lo; e < int(t.Offsets[s+1]); e++ {
		if vx, vy := t.xy(int(t.Targets[e])); vx == sx+dx && vy == sy+dy {
			return uint8(e - lo)
		}
	}
	return NoMove
}

// windowDistance is Distance on a windowed table: the cost of the stored
// path, summed exactly on integer and octile levels (as a + b·√2, the value
// an all-pairs table stores). A walk that leaves the window, names no edge
// or outlasts the window's cells (only in a damaged table) is no path.
// O(path length × degree).
func (t *Table) windowDistance(s, target int) (float64, bool) {
	side := WindowSide(t.Window)
	sum := NewCostSum(t.Metric)
	for u, steps := s, 0; u != target; steps++ {
		slot := t.windowMove(u, target)
		if slot == NoMove || steps >= side*side {
			return Unreachable, false
		}
		e := int(t.Offsets[u]) + int(slot)
		sum.Add(t.Weights[e])
		u = int(t.Targets[e])
	}
	return sum.Value(), true
}
