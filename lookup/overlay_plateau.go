package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// plateau runs the first stage of an overlay search on a flat table with
// exact distance rows (keys or integers, hr), before the A* (searchOn):
// the nodes n whose f is the source's, least = d(s,t). Those are the nodes
// with d'(s,n) = d(s,n) and d(s,n) + d(n,t) = d(s,t) (d' the changed
// level, d the baked one), reached from s along open moves u→v that stay
// on that level: g(u) + w'(u,v) + d(v,t) = d(s,t). A stack finds them in
// any order, without the A*'s queue or its walks of stored paths: when the
// stored path of s crosses a change (the case that searches), most of a
// search is this level (every shortest path of the baked level, all of
// which cross the change).
//
// It returns the first node of the level whose stored path is known
// unchanged (t itself, or a node after the change on the stored path of
// s): its best path continued by the table costs d(s,t), a shortest path.
// Otherwise the level holds none: a level node's unchanged stored path
// would lie on the level with every step open, so the stack would have
// reached t along it. Then every level node is left closed and walked
// (its stored path crosses a change), and their neighbours off the level
// queued with their g, and it returns -1 for the A* to go on above f =
// least. ok is false when a keyed sum leaves the keys' exact range.
// O(level nodes × degree), plus the walk of s's stored path.
func (o *view) plateau(sc *scratch, s, t int32, least float64, keyed bool, costs []float64, hr *heuristic) (end int32, ok bool) {
	node, gen := sc.node, sc.gen
	ns := &node[s]
	if ns.flags&walked == 0 {
		o.s.walk(o, sc, s, t, hr)
	}
	if ns.flags&unchanged != 0 {
		return s, true
	}
	lt := o.lt
	hops, shift := lt.hops, lt.hopShift
	stride := uint(1) << shift
	off := lt.t.Offsets
	mark := o.mark
	inf := math.Inf(1)
	ns.flags |= closed
	stack, seeds := sc.level[:0], sc.seeds[:0]
	stack = append(stack, s)
	defer func() { sc.level, sc.seeds = stack[:0], seeds[:0] }()
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		gu := node[u].g
		base := uint(u) << shift
		us := hops[base : base+stride : base+stride]
		ws := costs[base : base+stride : base+stride]
		markedU := mark[slot(u)] != 0
		for m, v := range us {
			if v < 0 {
				break
			}
			w := ws[m]
			if markedU || mark[slot(v)] != 0 {
				w = o.cost(off[u]+int32(m), u, v, keyed)
				if w == inf {
					continue
				}
			}
			nv := &node[v]
			if nv.stamp != gen {
				*nv = searchNode{h: hr.at(v), stamp: gen, flags: hSet}
			} else if nv.flags&hSet == 0 {
				nv.h, nv.flags = hr.at(v), nv.flags|hSet
			}
			if nv.h == inf || nv.flags&closed != 0 {
				continue // no baked path to t; or on the level already, with the least g
			}
			gv := gu + w
			if gv+nv.h == least {
				nv.g, nv.parent = gv, u
				if v == t || nv.flags&unchanged != 0 {
					nv.flags |= reached | closed
					sc.chain = sc.chain[:0] // the tail walks from v
					return v, true
				}
				nv.flags |= reached | closed | walked
				stack = append(stack, v)
				continue
			}
			if nv.flags&reached == 0 {
				seeds = append(seeds, v)
			} else if gv >= nv.g {
				continue
			}
			nv.g, nv.parent, nv.flags = gv, u, nv.flags|reached
		}
	}
	// s's own walk may have marked nodes of its stored path walked and
	// unchanged only after its change; the level reached none of them.
	ns.flags |= walked
	for _, v := range seeds {
		nv := &node[v]
		if nv.flags&closed != 0 {
			continue
		}
		f := nv.g + nv.h
		if keyed && f >= table.OctileKeyLimit {
			return -1, false
		}
		sc.push(f, v)
	}
	return -1, true
}
