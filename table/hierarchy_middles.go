package table

import (
	"slices"
	"sync/atomic"
)

// A shortcut between positions a and c (a < c, so stored at c) stands
// for two arcs through a position x below both: x's arcs to a and to c,
// whose costs add up to the shortcut's. Which x a shortcut had when it was
// made is not stored (it would take a third of the file again), nor found
// at load, which would cost a game's level start a pass over every pair of
// arcs of every node: the first query that unpacks an arc that is no edge
// of the level finds its middle among the positions with arcs to both
// ends, the smallest x whose costs add up, and remembers it for every
// later query. Any such x gives a shortest path, and the smallest makes
// the choice the file's alone, whatever the order of the queries.

// A split is what unpacking knows of an arc one way: its middle x and
// x's two arcs, to the arc's tail and to its head; x is splitEdge for an
// edge of the level (checked against the level's graph), splitBad for an
// arc that is neither, only in a damaged table.
type chSplit struct {
	x              int32
	toTail, toHead uint32
}

const (
	splitEdge = -1
	splitBad  = -2
)

// A split is remembered in a word: 0 for not yet found, memoEdge for an
// edge, or x<<32 | i<<16 | j for a middle x whose arcs to the tail and
// to the head are its i-th and j-th (never both 0). A middle with more
// arcs than that packs is found again by every query that needs it.
const (
	memoUnknown uint64 = 0
	memoEdge    uint64 = 1<<64 - 1
	memoLocal          = 1<<16 - 1
)

// inArcs lists, for each position, the positions below it with an arc to
// it, in increasing order: where a shortcut's middle is looked for.
// O(V + arcs).
func (y *Hierarchy) inArcs() {
	n := len(y.order)
	y.inOff = make([]uint32, n+1)
	for _, h := range y.heads {
		y.inOff[h+1]++
	}
	for p := range n {
		y.inOff[p+1] += y.inOff[p]
	}
	y.inTail = make([]int32, len(y.heads))
	fill := slices.Clone(y.inOff[:n])
	for x := range int32(n) {
		for _, h := range y.heads[y.off[x]:y.off[x+1]] {
			y.inTail[fill[h]] = x
			fill[h]++
		}
	}
	y.splitUp = make([]uint64, len(y.heads))
	y.splitDown = nil
	if y.down != nil {
		y.splitDown = make([]uint64, len(y.heads))
	}
}

// split returns hop's split, finding it the first time. Safe for
// concurrent use: every query finds the same split, so a race to store it
// stores one value. O(1) once found; the first time O(k log d) for the k
// positions with an arc to the end with fewer.
func (y *Hierarchy) split(t *Table, hop chHop) chSplit {
	memo := y.splitUp
	if hop.down && y.splitDown != nil {
		memo = y.splitDown
	}
	switch w := atomic.LoadUint64(&memo[hop.arc]); w {
	case memoUnknown:
	case memoEdge:
		return chSplit{x: splitEdge}
	default:
		x := int32(w >> 32)
		return chSplit{x, y.off[x] + uint32(w>>16)&memoLocal, y.off[x] + uint32(w)&memoLocal}
	}
	sp := y.findSplit(t, hop)
	switch {
	case sp.x == splitEdge:
		atomic.StoreUint64(&memo[hop.arc], memoEdge)
	case sp.x >= 0 && sp.toTail-y.off[sp.x] <= memoLocal && sp.toHead-y.off[sp.x] <= memoLocal:
		atomic.StoreUint64(&memo[hop.arc], uint64(sp.x)<<32|uint64(sp.toTail-y.off[sp.x])<<16|uint64(sp.toHead-y.off[sp.x]))
	}
	return sp
}

// findSplit returns hop's split: an edge of the level where the level has
// one of the arc's cost, else its least middle.
func (y *Hierarchy) findSplit(t *Table, hop chHop) chSplit {
	c, a := hop.tail, y.heads[hop.arc]
	want := y.arcKey(hop.arc, hop.down)
	if want == chInf {
		return chSplit{x: splitBad}
	}
	from, to := y.order[c], y.order[a]
	if hop.down {
		from, to = to, from
	}
	if y.isEdge(t, from, to, want) {
		return chSplit{x: splitEdge}
	}
	// The positions with arcs to both ends: those of the end with fewer,
	// checked for an arc to the other.
	near, far := c, a
	if y.inOff[a+1]-y.inOff[a] < y.inOff[c+1]-y.inOff[c] {
		near, far = a, c
	}
	for _, x := range y.inTail[y.inOff[near]:y.inOff[near+1]] {
		j, ok := y.arcTo(x, far)
		if !ok {
			continue
		}
		toTail, toHead := y.arcTo1(x, near), j
		if near == a {
			toTail, toHead = j, toTail
		}
		// Upward the shortcut goes from c down to x and up to a;
		// downward from a down to x and up to c.
		first, second := y.arcKey(toTail, true), y.arcKey(toHead, false)
		if hop.down {
			first, second = y.arcKey(toHead, true), y.arcKey(toTail, false)
		}
		if first != chInf && second != chInf && first+second == want {
			return chSplit{x, toTail, toHead}
		}
	}
	return chSplit{x: splitBad}
}

// arcTo1 is arcTo for an arc known to be there.
func (y *Hierarchy) arcTo1(p, h int32) uint32 {
	i, _ := y.arcTo(p, h)
	return i
}

// arcTo returns the index of position p's arc to head h. O(log d).
func (y *Hierarchy) arcTo(p, h int32) (uint32, bool) {
	lo, hi := y.off[p], y.off[p+1]
	if hi-lo <= 16 { // most positions: a scan beats a search's branches
		for i, x := range y.heads[lo:hi] {
			if x >= h {
				return lo + uint32(i), x == h
			}
		}
		return hi, false
	}
	k, ok := slices.BinarySearch(y.heads[lo:hi], h)
	return lo + uint32(k), ok
}
