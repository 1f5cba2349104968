package lookup

import (
	"math"
	"strconv"

	"github.com/pathtable/pathtable/table"
)

// A changeSet is the changes in force on an overlay's level: blocked
// nodes, raised edges and cells, and the filter that tells in O(1) that a
// node is clear of them all. An overlay publishes one inside each view and
// never changes a published one: Batch, working on a fresh copy, is the
// only code that writes a change set (overlay_batch.go), so every query
// reads one without a lock.
type changeSet struct {
	lt *Table
	st stepper // lt's walker; nil where the overlay takes no changes
	// rows: st stores distance rows (O(1) baked distances); otherwise
	// distances are sums along stored paths.
	rows bool
	// hy is lt's hierarchy where lt is a hierarchy table: it stores no
	// paths to step along (st is nil), and the engine searches with the
	// hierarchy's distances instead (overlay_hierarchy.go).
	hy *table.Hierarchy

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
	version uint64

	landmarkCount int // how many landmarks searches place (Overlay.SetLandmarks)
}

// newChangeSet returns lt's empty change set. O(1).
func newChangeSet(lt *Table) changeSet {
	c := changeSet{lt: lt}
	if st, ok := lt.w.(stepper); ok && lt.t.AllPairs() {
		c.st = st
		if lt.n > 0 {
			_, c.rows = st.distRow(0)
		}
	}
	c.hy, _ = lt.t.Payload().(*table.Hierarchy)
	return c
}

// markSlots is the change filter: one count per slot of nodes. It is a
// fixed power of two, small enough to allocate at the first change, large
// enough that an unchanged path rarely hits a slot; indexing it needs no
// bounds check.
type markSlots [1 << 12]uint32

// slot returns node u's slot in the change filter. O(1).
func slot(u int32) uint32 { return uint32(u) % uint32(len(markSlots{})) }

// isBlocked reports whether node u is blocked. O(1).
func (o *changeSet) isBlocked(u int) bool {
	if o.blocked == nil || !o.lt.valid(u) {
		return false
	}
	_, ok := o.blocked[int32(u)]
	return ok
}

// cellCost is Overlay.CellCost. O(degree of u).
func (o *changeSet) cellCost(u int) (float64, bool) {
	if !o.lt.valid(u) || o.lt.t.Kind != table.KindGrid {
		return 0, false
	}
	if o.isBlocked(u) {
		return math.Inf(1), true
	}
	if x, ok := o.cells[int32(u)]; ok {
		return x, true
	}
	return o.lt.bakedCell(u), true
}

// edgeTail returns the node edge e of t leaves, by binary search of the
// offsets. O(log V).
func edgeTail(t *table.Table, e int32) int32 {
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

// cutsBlocked reports whether the move from u to v is diagonal on a grid
// and a cell beside it is blocked. O(1).
func (o *changeSet) cutsBlocked(u, v int32) bool {
	if len(o.blocked) == 0 || !o.lt.corners() {
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
func (o *changeSet) marked(u int32) bool { return o.mark[slot(u)] != 0 }

// weight is the cost of edge e from u to v through the overlay, +Inf when
// u or v is blocked or the edge is closed. O(1).
func (o *changeSet) weight(e, u, v int32) float64 {
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
func (o *changeSet) stepChanged(e, u, v int32) bool {
	if !o.marked(u) && !o.marked(v) {
		return false
	}
	return o.weight(e, u, v) != o.lt.t.Weights[e]
}

// crosses is Overlay.Crosses. O(len(path)), and O(degree) where a change
// is near.
func (o *changeSet) crosses(path []int) bool {
	if o.changes == 0 {
		return false
	}
	for i, u := range path {
		if !o.lt.valid(u) {
			return true
		}
		if o.mark[slot(int32(u))] == 0 {
			continue
		}
		if o.isBlocked(u) {
			return true
		}
		if i > 0 && o.stepCrosses(int32(path[i-1]), int32(u)) {
			return true
		}
		if i+1 < len(path) && o.lt.valid(path[i+1]) && o.stepCrosses(int32(u), int32(path[i+1])) {
			return true
		}
	}
	return false
}

// stepCrosses reports whether the table's step from u to v crosses a
// change: no baked edge joins them, or the one a table path takes costs
// other than baked. Callers test the change filter first, so an unmarked
// step costs no call. O(degree of u).
func (o *changeSet) stepCrosses(u, v int32) bool {
	e := o.edgeTo(u, v)
	return e < 0 || o.stepChanged(e, u, v)
}

// edgeTo returns the cheapest baked edge from u to v (the one a table path
// takes), or -1 when there is none. O(degree of u).
func (o *changeSet) edgeTo(u, v int32) int32 {
	t := o.lt.t
	best := int32(-1)
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		if t.Targets[e] == v && (best < 0 || t.Weights[e] < t.Weights[best]) {
			best = e
		}
	}
	return best
}

// String is Overlay.String.
func (o *changeSet) String() string {
	return "overlay: " + strconv.Itoa(len(o.blocked)) + " blocked, " +
		strconv.Itoa(len(o.edges)) + " edges and " + strconv.Itoa(len(o.cells)) + " cells raised"
}

// cost is the cost of edge e from u to v through the overlay, as a key
// when keyed; +Inf when closed. O(1).
func (o *changeSet) cost(e, u, v int32, keyed bool) float64 {
	w := o.weight(e, u, v)
	if !keyed || math.IsInf(w, 1) {
		return w
	}
	lt := o.lt
	k := lt.costs().key[uint(u)<<lt.hopShift|uint(e-lt.t.Offsets[u])]
	if c, ok := o.edges[e]; ok {
		k, _ = edgeKey(c) // inexact counts the costs keys cannot hold
	}
	if c, ok := o.cells[v]; ok {
		ck, _ := cellKey(c, o.lt.moveUnit(u, v) != 1)
		k = max(k, ck)
	}
	return k
}
