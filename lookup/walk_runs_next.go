package lookup

import "github.com/pathtable/pathtable/table"

// Next on a run-length grid table with open boxes reads, of its source,
// the arms, cell, component, row bounds, slots by direction, jump set and
// where each slot leads; of its target, the rank, cell and component.
// Held in one record a node, a cache line, they come in two loads that
// issue together, where reading them from the walker's arrays waits on
// the rank's load before the row's bounds and the node's slots, and on
// the move before the hop.

// nodeRec is what Next reads of a node: 64 bytes.
type nodeRec struct {
	rank int32
	arms uint32 // see boxRule
	x, y uint16 // its cell
	n    uint16 // its row: runs lo up to lo+n
	jump uint8  // its table.SymbolDirs' Jump and Slot
	_    uint8
	lo   uint32
	slot uint32
	comp int32 // its component's label (ComponentStarts), 0 without
	_    uint32
	hops [8]int32 // the node each slot leads to, -1 for none
}

// newNodeRecs returns w's records by node, or nil where the table is
// not one of grid moves (8 slots at most) with open boxes, or does not
// fit them (cells or rows beyond 16 bits). O(V); 64 bytes a node.
func newNodeRecs(w *runWalker) []nodeRec {
	lt := w.lt
	if w.box == nil || lt.hopShift > 3 {
		return nil
	}
	recs := make([]nodeRec, len(w.order))
	stride := 1 << lt.hopShift
	for u := range recs {
		r := w.rank[u]
		lo, hi, x, y := w.rowStart[r], w.rowStart[r+1], w.xy[2*r], w.xy[2*r+1]
		if hi-lo > 0xFFFF || uint32(x) > 0xFFFF || uint32(y) > 0xFFFF {
			return nil
		}
		rec := &recs[u]
		rec.rank, rec.arms, rec.x, rec.y = r, w.box.arms[r], uint16(x), uint16(y)
		rec.lo, rec.n, rec.jump, rec.slot = lo, uint16(hi-lo), w.dirs[r].Jump, w.dirs[r].Slot
		if w.comp != nil {
			rec.comp = w.comp[r]
		}
		for m := range rec.hops {
			rec.hops[m] = -1
			if m < stride {
				rec.hops[m] = lt.hops[u*stride+m]
			}
		}
	}
	return recs
}

// recWalker is a runWalker whose table has node records (newNodeRecs):
// a type of its own, so that the interface calls each kind of table's
// Next directly, with no test of which kind it is and no call more.
type recWalker struct{ *runWalker }

// next is O(log runs of from's row), by the records: H_1 where the box
// of from and to is open, without the row's search; the row's move where
// it is closed, which the arms tell at once for most far pairs. Testing
// the box first measured faster than after the search (skipping the test
// where the row says H_1), in the game loop most of all, where agents
// near their goals stand in open boxes.
func (w recWalker) next(from, to int) int {
	s, t := &w.nodes[from], &w.nodes[to]
	if s.comp != t.comp || from == to {
		return -1 // another component: no path, the row unread
	}
	dx, dy := int32(t.x)-int32(s.x), int32(t.y)-int32(s.y)
	m := uint(table.SymbolBase)
	if reach(s.arms, dx, dy) && w.box.sum(int32(s.x), int32(s.y), int32(t.x), int32(t.y)) {
		// H_1, the move toward the signs, which a node in an open box
		// has unless its grid has no diagonal moves.
		if j := s.slot >> (4 * table.SignDir(int(dx), int(dy))) & 0xF; j != 0xF {
			return int(s.hops[j&7])
		}
	} else {
		m = w.runMove(s.lo, s.lo+uint32(s.n), t.rank)
	}
	if m-table.SymbolBase < w.symRanks {
		// The offset read again: kept across the search's call, it would
		// go to the stack and back, on the way to the move.
		m = w.symbolAt(s.rank, s.slot, s.jump, m, int(t.x)-int(s.x), int(t.y)-int(s.y))
	}
	if m >= uint(len(s.hops)) {
		return -1 // no path, or a corrupt table's bad move
	}
	return int(s.hops[m])
}
