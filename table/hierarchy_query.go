package table

import (
	"math"
)

// A hierarchy query searches upward from both ends at once (Geisberger et
// al., "Contraction Hierarchies", 2008): the forward search from the source
// follows each arc from its tail up to its head at its upward cost, the
// backward search from the target the same arcs at their downward cost,
// and the shortest path is the least sum of the two searches' distances
// at a node both reach. A search stops once its least key reaches the best
// sum; it does not go on from a node that an arc from a node it reached
// higher up proves it reached the long way round (stall on demand), which
// such a node's neighbours above it then never need; on a grid it does not
// go on from a node whose distance and least cost to the other end reach
// the best sum (hierarchy_bound.go). Keys are exact
// integers (octile keys on octile levels), so sums and ties are exact.

// chSearch is one direction's state of a query: a node a position, the
// positions reached, and the heap. A position's distance, parent and heap
// index share a cache line, since a search that reaches a node reads or
// writes all three.
type chSearch struct {
	node    []chNode
	touched []int32
	heap    []chItem
	goal    uint64 // the other end's cell, which the bound measures to
}

// chNode is a position's state in one direction of a query.
type chNode struct {
	dist   uint64 // chInf where not reached
	parent int32  // position it was reached from, -1 at the start
	where  int32  // index on the heap, -1 when not on it
}

// chInf is the distance of a position not reached.
const chInf = math.MaxUint64

// chScratch is one query's memory, reused through the payload's pool so
// that a warm query allocates nothing and readers run concurrently. The
// pool is a buffered channel rather than a sync.Pool, which the collector
// empties: a scratch is O(V) to make, and a query that made one each
// collection would pay far more than its search.
type chScratch struct {
	fwd, bwd chSearch
	stack    []chHop  // arcs left to unpack
	up       []int32  // positions climbed on the forward side
	best     uint64   // the least path's key found yet
	meet     int32    // the position where it peaks, -1 for none
	geo      *chBound // nil where the level has no bound
}

func (y *Hierarchy) getScratch() *chScratch {
	select {
	case sc := <-y.scratch:
		return sc
	default:
	}
	n := len(y.order)
	sc := &chScratch{}
	for _, s := range []*chSearch{&sc.fwd, &sc.bwd} {
		s.node = make([]chNode, n)
		for i := range s.node {
			s.node[i] = chNode{dist: chInf, parent: -1, where: -1}
		}
	}
	return sc
}

func (y *Hierarchy) putScratch(sc *chScratch) {
	for _, s := range []*chSearch{&sc.fwd, &sc.bwd} {
		for _, p := range s.touched {
			s.node[p].dist = chInf
		}
		s.touched = s.touched[:0]
		s.resetHeap()
	}
	select {
	case y.scratch <- sc:
	default: // more queries at once than the pool keeps: let it go
	}
}

// AppendPath appends a shortest path from s to target of t, a table of
// this payload, both ends included, to buf, and returns it with its cost;
// or buf and false when there is none. It searches the hierarchy, about
// O(S log S) for the S nodes the searches settle, far fewer than the
// level's, and unpacks the shortcuts on the answer in O(path length), once
// each shortcut's halves are known (the first query that unpacks one finds
// them, hierarchy_middles.go). The first query of a table also lists
// the cells by position for the searches' bound, O(V + E) once. Both must
// be nodes. Safe for concurrent
// use; it allocates only when buf lacks capacity, once warm.
func (y *Hierarchy) AppendPath(t *Table, buf []int, s, target int) ([]int, float64, bool) {
	if s == target {
		return append(buf, s), 0, true
	}
	sc := y.getScratch()
	defer y.putScratch(sc)
	meet, best := y.search(sc, t, y.pos[s], y.pos[target])
	if meet < 0 {
		return buf, Unreachable, false
	}
	start := len(buf)
	buf, ok := y.unpackPath(t, sc, buf, meet)
	if !ok {
		return buf[:start], Unreachable, false
	}
	return buf, y.value(best), true
}

// begin starts both searches of sc, from positions ps and pt of t's
// payload y, with the bound of t where it has one.
func (y *Hierarchy) begin(sc *chScratch, t *Table, ps, pt int32) {
	f, b := &sc.fwd, &sc.bwd
	f.start(ps)
	b.start(pt)
	sc.geo = y.bound(t)
	if sc.geo.ok {
		f.goal, b.goal = sc.geo.xy[pt], sc.geo.xy[ps]
	} else {
		sc.geo = nil
	}
	sc.best, sc.meet = chInf, -1
	if ps == pt {
		sc.best, sc.meet = 0, ps
	}
}

// search runs both searches from positions ps and pt of t's payload y
// and returns the position where the shortest path peaks and its key, or
// -1.
func (y *Hierarchy) search(sc *chScratch, t *Table, ps, pt int32) (int32, uint64) {
	y.begin(sc, t, ps, pt)
	f, b := &sc.fwd, &sc.bwd
	for {
		fk, bk := f.minKey(), b.minKey()
		if min(fk, bk) >= sc.best {
			return sc.meet, sc.best
		}
		if bk < fk {
			y.settle(sc, b, f, b.pop(), true)
		} else {
			y.settle(sc, f, b, f.pop(), false)
		}
	}
}

func (s *chSearch) start(p int32) {
	s.node[p].dist, s.node[p].parent = 0, -1
	s.touched = append(s.touched, p)
	s.set(p, 0)
}

// minKey is the least key on the heap, chInf when empty.
func (s *chSearch) minKey() uint64 {
	if len(s.heap) == 0 {
		return chInf
	}
	return s.heap[0].key
}

// arcKey returns the key of arc i from tail to head (down false) or
// back, chInf where a directed hierarchy has no arc that way.
func (y *Hierarchy) arcKey(i uint32, down bool) uint64 {
	w := y.up[i]
	if down && y.down != nil {
		w = y.down[i]
	}
	if w == NoArcCost {
		return chInf
	}
	return y.key(w)
}

// settle goes on from p, which s has just popped: it follows p's arcs
// upward, unless p's distance and its bound to s's goal reach the best
// path yet (no shorter path passes p), or some node above p that s
// reached reaches p for less
// than s's distance (stall on demand). Then p's distance is not its own,
// so the search need not go on from it, and it stops following p's arcs
// at the first that shows it. What it followed before is a real path,
// so no answer depends on it; one pass over the arcs reads each once
// where a test before following them read them twice.
func (y *Hierarchy) settle(sc *chScratch, s, other *chSearch, p int32, down bool) {
	if sc.geo != nil && s.node[p].dist+sc.geo.at(p, s.goal) >= sc.best {
		return
	}
	if y.down == nil {
		y.settleSymmetric(sc, s, other, p)
		return
	}
	d, node := s.node[p].dist, s.node
	lo, hi := y.off[p], y.off[p+1]
	for i, h := range y.heads[lo:hi] {
		dh := node[h].dist
		if dh < d {
			if c := y.arcKey(lo+uint32(i), !down); c < d-dh {
				return
			}
		}
		if c := y.arcKey(lo+uint32(i), down); c != chInf && d+c < dh {
			sc.reach(s, other, h, p, d+c)
		}
	}
}

// settleSymmetric is settle where every arc costs the same both ways, and
// has a cost.
func (y *Hierarchy) settleSymmetric(sc *chScratch, s, other *chSearch, p int32) {
	d, node := s.node[p].dist, s.node
	lo, hi := y.off[p], y.off[p+1]
	up := y.up[lo:hi]
	for i, h := range y.heads[lo:hi] {
		dh, c := node[h].dist, y.key(up[i])
		if dh < d && c < d-dh {
			return
		}
		if d+c < dh {
			sc.reach(s, other, h, p, d+c)
		}
	}
}

// reach sets h's distance in s to nd, from p, and puts it on the heap,
// where it can still lead to a shorter path than the best yet: a node
// reached for no less than that would be popped only after the search
// stops, and stalls no node popped before. Where the other side reached
// h too, the two make a path through h, which may be the best yet: found
// here rather than when h is popped, it stops both searches sooner.
func (sc *chScratch) reach(s, other *chSearch, h, p int32, nd uint64) {
	if nd >= sc.best || sc.best != chInf && sc.geo != nil && nd+sc.geo.at(h, s.goal) >= sc.best {
		return
	}
	n := &s.node[h]
	if n.dist == chInf {
		s.touched = append(s.touched, h)
	}
	n.dist, n.parent = nd, p
	s.set(h, nd)
	if o := other.node[h].dist; o != chInf && nd+o < sc.best {
		sc.best, sc.meet = nd+o, h
	}
}

// unpackPath appends the nodes of the path that peaks at meet, after
// unpacking every arc: the forward side's climb, then the backward side's
// descent. False where an arc does not unpack (a damaged table).
func (y *Hierarchy) unpackPath(t *Table, sc *chScratch, buf []int, meet int32) ([]int, bool) {
	f, b := &sc.fwd, &sc.bwd
	sc.up = sc.up[:0]
	for p := meet; p >= 0; p = f.node[p].parent {
		sc.up = append(sc.up, p)
	}
	buf = append(buf, int(y.order[sc.up[len(sc.up)-1]]))
	ok := true
	for i := len(sc.up) - 2; i >= 0 && ok; i-- {
		buf, ok = y.unpackHop(t, sc, buf, sc.up[i+1], sc.up[i], false)
	}
	for p := meet; ok && b.node[p].parent >= 0; p = b.node[p].parent {
		buf, ok = y.unpackHop(t, sc, buf, b.node[p].parent, p, true)
	}
	return buf, ok
}

// unpackHop unpacks the arc of position tail to head, taken downward
// (from head to tail) when down is true.
func (y *Hierarchy) unpackHop(t *Table, sc *chScratch, buf []int, tail, head int32, down bool) ([]int, bool) {
	arc, ok := y.arcTo(tail, head)
	if !ok {
		return buf, false
	}
	return y.unpack(t, sc, buf, chHop{arc, tail, down})
}

// chHop is an arc to unpack: its index, its tail, and whether it is taken
// downward, from its head to its tail.
type chHop struct {
	arc  uint32
	tail int32
	down bool
}

// unpack appends the nodes after the first of the shortest path that arc
// hop stands for: an edge of the level, or a shortcut through its middle,
// whose two arcs unpack in turn. Each step goes down in rank, so it ends;
// a path longer than the level or an arc that is no edge and has no middle
// (only in a damaged table) reports false.
func (y *Hierarchy) unpack(t *Table, sc *chScratch, buf []int, hop chHop) ([]int, bool) {
	sc.stack = append(sc.stack[:0], hop)
	for len(sc.stack) > 0 {
		hop := sc.stack[len(sc.stack)-1]
		sc.stack = sc.stack[:len(sc.stack)-1]
		sp := y.split(t, hop)
		switch {
		case sp.x == splitBad || len(buf) >= t.Nodes:
			return buf, false
		case sp.x == splitEdge:
			to := y.order[y.heads[hop.arc]]
			if hop.down {
				to = y.order[hop.tail]
			}
			buf = append(buf, int(to))
		case hop.down: // head, down to x, up to tail
			sc.stack = append(sc.stack, chHop{sp.toTail, sp.x, false}, chHop{sp.toHead, sp.x, true})
		default: // tail, down to x, up to head
			sc.stack = append(sc.stack, chHop{sp.toHead, sp.x, false}, chHop{sp.toTail, sp.x, true})
		}
	}
	return buf, true
}

// isEdge reports whether the level has an edge u→v of key k. An edge's
// cost is k or k·√2 (decoding checked), computed as value computes it.
func (y *Hierarchy) isEdge(t *Table, u, v int32, k uint64) bool {
	w := y.value(k)
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		if t.Targets[e] == v && t.Weights[e] == w {
			return true
		}
	}
	return false
}

// cost is arcKey as a float64 key, +Inf where a directed hierarchy has no
// arc that way (HierarchyTarget's keys).
func (y *Hierarchy) cost(i uint32, down bool) float64 {
	k := y.arcKey(i, down)
	if k == chInf {
		return math.Inf(1)
	}
	return float64(k)
}
