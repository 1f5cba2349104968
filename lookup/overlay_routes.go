package lookup

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// routes remembers, per goal and for one view of the level, how every
// node on a path the overlay has answered goes on: a game's agents ask
// Next toward the same goals frame after frame, and every suffix of a
// shortest path is a shortest path, so one answer serves each node along
// it until the level changes (and the view with it). A node whose stored
// table path the answer followed to the goal is clean: the table's Next is
// right there, and for every node after it. Other nodes of the answer (the
// detour around a change) keep their next node. An agent following Next
// thus pays one check or search per goal and change, then a hash probe
// and a table lookup a step.
//
// Queries read and record concurrently without a lock: an entry is a key
// word and a value word, each atomic, and every value ever written names a
// first step of a shortest path of the view's level, so entries written by
// different answers (tied paths) still chain into shortest paths.
type routes struct {
	set atomic.Pointer[routeSet]
}

// routeSet is an open-addressed table from (goal, node) to what the node
// does toward the goal. It only grows; when three quarters full, a set
// twice as large (up to maxRouteBytes) replaces it, empty, and what it
// held is relearnt by the queries that follow.
type routeSet struct {
	keys []atomic.Uint64 // (goal+1)<<32 | node; 0 is empty
	vals []atomic.Int32  // routeClean, routeNone, or routeDetour + next node; 0 not yet written
	used atomic.Int64
}

const (
	routeUnknown int32 = iota
	routeClean         // the table's path to the goal is unchanged
	routeNone          // no path to the goal
	routeDetour        // goes on to the node value - routeDetour
)

const (
	minRouteEntries = 1 << 12
	maxRouteBytes   = 64 << 20 // 12 bytes an entry
)

// routeBufs holds paths being recorded, for reuse.
var routeBufs = sync.Pool{New: func() any { return new([]int) }}

func newRouteSet(entries int) *routeSet {
	return &routeSet{keys: make([]atomic.Uint64, entries), vals: make([]atomic.Int32, entries)}
}

func routeKey(goal, node int) uint64 { return uint64(goal+1)<<32 | uint64(uint32(node)) }

// slot is where a key's probe starts (a Fibonacci hash). O(1).
func (s *routeSet) slot(key uint64) int {
	return int((key * 0x9E3779B97F4A7C15) >> (64 - bits.TrailingZeros(uint(len(s.keys)))))
}

// get returns what key's node does toward its goal, routeUnknown when not
// recorded. O(1) expected.
func (s *routeSet) get(key uint64) int32 {
	mask := len(s.keys) - 1
	for i := s.slot(key); ; i = (i + 1) & mask {
		switch s.keys[i].Load() {
		case key:
			return s.vals[i].Load()
		case 0:
			return routeUnknown
		}
	}
}

// put records val for key; false when the set is too full to take it.
// O(1) expected.
func (s *routeSet) put(key uint64, val int32) bool {
	if s.used.Load() >= int64(len(s.keys))*3/4 {
		return false
	}
	mask := len(s.keys) - 1
	for i := s.slot(key); ; i = (i + 1) & mask {
		k := s.keys[i].Load()
		if k == 0 && s.keys[i].CompareAndSwap(0, key) {
			s.used.Add(1)
			k = key
		} else if k == 0 {
			k = s.keys[i].Load() // another query took the slot meanwhile
		}
		if k == key {
			s.vals[i].Store(val)
			return true
		}
	}
}

// load returns the current set, making the first. O(1).
func (r *routes) load() *routeSet {
	s := r.set.Load()
	if s == nil {
		r.set.CompareAndSwap(nil, newRouteSet(minRouteEntries))
		s = r.set.Load()
	}
	return s
}

// replace swaps the full set s for an empty one, twice as large while
// that fits maxRouteBytes. O(its size).
func (r *routes) replace(s *routeSet) {
	entries := len(s.keys)
	if 2*entries*12 <= maxRouteBytes {
		entries *= 2
	}
	r.set.CompareAndSwap(s, newRouteSet(entries))
}

// remembered is Next through the routes. Amortised O(1) for an agent
// following Next to a goal between changes; the first query of a node not
// yet on an answered path costs AppendPath's check or search, and
// O(path length) to record it.
func (o *view) remembered(from, to int) int {
	s := o.routes.load()
	switch v := s.get(routeKey(to, from)); {
	case v == routeClean:
		return o.lt.Next(from, to)
	case v == routeNone:
		return -1
	case v >= routeDetour:
		return int(v - routeDetour)
	}
	bp := routeBufs.Get().(*[]int)
	buf, _, state := o.solve((*bp)[:0], from, to, true)
	ok := state != pathNone
	next := -1
	if ok && len(buf) > 1 {
		next = buf[1]
	}
	if !o.record(s, buf, ok, from, to) {
		o.routes.replace(s)
	}
	*bp = buf
	routeBufs.Put(bp)
	return next
}

// record notes path, the answer from from to to, in s: its longest suffix
// that is the table's own path is clean, the nodes before it detour.
// False when s is full. O(len).
func (o *view) record(s *routeSet, path []int, ok bool, from, to int) bool {
	if !ok {
		return s.put(routeKey(to, from), routeNone)
	}
	clean := len(path) - 1 // path[clean:] is the table's path
	// Where the table's Next is a search (a hierarchy's), every node
	// keeps its next node instead.
	for clean > 0 && !remembered(o.lt.w) && o.lt.Next(path[clean-1], to) == path[clean] {
		clean--
	}
	for i, u := range path[:len(path)-1] {
		val := routeClean
		if i < clean {
			val = routeDetour + int32(path[i+1])
		}
		if !s.put(routeKey(to, u), val) {
			return false
		}
	}
	return true
}
