package lookup

import (
	"sync"

	"github.com/pathtable/pathtable/internal/minheap"
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
	walks      int          // nodes walked, ever: the work a Planner counts
	warmed     byte         // what heuristic.warm read, kept so that its reads stay
	// mate is across's scratch for its walks toward the target, made the
	// first time a query of this scratch needs it and kept with it, so a
	// query takes and gives back one scratch.
	mate   *scratch
	mapped bool // ready has written node, so its pages are mapped
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

// partner returns the scratch kept with sc for a second search beside
// its own, made the first time: O(V) then, O(1) after.
func (sc *scratch) partner() *scratch {
	if sc.mate == nil {
		sc.mate = &scratch{node: make([]searchNode, len(sc.node))}
	}
	return sc.mate
}

// ready writes sc's node states once, and its mate's, made then, where
// withMate (the detour across a line walks in it on tables without rows
// of distances; elsewhere it is never made), so that the memory the OS
// lends lazily is mapped now, not by the first searches after a change.
// O(V) the first time, O(1) after.
func (sc *scratch) ready(withMate bool) {
	if !sc.mapped {
		clear(sc.node)
		sc.mapped = true
	}
	if withMate && sc.mate == nil {
		m := sc.partner()
		clear(m.node)
		m.mapped = true
	}
}

// walksWithMate is the nodes sc and its mate have walked, ever. O(1).
func (sc *scratch) walksWithMate() int {
	if sc.mate == nil {
		return sc.walks
	}
	return sc.walks + sc.mate.walks
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
