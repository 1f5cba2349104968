package lookup

// A walker answers queries from the stored paths of one layout: one per
// layout (walk_flat.go, walk_runs.go, walk_window.go), picked once by New.
// Plain queries and the overlay walk paths with the same walker, so a
// layout's path walk is written once. Indices are valid when a walker is
// called.
type walker interface {
	// next is Table.Next, dist Table.Dist.
	next(from, to int) int
	dist(from, to int) (float64, bool)
	// path appends the stored path from from to to, both ends included,
	// to buf, and returns it with true; or buf unchanged and false when
	// there is none (no path, a pair not covered, or a damaged table's bad
	// move or cycle). It is the layout's one path walk: plain queries
	// return it, and an overlay checks the nodes it appended against its
	// changes (Overlay.checked).
	path(buf []int, from, to int) ([]int, bool)
	// covers reports whether the table answers the pair (Table.Covered).
	covers(from, to int) bool
}

// A searcher is a walker whose stored paths reach every target from every
// node that has a path to it, so that an overlay can bound a search by
// them and finish it along them: the walkers of tables of all pairs.
type searcher interface {
	walker
	// heuristic returns the baked distance to t (on exact octile keys
	// when keyed) as the overlay's search reads it.
	heuristic(t int32, keyed bool) heuristic
	// walk follows the stored path from x toward t until it reaches t or
	// a node this query has walked (or, with O(1) distances, a step that
	// crosses a change), and marks every node on the way with whether its
	// stored path crosses a change, its successor and, without O(1)
	// distances, its baked distance. Stored paths toward one target merge,
	// so a query walks each node at most once. O(new nodes walked).
	walk(o *view, sc *scratch, x, t int32, hr *heuristic)
	// fresh gives node v, met for the first time in this query (state
	// n), what the search reads of it before it is walked, where that is
	// cheap: nothing with O(1) distances.
	fresh(o *view, sc *scratch, n *searchNode, v, t int32, hr *heuristic)
	// seed gives the nodes of stored, the stored path from the source to
	// t whose prefix stored[:cut] ends with a step that crosses a change
	// (see Overlay.checked), their status without a walk each; it may
	// read stored[:cut] only.
	seed(o *view, sc *scratch, stored []int, cut int, t int32, hr *heuristic)
	// tail appends the stored path after end, which the search returned,
	// to to, reusing what the query's walks recorded.
	tail(o *view, sc *scratch, buf []int, end, to int32) ([]int, bool)
}

// pathState is what the stored path of a pair says, through an overlay.
type pathState uint8

const (
	pathUnchanged pathState = iota // exists and crosses no change: still shortest
	pathChanged                    // crosses a change: search
	pathNone                       // no stored path, so none now either
)

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
