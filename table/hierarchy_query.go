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
// such a node's neighbours above it then never need. Keys are exact
// integers (octile keys on octile levels), so sums and ties are exact.

// chSearch is one direction's state of a query.
type chSearch struct {
	dist    []float64 // +Inf where not reached
	parent  []int32   // position it was reached from, -1 at the start
	arc     []uint32  // the arc it was reached by
	touched []int32
	heap    chHeap
}

// chScratch is one query's memory, reused through the payload's pool so
// that a warm query allocates nothing and readers run concurrently. The
// pool is a buffered channel rather than a sync.Pool, which the collector
// empties: a scratch is O(V) to make, and a query that made one each
// collection would pay far more than its search.
type chScratch struct {
	fwd, bwd chSearch
	stack    []chHop // arcs left to unpack
	up       []int32 // positions climbed on the forward side
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
		s.dist, s.parent, s.arc = make([]float64, n), make([]int32, n), make([]uint32, n)
		s.heap.where = make([]int32, n)
		for i := range s.dist {
			s.dist[i], s.heap.where[i] = math.Inf(1), -1
		}
	}
	return sc
}

func (y *Hierarchy) putScratch(sc *chScratch) {
	for _, s := range []*chSearch{&sc.fwd, &sc.bwd} {
		for _, p := range s.touched {
			s.dist[p] = math.Inf(1)
		}
		s.touched = s.touched[:0]
		s.heap.reset()
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
// level's, and unpacks the shortcuts on the answer in O(path length ×
// arcs of the nodes below them). Both must be nodes. Safe for concurrent
// use; it allocates only when buf lacks capacity, once warm.
func (y *Hierarchy) AppendPath(t *Table, buf []int, s, target int) ([]int, float64, bool) {
	if s == target {
		return append(buf, s), 0, true
	}
	sc := y.getScratch()
	defer y.putScratch(sc)
	meet, best := y.search(sc, y.pos[s], y.pos[target])
	if meet < 0 {
		return buf, Unreachable, false
	}
	start := len(buf)
	buf, ok := y.unpackPath(t, sc, buf, meet)
	if !ok {
		return buf[:start], Unreachable, false
	}
	return buf, y.value(uint64(best)), true
}

// search runs both searches from positions ps and pt and returns the
// position where the shortest path peaks and its key, or -1.
func (y *Hierarchy) search(sc *chScratch, ps, pt int32) (int32, float64) {
	f, b := &sc.fwd, &sc.bwd
	f.start(ps)
	b.start(pt)
	best, meet := math.Inf(1), int32(-1)
	for {
		fk, bk := f.minKey(), b.minKey()
		if min(fk, bk) >= best {
			return meet, best
		}
		s, other, down := f, b, false
		if bk < fk {
			s, other, down = b, f, true
		}
		p := s.heap.pop()
		if d := s.dist[p] + other.dist[p]; d < best {
			best, meet = d, p
		}
		if !y.stalled(s, p, down) {
			y.relax(s, p, down)
		}
	}
}

func (s *chSearch) start(p int32) {
	s.dist[p], s.parent[p] = 0, -1
	s.touched = append(s.touched, p)
	s.heap.set(p, 0)
}

// minKey is the least key on the heap, +Inf when empty.
func (s *chSearch) minKey() float64 {
	if len(s.heap.items) == 0 {
		return math.Inf(1)
	}
	return s.heap.items[0].key
}

// cost returns the key of arc i from tail to head (down false) or back,
// +Inf where a directed hierarchy has no arc that way.
func (y *Hierarchy) cost(i uint32, down bool) float64 {
	w := y.up[i]
	if down && y.down != nil {
		w = y.down[i]
	}
	if w == NoArcCost {
		return math.Inf(1)
	}
	return float64(y.key(w))
}

// stalled reports whether some node above p that s reached reaches p for
// less than s's distance: then p's distance is not its own and the
// search need not go on from it.
func (y *Hierarchy) stalled(s *chSearch, p int32, down bool) bool {
	d := s.dist[p]
	for i := y.off[p]; i < y.off[p+1]; i++ {
		if h := y.heads[i]; s.dist[h]+y.cost(i, !down) < d {
			return true
		}
	}
	return false
}

// relax follows p's arcs upward.
func (y *Hierarchy) relax(s *chSearch, p int32, down bool) {
	d := s.dist[p]
	for i := y.off[p]; i < y.off[p+1]; i++ {
		h := y.heads[i]
		nd := d + y.cost(i, down)
		if nd < s.dist[h] {
			if math.IsInf(s.dist[h], 1) {
				s.touched = append(s.touched, h)
			}
			s.dist[h], s.parent[h], s.arc[h] = nd, p, i
			s.heap.set(h, nd)
		}
	}
}

// unpackPath appends the nodes of the path that peaks at meet, after
// unpacking every arc: the forward side's climb, then the backward side's
// descent. False where an arc does not unpack (a damaged table).
func (y *Hierarchy) unpackPath(t *Table, sc *chScratch, buf []int, meet int32) ([]int, bool) {
	f, b := &sc.fwd, &sc.bwd
	sc.up = sc.up[:0]
	for p := meet; p >= 0; p = f.parent[p] {
		sc.up = append(sc.up, p)
	}
	buf = append(buf, int(y.order[sc.up[len(sc.up)-1]]))
	ok := true
	for i := len(sc.up) - 2; i >= 0 && ok; i-- {
		h := sc.up[i]
		buf, ok = y.unpack(t, sc, buf, chHop{f.arc[h], f.parent[h], false})
	}
	for p := meet; ok && b.parent[p] >= 0; p = b.parent[p] {
		buf, ok = y.unpack(t, sc, buf, chHop{b.arc[p], b.parent[p], true})
	}
	return buf, ok
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
		tail, head := hop.tail, y.heads[hop.arc]
		x := y.midOf(hop.arc, hop.down)
		if x < 0 {
			from, to := y.order[tail], y.order[head]
			if hop.down {
				from, to = to, from
			}
			if len(buf) >= t.Nodes || !y.isEdge(t, from, to, y.cost(hop.arc, hop.down)) {
				return buf, false
			}
			buf = append(buf, int(to))
			continue
		}
		toTail, ok1 := y.arcTo(x, tail)
		toHead, ok2 := y.arcTo(x, head)
		if !ok1 || !ok2 {
			return buf, false
		}
		if hop.down { // head, down to x, up to tail
			sc.stack = append(sc.stack, chHop{toTail, x, false}, chHop{toHead, x, true})
		} else { // tail, down to x, up to head
			sc.stack = append(sc.stack, chHop{toHead, x, false}, chHop{toTail, x, true})
		}
	}
	return buf, true
}

// isEdge reports whether the level has an edge u→v of key k. An edge's
// cost is k or k·√2 (decoding checked), computed as value computes it.
func (y *Hierarchy) isEdge(t *Table, u, v int32, k float64) bool {
	w := y.value(uint64(k))
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		if t.Targets[e] == v && t.Weights[e] == w {
			return true
		}
	}
	return false
}
