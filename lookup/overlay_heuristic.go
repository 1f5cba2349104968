package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// heuristic reads the baked distance of any node to one target: in O(1)
// from the target's row of distances where the table stores one (as exact
// keys when keyed, integers or float64: the row's encoding), otherwise
// summed along walks of stored paths (hWalk): changeSet.heuristic makes it.
type heuristic struct {
	mode  hMode
	first []byte // the target's first-move row, nil without one
	oct   table.Octile16Row
	row   table.DistRow
	w     []float64 // hWalk: the search's costs by hop slot (keys when keyed), summed along walks
	rank  int32     // hWalk: the target's position in the walker's order (stepper.position)
}

type hMode uint8

const (
	hKeys  hMode = iota // octile keys from a DistOctile16 row
	hInt                // integer distances
	hFloat              // any other stored distance, as float64
	hWalk               // no row: summed along table paths
)

// at returns the baked distance of u, +Inf when unreachable; not for
// hWalk. O(1).
func (h *heuristic) at(u int32) float64 {
	switch h.mode {
	case hKeys:
		return h.oct.Key(int(u))
	case hInt:
		if x, ok := h.row.Int(int(u)); ok {
			return float64(x)
		}
		return math.Inf(1)
	}
	d, _ := h.row.At(int(u))
	return d
}

// step returns the node after u on the table path to the target, from
// the target's first-move row, or -1 without one.
// O(1); it inlines.
func (h *heuristic) step(lt *Table, u int32) int32 {
	if h.first == nil {
		return -1
	}
	return int32(lt.hop(int(u), uint(h.first[u])))
}

// heuristic returns the baked distance to t as the search reads it: from
// the layout's rows where it stores them (as exact keys when keyed), else
// the search's costs (keys when keyed) to sum along walks. O(1).
func (o *changeSet) heuristic(t int32, keyed bool) heuristic {
	if !o.rows {
		c := o.lt.costs()
		h := heuristic{mode: hWalk, w: c.w, rank: o.st.position(t)}
		if keyed {
			h.w = c.key
		}
		return h
	}
	row, _ := o.st.distRow(int(t))
	h := heuristic{mode: hFloat, row: row, first: o.st.firstRow(int(t))}
	switch kind := o.lt.t.DistKind; {
	case keyed:
		h.mode = hKeys
		h.oct, _ = row.Octile16()
	case kind == table.DistU16 || kind == table.DistU32 || kind == table.DistU64:
		h.mode = hInt
	}
	return h
}

// setH gives node u (state n) its baked distance to t. O(1) from a row,
// else a walk.
func (q query) setH(n *searchNode, u, t int32) {
	if q.sc.hr.mode == hWalk {
		q.walkSums(u, t)
		return
	}
	n.h, n.flags = q.sc.hr.at(u), n.flags|hSet
}
