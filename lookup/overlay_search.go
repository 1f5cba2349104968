package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// search runs A* from s to t on the changed level, with the baked distance
// to t as the heuristic, and returns the first node it expands whose table
// path to t is unchanged (its heuristic is then exact, so its best path
// continued by the table path is a shortest path), or -1 when t cannot be
// reached; keyed says whether g and h of sc.node are exact octile keys
// (table.OctileKey) rather than costs. On levels with keys it searches on
// them, unless a raised cost or a sum leaves their exact range; then it
// searches again on float64 costs. O((V' + E') log V') for the V' nodes
// reached, plus the table paths walked, each node at most once a query;
// nodes that tie with the least f, the bulk of an A* whose heuristic is
// nearly exact, cost O(1) each.
//
// stored is the table path from s to t, whose prefix stored[:cut] is
// known to cross a change (see view.checked), or nothing; seed gives its
// nodes their status.
func (q query) search(s, t int32, stored []int, cut int) (end int32, keyed bool) {
	if q.lt.costs().key != nil && q.inexact == 0 {
		if end, ok := q.searchOn(s, t, stored, cut, true); ok {
			return end, true
		}
	}
	end, _ = q.searchOn(s, t, stored, cut, false)
	return end, false
}

// astar is one search's state between its steps: the queue's least f,
// the landmarks' bound, and the target's reachability search.
type astar struct {
	q      query
	s, t   int32
	keyed  bool
	costs  []float64 // the edges' costs by hop slot (keys when keyed)
	least  float64   // the least f queued: sc.level holds nodes of this f
	useAlt bool
	alt    altBound
	// Where a change may cut the level, a search from the target over the
	// open moves runs beside, a step per expansion: when it runs out
	// without meeting the source, the target is cut off, and the query
	// costs what the smaller side costs instead of exhausting the source's
	// side.
	back  bool
	next  int // the reachability search's next node in sc.back
	taken int // nodes taken from the queue, the work a Planner counts
}

// searchOn is search on keys or on costs; ok is false when a keyed search
// left the keys' exact range. Each step takes the node of least f,
// closes it (returning it where its stored path is unchanged) and expands
// it.
func (q query) searchOn(s, t int32, stored []int, cut int, keyed bool) (end int32, ok bool) {
	q.sc.begin() // forget across's walks, or the keyed search's
	a := astar{q: q, s: s, t: t, keyed: keyed}
	if end, ok, done := a.start(stored, cut); done {
		return end, ok
	}
	end, ok, _ = a.run(-1)
	return end, ok
}

// run steps a started search until it ends (done), or, where limit is not
// negative, until it has taken limit nodes from the queue: a sliced search
// (a Planner's) resumes it later with its scratch kept. a.taken counts the
// nodes taken. O(limit) steps, each as searchOn says.
func (a *astar) run(limit int) (end int32, ok, done bool) {
	for stop := a.taken + limit; limit < 0 || a.taken < stop; {
		u, ok := a.pop()
		if !ok {
			return -1, true, true
		}
		if a.taken++; a.taken == warmAfter {
			a.q.sc.warmed += a.q.sc.hr.warm()
		}
		switch a.close(u) {
		case skipNode:
			continue
		case foundEnd:
			return u, true, true
		case cutOff:
			return -1, true, true
		}
		if !a.expand(u) {
			return -1, false, true
		}
	}
	return -1, false, false
}

// start readies the heuristic, the costs and the source on the scratch
// searchOn began; done when that alone answers (the source cannot reach
// t, or its distance leaves the keys' range).
func (a *astar) start(stored []int, cut int) (end int32, ok, done bool) {
	q, s, t := a.q, a.s, a.t
	sc := q.sc
	a.costs = q.lt.costs().w
	if a.keyed {
		a.costs = q.lt.costs().key
	}
	sc.hr = q.heuristic(t, a.keyed)
	q.seed(stored, cut, t)
	ns := sc.at(s)
	if ns.flags&hSet == 0 {
		q.setH(ns, s, t)
	}
	if ns.h == math.Inf(1) {
		return -1, true, true
	}
	if a.keyed && ns.h >= table.OctileKeyLimit {
		return -1, false, true // a walk summed past the keys' exact range
	}
	ns.g, ns.parent, ns.flags = 0, -1, ns.flags|reached
	// A node's f is g plus the larger of its baked distance (kept in h:
	// it is the exact rest of an unchanged path) and the landmarks' bound.
	a.useAlt = a.keyed && q.landmarkCount > 0 && q.landmarks().bound(s, t, &a.alt)
	a.least = ns.h
	sc.level = append(sc.level, s)
	a.back = q.cuts > 0 && q.lt.t.Kind == table.KindGrid
	if a.back {
		sc.at(t).flags |= toTarget
		sc.back = append(sc.back, t)
	}
	return 0, false, false
}

// pop takes a node of least f from the queue; false when it is empty.
// O(1) from the level and the buckets, O(log n) from the heap.
func (a *astar) pop() (int32, bool) {
	sc := a.q.sc
	for {
		if k := len(sc.level); k > 0 {
			u := sc.level[k-1]
			sc.level = sc.level[:k-1]
			return u, true
		}
		if f, ok := sc.nextLevel(); ok {
			a.least = f
			continue
		}
		if sc.heap.Len() > 0 {
			var u int32
			u, a.least = sc.heap.Pop()
			return u, true
		}
		return -1, false
	}
}

// warmAfter is how many nodes a search takes before it warms the target's
// rows (heuristic.warm): smaller searches read too little of them to
// repay a pass.
const warmAfter = 32

// What close makes of a node taken from the queue.
const (
	expandNode = iota // expand it
	skipNode          // already closed, or put off by the landmarks
	foundEnd          // its stored path is unchanged: the answer's end
	cutOff            // the target's side is closed and lacks the source
)

// close closes u, steps the target's reachability search, and walks u's
// stored path where u inherits no status. O(1), or the walk.
func (a *astar) close(u int32) int {
	q := a.q
	sc := q.sc
	nu := &sc.node[u]
	if nu.flags&closed != 0 {
		return skipNode // queued again with a smaller g, and expanded with it
	}
	if a.useAlt {
		// Queued by its baked distance; the landmarks may put it off.
		if f := nu.g + max(nu.h, a.alt.at(u)); f > a.least {
			sc.push(f, u)
			return skipNode
		}
	}
	nu.flags |= closed
	if a.back {
		if a.next == len(sc.back) {
			return cutOff
		}
		if q.backStep(sc.back[a.next], a.s) {
			a.back = false // the sides meet: the A* alone decides
		}
		a.next++
	}
	if nu.flags&walked == 0 {
		// Most nodes are one step from a walked node: inherit its
		// status inline when that step is not near a change.
		mark := q.mark
		if x := sc.hr.step(q.lt, u); x >= 0 && sc.node[x].stamp == sc.gen && sc.node[x].flags&walked != 0 &&
			mark[slot(u)] == 0 && mark[slot(x)] == 0 {
			nu.flags |= walked | sc.node[x].flags&unchanged
		} else {
			q.walk(u, a.t)
		}
	}
	if nu.flags&unchanged != 0 {
		return foundEnd
	}
	return expandNode
}

// expand relaxes u's moves on the changed level and queues what they
// improve; false when a keyed search leaves the keys' exact range.
// O(degree), and the walks of nodes met the first time where distances
// are sums.
func (a *astar) expand(u int32) bool {
	q := a.q
	sc, lt, keyed, least := q.sc, q.lt, a.keyed, a.least
	hr := &sc.hr
	inf := math.Inf(1)
	node, gen, mark := sc.node, sc.gen, q.mark
	shift := lt.hopShift
	stride := uint(1) << shift
	gu := node[u].g
	base := uint(u) << shift
	us := lt.hops[base : base+stride : base+stride] // u's neighbours, then -1s
	ws := a.costs[base : base+stride : base+stride]
	markedU := mark[slot(u)] != 0
	for m, v := range us {
		if v < 0 {
			break // past u's last edge
		}
		w := ws[m]
		if markedU || mark[slot(v)] != 0 {
			w = q.cost(lt.t.Offsets[u]+int32(m), u, v, keyed)
			if w == inf {
				continue
			}
		}
		gv := gu + w
		nv := &node[v]
		if nv.stamp != gen {
			if keyed && hr.mode != hWalk { // the common case, in one write
				h := hr.oct.Key(int(v))
				if h == inf {
					*nv = searchNode{h: h, stamp: gen, flags: hSet}
					continue // no baked path to t, so none now
				}
				*nv = searchNode{g: gv, h: h, parent: u, stamp: gen, flags: reached | hSet}
				if !a.queue(v, gv+h) {
					return false
				}
				continue
			}
			*nv = searchNode{stamp: gen}
			if hr.mode == hWalk {
				q.fresh(nv, v, a.t)
			}
		} else if nv.flags&reached != 0 && gv >= nv.g {
			continue
		}
		if nv.flags&hSet == 0 {
			if keyed && hr.mode != hWalk {
				nv.h, nv.flags = hr.oct.Key(int(v)), nv.flags|hSet
			} else {
				q.setH(nv, v, a.t)
			}
		}
		if nv.h == inf {
			continue // no baked path to t, so none now
		}
		// A closed node comes back only through float64 rounding of a
		// consistent heuristic (never on keys); that keeps the answer
		// exact.
		nv.g, nv.parent, nv.flags = gv, u, (nv.flags|reached)&^closed
		if f := gv + nv.h; f <= least {
			sc.level = append(sc.level, v)
		} else if !a.queue(v, f) {
			return false
		}
	}
	return true
}

// queue puts v in the level where f is the least, else in a bucket or
// the heap; false where a keyed f leaves the keys' exact range. O(1), or
// push's cost.
func (a *astar) queue(v int32, f float64) bool {
	sc := a.q.sc
	if f <= a.least {
		sc.level = append(sc.level, v)
		return true
	}
	if a.keyed && f >= table.OctileKeyLimit {
		return false
	}
	sc.push(f, v)
	return true
}

// backStep visits the neighbours of v that have an open move to v, for the
// target's reachability search on a grid (whose moves go both ways), and
// reports whether it reached s. O(degree).
func (q query) backStep(v, s int32) bool {
	t, sc := q.lt.t, q.sc
	for f := t.Offsets[v]; f < t.Offsets[v+1]; f++ {
		u := t.Targets[f]
		nu := sc.at(u)
		if nu.flags&toTarget != 0 {
			continue
		}
		if q.marked(u) || q.marked(v) {
			if e := q.edgeTo(u, v); e < 0 || math.IsInf(q.weight(e, u, v), 1) {
				continue
			}
		}
		if u == s {
			return true
		}
		nu.flags |= toTarget
		sc.back = append(sc.back, u)
	}
	return false
}

// maxBuckets bounds the buckets of distinct f. Searches on exact keys see
// few distinct f above the least (detours of a few steps); float64 costs
// may see many, and those beyond go to the heap.
const maxBuckets = 32

// bucket holds queued nodes of one f.
type bucket struct {
	f     float64
	nodes []int32
}

// push queues u with priority f, above the current least: into the bucket
// of f, a new bucket, or the heap when maxBuckets are in use. O(buckets
// of larger f) or O(log n).
func (sc *scratch) push(f float64, u int32) {
	b := sc.later[:sc.nb]
	i := len(b)
	for i > 0 && b[i-1].f < f {
		i--
	}
	if i > 0 && b[i-1].f == f {
		b[i-1].nodes = append(b[i-1].nodes, u)
		return
	}
	if sc.nb == maxBuckets {
		sc.heap.Push(u, f)
		return
	}
	if sc.nb == len(sc.later) {
		sc.later = append(sc.later, bucket{})
	}
	sc.nb++
	b = sc.later[:sc.nb]
	spare := b[len(b)-1].nodes[:0]
	copy(b[i+1:], b[i:len(b)-1])
	b[i] = bucket{f: f, nodes: append(spare, u)}
}

// nextLevel makes the bucket of least f the level, when it comes before
// the heap's least, and returns its f. O(1).
func (sc *scratch) nextLevel() (float64, bool) {
	if sc.nb == 0 {
		return 0, false
	}
	b := &sc.later[sc.nb-1]
	if sc.heap.Len() > 0 && sc.heap.MinKey() < b.f {
		return 0, false
	}
	sc.nb--
	sc.level, b.nodes = b.nodes, sc.level[:0]
	return b.f, true
}
