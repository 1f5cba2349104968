package lookup

import (
	"math"
	"sync"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/table"
)

// scratch is one search's working memory: O(V), allocated once and reused
// through the Table's pool. Entries are valid where their stamp equals gen,
// so a query forgets the last one in O(1).
type scratch struct {
	node       []searchNode
	gen        uint32
	level      []int32      // queued nodes whose f is the current least, last in first out
	later      []bucket     // queued nodes of larger f, a bucket per f, largest f first
	nb         int          // buckets in use: later[:nb]; the rest keep their memory
	heap       minheap.Heap // queued nodes of larger f once maxBuckets are in use
	chain      []int32      // the last walk's nodes, reused
	steps      []float64    // the cost of each step of chain, where walks sum, reused
	walkEnd    int32        // the node the last walk stopped at, past chain
	back       []int32      // the target's reachability search, in visiting order
	reach      []crossReach // across's cells, reused
	walkBudget int          // the nodes across's walks may still take
	hr         heuristic    // the query's heuristic, as the walkers read it
}

// searchNode is what one query knows of one node: 32 bytes, two a cache
// line.
type searchNode struct {
	g      float64 // cost of the best path from the source found so far
	h      float64 // baked distance to the target, once hSet
	parent int32   // predecessor on that path, -1 for the source
	stamp  uint32  // query generation that last touched the node
	next   int32   // the successor on the stored path to the target, once walked
	flags  uint8
}

const (
	reached   uint8 = 1 << iota // g and parent are set
	closed                      // expanded with its current g
	hSet                        // h is set
	walked                      // unchanged is set
	unchanged                   // the table path from here to the target crosses no change
	toTarget                    // the target's reachability search found a path from here
)

// scratchPool keeps every scratch a table's overlays have used, for the
// next search. Unlike a sync.Pool it never drops one at a garbage
// collection: a scratch is O(V), and a game should not pay that again
// mid-play. It holds as many as searches ever ran at once.
type scratchPool struct {
	mu   sync.Mutex
	free []*scratch
}

// getScratch takes a scratch from the table's pool, or allocates one: O(V)
// the first time only.
func (lt *Table) getScratch() *scratch {
	p := &lt.derived.scratch
	p.mu.Lock()
	if k := len(p.free); k > 0 {
		sc := p.free[k-1]
		p.free = p.free[:k-1]
		p.mu.Unlock()
		return sc
	}
	p.mu.Unlock()
	return &scratch{node: make([]searchNode, lt.n)}
}

func (lt *Table) putScratch(sc *scratch) {
	p := &lt.derived.scratch
	p.mu.Lock()
	p.free = append(p.free, sc)
	p.mu.Unlock()
}

// begin starts a query: every node becomes unknown in O(1).
func (sc *scratch) begin() {
	sc.gen++
	if sc.gen == 0 { // wrapped: forget every stamp once every 2^32 queries
		clear(sc.node)
		sc.gen = 1
	}
	sc.level = sc.level[:0]
	sc.nb = 0
	sc.heap.Reset()
	sc.back = sc.back[:0]
}

// at returns node u's state, made fresh if this query has not touched it.
func (sc *scratch) at(u int32) *searchNode {
	n := &sc.node[u]
	if n.stamp != sc.gen {
		*n = searchNode{stamp: sc.gen}
	}
	return n
}

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
// known to cross a change (see checked), or nothing; the walker's seed
// gives its nodes their status.
func (o *view) search(sc *scratch, s, t int32, stored []int, cut int) (end int32, keyed bool) {
	if o.lt.costs().key != nil && o.inexact == 0 {
		if end, ok := o.searchOn(sc, s, t, stored, cut, true); ok {
			return end, true
		}
	}
	end, _ = o.searchOn(sc, s, t, stored, cut, false)
	return end, false
}

// searchOn is search on keys or on costs; ok is false when a keyed search
// left the keys' exact range.
func (o *view) searchOn(sc *scratch, s, t int32, stored []int, cut int, keyed bool) (end int32, ok bool) {
	sc.begin()
	lt := o.lt
	costs := lt.costs().w
	if keyed {
		costs = lt.costs().key
	}
	// The walkers read the heuristic through the scratch (a pointer to a
	// local would escape through their interface); the loop reads a copy.
	sc.hr = o.s.heuristic(t, keyed)
	hr, hp := sc.hr, &sc.hr
	o.s.seed(o, sc, stored, cut, t, hp)
	inf := math.Inf(1)
	ns := sc.at(s)
	if ns.flags&hSet == 0 {
		o.setH(sc, ns, s, t, hp)
	}
	if ns.h == inf {
		return -1, true
	}
	if keyed && ns.h >= table.OctileKeyLimit {
		return -1, false // a walk summed past the keys' exact range
	}
	ns.g, ns.parent, ns.flags = 0, -1, ns.flags|reached
	// A node's f is g plus the larger of its baked distance (kept in h:
	// it is the exact rest of an unchanged path) and the landmarks' bound.
	var alt altBound
	useAlt := keyed && o.landmarkCount > 0 && o.landmarks().bound(s, t, &alt)
	least := ns.h // the least f queued: level holds nodes of this f
	sc.level = append(sc.level, s)
	hops, shift := lt.hops, lt.hopShift
	stride := uint(1) << shift
	off := lt.t.Offsets
	mark := o.mark
	node, gen := sc.node, sc.gen
	// Where a change may cut the level, a search from the target over the
	// open moves runs beside, a step per expansion: when it runs out
	// without meeting the source, the target is cut off, and the query
	// costs what the smaller side costs instead of exhausting the source's
	// side.
	back, next := o.cuts > 0 && lt.t.Kind == table.KindGrid, 0
	if back {
		sc.at(t).flags |= toTarget
		sc.back = append(sc.back, t)
	}
	for {
		var u int32
		if k := len(sc.level); k > 0 {
			u = sc.level[k-1]
			sc.level = sc.level[:k-1]
		} else if f, ok := sc.nextLevel(); ok {
			least = f
			continue
		} else if sc.heap.Len() > 0 {
			u, least = sc.heap.Pop()
		} else {
			return -1, true
		}
		nu := &node[u]
		if nu.flags&closed != 0 {
			continue // queued again with a smaller g, and expanded with it
		}
		if useAlt {
			// Queued by its baked distance; the landmarks may put it off.
			if f := nu.g + max(nu.h, alt.at(u)); f > least {
				sc.push(f, u)
				continue
			}
		}
		nu.flags |= closed
		if back {
			if next == len(sc.back) {
				return -1, true // the target's side is closed and lacks the source
			}
			if o.backStep(sc, sc.back[next], s) {
				back = false // the sides meet: the A* alone decides
			}
			next++
		}
		if nu.flags&walked == 0 {
			// Most nodes are one step from a walked node: inherit its
			// status inline when that step is not near a change.
			if x := hr.step(lt, u); x >= 0 && node[x].stamp == gen && node[x].flags&walked != 0 &&
				mark[slot(u)] == 0 && mark[slot(x)] == 0 {
				nu.flags |= walked | node[x].flags&unchanged
			} else {
				o.s.walk(o, sc, u, t, hp)
			}
		}
		if nu.flags&unchanged != 0 {
			return u, true
		}
		gu := nu.g
		base := uint(u) << shift
		us := hops[base : base+stride : base+stride] // u's neighbours, then -1s
		ws := costs[base : base+stride : base+stride]
		markedU := mark[slot(u)] != 0
		for m, v := range us {
			if v < 0 {
				break // past u's last edge
			}
			w := ws[m]
			if markedU || mark[slot(v)] != 0 {
				w = o.cost(off[u]+int32(m), u, v, keyed)
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
					if f := gv + h; f <= least {
						sc.level = append(sc.level, v)
					} else {
						if f >= table.OctileKeyLimit {
							return -1, false
						}
						sc.push(f, v)
					}
					continue
				}
				*nv = searchNode{stamp: gen}
				if hr.mode == hWalk {
					o.s.fresh(o, sc, nv, v, t, hp)
				}
			} else if nv.flags&reached != 0 && gv >= nv.g {
				continue
			}
			if nv.flags&hSet == 0 {
				if keyed && hr.mode != hWalk {
					nv.h, nv.flags = hr.oct.Key(int(v)), nv.flags|hSet
				} else {
					o.setH(sc, nv, v, t, hp)
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
			} else {
				if keyed && f >= table.OctileKeyLimit {
					return -1, false
				}
				sc.push(f, v)
			}
		}
	}
}

// setH gives node u (state n) its baked distance to t. O(1) from a row,
// else a walk.
func (o *view) setH(sc *scratch, n *searchNode, u, t int32, hr *heuristic) {
	if hr.mode == hWalk {
		o.s.walk(o, sc, u, t, hr)
		return
	}
	n.h, n.flags = hr.at(u), n.flags|hSet
}

// cost is the cost of edge e from u to v through the overlay, as a key
// when keyed; +Inf when closed. O(1).
func (o *view) cost(e, u, v int32, keyed bool) float64 {
	w := o.weight(e, u, v)
	if !keyed || math.IsInf(w, 1) {
		return w
	}
	lt := o.lt
	k := lt.costs().key[uint(u)<<lt.hopShift|uint(e-lt.t.Offsets[u])]
	if c, ok := o.edges[e]; ok {
		k, _ = edgeKey(c) // inexact counts the costs keys cannot hold
	}
	if c, ok := o.cells[v]; ok {
		ck, _ := cellKey(c, o.lt.moveUnit(u, v) != 1)
		k = max(k, ck)
	}
	return k
}

// backStep visits the neighbours of v that have an open move to v, for the
// target's reachability search on a grid (whose moves go both ways), and
// reports whether it reached s. O(degree).
func (o *view) backStep(sc *scratch, v, s int32) bool {
	t := o.lt.t
	for f := t.Offsets[v]; f < t.Offsets[v+1]; f++ {
		u := t.Targets[f]
		nu := sc.at(u)
		if nu.flags&toTarget != 0 {
			continue
		}
		if o.marked(u) || o.marked(v) {
			if e := o.edgeTo(u, v); e < 0 || math.IsInf(o.weight(e, u, v), 1) {
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
