package build

import (
	"encoding/binary"
	"math"
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

// vectorSweep runs the sweep's inner loop as vector code where the
// processor has it (sweep_amd64.s), in 512-bit registers when wideSweep
// is set too; tests turn them off to check each against the Go loop.
var (
	vectorSweep = hasAVX2
	wideSweep   = hasAVX512
)

// sweep is one worker's scratch for computing rows over a hierarchy,
// reused across batches so that a batch allocates nothing.
type sweep struct {
	h     *hierarchy
	dist  [][sweepRows]uint64 // packed distances by position, one column per row
	climb []uint64            // bit set of positions the climb has yet to leave
	// seen is the bit set of positions the batch's climbs reached, whose
	// dist holds this batch's values; the sweep starts every other
	// position from unreached.
	seen []uint64
}

// allUnreached is a position's start, every column unreached.
var allUnreached = [sweepRows]uint64{unreached, unreached, unreached, unreached, unreached, unreached, unreached, unreached}

func newSweep(h *hierarchy) *sweep {
	n := len(h.node)
	return &sweep{h: h, dist: make([][sweepRows]uint64, n), climb: make([]uint64, n/64+1), seen: make([]uint64, n/64+1)}
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
	s.runRange(targets, 0, int32(len(s.dist)))
}

// runRange is run for targets whose arcs all stay within positions lo to
// hi-1 (a component's, see hierarchy.layout): it leaves every other
// position as it was. O(S + (hi-lo)/64) per target, then O(U') for the U'
// up arcs of those positions.
func (s *sweep) runRange(targets *[sweepRows]int32, lo, hi int32) {
	h, dist, seen := s.h, s.dist, s.seen
	clear(seen[lo/64 : (hi+63)/64])
	s.climbAll(targets, lo)
	up, upOff := h.up, h.upOff
	if vectorSweep && hi > lo && len(up) > 0 {
		if wideSweep {
			sweepRangeAVX512(&dist[0], &seen[0], &up[0], &upOff[0], int(lo), int(hi))
		} else {
			sweepRangeAVX2(&dist[0], &seen[0], &up[0], &upOff[0], int(lo), int(hi))
		}
		lo = hi // done
	}
	for p := lo; p < hi; p++ {
		// Eight named accumulators stay in registers across the arcs; an
		// array would be stored and reloaded per arc.
		row := &dist[p]
		if seen[p/64]&(1<<(p%64)) == 0 {
			*row = allUnreached
		}
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

// climbAll fills each column j from targets[j] up through the arcs into it
// from higher ranks, none below position lo: the exact distance of every
// node whose shortest path to the target only descends. Those arcs lead
// to smaller positions, so taking reached positions from the largest down
// finishes each before it is used: a bit set and a scan of (pt-lo)/64
// words replace a priority queue. The targets climb together, each arc
// relaxing all eight columns, so that the top of the hierarchy, which
// every target reaches, is climbed once per batch instead of once per
// target.
func (s *sweep) climbAll(targets *[sweepRows]int32, lo int32) {
	h, dist, climb := s.h, s.dist, s.climb
	top := lo
	for j, t := range targets {
		pt := h.pos[t]
		s.reach(pt)
		dist[pt][j] = table.NoMove
		climb[pt/64] |= 1 << (pt % 64)
		top = max(top, pt)
	}
	if vectorSweep && wideSweep && len(h.down) > 0 {
		climbAVX512(&dist[0], &s.seen[0], &climb[0], &h.down[0], &h.downOff[0], int(top), int(lo))
		return
	}
	for w := top / 64; w >= lo/64; w-- {
		for climb[w] != 0 {
			b := int32(bits.Len64(climb[w]) - 1)
			climb[w] &^= 1 << b
			y := w*64 + b
			arcs := h.down[h.downOff[y]:h.downOff[y+1]]
			if vectorSweep && len(arcs) > 0 {
				for _, a := range arcs {
					s.reach(a.at)
					climb[a.at/64] |= 1 << (a.at % 64)
				}
				climbArcsAVX2(&dist[0], &dist[y], &arcs[0], len(arcs))
				continue
			}
			dy := dist[y]
			for j := range dy {
				dy[j] &^= 0xFF
			}
			for _, a := range arcs {
				s.reach(a.at)
				row, v := &dist[a.at], a.val
				row[0] = min(row[0], dy[0]+v)
				row[1] = min(row[1], dy[1]+v)
				row[2] = min(row[2], dy[2]+v)
				row[3] = min(row[3], dy[3]+v)
				row[4] = min(row[4], dy[4]+v)
				row[5] = min(row[5], dy[5]+v)
				row[6] = min(row[6], dy[6]+v)
				row[7] = min(row[7], dy[7]+v)
				climb[a.at/64] |= 1 << (a.at % 64)
			}
		}
	}
}

// reach makes position p one of the batch's seen ones, all unreached the
// first time. O(1).
func (s *sweep) reach(p int32) {
	if bit := uint64(1) << (p % 64); s.seen[p/64]&bit == 0 {
		s.seen[p/64] |= bit
		s.dist[p] = allUnreached
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
			a, b := table.OctileKeyParts(d)
			oct.Set(int(x), a, b)
		} else {
			dist.SetInt(int(x), d)
		}
	}
}

// putAll writes column j as row rows[j], for every row: one pass per
// row, each writing its row in node order, or, with all eight rows of
// octile distances and the vector sweep, one pass for all of them. O(V)
// per row.
func (s *sweep) putAll(rows []table.Row) {
	from := 0
	if vectorSweep && wideSweep && len(rows) == sweepRows && s.h.hopScale == 0 {
		from = s.putOctilesWide(rows)
	}
	for j, row := range rows {
		oct, ok := row.Dist.Octile16()
		if !ok || s.h.hopScale != 0 {
			s.put(j, row)
			continue
		}
		s.putOctile(j, row.First, oct, from)
	}
}

// putOctilesWide writes the nodes of all eight rows that putOctilesAVX512
// takes, when every row holds DistOctile16 distances, and returns how
// many nodes that was: 0 or a multiple of eight. O(V) per row.
func (s *sweep) putOctilesWide(rows []table.Row) int {
	n := len(s.h.pos) &^ (sweepRows - 1)
	if n == 0 {
		return 0
	}
	var firsts, octs [sweepRows]*byte
	for j, row := range rows {
		oct, ok := row.Dist.Octile16()
		if !ok {
			return 0
		}
		first, oct := row.First[:len(s.h.pos)], oct[:4*len(s.h.pos)]
		firsts[j], octs[j] = &first[0], &oct[0]
	}
	putOctilesAVX512(&s.dist[0], &s.h.pos[0], n, &firsts, &octs)
	return n
}

// putOctile is put for a row of DistOctile16 distances, from node from
// on: the loop of every flat octile build, kept to a few instructions an
// entry.
func (s *sweep) putOctile(j int, first []byte, oct table.Octile16Row, from int) {
	pos, dist := s.h.pos, s.dist
	first = first[:len(pos)]
	oct = oct[:4*len(first)]
	j &= sweepRows - 1
	for x := from; x < len(first); x++ {
		v := dist[pos[x]][j]
		word := uint32(math.MaxUint32)
		if v < unreached&^0xFF {
			a, b := table.OctileKeyParts(v >> 8)
			word = uint32(a) | uint32(b)<<16
		}
		first[x] = byte(v)
		binary.LittleEndian.PutUint32(oct[4*x:4*x+4], word)
	}
}
