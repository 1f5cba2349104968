package table

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/pathtable/pathtable/internal/gridgraph"
)

// Open-box wildcards. In a run-length grid table whose FirstEnc ends in
// BoxSuffix (format 3, every cell costing 1), the first move from s toward
// a target t != s whose bounding box with s holds only open cells is H_1,
// and the row is not read: in an open box the octile (or, 4-connected, the
// Manhattan) straight path stays inside the box, so the distance is the
// octile one, and H_1 steps to a cell whose box with t lies inside the
// first and is one move's cost nearer. The builder stores nothing for such
// targets: they are wildcards in the row, as the source itself is.

// boxCache holds a table's OpenBoxes, made once: at load, or at the first
// query of a table New made (whose graph the caller sets after New).
type boxCache struct {
	once sync.Once
	ob   *gridgraph.OpenBoxes
}

// openBoxes returns the OpenBoxes of t's nodes' cells, made on first use
// (O(W·H) then, O(1) after), or nil for a table without a cache. O(1).
func (t *Table) openBoxes() *gridgraph.OpenBoxes {
	c := t.boxes
	if c == nil {
		return nil
	}
	c.once.Do(func() { c.ob = cellBoxes(t.Width, t.Height, t.Cells) })
	return c.ob
}

// cellBoxes returns the OpenBoxes of a w×h grid whose open cells are
// cells. O(w·h).
func cellBoxes(w, h int, cells []int32) *gridgraph.OpenBoxes {
	open := make([]byte, (w*h+7)/8)
	for _, c := range cells {
		if c >= 0 && int(c) < w*h {
			open[c>>3] |= 1 << (c & 7)
		}
	}
	return gridgraph.NewOpenBoxesBits(w, h, open)
}

// OpenBoxes returns the summed-area table of t's open cells, for a table
// with open-box wildcards (nil otherwise): what BoxOpen tests. O(1) after
// the first call, which may make it (O(W·H)).
func (t *Table) OpenBoxes() *gridgraph.OpenBoxes {
	if !t.RunBoxes() {
		return nil
	}
	return t.openBoxes()
}

// BoxOpen reports whether t, a table with open-box wildcards, answers H_1
// from node s toward node target without reading the row: s != target
// and every cell of their bounding box is open. False in any other table.
// O(1).
func (t *Table) BoxOpen(s, target int) bool {
	if s == target || !t.RunBoxes() {
		return false
	}
	cs, ct := int(t.Cells[s]), int(t.Cells[target])
	w := t.Width
	if ob := t.openBoxes(); ob != nil {
		return ob.Open(cs%w, cs/w, ct%w, ct/w)
	}
	return scanBox(w, t.Cells, cs, ct)
}

// scanBox is BoxOpen for a table without a cache (a Table its caller made
// field by field): every cell of the box looked up among cells, sorted.
// O(area · log n).
func scanBox(w int, cells []int32, cs, ct int) bool {
	x0, x1 := min(cs%w, ct%w), max(cs%w, ct%w)
	y0, y1 := min(cs/w, ct/w), max(cs/w, ct/w)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if _, ok := slices.BinarySearch(cells, int32(y*w+x)); !ok {
				return false
			}
		}
	}
	return true
}

// checkBoxLevel refuses open-box wildcards in a table whose cells do not
// all cost 1: a file that carries its cells with a costs bin (costsLen
// bytes), or a part whose graph has an edge costing more than its move.
// O(E) for a part, O(1) otherwise.
func (t *Table) checkBoxLevel(costsLen int) error {
	if t.carriesCells() {
		if costsLen > 0 {
			return fmt.Errorf("first-move encoding %q has open-box wildcards, which only a grid whose every cell costs 1 (an empty costs bin) carries; the costs bin has %d bytes", t.FirstEnc, costsLen)
		}
		return nil
	}
	// A part carries its graph (a table that does has no symbols:
	// checkSymbols).
	if t.Kind != KindGrid {
		return fmt.Errorf("first-move encoding %q has open-box wildcards, which only grid tables of format %d carry", t.FirstEnc, VersionCells)
	}
	if !unitCosts(t) {
		return fmt.Errorf("first-move encoding %q has open-box wildcards, which only a grid whose every cell costs 1 carries", t.FirstEnc)
	}
	return nil
}

// unitCosts reports whether every edge of grid table t costs its move's
// cost on a cell of cost 1. O(E).
func unitCosts(t *Table) bool {
	if len(t.Cells) != t.Nodes || len(t.Offsets) != t.Nodes+1 || t.Width <= 0 {
		return false
	}
	cost1014 := t.Diagonal == "10/14"
	for u := range t.Nodes {
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v := t.Targets[e]
			if v < 0 || int(v) >= t.Nodes {
				return false
			}
			d := t.Cells[v] - t.Cells[u]
			diagonal := d != int32(t.Width) && d != -int32(t.Width) && d != 1 && d != -1
			if math.Float64bits(t.Weights[e]) != math.Float64bits(gridgraph.MoveCost(1, diagonal, cost1014)) {
				return false
			}
		}
	}
	return true
}
