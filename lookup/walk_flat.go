package lookup

import "github.com/pathtable/pathtable/table"

// flatWalker walks a flat table (table.Flat): a whole path inside the
// target's row of first moves, each step the row's byte and a hop; O(1)
// distances from the target's row of distances.
type flatWalker struct {
	lt *Table
	f  *table.Flat
}

func init() {
	walkerMakers = append(walkerMakers, func(lt *Table, p table.Payload) walker {
		f, ok := p.(*table.Flat)
		if !ok {
			return nil
		}
		lt.hops, lt.hopShift = hopArray(lt.t.Offsets, lt.t.Targets)
		return &flatWalker{lt: lt, f: f}
	})
}

// next is O(1).
func (w *flatWalker) next(from, to int) int { return w.lt.hop(from, uint(w.f.Move(from, to))) }

// dist is O(1).
func (w *flatWalker) dist(from, to int) (float64, bool) { return w.f.Distance(from, to) }

func (w *flatWalker) covers(int, int) bool { return true }

// path walks the target's row: O(path length).
func (w *flatWalker) path(buf []int, from, to int) ([]int, bool) {
	lt := w.lt
	row := w.f.FirstRow(to)
	start := len(buf)
	limit := start + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := lt.hops, lt.hopShift, uint(1)<<lt.hopShift
	buf = append(buf, from)
	for u := from; u != to; {
		m := uint(row[u])
		if m >= stride || len(buf) >= limit {
			return buf[:start], false // a corrupt table's bad move, or a cycle
		}
		v := hops[uint(u)<<shift|m]
		if v < 0 {
			return buf[:start], false // no path, or a move that names no edge
		}
		u = int(v)
		buf = append(buf, u)
	}
	return buf, true
}

// firstRow is the target's row of first moves. O(1).
func (w *flatWalker) firstRow(t int) []byte { return w.f.FirstRow(t) }

// distRow is the target's row of distances. O(1).
func (w *flatWalker) distRow(t int) (table.DistRow, bool) { return w.f.DistRow(t), true }

// position is the node: a flat table walks by node.
func (w *flatWalker) position(u int32) int32 { return u }

// advance reads the target's row of first moves. O(1).
func (w *flatWalker) advance(u, t int32) (int32, int32, uint) {
	m := uint(w.f.Move(int(u), int(t)))
	v := int32(w.lt.hop(int(u), m))
	return v, v, m
}
