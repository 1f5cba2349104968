package lookup

import (
	"math"
	"sync"

	"github.com/pathtable/pathtable/table"
)

// The engine's stage on a hierarchy table, which stores no paths to walk
// and no rows to read: A* on the changed level with the baked distance to
// the target as its heuristic, read from the hierarchy node by node
// (table.HierarchyTarget: one upward search from the target, then each
// node from the nodes above it). Changes only raise costs (ErrLowered),
// so the baked distance is a lower bound on the changed level's, and a
// consistent one; a restore or an unblock only takes a change back, so it
// stays one. The search starts from the stored path's prefix before its
// first change, whose nodes' distances from the source are exact, and
// stops at the first node it closes on the stored path's tail after its
// last change: that node's heuristic is then its exact distance on the
// changed level, so its path from the source, continued by the stored
// tail, is a shortest path. Where the stored path crosses no change, the
// target is the first node closed, and the answer is the stored path, at
// O(path length × degree) beyond the target's upward search.

// hierarchyTargets keeps idle table.HierarchyTargets of a table, each
// remembering the distances toward its last target: a query toward a goal
// another query asked lately reads them again for free.
type hierarchyTargets struct {
	mu   sync.Mutex
	free []*table.HierarchyTarget // the least recently used first
}

// keptTargets bounds the idle targets a table keeps: each holds O(V)
// memory.
const keptTargets = 4

// hierarchyTarget returns a HierarchyTarget of y for target t, ready:
// see takeHierarchyTarget; one not ready runs its upward search here.
func (lt *Table) hierarchyTarget(y *table.Hierarchy, t int) *table.HierarchyTarget {
	d := lt.takeHierarchyTarget(y, t, true)
	d.Continue(math.MaxInt)
	return d
}

// takeHierarchyTarget returns a HierarchyTarget of y for target t: where
// reuse is set, an idle one that answers for t already (Ready); else the
// least recently used one, else a new one (O(V) memory), begun for t: its
// upward search is the caller's to run (Continue).
func (lt *Table) takeHierarchyTarget(y *table.Hierarchy, t int, reuse bool) *table.HierarchyTarget {
	p := &lt.derived.targets
	p.mu.Lock()
	var d *table.HierarchyTarget
	for i := len(p.free) - 1; i >= 0 && reuse; i-- {
		if p.free[i].Target() == t && p.free[i].Ready() {
			d = p.free[i]
			p.free = append(p.free[:i], p.free[i+1:]...)
			p.mu.Unlock()
			return d
		}
	}
	if len(p.free) > 0 {
		d = p.free[0]
		p.free = append(p.free[:0], p.free[1:]...)
	}
	p.mu.Unlock()
	if d == nil {
		d = y.NewTarget()
	}
	d.Begin(t)
	return d
}

// putHierarchyTarget gives d back to its table's idle targets, keeping
// the keptTargets used last. O(keptTargets).
func (lt *Table) putHierarchyTarget(d *table.HierarchyTarget) {
	p := &lt.derived.targets
	p.mu.Lock()
	p.free = append(p.free, d)
	if len(p.free) > keptTargets {
		p.free = append(p.free[:0], p.free[1:]...)
	}
	p.mu.Unlock()
}

// hstar is one A* of a hierarchy table's changed level: the engine's
// queue (astar's pop and queue), the heuristic, and the stored path.
type hstar struct {
	astar
	d    *table.HierarchyTarget
	keys int // the nodes whose heuristic it read
	// stored is the stored path from s to t: stored[:first] crosses no
	// change from s, so each node's baked distance from s is its distance
	// now; stored[tail:] crosses none to t, the search's ends.
	stored      []int
	first, tail int
	octile      bool
	key1, keyD  float64 // the keys of a straight and a diagonal move of cost 1 and √2
}

// answerHierarchy is answer on a hierarchy table: buf[start:] holds the
// stored path from s to t, or nothing (it then reads the path itself).
// O(path length) plus the A*'s nodes, each with the heuristic's reads.
func (v *view) answerHierarchy(buf []int, start int, s, t int32, withPath bool) ([]int, float64, bool) {
	stored := buf[start:]
	if len(stored) == 0 {
		bp := routeBufs.Get().(*[]int)
		defer routeBufs.Put(bp)
		path, ok := v.lt.w.path((*bp)[:0], int(s), int(t))
		*bp = path
		if !ok {
			return buf, table.Unreachable, false
		}
		stored = path
	}
	a := v.newHstar(stored, s, t)
	defer v.lt.putScratch(a.q.sc)
	defer a.release()
	sc := a.q.sc
	end, ok := a.run()
	if !ok {
		a.keyed = false // a key left its exact range: search on costs
		end, _ = a.run()
	}
	buf = buf[:start]
	if end < 0 {
		return buf, table.Unreachable, false
	}
	n := &sc.node[end]
	cost := n.g + n.h
	if a.keyed {
		cost = keyCost(cost)
	}
	if withPath {
		buf = a.path(buf, end)
	}
	return buf, cost, true
}

// newHstar readies the A* from s to t on v, where stored is their stored
// path, with a scratch of v's table (the caller's to give back) and no
// target's distances yet. O(len(stored)).
func (v *view) newHstar(stored []int, s, t int32) hstar {
	a := hstar{astar: astar{q: query{view: v, sc: v.lt.getScratch()}, s: s, t: t}, stored: stored}
	a.octile = v.lt.t.Metric == "octile"
	a.key1, a.keyD = table.OctileKey(1, 0), table.OctileKey(0, 1)
	a.first, a.tail = v.unchangedEnds(stored)
	sc := a.q.sc
	sc.chain = sc.chain[:0] // the tail, which the answer's path overwrites
	for _, u := range stored[a.tail:] {
		sc.chain = append(sc.chain, int32(u))
	}
	a.keyed = a.octile && v.inexact == 0
	return a
}

// unchangedEnds returns the least first > 0 such that a step into
// path[first] crosses a change (len(path) where none does), and the least
// tail such that path[tail:] crosses none. O(len(path)), one filter test
// a node.
func (o *changeSet) unchangedEnds(path []int) (first, tail int) {
	crosses := func(i int) bool {
		u, v := int32(path[i-1]), int32(path[i])
		return (o.marked(u) || o.marked(v)) && o.stepCrosses(u, v)
	}
	first = 1
	for first < len(path) && !crosses(first) {
		first++
	}
	tail = len(path) - 1
	for tail >= first && !crosses(tail) {
		tail--
	}
	return first, max(tail, 0)
}

// run searches from the source to the first node of the unchanged tail it
// closes, and returns it, or -1 when the target cannot be reached; false
// where a keyed search left the keys' exact range.
func (a *hstar) run() (int32, bool) {
	end, ok, done := a.begin()
	for !done {
		end, ok, done = a.step(math.MaxInt, math.MaxInt)
	}
	return end, ok
}

// begin starts run's search: done where seed answers. O(seed).
func (a *hstar) begin() (end int32, ok, done bool) {
	a.q.sc.begin()
	if ok, done := a.seed(); done {
		return -1, ok, true
	}
	return -1, true, false
}

// step goes on with run's search for at most limit nodes taken from the
// queue (counted in a.taken), and stops after the node whose heuristics
// take the target's work (a.d.Work) to keys or more: done with run's
// answer, or not done.
func (a *hstar) step(limit, keys int) (end int32, ok, done bool) {
	sc := a.q.sc
	for ; limit > 0 && (a.d == nil || a.d.Work() < keys); limit-- {
		u, ok := a.pop()
		if !ok {
			return -1, true, true
		}
		a.taken++
		nu := &sc.node[u]
		if nu.flags&closed != 0 {
			continue
		}
		nu.flags |= closed
		if nu.flags&unchanged != 0 {
			return u, true, true
		}
		if !a.expand(u) {
			return -1, false, true
		}
	}
	return -1, true, false
}

// seed gives every node of the stored path its baked distance to the
// target from the path's own costs (a shortest path of the baked level:
// its rest from a node is that node's distance), queues the unchanged
// prefix at its distances from the source, which are exact now too (so the
// queue starts where the prefix meets its first change, last in, first
// out, without expanding the prefix), and marks the unchanged tail as the
// search's ends. done where that answers: the source has no path (ok), or
// a key leaves its exact range (!ok). O(len(stored) × degree).
func (a *hstar) seed() (ok, done bool) {
	sc, o, p := a.q.sc, a.q.view, a.stored
	sums := append(sc.steps[:0], 0) // baked keys from the source
	for i := 1; i < len(p); i++ {
		e := o.edgeTo(int32(p[i-1]), int32(p[i]))
		k, ok := a.bakedKey(e)
		if !ok {
			return false, true
		}
		sums = append(sums, sums[i-1]+k)
	}
	sc.steps = sums
	total := sums[len(sums)-1]
	if a.keyed && total >= table.OctileKeyLimit {
		return false, true
	}
	for i, u := range p {
		n := sc.at(int32(u))
		n.h, n.flags = a.fromKey(total-sums[i]), n.flags|hSet
		if i >= a.tail {
			n.flags, n.next = n.flags|unchanged, int32(i-a.tail)
		}
		if i < a.first {
			n.g, n.parent, n.flags = a.fromKey(sums[i]), -1, n.flags|reached
			if i > 0 {
				n.parent = int32(p[i-1])
			}
			sc.level = append(sc.level, int32(u))
		}
	}
	a.least = a.fromKey(total)
	return true, false
}

// bakedKey returns the baked cost of edge e as the search adds it: its
// key where keyed or on octile levels, whose float search reads sums of
// keys through fromKey. False for no edge (a damaged table's path).
func (a *hstar) bakedKey(e int32) (float64, bool) {
	if e < 0 {
		return 0, false
	}
	w := a.q.lt.t.Weights[e]
	if !a.octile {
		return w, true
	}
	return a.moveKey(w)
}

// fromKey turns a sum of baked keys into what the search adds: itself
// where keyed, its cost otherwise. O(1).
func (a *hstar) fromKey(k float64) float64 {
	if a.keyed {
		return k
	}
	return a.q.hy.Cost(k)
}

// h is the heuristic of u: its baked distance to the target, as a key
// when keyed. O(1) once read, else the hierarchy's reads (see
// table.HierarchyTarget.Key); the first read takes the target's
// distances, so a search that expands nothing (a stored path that
// crosses no change) reads none.
func (a *hstar) h(u int32) float64 {
	a.keys++
	if a.d == nil {
		a.d = a.q.lt.hierarchyTarget(a.q.hy, int(a.t))
	}
	return a.fromKey(a.d.Key(int(u)))
}

// release gives the target's distances back to the table, where taken.
func (a *hstar) release() {
	if a.d != nil {
		a.q.lt.putHierarchyTarget(a.d)
	}
}

// expand relaxes u's moves on the changed level and queues what they
// improve; false when a keyed search leaves the keys' exact range.
// O(degree), and the heuristic of nodes met the first time.
func (a *hstar) expand(u int32) bool {
	o, sc, t := a.q.view, a.q.sc, a.q.lt.t
	gu := sc.node[u].g
	markedU := o.marked(u)
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		v := t.Targets[e]
		w := t.Weights[e]
		if markedU || o.marked(v) {
			if w = o.weight(e, u, v); math.IsInf(w, 1) {
				continue
			}
		}
		if a.keyed {
			var ok bool
			if w, ok = a.moveKey(w); !ok {
				return false
			}
		}
		gv := gu + w
		nv := sc.at(v)
		if nv.flags&hSet == 0 {
			nv.h, nv.flags = a.h(v), nv.flags|hSet
		} else if nv.flags&reached != 0 && gv >= nv.g {
			continue
		}
		if math.IsInf(nv.h, 1) {
			continue // no baked path to the target, so none now
		}
		nv.g, nv.parent, nv.flags = gv, u, (nv.flags|reached)&^closed
		if !a.queue(v, gv+nv.h) {
			return false
		}
	}
	return true
}

// moveKey returns the exact key of a move of cost w: at once for the
// common costs 1 and √2. O(1).
func (a *hstar) moveKey(w float64) (float64, bool) {
	switch w {
	case 1:
		return a.key1, true
	case math.Sqrt2:
		return a.keyD, true
	}
	return edgeKey(w)
}

// path appends the search's path from the source to end, then the stored
// tail after end. O(path length).
func (a *hstar) path(buf []int, end int32) []int {
	sc, start := a.q.sc, len(buf)
	for u := end; u >= 0; u = sc.node[u].parent {
		buf = append(buf, int(u))
	}
	for i, j := start, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	for _, u := range sc.chain[sc.node[end].next+1:] {
		buf = append(buf, int(u))
	}
	return buf
}
