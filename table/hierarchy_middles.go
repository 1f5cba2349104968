package table

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// A shortcut between positions a and c (a < c, so stored at c) stands
// for two arcs through a position x below both: x's arcs to a and to c,
// whose costs add up to the shortcut's. Which x a shortcut had when it was
// made is not stored (it would take a third of the file again); middles
// finds one for every arc at load, the smallest such x, and an arc with
// none is an edge of the level. Any such x gives a shortest path, and the
// smallest makes the choice the file's alone.

// middles sets mid (and midDown on directed hierarchies) of every arc,
// on every processor: each arc keeps the least middle any of them finds
// (an atomic minimum), so the result does not depend on their schedule.
// O(Σ d² log d) over the positions' arc counts d, divided by the
// processors.
func (y *Hierarchy) middles() {
	y.mid = filled(len(y.heads), noMiddle)
	y.midDown = nil
	if y.down != nil {
		y.midDown = filled(len(y.heads), noMiddle)
	}
	n := int32(len(y.order))
	var next atomic.Int32
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), int(n/middleChunk)+1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := next.Add(middleChunk) - middleChunk
				if lo >= n {
					return
				}
				for x := lo; x < min(lo+middleChunk, n); x++ {
					y.middlesOf(x)
				}
			}
		}()
	}
	wg.Wait()
	for _, mids := range [][]int32{y.mid, y.midDown} {
		for i, x := range mids {
			if x == noMiddle {
				mids[i] = -1
			}
		}
	}
}

// noMiddle marks an arc no middle has been found for while middles runs.
const noMiddle = math.MaxInt32

// middleChunk is how many positions a worker of middles takes at a time.
const middleChunk = 1024

// middlesOf offers x as the middle of every arc between two of its heads.
func (y *Hierarchy) middlesOf(x int32) {
	lo, hi := y.off[x], y.off[x+1]
	for i := lo; i < hi; i++ {
		for j := i + 1; j < hi; j++ {
			// heads[i] < heads[j]: the arc between them is at heads[j].
			if m, ok := y.arcTo(y.heads[j], y.heads[i]); ok {
				y.middle(m, i, j, x)
			}
		}
	}
}

// middle offers x as arc m's middle where its arcs i (to m's head) and j
// (to m's tail) make m's cost.
func (y *Hierarchy) middle(m, i, j uint32, x int32) {
	// Upward, m goes from its tail (j's head) down to x and up to its
	// head (i's); downward the other way round.
	if up := y.cost(m, false); !math.IsInf(up, 1) && y.cost(j, true)+y.cost(i, false) == up {
		lower(&y.mid[m], x)
	}
	if y.down == nil {
		return
	}
	if down := y.cost(m, true); !math.IsInf(down, 1) && y.cost(i, true)+y.cost(j, false) == down {
		lower(&y.midDown[m], x)
	}
}

// lower sets *v to x where x is less, atomically.
func lower(v *int32, x int32) {
	for {
		old := atomic.LoadInt32(v)
		if x >= old || atomic.CompareAndSwapInt32(v, old, x) {
			return
		}
	}
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

// midOf returns the middle of arc m taken upward or down, -1 for an edge.
func (y *Hierarchy) midOf(m uint32, down bool) int32 {
	if down && y.midDown != nil {
		return y.midDown[m]
	}
	return y.mid[m]
}

func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = v
	}
	return s
}
