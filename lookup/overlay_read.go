package lookup

import "github.com/pathtable/pathtable/table"

// The Overlay's read API: what a query asks of the changes in force, and
// the queries themselves, each on the view published when it starts
// (overlay.go describes what they answer and how).

// Changes returns how many nodes are blocked plus how many edges and cells
// have raised costs. O(1).
func (o *Overlay) Changes() int { return o.load().changes }

// Blocked reports whether node u is blocked. O(1).
func (o *Overlay) Blocked(u int) bool { return o.load().isBlocked(u) }

// CellCost returns the cost of moving onto grid node u through the
// overlay, in cell units, and false on graphs or out of range; a blocked
// cell reports +Inf. O(degree of u).
func (o *Overlay) CellCost(u int) (float64, bool) { return o.load().cellCost(u) }

// String describes the changes briefly, for logs.
func (o *Overlay) String() string { return o.load().String() }

// Version changes whenever the overlay's level does (a block, a cost set
// or restored, Clear), and never otherwise: a game that cached paths at one
// version need look at them again only when Version differs. O(1).
func (o *Overlay) Version() uint64 { return o.load().version }

// Crosses reports whether path, a walk of the level such as AppendPath
// returns, steps onto a blocked node or along an edge or onto a cell whose
// cost is raised now: whether the changes in force may have made it longer
// or closed it. A path that crosses none is still open at the cost it had
// on the baked level; after a restore it may no longer be the shortest.
// O(len(path)), one filter test a node and O(degree) where a change is
// near.
func (o *Overlay) Crosses(path []int) bool { return o.load().crosses(path) }

// Next returns the node after from on a shortest path to to through the
// overlay, or -1 when there is none (no path, from == to, a blocked end, or
// an index out of range). O(1) on an overlay with no changes. With
// changes, the overlay remembers the moves of every path it answers until
// the next change (see routes), so agents that follow Next toward their
// goals pay a hash probe a step, and the first query of a node off every
// answered path pays AppendPath: O(path length) when the stored path is
// unchanged, a search otherwise, and as much again to remember it. An
// agent that keeps its own Route pays less.
func (o *Overlay) Next(from, to int) int {
	v := o.load()
	if v.changes == 0 {
		return o.lt.Next(from, to)
	}
	if !v.open(from, to) || from == to {
		return -1
	}
	return v.remembered(from, to)
}

// Dist returns the cost of a shortest path from from to to through the
// overlay, and false when there is none. O(path length) when the stored
// path is unchanged (the search's first walk checks it), a search
// otherwise (or the crossing of a row or column, see Overlay); as
// Table.Dist with no changes. On a flat table with exact rows (octile keys
// or integers) it first tries, in O(changes), to prove from the rows that
// the stored path touches no change, and then costs what Table.Dist does.
func (o *Overlay) Dist(from, to int) (float64, bool) {
	v := o.load()
	if v.changes == 0 {
		return o.lt.Dist(from, to)
	}
	if !v.open(from, to) {
		return table.Unreachable, false
	}
	if v.avoids(from, to) {
		return o.lt.Dist(from, to)
	}
	if !v.acrossable() {
		_, cost, ok := v.answer(nil, 0, 0, int32(from), int32(to), false)
		return cost, ok
	}
	// across needs the stored path and the change it crosses first.
	bp := routeBufs.Get().(*[]int)
	defer routeBufs.Put(bp)
	buf, cost, state := v.solve((*bp)[:0], from, to, false)
	*bp = buf[:0]
	switch state {
	case pathUnchanged:
		return o.lt.Dist(from, to)
	case pathNone:
		return table.Unreachable, false
	}
	return cost, true
}

// AppendPath appends a shortest path from from to to through the overlay,
// both ends included, to buf and returns it, with true; or buf unchanged
// and false when there is none. It walks the table path and checks it:
// O(path length) when it is unchanged, a search otherwise. It allocates
// only when buf lacks capacity (and a search's first use of a scratch).
func (o *Overlay) AppendPath(buf []int, from, to int) ([]int, bool) {
	v := o.load()
	if v.changes == 0 {
		return o.lt.AppendPath(buf, from, to)
	}
	if !v.open(from, to) {
		return buf, false
	}
	buf, _, state := v.solve(buf, from, to, true)
	return buf, state != pathNone
}

// Path returns a shortest path from from to to through the overlay, both
// ends included, and its cost; ok is false when there is none. It costs
// what AppendPath does, and allocates the returned slice.
func (o *Overlay) Path(from, to int) (path []int, cost float64, ok bool) {
	v := o.load()
	if v.changes == 0 {
		return o.lt.Path(from, to)
	}
	if !v.open(from, to) {
		return nil, table.Unreachable, false
	}
	path, cost, state := v.solve(nil, from, to, true)
	switch state {
	case pathUnchanged:
		cost, _ = o.lt.Dist(from, to)
	case pathNone:
		return nil, table.Unreachable, false
	}
	return path, cost, true
}

// Step is Next through the overlay with the reason there is no next node,
// StepBlocked included. Its cost is Next's.
func (o *Overlay) Step(from, to int) (next int, why StepReason) {
	v := o.load()
	if v.changes == 0 {
		return o.lt.Step(from, to)
	}
	switch {
	case !o.lt.valid(from) || !o.lt.valid(to):
		return -1, StepOutOfRange
	case from == to:
		return -1, StepArrived
	case v.isBlocked(from) || v.isBlocked(to):
		return -1, StepBlocked
	}
	if next = v.remembered(from, to); next < 0 {
		return -1, StepNoPath
	}
	return next, StepOK
}
