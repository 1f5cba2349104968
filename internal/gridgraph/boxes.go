package gridgraph

// OpenBoxes answers, in O(1), whether every cell of a box of a grid is
// open: a summed-area table of the open cells, sum[y·(w+1)+x] the number
// of open cells in [0,x)×[0,y). It takes (w+1)(h+1) uint32s, 4 bytes a
// cell, built in O(w·h). A run-length table with open-box wildcards
// (table.Boxes) answers H_1 for a pair whose bounding box is open.
type OpenBoxes struct {
	w, h int
	sum  []uint32
}

// NewOpenBoxes returns the OpenBoxes of a w×h grid whose cell (x, y) is
// open where open(x, y). O(w·h) calls of open.
func NewOpenBoxes(w, h int, open func(x, y int) bool) *OpenBoxes {
	b := &OpenBoxes{w: w, h: h, sum: make([]uint32, (w+1)*(h+1))}
	for y := range h {
		var row uint32
		above, here := b.sum[y*(w+1):], b.sum[(y+1)*(w+1):]
		for x := range w {
			if open(x, y) {
				row++
			}
			here[x+1] = above[x+1] + row
		}
	}
	return b
}

// NewOpenBoxesBits is NewOpenBoxes of a grid whose open cells are the
// set bits of open, cell c = y·w + x in bit c%8 of byte c/8. O(w·h).
func NewOpenBoxesBits(w, h int, open []byte) *OpenBoxes {
	return NewOpenBoxes(w, h, func(x, y int) bool {
		c := y*w + x
		return open[c>>3]>>(c&7)&1 != 0
	})
}

// Open reports whether every cell (x, y) with x between x0 and x1 and y
// between y0 and y1 (bounds included, in either order) is open; false for
// a box that leaves the grid. O(1).
func (b *OpenBoxes) Open(x0, y0, x1, y1 int) bool {
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	if x0 < 0 || y0 < 0 || x1 >= b.w || y1 >= b.h {
		return false
	}
	w1 := b.w + 1
	s := b.sum
	got := s[(y1+1)*w1+x1+1] - s[y0*w1+x1+1] - s[(y1+1)*w1+x0] + s[y0*w1+x0]
	return got == uint32((x1-x0+1)*(y1-y0+1))
}
