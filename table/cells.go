package table

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/pathtable/pathtable/internal/gridgraph"
)

// A grid table of format VersionCells carries its cells instead of its
// graph: two bins after the header take the six graph bins' place, and the
// reader rebuilds the graph from them and the header's movement model
// with gridgraph.Build, the grid rules the level loaders use, so that the
// graph is the level's, edge for edge, for every reader.
//
//   - open: one bit per cell, cell c = y·width + x in bit c%8 of byte c/8
//     (least significant first), 1 where the cell is a node; the bits after
//     the last cell are 0. ceil(width·height / 8) bytes.
//   - costs: empty when every node costs 1 to enter; otherwise 4 bits per
//     node in node order, node u in the low half of byte u/2 for even u and
//     the high half for odd u, each 1 to 9, the unused high half of the
//     last byte 0. ceil(n / 2) bytes.

// VersionCells is the format version of grid tables that carry their cells
// rather than their graph, of any layout.
const VersionCells = 3

// cellBinNames name the bins of a document that carries cells, in
// document order, the header first.
var cellBinNames = []string{"header", "open", "costs"}

// cellBins is the number of cell bins after the header.
const cellBins = 2

// carriesCells reports whether a table of header h is written, or was
// read, with its cells rather than its graph. O(1).
func (h *Header) carriesCells() bool { return h.Kind == KindGrid && !h.GraphBins }

// cellLens returns the lengths of the cell bins of a table of header h,
// costs full. O(1).
func (h *Header) cellLens() []int64 {
	return []int64{(int64(h.Width)*int64(h.Height) + 7) / 8, (int64(h.Nodes) + 1) / 2}
}

// gridModel returns the header's movement model as the grid rules take
// it; validate has checked it. O(1).
func (h *Header) gridModel() gridgraph.Model {
	return gridgraph.Model{Connect: h.Connect, Cost1014: h.Diagonal == "10/14"}
}

// cellBins returns the cell bins of grid table t: its open cells, and the
// cost of entering each node, read back from the weights of the edges
// into it (1 for a node no edge enters, whose cost no path can tell). It
// refuses a graph that is not the one the grid rules make of those cells,
// which the file could not carry: it rebuilds it and compares. O(W·H + E).
func (t *Table) cellBins() ([][]byte, error) {
	bins, err := t.makeCellBins()
	if err != nil {
		return nil, fmt.Errorf("grid table %s cannot be written with its cells: %v", t.Source, err)
	}
	return bins, nil
}

// makeCellBins is cellBins, its errors unwrapped.
func (t *Table) makeCellBins() ([][]byte, error) {
	w, h, n := t.Width, t.Height, t.Nodes
	if len(t.Cells) != n || len(t.Offsets) != n+1 {
		return nil, fmt.Errorf("grid table of %d nodes has %d cells and %d offsets", n, len(t.Cells), len(t.Offsets))
	}
	open := make([]byte, (w*h+7)/8)
	for u, c := range t.Cells {
		if c < 0 || int(c) >= w*h || (u > 0 && c <= t.Cells[u-1]) {
			return nil, fmt.Errorf("node %d has cell %d", u, c)
		}
		open[c>>3] |= 1 << (c & 7)
	}
	costs := make([]uint8, n)
	for u := range n {
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v := t.Targets[e]
			if v < 0 || int(v) >= n || costs[v] != 0 {
				continue
			}
			costs[v] = t.enterCost(u, int(v), t.Weights[e])
		}
	}
	plain := true
	for v, k := range costs {
		if k == 0 {
			costs[v] = 1
		}
		plain = plain && costs[v] == 1
	}
	var packed []byte
	if !plain {
		packed = make([]byte, (n+1)/2)
		for u, k := range costs {
			packed[u/2] |= k << (4 * (u % 2))
		}
	}
	// The cells must make t's graph again: checked edge by edge, the
	// second graph never made, since a table's writer may hold little
	// beside the table.
	gridCosts, err := cellCosts(&t.Header, open, packed)
	if err != nil {
		return nil, err
	}
	g := gridgraph.Graph{Offsets: t.Offsets, Targets: t.Targets, Weights: t.Weights, Cells: t.Cells}
	if len(t.Targets) != t.Edges || !gridgraph.Matches(&g, w, h, gridCosts, t.gridModel()) {
		return nil, fmt.Errorf("its graph is not the one the grid rules make of its cells")
	}
	return [][]byte{open, packed}, nil
}

// enterCost returns the cost, 1 to 9, of the cell of node v that an edge
// from u of weight wt says, or 0 when it says none. O(1).
func (t *Table) enterCost(u, v int, wt float64) uint8 {
	ux, uy := t.xy(u)
	vx, vy := t.xy(v)
	diagonal := ux != vx && uy != vy
	k := wt
	switch {
	case t.Diagonal == "10/14" && diagonal:
		k /= 14
	case t.Diagonal == "10/14":
		k /= 10
	case diagonal:
		k = math.Round(wt / math.Sqrt2)
	}
	if k < 1 || k > gridgraph.MaxCost || k != math.Trunc(k) {
		return 0
	}
	return uint8(k)
}

// rebuildGraph makes the graph of a table of header h (validated: a grid
// of a known model) from its cell bins, whose lengths are checked (costs
// empty or full): the open bits must name exactly h.Nodes cells and no
// cell beyond the grid, every cost must be 1 to 9 and the padding 0, and
// the graph must have h.Edges edges. O(W·H + E), the W·H cost bytes
// freed on return.
func rebuildGraph(h *Header, open, packed []byte) (gridgraph.Graph, error) {
	costs, err := cellCosts(h, open, packed)
	if err != nil {
		return gridgraph.Graph{}, err
	}
	g := gridgraph.Build(h.Width, h.Height, costs, h.gridModel())
	if len(g.Targets) != h.Edges {
		return gridgraph.Graph{}, fmt.Errorf("the cells make %d edges, the header says %d", len(g.Targets), h.Edges)
	}
	return g, nil
}

// cellCosts checks a grid's open bits and packed costs against header h
// and returns the cost of entering each cell (0: blocked). O(W·H).
func cellCosts(h *Header, open, packed []byte) ([]uint8, error) {
	w, ht, n := h.Width, h.Height, h.Nodes
	cells := w * ht
	if last := cells % 8; last != 0 && open[len(open)-1]>>last != 0 {
		return nil, fmt.Errorf("open bits past the grid's %d cells", cells)
	}
	count := 0
	for _, b := range open {
		count += bits.OnesCount8(b)
	}
	if count != n {
		return nil, fmt.Errorf("%d open cells for %d nodes", count, n)
	}
	if len(packed) > 0 && n%2 == 1 && packed[len(packed)-1]>>4 != 0 {
		return nil, fmt.Errorf("costs padding is %d, want 0", packed[len(packed)-1]>>4)
	}
	costs := make([]uint8, cells)
	u := 0
	for c := range costs {
		if open[c>>3]>>(c&7)&1 == 0 {
			continue
		}
		k := uint8(1)
		if len(packed) > 0 {
			k = packed[u/2] >> (4 * (u % 2)) & 0xF
			if k == 0 || k > gridgraph.MaxCost {
				return nil, fmt.Errorf("node %d (cell %d) costs %d, want 1 to %d", u, c, k, gridgraph.MaxCost)
			}
		}
		costs[c] = k
		u++
	}
	return costs, nil
}

// decodeCells sets t's graph from its two cell bins in document order,
// whose lengths are checked, and checks its costs against the header's
// metric. O(W·H + E).
func (t *Table) decodeCells(bins [][]byte) error {
	g, err := rebuildGraph(&t.Header, bins[0], bins[1])
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	t.Offsets, t.Targets, t.Weights, t.Cells = g.Offsets, g.Targets, g.Weights, g.Cells
	t.X, t.Y = nil, nil
	// The grid rules make a graph validateGraph would accept (offsets
	// that span the edges, targets that are nodes, at most 8 out-edges,
	// cells in order, costs finite and >= 0); what the header may still
	// contradict is the metric. Every rebuilt cost is an integer or k·√2
	// (float64(k)*math.Sqrt2, k at most 9), which "octile" and "float"
	// take as they are: only "int" needs the O(E) look.
	if t.Metric == "int" {
		if err := checkCosts(t.Metric, t.Weights); err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
	}
	return nil
}

// LevelBytes returns the bytes of the bins that describe the level in a
// file of a table of header h: its cells (plainCosts: every node costs 1,
// so the costs bin is empty), or the graph's bins without coordinates.
// What a table's file holds beside its header and payload. O(1).
func (h *Header) LevelBytes(plainCosts bool) int64 {
	if !h.carriesCells() {
		lens := h.graphLens()
		return lens[0] + lens[1] + lens[2] + lens[3]
	}
	lens := h.cellLens()
	if plainCosts {
		return lens[0]
	}
	return lens[0] + lens[1]
}
