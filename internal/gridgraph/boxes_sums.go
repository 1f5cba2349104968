package gridgraph

// Sums returns b's summed-area table and its row stride, w+1: sum[y·stride
// + x] is the number of open cells in [0,x)×[0,y). It is for a reader that
// tests boxes of cells it knows to lie in the grid inline, on a hot path
// (package lookup); the slice is b's own, not to be written. O(1).
func (b *OpenBoxes) Sums() (sum []uint32, stride int) { return b.sum, b.w + 1 }
