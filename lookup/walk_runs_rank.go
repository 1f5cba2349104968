package lookup

import "github.com/pathtable/pathtable/table"

// A path's step on a run-length grid table with open boxes reads, of the
// node it stands on, its row's bounds, its cell, its moves' slots by
// direction and jump set, and where each slot leads: held in one record a
// rank, half a cache line, instead of four arrays, so that a step waits
// on one load for all of them.

// rankRec is what a step reads of a rank: 32 bytes.
type rankRec struct {
	lo   uint32 // its row: runs lo up to lo+n
	n    uint16
	x, y uint16 // its cell
	jump uint8  // its table.SymbolDirs' Jump and Slot
	_    uint8
	slot uint32
	hops [8]uint16 // the rank each slot leads to, noRec for none
}

// noRec is a rankRec's hop that names no edge; levels with records have
// fewer ranks.
const noRec = 0xFFFF

// newRankRecs returns w's records, or nil where the table is not one of
// grid moves (8 slots at most) with open boxes, or does not fit them
// (noRec nodes or more, cells beyond 16 bits). O(V).
func newRankRecs(w *runWalker) []rankRec {
	n := len(w.order)
	if w.box == nil || w.lt.hopShift > 3 || n >= noRec {
		return nil
	}
	recs := make([]rankRec, n)
	stride := 1 << w.lt.hopShift
	for r := range recs {
		lo, hi, x, y := w.rowStart[r], w.rowStart[r+1], w.xy[2*r], w.xy[2*r+1]
		if hi-lo > 0xFFFF || uint32(x) > 0xFFFF || uint32(y) > 0xFFFF {
			return nil
		}
		rec := &recs[r]
		rec.lo, rec.n, rec.x, rec.y = lo, uint16(hi-lo), uint16(x), uint16(y)
		rec.jump, rec.slot = w.dirs[r].Jump, w.dirs[r].Slot
		for m := range rec.hops {
			rec.hops[m] = noRec
			if m < stride && w.hops[r*stride+m] >= 0 {
				rec.hops[m] = uint16(w.hops[r*stride+m])
			}
		}
	}
	return recs
}

// recPath is boxPath by the records. O(path length × log runs per row)
// at most, O(1) a step in the open box.
func (w *runWalker) recPath(buf []int, from, to int) ([]int, bool) {
	lt, b, recs := w.lt, w.box, w.recs
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	target := w.rank[to]
	tx, ty, tArms := int32(recs[target].x), int32(recs[target].y), b.arms[target]
	buf = append(buf, from)
	for r, closed := w.rank[from], int32(0); r != target; closed-- {
		rec := &recs[r]
		x, y := int32(rec.x), int32(rec.y)
		// Test the box where it may be open: not within the target's gap.
		if closed <= 0 {
			if closed = gap(tArms, x-tx, y-ty); closed <= 0 && w.openAt(r, tx, ty) {
				if k, d := b.steps(tx-x, ty-y); len(buf)+k+d > limit {
					return buf[:start], false // only after a corrupt table's detour
				}
				return b.finish(buf, x, y, tx, ty), true
			}
		}
		m := w.runMove(rec.lo, rec.lo+uint32(rec.n), target)
		if m-table.SymbolBase < w.symRanks {
			m = w.symbolAt(r, rec.slot, rec.jump, m, int(tx-x), int(ty-y))
		}
		if m >= uint(len(rec.hops)) || len(buf) >= limit || rec.hops[m] == noRec {
			return buf[:start], false // no path, a corrupt table's bad move or one that names no edge, or a cycle
		}
		r = int32(rec.hops[m])
		buf = append(buf, int(w.order[r]))
	}
	return buf, true
}
