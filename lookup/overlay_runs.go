package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// Tables without distance rows (run-length tables) give the overlay search
// its heuristic by walking table paths: a node's baked distance to the
// target is the sum of the costs along its table path. Table paths toward
// one target merge, so every walk stops at the first node this query knows
// already, and gives each node it passed its distance (a suffix sum), its
// status (does its path cross a change) and its successor, so a query
// walks each node at most once, and the answer's tail follows successors
// instead of walking again.

// appendRunChecked is appendChecked on a run-length table: it walks in rank
// space, one binary search in a row a step. O(path length × log runs per
// row).
func (o *Overlay) appendRunChecked(buf []int, from, to int) ([]int, pathState) {
	lt := o.lt
	rt := lt.runs
	limit := len(buf) + lt.n // a path has at most n nodes; more means a cycle
	hops, shift, stride := rt.hops, lt.hopShift, uint(1)<<lt.hopShift
	mark, off := o.mark, lt.t.Offsets
	target := rt.rank[to]
	buf = append(buf, from)
	u := int32(from)
	for r := rt.rank[from]; r != target; {
		m := rt.runMove(r, target)
		if m >= stride || len(buf) >= limit {
			return buf, pathNone // no path, a corrupt table's bad move, or a cycle
		}
		r = hops[uint(r)<<shift|m]
		if r < 0 {
			return buf, pathNone // a move that names no edge
		}
		v := rt.order[r]
		if mark[slot(u)]|mark[slot(v)] != 0 && o.stepChanged(off[u]+int32(m), u, v) {
			return buf, pathChanged
		}
		u = v
		buf = append(buf, int(v))
	}
	return buf, pathUnchanged
}

// walkSum is walk on a table without distance rows: it follows the table
// path from x toward t until it reaches t or a node this query has walked,
// then gives every node on the way its baked distance to t (hr.w's costs
// summed backward, exact on keys), its successor, and whether its path
// crosses a change. O(new nodes walked × log runs per row).
func (o *Overlay) walkSum(sc *scratch, x, t int32, hr *heuristic) {
	lt := o.lt
	chain, steps := sc.chain[:0], sc.steps[:0]
	clean := true // the status of the node the walk ends at
	cut := -1     // chain[:cut+1] cross a change in steps the walk saw
	node, gen, mark := sc.node, sc.gen, o.mark
	shift, stride := lt.hopShift, uint(1)<<lt.hopShift
	rt := lt.runs
	var r int32 // x's rank on a run-length table
	if rt != nil {
		r = rt.rank[x]
	}
	for {
		// Read before writing: a node this query has not met stays
		// untouched until the walk knows what to write.
		if n := &node[x]; n.stamp == gen && n.flags&walked != 0 {
			clean = n.flags&unchanged != 0
			break
		}
		if x == t {
			nx := sc.at(x)
			nx.h, nx.next, nx.flags = 0, -1, nx.flags|walked|unchanged|hSet
			break
		}
		v, m := int32(-1), uint(0)
		if rt != nil { // a step in rank space: one binary search in x's row
			if m = rt.runMove(r, hr.rank); m < stride {
				if r = rt.hops[uint(r)<<shift|m]; r >= 0 {
					v = rt.order[r]
				}
			}
		} else {
			var e int32
			v, e = o.tableStep(x, t)
			m = uint(e - lt.t.Offsets[x]) // unused when v < 0
		}
		if v < 0 || len(chain) >= lt.n { // no path, or a corrupt table's cycle
			nx := sc.at(x)
			nx.h, nx.next, nx.flags, clean = math.Inf(1), -1, nx.flags|walked|hSet, false
			break
		}
		chain = append(chain, x)
		steps = append(steps, hr.w[uint(x)<<shift|m])
		if mark[slot(x)]|mark[slot(v)] != 0 && o.stepChanged(lt.t.Offsets[x]+int32(m), x, v) {
			cut = len(chain) - 1
		}
		x = v
	}
	sc.chain, sc.steps = chain, steps
	h := node[x].h
	for i := len(chain) - 1; i >= 0; i-- {
		h += steps[i] // +Inf stays +Inf: no path
		n := sc.at(chain[i])
		n.h, n.next, n.flags = h, x, n.flags|walked|hSet
		if clean && i > cut {
			n.flags |= unchanged
		}
		x = chain[i]
	}
}

// sumFresh gives node v, fresh in this query (state n), its baked distance
// to t: when v's first step on a run-length table leads to a walked node
// and touches no change, in that one step, else by walkSum. O(log runs of
// v's row), or walkSum's cost.
func (o *Overlay) sumFresh(sc *scratch, n *searchNode, v, t int32, hr *heuristic) {
	lt := o.lt
	if rt := lt.runs; rt != nil {
		shift := lt.hopShift
		if m := rt.runMove(rt.rank[v], hr.rank); m < uint(1)<<shift {
			if r := rt.hops[uint(rt.rank[v])<<shift|m]; r >= 0 {
				x := rt.order[r]
				if nx := &sc.node[x]; nx.stamp == sc.gen && nx.flags&walked != 0 && o.mark[slot(v)]|o.mark[slot(x)] == 0 {
					n.h, n.next = hr.w[uint(v)<<shift|m]+nx.h, x
					n.flags |= walked | hSet | nx.flags&unchanged
					return
				}
			}
		}
	}
	o.walkSum(sc, v, t, hr)
}

// tableStep returns the node after x on the table path to t and the edge
// it takes, or -1, on a table with neither distance nor run rows.
// O(degree) after Next.
func (o *Overlay) tableStep(x, t int32) (int32, int32) {
	v := int32(o.lt.Next(int(x), int(t)))
	if v < 0 {
		return -1, -1
	}
	e := o.edgeTo(x, v)
	if e < 0 {
		return -1, -1
	}
	return v, e
}

// seedCrossed gives the nodes of crossed, a checked prefix of the table
// path from the source whose last step crosses a change (see
// appendChecked), their distances to t and status with one walk from the
// last of them: the prefix's own costs are summed backward without
// searching a row. O(len(crossed) × degree + the walk).
func (o *Overlay) seedCrossed(sc *scratch, crossed []int, t int32, hr *heuristic) {
	k := len(crossed)
	if k == 0 {
		return
	}
	last := int32(crossed[k-1])
	o.walkSum(sc, last, t, hr)
	lt := o.lt
	h := sc.node[last].h
	for i := k - 2; i >= 0; i-- {
		u, v := int32(crossed[i]), int32(crossed[i+1])
		e := o.edgeTo(u, v)
		if e < 0 {
			return // not a path: leave the rest to their own walks
		}
		h += hr.w[uint(u)<<lt.hopShift|uint(e-lt.t.Offsets[u])]
		n := sc.at(u)
		n.h, n.next, n.flags = h, v, n.flags|walked|hSet // crosses the change after last
	}
}

// appendTail appends the table path after end to t, following the
// successors the walks of this query recorded: every node on a walked
// node's table path was walked too. O(path length).
func (sc *scratch) appendTail(buf []int, end, t int32) ([]int, bool) {
	limit := len(buf) + len(sc.node)
	for u := end; u != t; {
		n := &sc.node[u]
		if n.stamp != sc.gen || n.flags&walked == 0 || n.next < 0 || len(buf) >= limit {
			return buf, false
		}
		u = n.next
		buf = append(buf, int(u))
	}
	return buf, true
}

// keyCost converts an exact octile key to its cost, as a stored distance
// reads. O(1).
func keyCost(k float64) float64 {
	a, b := table.OctileParts(k)
	return float64(a) + float64(b)*math.Sqrt2
}
