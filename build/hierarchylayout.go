package build

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A hierarchy table (table.LayoutHierarchy) ships the contraction
// hierarchy the builder makes for its sweeps (hierarchy.go) instead of the
// rows it would sweep: every arc of a node to the nodes ranked above it,
// with its cost each way. It takes O(V + arcs) bytes, a few words a node,
// where rows take O(V²), and a query searches it (table/hierarchy_query.go).

// ErrHierarchyDense is returned when a level's contraction outgrows its
// cap on arcs: a hierarchy table of it would be no smaller than its rows.
var ErrHierarchyDense = errors.New("the level's contraction hierarchy outgrows its cap on arcs")

// buildHierarchy builds the hierarchy table of g, of header h
// (PlanLayout's for LayoutHierarchy): the contraction's time, about
// O(V·d²·witnessSettle·log) for degree d, on the workers; O(V + E +
// arcs) memory. The bytes depend on g alone.
func buildHierarchy(ctx context.Context, g *maps.Graph, h table.Header, opt Options) (*table.Table, error) {
	if !exactKeys(g.Metric == maps.MetricOctile, h.DistKind) {
		return nil, fmt.Errorf("a hierarchy table needs exact integer or octile costs; this level's distances are %s", h.DistKind)
	}
	hier, err := exactHierarchyProgress(ctx, g, h.DistKind, math.MaxInt, workerCount(opt), opt.Progress)
	if err != nil {
		return nil, err
	}
	if hier == nil {
		return nil, ErrHierarchyDense
	}
	if g.Grid != nil {
		hier.searchLayout(searchTop(len(hier.node)), gridSpots(g.Grid))
	}
	order := slices.Clone(hier.node)
	off, heads, up, down, err := hierarchyArcs(hier, g.Metric == maps.MetricOctile)
	if err != nil {
		return nil, err
	}
	p, err := table.NewHierarchy(h, order, off, heads, up, down)
	if err != nil {
		return nil, err
	}
	t, err := newTable(h, p, g)
	if err != nil {
		return nil, err
	}
	if err := CheckSize(&t.Header, opt.MaxBytes); err != nil {
		return nil, err
	}
	return t, nil
}

// hierarchyArcs lists the arcs of each position of hier, by head: its up
// arc's cost and its down arc's, either table.NoArcCost where missing;
// down is nil when every arc costs the same both ways. O(V + arcs log d).
func hierarchyArcs(hier *hierarchy, octile bool) (off []uint32, heads []int32, up, down []uint32, err error) {
	n := len(hier.node)
	off = make([]uint32, n+1)
	type arc struct {
		head     int32
		up, down uint32
	}
	var arcs []arc
	symmetric := true
	for p := range n {
		arcs = arcs[:0]
		for _, a := range hier.up[hier.upOff[p]:hier.upOff[p+1]] {
			arcs = append(arcs, arc{a.at, costWord(a.val>>8, octile), table.NoArcCost})
		}
		for _, a := range hier.down[hier.downOff[p]:hier.downOff[p+1]] {
			w := costWord(a.val>>8, octile)
			if i := slices.IndexFunc(arcs, func(b arc) bool { return b.head == a.at }); i >= 0 {
				arcs[i].down = w
			} else {
				arcs = append(arcs, arc{a.at, table.NoArcCost, w})
			}
		}
		slices.SortFunc(arcs, func(a, b arc) int { return int(a.head) - int(b.head) })
		for _, a := range arcs {
			if a.up == math.MaxUint32-1 || a.down == math.MaxUint32-1 {
				return nil, nil, nil, nil, fmt.Errorf("a shortcut of the level's hierarchy costs more than a hierarchy table holds")
			}
			symmetric = symmetric && a.up == a.down
			heads, up, down = append(heads, a.head), append(up, a.up), append(down, a.down)
		}
		off[p+1] = uint32(len(heads))
	}
	if symmetric {
		down = nil
	}
	return off, heads, up, down, nil
}

// costWord is the cost word (table.Hierarchy) of search key k, or
// MaxUint32-1 for one too large to hold.
func costWord(k uint64, octile bool) uint32 {
	if !octile {
		if k >= math.MaxUint32-1 {
			return math.MaxUint32 - 1
		}
		return uint32(k)
	}
	a, b := table.OctileKeyParts(k)
	if a >= 0xFFFF || b >= 0xFFFF {
		return math.MaxUint32 - 1
	}
	return uint32(a | b<<16)
}

// searchLayout renumbers hier's positions for queries, which, unlike the
// rows' sweeps, read only the nodes that two upward searches reach: the
// top positions as they are (level by level, which every long query
// reaches), then the rest depth first from each node in the order of
// spot[x] (cells close in the level should have close spots), each node
// after the nodes above it that its arcs reach and that are not numbered
// yet. A node so lands beside the part of its upward search that only
// its neighbourhood reaches, and a query's searches read a few stretches
// of memory instead of a line of every level. Every arc still leads to a
// smaller position, since a node comes after all its heads, and the top
// is closed upward (every arc of a node of level l leads to a higher
// level). O(V log V + arcs).
func (h *hierarchy) searchLayout(top int, spot []int64) {
	n := len(h.node)
	top = min(top, n)
	byNew := make([]int32, 0, n) // old position of each new one
	placed := make([]bool, n)
	for p := range int32(top) {
		byNew, placed[p] = append(byNew, p), true
	}
	rest := make([]int32, 0, n-top)
	for p := int32(top); p < int32(n); p++ {
		rest = append(rest, p)
	}
	slices.SortFunc(rest, func(p, q int32) int {
		return cmp.Or(cmp.Compare(spot[h.node[p]], spot[h.node[q]]), cmp.Compare(p, q))
	})
	type frame struct{ p, next int32 } // next: the arc to look at, up arcs then down arcs
	var stack []frame
	for _, p := range rest {
		if placed[p] {
			continue
		}
		placed[p] = true
		stack = append(stack[:0], frame{p, 0})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			head, ok := h.arcHead(f.p, f.next)
			if !ok {
				byNew = append(byNew, f.p)
				stack = stack[:len(stack)-1]
				continue
			}
			f.next++
			if !placed[head] {
				placed[head] = true
				stack = append(stack, frame{head, 0})
			}
		}
	}
	h.renumber(byNew)
}

// arcHead returns the head of position p's i-th arc, counting its up
// arcs and then its down arcs, and false past the last.
func (h *hierarchy) arcHead(p, i int32) (int32, bool) {
	ups := h.upOff[p+1] - h.upOff[p]
	if i < ups {
		return h.up[h.upOff[p]+i].at, true
	}
	if j := h.downOff[p] + i - ups; j < h.downOff[p+1] {
		return h.down[j].at, true
	}
	return 0, false
}

// searchTop is how many of a hierarchy's n top positions searchLayout
// keeps level by level.
func searchTop(n int) int { return n / topShare }

const topShare = 64

// gridSpots returns each node's index along a Hilbert curve over the
// grid's cells. O(V log side).
func gridSpots(gr *maps.Grid) []int64 {
	side := 1
	for side < max(gr.Width, gr.Height) {
		side *= 2
	}
	spot := make([]int64, len(gr.Cells))
	for u := range int32(len(gr.Cells)) {
		x, y := gr.XY(u)
		spot[u] = hilbertIndex(side, x, y)
	}
	return spot
}
