package table

import "math"

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
	back   []float64 // the target's upward search, by position
	memo   []float64 // distance keys found, by position
	stamp  []uint32  // per position: gen where back is set
	done   []uint32  // per position: gen where memo is set
	heap   chHeap
	stack  []int32
}

// NewTarget returns a HierarchyTarget of y for no target yet (call
// Reset). O(V) memory.
func (y *Hierarchy) NewTarget() *HierarchyTarget {
	n := len(y.order)
	d := &HierarchyTarget{y: y, target: -1, back: make([]float64, n), memo: make([]float64, n),
		stamp: make([]uint32, n), done: make([]uint32, n)}
	d.heap.where = make([]int32, n)
	for i := range d.heap.where {
		d.heap.where[i] = -1
	}
	return d
}

// Target returns the node Reset named last, -1 before the first. O(1).
func (d *HierarchyTarget) Target() int { return int(d.target) }

// Reset makes d answer for target, forgetting the last target's
// distances: a search upward from it over every arc (no pruning: each
// node above it may start a shortest path's descent), O(S log S) for the
// S nodes above it. target must be a node.
func (d *HierarchyTarget) Reset(target int) {
	d.gen++
	if d.gen == 0 {
		clear(d.stamp)
		clear(d.done)
		d.gen = 1
	}
	d.target = int32(target)
	y, gen := d.y, d.gen
	p := y.pos[target]
	d.back[p], d.stamp[p] = 0, gen
	d.heap.set(p, 0)
	for len(d.heap.items) > 0 {
		p := d.heap.pop()
		dp := d.back[p]
		for i := y.off[p]; i < y.off[p+1]; i++ {
			h, nd := y.heads[i], dp+y.cost(i, true)
			if math.IsInf(nd, 1) {
				continue // a directed hierarchy's arc with no way down
			}
			if d.stamp[h] != gen || nd < d.back[h] {
				d.back[h], d.stamp[h] = nd, gen
				d.heap.set(h, nd)
			}
		}
	}
}

// Key returns the exact search key of the distance from node u to the
// target (as the hierarchy's costs: an integer, or an octile key, see
// OctileKey), +Inf where u has no path to it. Amortised O(arcs of u and
// of the nodes above it not asked for since Reset); a node asked for
// again costs O(1).
func (d *HierarchyTarget) Key(u int) float64 {
	y, gen := d.y, d.gen
	p := y.pos[u]
	if d.done[p] == gen {
		return d.memo[p]
	}
	// Depth first over the arcs climbing from p: a node's distance is
	// set once the distances of every head of its arcs are.
	d.stack = append(d.stack[:0], p)
	for len(d.stack) > 0 {
		q := d.stack[len(d.stack)-1]
		if d.done[q] == gen {
			d.stack = d.stack[:len(d.stack)-1]
			continue
		}
		ready := true
		for i := y.off[q]; i < y.off[q+1]; i++ {
			if h := y.heads[i]; d.done[h] != gen {
				d.stack = append(d.stack, h)
				ready = false
			}
		}
		if !ready {
			continue
		}
		d.stack = d.stack[:len(d.stack)-1]
		best := math.Inf(1)
		if d.stamp[q] == gen {
			best = d.back[q]
		}
		for i := y.off[q]; i < y.off[q+1]; i++ {
			best = min(best, y.cost(i, false)+d.memo[y.heads[i]])
		}
		d.memo[q], d.done[q] = best, gen
	}
	return d.memo[p]
}

// Cost returns the distance of a key Key returned: exact on integer and
// octile levels. O(1).
func (d *HierarchyTarget) Cost(key float64) float64 {
	if math.IsInf(key, 1) {
		return key
	}
	return d.y.value(uint64(key))
}
