package lookup

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/pathtable/pathtable/table"
)

// ErrLowered is wrapped by the error of a change that would make a move
// cheaper than the table was baked with: an overlay only raises costs,
// because only then does the table stay a lower bound on every distance.
// Bake levels in their most open and cheapest state (doors open).
var ErrLowered = errors.New("an overlay only raises costs")

// A view is one state of an overlay's level: its changes, and the routes
// answered for it. An Overlay publishes a new view at each change and
// never changes a published one, except its routes (see routes), so
// queries read a view without a lock.
type view struct {
	lt *Table
	s  searcher // lt's walker; nil where the overlay takes no changes

	changes int               // blocked nodes + raised edges + raised cells
	blocked map[int32]bool    // nodes that cannot be entered or left → may cut the level (see cuts)
	edges   map[int32]float64 // CSR edge index → raised cost (+Inf: closed)
	cells   map[int32]float64 // grid node → raised cost of moving onto it, in cell units
	mark    *markSlots        // changes touching the nodes of each slot (see slot)

	// cuts counts the changes that may disconnect the level: closed edges,
	// blocked graph nodes, and blocked grid cells whose open neighbours do
	// not reach each other around them. While it is 0 every baked path has
	// an open detour, so a search never needs to exhaust a region.
	cuts int

	// inexact counts the raised edges and cells whose cost the exact octile
	// keys cannot hold (see edgeKey, cellKey): while it is 0, searches on
	// keyed levels run on keys.
	inexact int

	// version counts changes; routes' moves hold for one version.
	version   uint64
	routes    routes
	parts     parts     // computed at the first query that needs them
	probe     probes    // computed at the first query that needs them
	lm        landmarks // placed at the first search that needs them
	crossings crossings // lines across changes, laid out at the first query that needs each

	landmarkCount int // how many landmarks searches place (Overlay.SetLandmarks)
}

// markSlots is the change filter: one count per slot of nodes. It is a
// fixed power of two, small enough to allocate at the first change, large
// enough that an unchanged path rarely hits a slot; indexing it needs no
// bounds check.
type markSlots [1 << 12]uint32

// slot returns node u's slot in the change filter. O(1).
func slot(u int32) uint32 { return uint32(u) % uint32(len(markSlots{})) }

// ErrNotAllPairs is wrapped by the error of a change to an overlay of a
// table that does not cover all pairs (a windowed one): its stored paths
// reach a target only from inside the target's window, and an overlay's
// search is bounded and finished by them, so it could not answer exactly.
// Table.Search answers any pair.
var ErrNotAllPairs = errors.New("an overlay changes only tables of all pairs")

// NewOverlay returns an empty overlay over lt: every query answers as lt
// does until something changes. O(1); nothing O(V) is allocated until a
// query needs a search. Over a table that does not cover all pairs every
// change is refused (ErrNotAllPairs), so its answers stay lt's.
func NewOverlay(lt *Table) *Overlay {
	v := &view{lt: lt}
	if s, ok := lt.w.(searcher); ok && lt.t.AllPairs() {
		v.s = s
	}
	o := &Overlay{lt: lt}
	o.cur.Store(v)
	return o
}

func (o *view) Changes() int { return o.changes }

func (o *view) Blocked(u int) bool {
	if o.blocked == nil || !o.lt.valid(u) {
		return false
	}
	_, ok := o.blocked[int32(u)]
	return ok
}

func (o *view) Block(u int) error {
	if err := o.check(u); err != nil {
		return err
	}
	if o.Blocked(u) {
		return nil
	}
	o.init()
	o.blocked[int32(u)] = false
	o.touchBlocked(int32(u), 1)
	o.judgeAround(int32(u))
	return nil
}

func (o *view) Unblock(u int) error {
	if err := o.check(u); err != nil {
		return err
	}
	if !o.Blocked(u) {
		return nil
	}
	if o.blocked[int32(u)] {
		o.cuts--
	}
	delete(o.blocked, int32(u))
	o.touchBlocked(int32(u), -1)
	o.judgeAround(int32(u))
	return nil
}

func (o *view) SetEdgeCost(from, to int, cost float64) error {
	if err := o.checkPair(from, to); err != nil {
		return err
	}
	if math.IsNaN(cost) || cost < 0 {
		return fmt.Errorf("edge %s -> %s: cost %v is not a cost", o.lt.Name(from), o.lt.Name(to), cost)
	}
	if !math.IsInf(cost, 1) && !o.addsUp(cost) {
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
			o.setEdge(e, int32(from), cost)
		}
	}
	return nil
}

func (o *view) RestoreEdge(from, to int) error {
	if err := o.checkPair(from, to); err != nil {
		return err
	}
	t := o.lt.t
	for e := t.Offsets[from]; e < t.Offsets[from+1]; e++ {
		if int(t.Targets[e]) == to {
			o.setEdge(e, int32(from), t.Weights[e])
		}
	}
	return nil
}

// setEdge records cost for edge e out of u, or forgets it at the baked cost.
func (o *view) setEdge(e, u int32, cost float64) {
	old, had := o.edges[e]
	if had && math.IsInf(old, 1) {
		o.cuts--
	}
	if had {
		o.countInexact(old, false, -1)
	}
	if cost == o.lt.t.Weights[e] {
		if had {
			delete(o.edges, e)
			o.touch(u, -1)
		}
		return
	}
	o.init()
	if math.IsInf(cost, 1) {
		o.cuts++
	}
	o.edges[e] = cost
	o.countInexact(cost, false, 1)
	if !had {
		o.touch(u, 1)
	}
}

func (o *view) SetCellCost(u int, cost float64) error {
	if err := o.check(u); err != nil {
		return err
	}
	t := o.lt.t
	if t.Kind != table.KindGrid {
		return fmt.Errorf("node %s: cell costs need a grid table; use SetEdgeCost on graphs", o.lt.Name(u))
	}
	if math.IsNaN(cost) || cost < 0 || math.IsInf(cost, 1) {
		return fmt.Errorf("cell %s: cost %v is not a cell cost (Block closes a cell)", o.lt.Name(u), cost)
	}
	if unit := o.maxMoveUnit(); !o.addsUp(cost * unit) {
		return fmt.Errorf("cell %s: cost %v, %v per move onto it, over %d nodes can add up past the largest float64 (Block closes a cell)", o.lt.Name(u), cost, cost*unit, o.lt.n)
	}
	baked := o.lt.bakedCell(u)
	if cost < baked {
		return fmt.Errorf("cell %s: cost %v is below its baked cost %v: %w", o.lt.Name(u), cost, baked, ErrLowered)
	}
	old, had := o.cells[int32(u)]
	if had {
		o.countInexact(old, true, -1)
	}
	switch {
	case cost == baked && had:
		delete(o.cells, int32(u))
		o.touch(int32(u), -1)
	case cost != baked:
		o.init()
		o.cells[int32(u)] = cost
		o.countInexact(cost, true, 1)
		if !had {
			o.touch(int32(u), 1)
		}
	}
	return nil
}

func (o *view) RestoreCell(u int) error {
	if err := o.check(u); err != nil {
		return err
	}
	if old, had := o.cells[int32(u)]; had {
		o.countInexact(old, true, -1)
		delete(o.cells, int32(u))
		o.touch(int32(u), -1)
	}
	return nil
}

// countInexact counts a raised edge or cell cost in or out of inexact when
// the exact octile keys cannot hold it.
func (o *view) countInexact(cost float64, cell bool, d int) {
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

func (o *view) CellCost(u int) (float64, bool) {
	if !o.lt.valid(u) || o.lt.t.Kind != table.KindGrid {
		return 0, false
	}
	if o.Blocked(u) {
		return math.Inf(1), true
	}
	if c, ok := o.cells[int32(u)]; ok {
		return c, true
	}
	return o.lt.bakedCell(u), true
}

func (o *view) Clear() {
	for u := range o.blocked {
		o.touchBlocked(u, -1)
	}
	for u := range o.cells {
		o.touch(u, -1)
	}
	t := o.lt.t
	for e := range o.edges {
		o.touch(o.tail(e, t), -1)
	}
	clear(o.blocked)
	clear(o.edges)
	clear(o.cells)
	o.changes = 0
	o.cuts = 0
	o.inexact = 0
}

// tail returns the node edge e leaves, by binary search of the offsets.
// O(log V).
func (o *view) tail(e int32, t *table.Table) int32 {
	lo, hi := 0, t.Nodes // Offsets[lo] <= e < Offsets[hi]
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if t.Offsets[mid] <= e {
			lo = mid
		} else {
			hi = mid
		}
	}
	return int32(lo)
}

// init allocates the change sets and the filter at the first change.
func (o *view) init() {
	if o.mark != nil {
		return
	}
	o.blocked = make(map[int32]bool)
	o.edges = make(map[int32]float64)
	o.cells = make(map[int32]float64)
	o.mark = new(markSlots)
}

// touch counts a change at node u in and out of the filter.
func (o *view) touch(u int32, d int) {
	o.mark[slot(u)] += uint32(d)
	o.changes += d
	o.version++
}

// touchBlocked counts a blocked node in the filter and, on 8-connected
// grids, its cardinal neighbours too: a diagonal move between two of them
// cuts the blocked cell's corner, which a wall forbids.
func (o *view) touchBlocked(u int32, d int) {
	o.touch(u, d)
	if !o.corners() {
		return
	}
	x, y, _ := o.lt.XY(int(u))
	for _, n := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		if v, ok := o.lt.NodeAt(x+n[0], y+n[1]); ok {
			o.mark[slot(int32(v))] += uint32(d)
		}
	}
}

// corners reports whether the level's diagonal moves need both cells
// beside them open (8-connected grids: no corner cutting).
func (o *view) corners() bool {
	t := o.lt.t
	return t.Kind == table.KindGrid && t.Connect != 4
}

// cutsBlocked reports whether the move from u to v is diagonal on a grid
// and a cell beside it is blocked. O(1).
func (o *view) cutsBlocked(u, v int32) bool {
	if len(o.blocked) == 0 || !o.corners() {
		return false
	}
	ux, uy, _ := o.lt.XY(int(u))
	vx, vy, _ := o.lt.XY(int(v))
	if ux == vx || uy == vy {
		return false
	}
	for _, c := range [2][2]int{{vx, uy}, {ux, vy}} {
		if w, ok := o.lt.NodeAt(c[0], c[1]); ok {
			if _, b := o.blocked[int32(w)]; b {
				return true
			}
		}
	}
	return false
}

// marked reports whether a change may touch node u: false means certainly
// not. O(1).
func (o *view) marked(u int32) bool { return o.mark[slot(u)] != 0 }

// check refuses a change at node u: out of range, or on an overlay that
// takes none.
func (o *view) check(u int) error {
	if o.s == nil && o.lt.t.AllPairs() {
		return fmt.Errorf("an overlay over a table of layout %q takes no changes yet (lookup.Table.Search answers any pair)", o.lt.t.Layout)
	}
	if o.s == nil {
		return fmt.Errorf("%w; this one covers windows of DELTA %d", ErrNotAllPairs, o.lt.Window())
	}
	if !o.lt.valid(u) {
		return fmt.Errorf("node %d is not in this table of %d nodes", u, o.lt.n)
	}
	return nil
}

func (o *view) checkPair(from, to int) error {
	if err := o.check(from); err != nil {
		return err
	}
	return o.check(to)
}

// addsUp reports whether a move of cost w, as many times as a path has
// edges (n-1 at most), stays finite: the loaders' rule for the level's
// own costs (maps refuses a level that breaks it), so a raised cost never
// adds up to the +Inf that means closed. O(1).
func (o *view) addsUp(w float64) bool {
	steps := float64(max(o.lt.n-1, 1))
	return w <= math.MaxFloat64/steps
}

// maxMoveUnit bounds the factor a grid move puts on the cost of the cell
// it enters: 14 on 10/14 levels, else √2 (diagonals; 4-connected levels
// have less, which a bound may ignore). O(1).
func (o *view) maxMoveUnit() float64 {
	if o.lt.t.Diagonal == "10/14" {
		return 14
	}
	return math.Sqrt2
}

// weight is the cost of edge e from u to v through the overlay, +Inf when
// u or v is blocked or the edge is closed. O(1).
func (o *view) weight(e, u, v int32) float64 {
	w := o.lt.t.Weights[e]
	if !o.marked(u) && !o.marked(v) {
		return w
	}
	if _, b := o.blocked[v]; b {
		return math.Inf(1)
	}
	if _, b := o.blocked[u]; b {
		return math.Inf(1)
	}
	if o.cutsBlocked(u, v) {
		return math.Inf(1)
	}
	if c, ok := o.edges[e]; ok {
		w = c
	}
	if c, ok := o.cells[v]; ok {
		w = max(w, c*o.lt.moveUnit(u, v))
	}
	return w
}

// stepChanged reports whether edge e from u to v costs other than baked.
// O(1).
func (o *view) stepChanged(e, u, v int32) bool {
	if !o.marked(u) && !o.marked(v) {
		return false
	}
	return o.weight(e, u, v) != o.lt.t.Weights[e]
}

func (o *view) String() string {
	return "overlay: " + strconv.Itoa(len(o.blocked)) + " blocked, " +
		strconv.Itoa(len(o.edges)) + " edges and " + strconv.Itoa(len(o.cells)) + " cells raised"
}
