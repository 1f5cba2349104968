package lookup

import "github.com/pathtable/pathtable/table"

// A walker answers queries from the stored paths of one layout: one per
// layout (walk_flat.go, walk_runs.go, walk_window.go), picked once by New.
// Plain queries and the overlay walk paths with the same walker, so a
// layout's path walk is written once, and a new layout adds one file: its
// walker. Indices are valid when a walker is called.
type walker interface {
	// next is Table.Next, dist Table.Dist.
	next(from, to int) int
	dist(from, to int) (float64, bool)
	// path appends the stored path from from to to, both ends included,
	// to buf, and returns it with true; or buf unchanged and false when
	// there is none (no path, a pair not covered, or a damaged table's bad
	// move or cycle). It is the layout's one path walk: plain queries
	// return it, and an overlay checks the nodes it appended against its
	// changes.
	path(buf []int, from, to int) ([]int, bool)
	// covers reports whether the table answers the pair (Table.Covered).
	covers(from, to int) bool
}

// A stepper is the walker of a table of all pairs, whose stored paths
// reach every target from every node that has a path to it: an overlay
// searches its changed level over them (NewOverlay takes changes only
// there), reading them through these primitives and nothing else. A
// layout that stores no rows walks with advance; one that stores them is
// read in O(1) through them.
type stepper interface {
	walker
	// firstRow returns the first move of every node toward t, a slot of
	// Table.hops (the row proof that a node's stored path goes on through
	// hops[u<<hopShift | row[u]]), or nil where the layout stores no rows.
	firstRow(t int) []byte
	// distRow returns the baked distance of every node to t, read in O(1),
	// or nil where the layout stores none (its distances are walks).
	distRow(t int) (table.DistRow, bool)
	// position returns node u's position in the order advance walks in.
	// O(1).
	position(u int32) int32
	// advance returns the position after position r on the stored path
	// toward the target at position rt, the node there, and the move slot
	// taken out of r's node (a slot of Table.hops); -1 where there is none
	// (no path, or a damaged table's bad move or a move that names no
	// edge). O(1) to O(log runs of the row).
	advance(r, rt int32) (next, v int32, m uint)
}

// walkerMakers holds each layout's walker constructor: it returns the
// walker of a payload of its own layout, and nil for any other. Each
// walker file adds its own at init, as image formats register themselves,
// so a new layout is one new file and nothing here asks which layout a
// table has.
var walkerMakers []func(lt *Table, p table.Payload) walker

// newWalker returns the walker of p's layout, nil for a payload no walker
// knows (none is decoded). O(what the walker's constructor costs).
func newWalker(lt *Table, p table.Payload) walker {
	for _, mk := range walkerMakers {
		if w := mk(lt, p); w != nil {
			return w
		}
	}
	return nil
}

// hopArray lays out each node's out-edge targets at a fixed power-of-two
// stride, -1 past the node's degree: hops[u<<shift | m] is the node first
// move m leads to from u, so a path step is two dependent loads (the
// move, then this) instead of three through the CSR. The stride is the
// largest degree rounded up to a power of two: 32 bytes a node on
// 8-connected grids, at most 1 KiB a node (degree 255), small beside the
// n bytes a node of first moves of any level worth a table. O(V·stride).
func hopArray(offsets, targets []int32) ([]int32, uint) {
	n := len(offsets) - 1
	maxDeg := int32(0)
	for u := range n {
		maxDeg = max(maxDeg, offsets[u+1]-offsets[u])
	}
	shift := uint(0)
	for 1<<shift < maxDeg {
		shift++
	}
	hops := make([]int32, n<<shift)
	for u := range n {
		slots := hops[u<<shift : (u+1)<<shift]
		for m := range slots {
			slots[m] = -1
		}
		copy(slots, targets[offsets[u]:offsets[u+1]])
	}
	return hops, shift
}

// hop returns the node that first move m leads to from u; -1 when there is
// none or m does not name an out-edge (a table altered behind its checksum).
func (lt *Table) hop(u int, m uint) int {
	if m >= uint(1)<<lt.hopShift {
		return -1
	}
	return int(lt.hops[uint(u)<<lt.hopShift|m])
}
