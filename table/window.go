package table

import (
	"bytes"
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

// Window is the payload of a windowed table (LayoutWindow): one block of
// moves per origin, in node order, and no distances.
type Window struct {
	delta  int
	blocks []byte
}

// NewWindow returns the payload of a windowed table of half-width h.Window
// over h.Nodes nodes, a zeroed block per node, for a builder to fill
// through Block; New makes the table of it. It allocates
// Nodes·WindowBlockBytes(Window) bytes.
func NewWindow(h Header) (*Window, error) {
	h.Layout, h.FirstEnc = LayoutWindow, FirstEncWindow
	size, err := h.PayloadSize()
	if err != nil {
		return nil, err
	}
	return &Window{delta: h.Window, blocks: make([]byte, size)}, nil
}

// Delta returns the half-width DELTA of the windows. O(1).
func (w *Window) Delta() int { return w.delta }

// Block returns origin's block. O(1).
func (w *Window) Block(origin int) []byte {
	b := WindowBlockBytes(w.delta)
	return w.blocks[origin*b : (origin+1)*b : (origin+1)*b]
}

// Blocks returns every origin's block, in node order, aliased: the bytes
// the file stores. Tests corrupt tables through it. O(1).
func (w *Window) Blocks() []byte { return w.blocks }

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

// Pairs counts the covered ordered pairs of t, whose payload w is (each
// node with every node in its window, itself included) and, among them,
// those with a stored first move (s != t with a path inside the window).
// O(W·H + V·WindowBlockBytes(Window)).
func (w *Window) Pairs(t *Table) (covered, reachable int64) {
	// sum[(y)*(w+1)+x] counts the nodes above and left of cell (x, y).
	gw, gh := t.Width, t.Height
	sum := make([]int32, (gw+1)*(gh+1))
	open := make([]bool, gw*gh)
	for _, c := range t.Cells {
		open[c] = true
	}
	for y := range gh {
		row := int32(0)
		for x := range gw {
			if open[y*gw+x] {
				row++
			}
			sum[(y+1)*(gw+1)+x+1] = sum[y*(gw+1)+x+1] + row
		}
	}
	at := func(x, y int) int64 { return int64(sum[min(max(y, 0), gh)*(gw+1)+min(max(x, 0), gw)]) }
	d := w.delta
	for _, c := range t.Cells {
		x, y := int(c)%gw, int(c)/gw
		covered += at(x+d+1, y+d+1) - at(x-d, y+d+1) - at(x+d+1, y-d) + at(x-d, y-d)
	}
	for _, b := range w.blocks {
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

func (w *Window) layout() layout { return windowLayout{} }

func (w *Window) header(h *Header) {
	h.Layout, h.FirstEnc, h.RunCount, h.Window = LayoutWindow, FirstEncWindow, 0, w.delta
}

// move is the slot of the out-edge of s in the stored direction, found
// among s's edges. O(degree of s).
func (w *Window) move(t *Table, s, target int) uint8 {
	sx, sy := t.xy(s)
	tx, ty := t.xy(target)
	i, ok := InWindow(w.delta, sx, sy, tx, ty)
	if !ok {
		return NoMove
	}
	m := WindowMove(w.Block(target), i)
	if m >= 8 {
		return NoMove
	}
	dx, dy := WindowStep(m)
	lo := int(t.Offsets[s])
	for e := lo; e < int(t.Offsets[s+1]); e++ {
		if vx, vy := t.xy(int(t.Targets[e])); vx == sx+dx && vy == sy+dy {
			return uint8(e - lo)
		}
	}
	return NoMove
}

// distance is the cost of the stored path. A walk that names no edge or
// outlasts the window's cells (only in a damaged table) is no path; one
// that would leave the window has no move there. O(path length × degree).
func (w *Window) distance(t *Table, s, target int) (float64, bool) {
	side := WindowSide(w.delta)
	return t.walkDistance(s, target, side*side)
}

func (w *Window) reachable(t *Table) int64 {
	_, r := w.Pairs(t)
	return r
}

func (w *Window) covered(t *Table) int64 {
	c, _ := w.Pairs(t)
	return c
}

func (w *Window) bytes(*Table) (first, dist int64) { return int64(len(w.blocks)), 0 }

func (w *Window) stored(*Table) (Payload, error) { return w, nil }

func (w *Window) rowBytes(*Table) int { return 0 }

func (w *Window) fileBins(*Header) ([][]byte, error) { return w.bins(), nil }

func (w *Window) bins() [][]byte { return [][]byte{w.blocks, {}} }

func (w *Window) clone() Payload { return &Window{delta: w.delta, blocks: bytes.Clone(w.blocks)} }

func (w *Window) describe(t *Table, fileBytes int64) Description {
	covered, reachable := w.Pairs(t)
	side := WindowSide(w.delta)
	d := Description{Window: w.delta, BytesPerNode: t.perNode(fileBytes),
		BytesPerCoveredPair: float64(fileBytes) / float64(max(covered, 1))}
	d.Lines = []DescLine{
		{"window", fmt.Sprintf("DELTA %d: paths to each cell from the %dx%d cells around it, confined to them", w.delta, side, side)},
		{"coverage", fmt.Sprintf("%d covered pairs (%d reachable inside their window, s != t) of %d", covered, reachable, int64(t.Nodes)*int64(t.Nodes))},
		{"density", fmt.Sprintf("%.2f bytes a node, %.3f a covered pair", d.BytesPerNode, d.BytesPerCoveredPair)},
	}
	return d
}

// windowLayout is the rules of LayoutWindow.
type windowLayout struct{}

func (windowLayout) name() Layout       { return LayoutWindow }
func (windowLayout) version() int       { return VersionLayout }
func (windowLayout) binNames() []string { return []string{"first", "dist"} }

func (windowLayout) binLens(h *Header, rows int) []int64 {
	return []int64{int64(rows) * int64(WindowBlockBytes(h.Window)), 0}
}

func (windowLayout) size(h *Header) (int64, error) {
	if h.Window < 1 || h.Window > MaxWindowDelta {
		return 0, fmt.Errorf("window half-width %d: want 1 to %d", h.Window, MaxWindowDelta)
	}
	if h.Nodes < 0 || h.Nodes > maxWindowNodes {
		return 0, fmt.Errorf("%d nodes: a windowed table holds at most %d", h.Nodes, maxWindowNodes)
	}
	size := int64(h.Nodes) * int64(WindowBlockBytes(h.Window))
	if size > MaxPayload {
		return 0, fmt.Errorf("%d nodes with windows of half-width %d take %d bytes of moves, over the %d bytes (4 GiB - 1) a table payload holds; use a smaller window",
			h.Nodes, h.Window, size, int64(MaxPayload))
	}
	return size, nil
}

func (windowLayout) distBytes(*Header) int64 { return 0 }

// check checks what a windowed header adds: a grid, the windowed encoding.
func (windowLayout) check(h *Header) error {
	if h.FirstEnc != FirstEncWindow {
		return fmt.Errorf("windowed table has first-move encoding %q, want %q", h.FirstEnc, FirstEncWindow)
	}
	if h.Kind != KindGrid {
		return fmt.Errorf("windowed table of kind %q: windows need a grid", h.Kind)
	}
	return unused(h, true, false)
}

func (windowLayout) decode(h *Header, from, rows int, bins [][]byte) (Payload, error) {
	return &Window{delta: h.Window, blocks: bins[0]}, nil
}

func (windowLayout) checked(*Header) []bool { return []bool{false, false} }

func (windowLayout) validate(*Header, int, int, [][]byte) error { return nil }

func (windowLayout) key(h *Header) string { return fmt.Sprintf("window %d", h.Window) }

func (windowLayout) partEncs() []string { return nil }

func (windowLayout) fromParts(h *Header, _ int64) error {
	return fmt.Errorf("a table of layout %q is not built in parts", h.Layout)
}

func (windowLayout) joiner(*Header) joiner { return nil }
