package lookup

import (
	"math"
	"sync"

	"github.com/pathtable/pathtable/table"
)

// probes lets a query prove, from two reads of the distance rows per
// change, that the stored path of a pair crosses none of a view's
// changes, without walking it. Every node n of the stored path from s to
// t has d(s,n) + d(n,t) = d(s,t) on the baked level (its prefix costs at
// least d(s,n), its suffix is n's stored path, and the whole costs
// d(s,t)). So where d(s,c) + d(c,t) > d(s,t), exactly, for every node c a
// change can touch, no step of the stored path touches one. Only flat
// tables with exact distance rows (octile keys or integers) have them.
type probes struct {
	once  sync.Once
	w     *flatWalker
	nodes []int32 // the nodes the changes touch; nil: no proof here
}

// maxProbes bounds the nodes probed: beyond them the O(path length) walk
// (Overlay.checked) is as cheap as the proof.
const maxProbes = 64

// probeNodes returns the nodes a step of a path must avoid for the path to
// cross none of the view's changes: blocked nodes and, on 8-connected
// grids, their cardinal neighbours (a diagonal between two of them cuts
// the corner), raised cells, and the tails of raised edges; nil where the
// table cannot prove a path clear, or there are too many. Built at the
// first query that asks: O(changes) once per view.
func (o *view) probeNodes() (*flatWalker, []int32) {
	p := &o.probe
	p.once.Do(func() {
		w, ok := o.s.(*flatWalker)
		if !ok || o.changes == 0 {
			return
		}
		switch o.lt.t.DistKind {
		case table.DistOctile16, table.DistU16, table.DistU32, table.DistU64:
		default:
			return // float64 rows: a rounded sum proves nothing
		}
		nodes := make([]int32, 0, len(o.blocked)*5+len(o.cells)+len(o.edges))
		for u := range o.blocked {
			nodes = append(nodes, u)
			if !o.corners() {
				continue
			}
			x, y, _ := o.lt.XY(int(u))
			for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
				if v, ok := o.lt.NodeAt(x+d[0], y+d[1]); ok {
					nodes = append(nodes, int32(v))
				}
			}
		}
		for u := range o.cells {
			nodes = append(nodes, u)
		}
		t := o.lt.t
		for e := range o.edges {
			nodes = append(nodes, o.tail(e, t))
		}
		if len(nodes) > maxProbes {
			return
		}
		p.w, p.nodes = w, nodes
	})
	return p.w, p.nodes
}

// avoids reports whether the stored path from s to t exists and certainly
// crosses none of the view's changes, so that it is still a shortest path
// (false also where it cannot tell: ties, float rows, many changes).
// Indices are valid. O(changes): two row reads a probed node.
func (o *view) avoids(s, t int) bool {
	w, nodes := o.probeNodes()
	if nodes == nil {
		return false
	}
	dst, ok := w.exact(s, t)
	if !ok || math.IsInf(dst, 1) {
		return false
	}
	for _, c := range nodes {
		dsc, ok1 := w.exact(s, int(c))
		dct, ok2 := w.exact(int(c), t)
		if !ok1 || !ok2 {
			return false
		}
		if math.IsInf(dsc, 1) || math.IsInf(dct, 1) {
			continue // no baked path through c
		}
		sum := dsc + dct
		if sum >= w.exactLimit() || sum <= dst {
			return false // past the exact range, or a tie: walk
		}
	}
	return true
}
