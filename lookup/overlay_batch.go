package lookup

import (
	"errors"
	"fmt"
	"maps"
	"math"

	"github.com/pathtable/pathtable/table"
)

// A Batch makes changes inside Overlay.Apply: it is the one writer of an
// overlay's change set, working on a copy that Apply publishes whole, and
// every change of an Overlay (Block and the rest) is Apply with one change.
//
// A Batch is valid only while Apply's function runs. Kept and used after
// Apply returned, it changes nothing: its methods return ErrBatchDone, as
// a database/sql Tx returns ErrTxDone after its commit, and Clear, which
// returns no error, panics with ErrBatchDone.
type Batch struct{ c *changeSet }

// ErrBatchDone is returned by the methods of a Batch used after the Apply
// that handed it out returned.
var ErrBatchDone = errors.New("lookup: Batch used after its Apply returned")

// Block is Overlay.Block within a batch. O(1) amortised.
func (b *Batch) Block(u int) error {
	o := b.c
	if err := b.check(u); err != nil {
		return err
	}
	if o.isBlocked(u) {
		return nil
	}
	b.init()
	o.blocked[int32(u)] = false
	b.touchBlocked(int32(u), 1)
	b.judgeAround(int32(u))
	return nil
}

// Unblock is Overlay.Unblock within a batch. O(1).
func (b *Batch) Unblock(u int) error {
	o := b.c
	if err := b.check(u); err != nil {
		return err
	}
	if !o.isBlocked(u) {
		return nil
	}
	if o.blocked[int32(u)] {
		o.cuts--
	}
	delete(o.blocked, int32(u))
	b.touchBlocked(int32(u), -1)
	b.judgeAround(int32(u))
	return nil
}

// SetEdgeCost is Overlay.SetEdgeCost within a batch. O(degree of from).
func (b *Batch) SetEdgeCost(from, to int, cost float64) error {
	o := b.c
	if err := b.checkPair(from, to); err != nil {
		return err
	}
	if math.IsNaN(cost) || cost < 0 {
		return fmt.Errorf("edge %s -> %s: cost %v is not a cost", o.lt.Name(from), o.lt.Name(to), cost)
	}
	if !math.IsInf(cost, 1) && !b.addsUp(cost) {
		return fmt.Errorf("edge %s -> %s: cost %v over %d nodes can add up past the largest float64 (+Inf closes an edge)", o.lt.Name(from), o.lt.Name(to), cost, o.lt.n)
	}
	t := o.lt.t
	found := false
	for e := t.Offsets[from]; e < t.Offsets[from+1]; e++ {
		if int(t.Targets[e]) != to {
			continue
		}
		found = true
		if cost < t.Weights[e] {
			return fmt.Errorf("edge %s -> %s: cost %v is below its baked cost %v: %w",
				o.lt.Name(from), o.lt.Name(to), cost, t.Weights[e], ErrLowered)
		}
	}
	if !found {
		return fmt.Errorf("no edge %s -> %s", o.lt.Name(from), o.lt.Name(to))
	}
	for e := t.Offsets[from]; e < t.Offsets[from+1]; e++ {
		if int(t.Targets[e]) == to {
			b.setEdge(e, int32(from), cost)
		}
	}
	return nil
}

// RestoreEdge is Overlay.RestoreEdge within a batch. O(degree of from).
func (b *Batch) RestoreEdge(from, to int) error {
	o := b.c
	if err := b.checkPair(from, to); err != nil {
		return err
	}
	t := o.lt.t
	for e := t.Offsets[from]; e < t.Offsets[from+1]; e++ {
		if int(t.Targets[e]) == to {
			b.setEdge(e, int32(from), t.Weights[e])
		}
	}
	return nil
}

// SetCellCost is Overlay.SetCellCost within a batch. O(degree of u).
func (b *Batch) SetCellCost(u int, cost float64) error {
	o := b.c
	if err := b.check(u); err != nil {
		return err
	}
	t := o.lt.t
	if t.Kind != table.KindGrid {
		return fmt.Errorf("node %s: cell costs need a grid table; use SetEdgeCost on graphs", o.lt.Name(u))
	}
	if math.IsNaN(cost) || cost < 0 || math.IsInf(cost, 1) {
		return fmt.Errorf("cell %s: cost %v is not a cell cost (Block closes a cell)", o.lt.Name(u), cost)
	}
	if unit := b.maxMoveUnit(); !b.addsUp(cost * unit) {
		return fmt.Errorf("cell %s: cost %v, %v per move onto it, over %d nodes can add up past the largest float64 (Block closes a cell)", o.lt.Name(u), cost, cost*unit, o.lt.n)
	}
	baked := o.lt.bakedCell(u)
	if cost < baked {
		return fmt.Errorf("cell %s: cost %v is below its baked cost %v: %w", o.lt.Name(u), cost, baked, ErrLowered)
	}
	old, had := o.cells[int32(u)]
	if had {
		b.countInexact(old, true, -1)
	}
	switch {
	case cost == baked && had:
		delete(o.cells, int32(u))
		b.touch(int32(u), -1)
	case cost != baked:
		b.init()
		o.cells[int32(u)] = cost
		b.countInexact(cost, true, 1)
		if !had {
			b.touch(int32(u), 1)
		}
	}
	return nil
}

// RestoreCell is Overlay.RestoreCell within a batch. O(1).
func (b *Batch) RestoreCell(u int) error {
	o := b.c
	if err := b.check(u); err != nil {
		return err
	}
	if old, had := o.cells[int32(u)]; had {
		b.countInexact(old, true, -1)
		delete(o.cells, int32(u))
		b.touch(int32(u), -1)
	}
	return nil
}

// Clear is Overlay.Clear within a batch. O(changes). It panics with
// ErrBatchDone where b's Apply returned: it has no error to return it in.
func (b *Batch) Clear() {
	o := b.c
	if o == nil {
		panic(ErrBatchDone)
	}
	for u := range o.blocked {
		b.touchBlocked(u, -1)
	}
	for u := range o.cells {
		b.touch(u, -1)
	}
	t := o.lt.t
	for e := range o.edges {
		b.touch(edgeTail(t, e), -1)
	}
	clear(o.blocked)
	clear(o.edges)
	clear(o.cells)
	o.changes = 0
	o.cuts = 0
	o.inexact = 0
}

// setLandmarks is Overlay.SetLandmarks within a batch. O(1).
func (b *Batch) setLandmarks(k int) {
	if b.c.landmarkCount != k {
		b.c.landmarkCount = k
		b.c.version++
	}
}

// clone returns a copy of c's changes for a batch to make and publish.
// O(changes), and a copy of the change filter.
func (c *changeSet) clone() changeSet {
	n := *c
	if c.mark != nil {
		n.blocked = maps.Clone(c.blocked)
		n.edges = maps.Clone(c.edges)
		n.cells = maps.Clone(c.cells)
		n.mark = new(markSlots)
		*n.mark = *c.mark
	}
	return n
}

// setEdge records cost for edge e out of u, or forgets it at the baked cost.
func (b *Batch) setEdge(e, u int32, cost float64) {
	o := b.c
	old, had := o.edges[e]
	if had && math.IsInf(old, 1) {
		o.cuts--
	}
	if had {
		b.countInexact(old, false, -1)
	}
	if cost == o.lt.t.Weights[e] {
		if had {
			delete(o.edges, e)
			b.touch(u, -1)
		}
		return
	}
	b.init()
	if math.IsInf(cost, 1) {
		o.cuts++
	}
	o.edges[e] = cost
	b.countInexact(cost, false, 1)
	if !had {
		b.touch(u, 1)
	}
}

// countInexact counts a raised edge or cell cost in or out of inexact when
// the exact octile keys cannot hold it.
func (b *Batch) countInexact(cost float64, cell bool, d int) {
	o := b.c
	o.version++ // every change of a cost passes here, raised to raised too
	ok := false
	if cell {
		_, ok = cellKey(cost, false)
	} else {
		_, ok = edgeKey(cost)
	}
	if !ok {
		o.inexact += d
	}
}

// init allocates the change sets and the filter at the first change.
func (b *Batch) init() {
	o := b.c
	if o.mark != nil {
		return
	}
	o.blocked = make(map[int32]bool)
	o.edges = make(map[int32]float64)
	o.cells = make(map[int32]float64)
	o.mark = new(markSlots)
}

// touch counts a change at node u in and out of the filter.
func (b *Batch) touch(u int32, d int) {
	o := b.c
	o.mark[slot(u)] += uint32(d)
	o.changes += d
	o.version++
}

// touchBlocked counts a blocked node in the filter and, on 8-connected
// grids, its cardinal neighbours too: a diagonal move between two of them
// cuts the blocked cell's corner, which a wall forbids.
func (b *Batch) touchBlocked(u int32, d int) {
	o := b.c
	b.touch(u, d)
	if !o.lt.corners() {
		return
	}
	x, y, _ := o.lt.XY(int(u))
	for _, n := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		if v, ok := o.lt.NodeAt(x+n[0], y+n[1]); ok {
			o.mark[slot(int32(v))] += uint32(d)
		}
	}
}

// check refuses a change at node u: out of range, on an overlay that
// takes none, or through a Batch whose Apply returned.
func (b *Batch) check(u int) error {
	o := b.c
	if o == nil {
		return ErrBatchDone
	}
	if o.st == nil && o.hy == nil && o.lt.t.AllPairs() {
		return fmt.Errorf("an overlay over a table of layout %q takes no changes yet (lookup.Table.Search answers any pair)", o.lt.t.Layout)
	}
	if o.st == nil && o.hy == nil {
		return fmt.Errorf("%w; this one covers windows of DELTA %d", ErrNotAllPairs, o.lt.Window())
	}
	if !o.lt.valid(u) {
		return fmt.Errorf("node %d is not in this table of %d nodes", u, o.lt.n)
	}
	return nil
}

// checkPair refuses a change of an edge from from to to as check does.
func (b *Batch) checkPair(from, to int) error {
	if err := b.check(from); err != nil {
		return err
	}
	return b.check(to)
}

// addsUp reports whether a move of cost w, as many times as a path has
// edges (n-1 at most), stays finite: the loaders' rule for the level's
// own costs (maps refuses a level that breaks it), so a raised cost never
// adds up to the +Inf that means closed. O(1).
func (b *Batch) addsUp(w float64) bool {
	steps := float64(max(b.c.lt.n-1, 1))
	return w <= math.MaxFloat64/steps
}

// maxMoveUnit bounds the factor a grid move puts on the cost of the cell
// it enters: 14 on 10/14 levels, else √2 (diagonals; 4-connected levels
// have less, which a bound may ignore). O(1).
func (b *Batch) maxMoveUnit() float64 {
	if b.c.lt.t.Diagonal == "10/14" {
		return 14
	}
	return math.Sqrt2
}
