package lookup

import (
	"math"
	"sync"

	"github.com/pathtable/pathtable/table"
)

// scratch is one search's working memory: O(V), allocated once and reused
// through the Table's pool. Entries are valid where their stamp equals gen,
// so a query forgets the last one in O(1).
type scratch struct {
	node  []searchNode
	gen   uint32
	open  openHeap
	chain []chainStep // a walk's steps, reused
	back  []int32     // the target's reachability search, in visiting order
}

// searchNode is what one query knows of one node, in one cache line's
// share.
type searchNode struct {
	g      float64 // cost of the best path from the source found so far
	h      float64 // baked distance to the target, once walked
	parent int32   // predecessor on that path, -1 for the source
	pos    int32   // index in the open heap, -1 when not queued
	stamp  uint32  // query generation that last touched the node
	flags  uint8
}

const (
	reached   uint8 = 1 << iota // g and parent are set
	walked                      // h and unchanged are set
	unchanged                   // the table path from here to the target crosses no change
	toTarget                    // the target's reachability search found a path from here
)

type chainStep struct{ u, v int32 }

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
	p := &lt.scratch
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
	p := &lt.scratch
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
	sc.open.items = sc.open.items[:0]
	sc.back = sc.back[:0]
}

// at returns node u's state, made fresh if this query has not touched it.
func (sc *scratch) at(u int32) *searchNode {
	n := &sc.node[u]
	if n.stamp != sc.gen {
		*n = searchNode{pos: -1, stamp: sc.gen}
	}
	return n
}

// search runs A* from s to t on the changed level, with the baked distance
// to t as the heuristic, and returns the first node it takes from the queue
// whose table path to t is unchanged (its heuristic is then exact, so its
// best path continued by the table path is a shortest path), or -1 when t
// cannot be reached. sc.node[end].g is the cost to that node. O((V' + E')
// log V') for the V' nodes reached, plus the table paths walked, each node
// at most once a query.
func (o *Overlay) search(sc *scratch, s, t int32) int32 {
	sc.begin()
	o.walk(sc, s, t)
	ns := sc.at(s)
	if math.IsInf(ns.h, 1) {
		return -1
	}
	ns.g, ns.parent, ns.flags = 0, -1, ns.flags|reached
	sc.open.push(sc.node, heapItem{f: ns.h, node: s})
	tab := o.lt.t
	off, targets := tab.Offsets, tab.Targets
	// Where a change may cut the level, a search from the target over the
	// open moves runs beside, a step per step: when it runs out without
	// meeting the source, the target is cut off, and the query costs what
	// the smaller side costs instead of exhausting the source's side.
	back, next := o.cuts > 0 && o.lt.t.Kind == table.KindGrid, 0
	if back {
		sc.at(t).flags |= toTarget
		sc.back = append(sc.back, t)
	}
	for len(sc.open.items) > 0 {
		if back {
			if next == len(sc.back) {
				return -1 // the target's side is closed and lacks the source
			}
			if o.backStep(sc, sc.back[next], s) {
				back = false // the sides meet: the A* alone decides
			}
			next++
		}
		u := sc.open.pop(sc.node).node
		nu := &sc.node[u]
		if nu.flags&unchanged != 0 {
			return u
		}
		gu := nu.g
		for e := off[u]; e < off[u+1]; e++ {
			v := targets[e]
			w := o.weight(e, u, v)
			if math.IsInf(w, 1) {
				continue
			}
			gv := gu + w
			nv := sc.at(v)
			if nv.flags&reached != 0 && gv >= nv.g {
				continue
			}
			if nv.flags&walked == 0 {
				o.walk(sc, v, t)
			}
			if math.IsInf(nv.h, 1) {
				continue // no baked path to t, so none now
			}
			nv.g, nv.parent, nv.flags = gv, u, nv.flags|reached
			sc.enqueue(nv, heapItem{f: gv + nv.h, g: gv, node: v})
		}
	}
	return -1
}

// backStep visits the neighbours of v that have an open move to v, for the
// target's reachability search on a grid (whose moves go both ways), and
// reports whether it reached s. O(degree).
func (o *Overlay) backStep(sc *scratch, v, s int32) bool {
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

// enqueue queues it for node n, or lowers n's key where n is queued
// already. A node taken from the queue comes back only through float64
// rounding of a consistent heuristic; that keeps the answer exact.
// O(log queued).
func (sc *scratch) enqueue(n *searchNode, it heapItem) {
	if n.pos >= 0 {
		sc.open.lower(sc.node, n.pos, it)
	} else {
		sc.open.push(sc.node, it)
	}
}

// walk follows the table path from x toward t until it reaches t or a node
// this query has walked already, and gives every node on the way its baked
// distance to t and whether its table path crosses a change. Table paths
// toward one target merge, so a query walks each node at most once. The
// distance is read from the table where that is O(1), and otherwise summed
// backward along the path. O(new nodes walked).
func (o *Overlay) walk(sc *scratch, x, t int32) {
	tab := o.lt.t
	direct := o.lt.directDist
	chain := sc.chain[:0]
	var h float64
	clean := true
	for {
		nx := sc.at(x)
		if nx.flags&walked != 0 {
			h, clean = nx.h, nx.flags&unchanged != 0
			break
		}
		if x == t {
			nx.h, nx.flags = 0, nx.flags|walked|unchanged
			break
		}
		v := int32(o.lt.Next(int(x), int(t)))
		if v < 0 || len(chain) >= o.lt.n { // no path, or a corrupt table's cycle
			h = math.Inf(1)
			nx.h, nx.flags = h, nx.flags|walked
			break
		}
		chain = append(chain, chainStep{x, v})
		x = v
	}
	for i := len(chain) - 1; i >= 0; i-- {
		st := chain[i]
		if clean && (o.marked(st.u) || o.marked(st.v)) {
			e := o.edgeTo(st.u, st.v)
			clean = e >= 0 && !o.stepChanged(e, st.u, st.v)
		}
		switch {
		case math.IsInf(h, 1):
		case direct:
			h, _ = tab.Distance(int(st.u), int(t))
		default:
			e := o.edgeTo(st.u, st.v)
			if e < 0 { // a move that names no edge: a corrupt table
				h = math.Inf(1)
			} else {
				h += tab.Weights[e]
			}
		}
		n := &sc.node[st.u]
		n.h, n.flags = h, n.flags|walked
		if clean {
			n.flags |= unchanged
		}
	}
	sc.chain = chain
}

// heapItem is one queued node with its priority f (cost so far plus the
// baked distance) and its cost so far g.
type heapItem struct {
	f, g float64
	node int32
}

// openHeap is an indexed binary min-heap ordered by f and, among equal f,
// by larger g first (nearer the target); each queued node's index lives in
// its searchNode.pos, so a key is lowered in place.
type openHeap struct{ items []heapItem }

func (a *heapItem) before(b *heapItem) bool { return a.f < b.f || a.f == b.f && a.g > b.g }

// push queues it. O(log n).
func (q *openHeap) push(node []searchNode, it heapItem) {
	q.items = append(q.items, it)
	q.up(node, len(q.items)-1, it)
}

// lower gives the item at index i the smaller key of it. O(log n).
func (q *openHeap) lower(node []searchNode, i int32, it heapItem) { q.up(node, int(i), it) }

// pop removes and returns the first item. O(log n).
func (q *openHeap) pop(node []searchNode) heapItem {
	items := q.items
	top, last := items[0], items[len(items)-1]
	q.items = items[:len(items)-1]
	node[top.node].pos = -1
	if len(q.items) > 0 {
		q.down(node, 0, last)
	}
	return top
}

func (q *openHeap) up(node []searchNode, i int, it heapItem) {
	items := q.items
	for i > 0 {
		p := (i - 1) / 2
		if !it.before(&items[p]) {
			break
		}
		items[i] = items[p]
		node[items[i].node].pos = int32(i)
		i = p
	}
	items[i] = it
	node[it.node].pos = int32(i)
}

func (q *openHeap) down(node []searchNode, i int, it heapItem) {
	items := q.items
	n := len(items)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && items[r].before(&items[c]) {
			c = r
		}
		if !items[c].before(&it) {
			break
		}
		items[i] = items[c]
		node[items[i].node].pos = int32(i)
		i = c
	}
	items[i] = it
	node[it.node].pos = int32(i)
}
