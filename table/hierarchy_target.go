package table

import (
	"math"

	"github.com/pathtable/pathtable/internal/minheap"
)

// A HierarchyTarget gives the distance of any node to one target from a
// hierarchy, node by node, as a search of the level needs a heuristic:
// one search upward from the target at Reset, then each node's distance
// from the distances of the nodes its arcs climb to (the downward pass of
// PHAST, Delling et al., 2011, run only over the nodes asked for and the
// nodes above them). A node's distance is the least, over its arcs, of the
// arc's cost plus its head's distance, or what the target's search found
// there: every shortest path climbs, then descends to the target, and the
// descent is what the target's search follows upward.
//
// It holds O(V) memory, made once; what it computed for one target stays
// valid (the hierarchy never changes) until Reset names another. Not safe
// for concurrent use: a goroutine holds one at a time.
type HierarchyTarget struct {
	y      *Hierarchy
	target int32
	gen    uint32
	nodes  []targetNode // by position
	heap   minheap.Heap
	stack  []int32
	work   int // nodes settled or computed since Reset
}

// targetNode is what a HierarchyTarget knows of one position, in one
// place, so that reading a head's distance is one cache line.
type targetNode struct {
	// key is the distance key where done == gen, else the target's
	// upward search's where seen == gen, which the distance replaces.
	key  float64
	done uint32
	seen uint32
}

// NewTarget returns a HierarchyTarget of y for no target yet (call
// Reset). O(V) memory.
func (y *Hierarchy) NewTarget() *HierarchyTarget {
	n := len(y.order)
	return &HierarchyTarget{y: y, target: -1, nodes: make([]targetNode, n)}
}

// Target returns the node Reset named last, -1 before the first. O(1).
func (d *HierarchyTarget) Target() int { return int(d.target) }

// Reset makes d answer for target, forgetting the last target's
// distances: a search upward from it over every arc (no pruning: each
// node above it may start a shortest path's descent), O(S log S) for the
// S nodes above it. target must be a node.
func (d *HierarchyTarget) Reset(target int) {
	d.Begin(target)
	d.Continue(math.MaxInt)
}

// Begin is Reset a slice at a time, for a caller that bounds the work it
// does at once: it starts Reset's search, which Continue carries on; Key
// may be read only once Continue has reported it done. O(1).
func (d *HierarchyTarget) Begin(target int) {
	d.gen++
	if d.gen == 0 {
		clear(d.nodes)
		d.gen = 1
	}
	d.target, d.work, d.stack = int32(target), 0, d.stack[:0]
	p := d.y.pos[target]
	d.nodes[p].key, d.nodes[p].seen = 0, d.gen
	d.heap.Reset()
	d.heap.Push(p, 0)
}

// Continue goes on with the search Begin started until it is done, true,
// or it has settled limit more nodes (see Work). O(nodes × (degree +
// log S)).
func (d *HierarchyTarget) Continue(limit int) bool {
	y, gen, nodes := d.y, d.gen, d.nodes
	end := d.work + min(limit, math.MaxInt-d.work)
	for d.heap.Len() > 0 && d.work < end {
		p, dp := d.heap.Pop()
		if dp > nodes[p].key {
			continue // a stale entry: p was reached for less since
		}
		d.work++
		for i := y.off[p]; i < y.off[p+1]; i++ {
			h, nd := y.heads[i], dp+y.cost(i, true)
			if math.IsInf(nd, 1) {
				continue // a directed hierarchy's arc with no way down
			}
			if nh := &nodes[h]; nh.seen != gen || nd < nh.key {
				nh.key, nh.seen = nd, gen
				d.heap.Push(h, nd)
			}
		}
	}
	return d.heap.Len() == 0
}

// Key returns the exact search key of the distance from node u to the
// target (as the hierarchy's costs: an integer, or an octile key, see
// OctileKey), +Inf where u has no path to it. Amortised O(arcs of u and
// of the nodes above it not asked for since Reset); a node asked for
// again costs O(1).
func (d *HierarchyTarget) Key(u int) float64 {
	d.Fill(u, math.MaxInt)
	return d.nodes[d.y.pos[u]].key
}

// Fill is Key a slice at a time, for a caller that bounds the work it
// does at once: it computes at most limit more distances toward u's (see
// Work) and reports whether u's is known, so that Key(u) costs O(1); a
// call for the same u goes on where the last stopped. O(limit × degree).
func (d *HierarchyTarget) Fill(u, limit int) bool {
	y, gen, nodes := d.y, d.gen, d.nodes
	p := y.pos[u]
	if nodes[p].done == gen {
		return true
	}
	// Depth first over the arcs climbing from p: a node's distance is
	// set once the distances of every head of its arcs are, in the scan
	// that finds them all set (most nodes' first, once the nodes above
	// them are known).
	inf := math.Inf(1)
	stack := d.stack
	if len(stack) == 0 || stack[0] != p {
		stack = append(stack[:0], p)
	}
	for end := d.work + min(limit, math.MaxInt-d.work); len(stack) > 0 && d.work < end; {
		q := stack[len(stack)-1]
		nq := &nodes[q]
		if nq.done == gen {
			stack = stack[:len(stack)-1]
			continue
		}
		best, ready := inf, true
		if nq.seen == gen {
			best = nq.key
		}
		for i := y.off[q]; i < y.off[q+1]; i++ {
			h := y.heads[i]
			if nh := &nodes[h]; nh.done != gen {
				stack = append(stack, h)
				ready = false
			} else if ready {
				best = min(best, y.upKey(i)+nh.key)
			}
		}
		if ready {
			stack = stack[:len(stack)-1]
			nq.key, nq.done = best, gen
			d.work++
		}
	}
	d.stack = stack
	return len(stack) == 0
}

// Ready reports whether the search Begin started is done, so that Key
// may be read. O(1).
func (d *HierarchyTarget) Ready() bool { return d.heap.Len() == 0 }

// Work returns the nodes the upward search has settled since Reset or
// Begin, and those whose distance Key has computed since: a measure of
// the work done that is the same on every machine, given the target and
// the nodes asked for in order. O(1).
func (d *HierarchyTarget) Work() int { return d.work }

// upKey is cost(i, false) without its branch on directed hierarchies'
// down costs. O(1); it inlines.
func (y *Hierarchy) upKey(i uint32) float64 {
	w := y.up[i]
	if w == NoArcCost {
		return math.Inf(1)
	}
	if y.octile {
		return float64(int64(uint64(w&0xFFFF)*octileS + uint64(w>>16)*octileT))
	}
	return float64(w)
}

// Cost returns the distance of a key Key returned: exact on integer and
// octile levels. O(1).
func (d *HierarchyTarget) Cost(key float64) float64 { return d.y.Cost(key) }

// Cost returns the distance of a search key of y's costs (an integer, or
// an octile key): exact on integer and octile levels; +Inf stays +Inf.
// O(1).
func (y *Hierarchy) Cost(key float64) float64 {
	if math.IsInf(key, 1) {
		return key
	}
	return y.value(uint64(key))
}
