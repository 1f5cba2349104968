package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// A proof from the rows lets a query prove, from two reads of the distance rows per
// change, that the stored path of a pair crosses none of a view's
// changes, without walking it. Every node n of the stored path from s to
// t has d(s,n) + d(n,t) = d(s,t) on the baked level (its prefix costs at
// least d(s,n), its suffix is n's stored path, and the whole costs
// d(s,t)). So where d(s,c) + d(c,t) > d(s,t), exactly, for every node c a
// change can touch, no step of the stored path touches one. Only flat
// tables with exact distance rows (octile keys or integers) have them.
// maxProbes bounds the nodes probed: beyond them the O(path length) walk
// (view.checked) is as cheap as the proof.
const maxProbes = 64

// probeNodes returns the nodes a step of a path must avoid for the path to
// cross none of the view's changes: blocked nodes and, on 8-connected
// grids, their cardinal neighbours (a diagonal between two of them cuts
// the corner), raised cells, and the tails of raised edges; nil where the
// table cannot prove a path clear, or there are too many. Built at the
// first query that asks: O(changes) once per view.
func (o *view) probeNodes() []int32 { return *o.derived.probe.get(o.listProbes) }

// listProbes lists the nodes probeNodes returns in out. O(changes).
func (o *view) listProbes(out *[]int32) {
	{
		if !o.rows || o.changes == 0 {
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
			if !o.lt.corners() {
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
			nodes = append(nodes, edgeTail(t, e))
		}
		if len(nodes) > maxProbes {
			return
		}
		*out = nodes
	}
}

// avoids reports whether the stored path from s to t exists and certainly
// crosses none of the view's changes, so that it is still a shortest path
// (false also where it cannot tell: ties, float rows, many changes).
// Indices are valid. O(changes): two row reads a probed node.
func (o *view) avoids(s, t int) bool {
	nodes := o.probeNodes()
	if nodes == nil {
		return false
	}
	kind := o.lt.t.DistKind
	rowT, _ := o.st.distRow(t)
	dst, ok := exactAt(rowT, kind, s)
	if !ok || math.IsInf(dst, 1) {
		return false
	}
	for _, c := range nodes {
		rowC, _ := o.st.distRow(int(c))
		dsc, ok1 := exactAt(rowC, kind, s)
		dct, ok2 := exactAt(rowT, kind, int(c))
		if !ok1 || !ok2 {
			return false
		}
		if math.IsInf(dsc, 1) || math.IsInf(dct, 1) {
			continue // no baked path through c
		}
		sum := dsc + dct
		if sum >= exactLimit(kind) || sum <= dst {
			return false // past the exact range, or a tie: walk
		}
	}
	return true
}

// exactAt returns the distance of u in row, a row of kind, as an exact
// number (an octile key, see table.OctileKey, or an integer), +Inf when
// there is no path; false where the row holds float64 or an integer too
// large for a float64. Sums of two stay exact below exactLimit. O(1).
func exactAt(row table.DistRow, kind table.DistKind, u int) (float64, bool) {
	switch kind {
	case table.DistOctile16:
		oct, _ := row.Octile16()
		return oct.Key(u), true
	case table.DistU16, table.DistU32, table.DistU64:
		x, ok := row.Int(u)
		if !ok {
			return math.Inf(1), true
		}
		if x >= 1<<53 {
			return 0, false
		}
		return float64(x), true
	}
	return 0, false
}

// exactLimit bounds the sums of two exact distances that compare exactly.
func exactLimit(kind table.DistKind) float64 {
	if kind == table.DistOctile16 {
		return table.OctileKeyLimit
	}
	return 1 << 53
}
