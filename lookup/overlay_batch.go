package lookup

import "maps"

// A Batch makes changes inside Overlay.Apply; its methods are the
// Overlay's, without the copy each of those makes.
type Batch struct{ v *view }

// Block is Overlay.Block within a batch. O(1) amortised.
func (b *Batch) Block(u int) error { return b.v.Block(u) }

// Unblock is Overlay.Unblock within a batch. O(1).
func (b *Batch) Unblock(u int) error { return b.v.Unblock(u) }

// SetEdgeCost is Overlay.SetEdgeCost within a batch. O(degree of from).
func (b *Batch) SetEdgeCost(from, to int, cost float64) error {
	return b.v.SetEdgeCost(from, to, cost)
}

// RestoreEdge is Overlay.RestoreEdge within a batch. O(degree of from).
func (b *Batch) RestoreEdge(from, to int) error { return b.v.RestoreEdge(from, to) }

// SetCellCost is Overlay.SetCellCost within a batch. O(degree of u).
func (b *Batch) SetCellCost(u int, cost float64) error { return b.v.SetCellCost(u, cost) }

// RestoreCell is Overlay.RestoreCell within a batch. O(1).
func (b *Batch) RestoreCell(u int) error { return b.v.RestoreCell(u) }

// Clear is Overlay.Clear within a batch. O(changes).
func (b *Batch) Clear() { b.v.Clear() }

// clone returns a copy of v's changes, with no routes, for a change to
// make and publish. O(changes), and a copy of the change filter.
func (v *view) clone() *view {
	c := &view{lt: v.lt, s: v.s, changes: v.changes, cuts: v.cuts, inexact: v.inexact, version: v.version,
		landmarkCount: v.landmarkCount}
	if v.mark != nil {
		c.blocked = maps.Clone(v.blocked)
		c.edges = maps.Clone(v.edges)
		c.cells = maps.Clone(v.cells)
		c.mark = new(markSlots)
		*c.mark = *v.mark
	}
	return c
}
