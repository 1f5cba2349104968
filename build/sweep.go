package build

import (
	"math/bits"

	"github.com/pathtable/pathtable/table"
)

// sweepRows is how many target rows one sweep computes together: each
// arc the sweep reads serves them all, and eight packed distances fill
// one cache line per position.
const sweepRows = 8

// A packed distance is key<<8 | first move: adding an arc's packed cost to
// a distance with its move masked off gives the walk through that arc with
// the arc's move, and the smaller of two packed distances is the shorter
// walk (ties to the lower move), so a sweep step is an add and a min with
// no branch. Keys stay below 2^53 and packed walks below 2^61; anything
// from unreached up is unreachable, however many arc costs were added to it.
const unreached = 1<<62 | table.NoMove

// sweep is one worker's scratch for computing rows over a hierarchy,
// reused across batches so that a batch allocates nothing.
type sweep struct {
	h     *hierarchy
	dist  [][sweepRows]uint64 // packed distances by position, one column per row
	fresh [][sweepRows]uint64 // all unreached, copied over dist to start
	climb []uint64            // bit set of positions the climb has reached
}

func newSweep(h *hierarchy) *sweep {
	n := len(h.node)
	s := &sweep{h: h, dist: make([][sweepRows]uint64, n), fresh: make([][sweepRows]uint64, n), climb: make([]uint64, n/64+1)}
	for p := range s.fresh {
		for j := range sweepRows {
			s.fresh[p][j] = unreached
		}
	}
	return s
}

// run computes the shortest paths from every node to each target, column
// j for targets[j]. Each target climbs the hierarchy first: the arcs into
// it from higher ranks, and theirs, which give the exact distance of every
// node whose shortest path to the target only descends. A sweep over all
// positions from the highest rank down then finishes every node from the
// up arcs it has, whose heads are all done. O(S + V/64) per target for the
// S arcs it climbs, then O(U) for the U up arcs for all of them together.
// Bastert, Delling, Goldberg and Werneck, "PHAST: Hardware-accelerated
// shortest path trees" (2011).
func (s *sweep) run(targets *[sweepRows]int32) {
	h, dist := s.h, s.dist
	copy(dist, s.fresh)
	for j, t := range targets {
		s.climbFrom(j, h.pos[t])
	}
	up, upOff := h.up, h.upOff
	for p := range dist {
		// Eight named accumulators stay in registers across the arcs; an
		// array would be stored and reloaded per arc.
		row := &dist[p]
		d0, d1, d2, d3, d4, d5, d6, d7 := row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]
		for _, a := range up[upOff[p]:upOff[p+1]] {
			head, v := &dist[a.at], a.val
			d0 = min(d0, head[0]&^0xFF+v)
			d1 = min(d1, head[1]&^0xFF+v)
			d2 = min(d2, head[2]&^0xFF+v)
			d3 = min(d3, head[3]&^0xFF+v)
			d4 = min(d4, head[4]&^0xFF+v)
			d5 = min(d5, head[5]&^0xFF+v)
			d6 = min(d6, head[6]&^0xFF+v)
			d7 = min(d7, head[7]&^0xFF+v)
		}
		*row = [sweepRows]uint64{d0, d1, d2, d3, d4, d5, d6, d7}
	}
	// A zero-cost cycle through a target offers it a walk of length 0
	// with a move; its own entry has none.
	for j, t := range targets {
		dist[h.pos[t]][j] = table.NoMove
	}
}

// climbFrom fills column j from the target at position pt up through the
// arcs into it from higher ranks. Those lead to smaller positions, so
// taking reached positions from the largest down finishes each before it
// is used: a bit set and a scan of V/64 words replace a priority queue.
func (s *sweep) climbFrom(j int, pt int32) {
	h, dist, climb := s.h, s.dist, s.climb
	dist[pt][j] = table.NoMove
	climb[pt/64] |= 1 << (pt % 64)
	for w := pt / 64; w >= 0; w-- {
		for climb[w] != 0 {
			b := int32(bits.Len64(climb[w]) - 1)
			climb[w] &^= 1 << b
			y := w*64 + b
			dy := dist[y][j] &^ 0xFF
			for _, a := range h.down[h.downOff[y]:h.downOff[y+1]] {
				dist[a.at][j] = min(dist[a.at][j], dy+a.val)
				climb[a.at/64] |= 1 << (a.at % 64)
			}
		}
	}
}

// put writes column j as a row of the table: first moves, and distances
// in the row's kind, both by node. Column by column beats one pass over
// all columns, whose writes spread over eight rows at once. O(V).
func (s *sweep) put(j int, row table.Row) {
	first, dist := row.First[:len(s.h.node)], row.Dist
	oct, octile := dist.Octile16()
	scale := s.h.hopScale
	for p, x := range s.h.node {
		v := s.dist[p][j]
		if v >= unreached&^0xFF {
			first[x] = table.NoMove
			dist.SetNone(int(x))
			continue
		}
		first[x] = byte(v)
		d := v >> 8
		if scale != 0 {
			d /= scale
		}
		if octile {
			a, b := table.OctileParts(float64(d))
			oct.Set(int(x), a, b)
		} else {
			dist.SetInt(int(x), d)
		}
	}
}
