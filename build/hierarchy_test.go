package build

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyRefuses checks the levels that get no hierarchy: float
// distances, whose sums depend on the order of addition, and levels whose
// arcs would outgrow the cap.
func TestHierarchyRefuses(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		kind := mustPlan(t, lv.G).DistKind
		exact := kind == table.DistU16 || kind == table.DistU32 || kind == table.DistU64 || kind == table.DistOctile16
		if h, _ := exactHierarchy(context.Background(), lv.G, kind, math.MaxInt, 2); (h != nil) != exact {
			t.Errorf("%s (%s): contracted %v, want %v", lv.Name, kind, h != nil, exact)
		}
		weight := func(e int) float64 { return lv.G.Weights[e] }
		if h, err := newHierarchy(context.Background(), lv.G, weight, lv.G.Edges()/2, math.MaxInt, 2); lv.G.Edges() > 0 && (h != nil || err != nil) {
			t.Errorf("%s: contracted past a cap of %d arcs", lv.Name, lv.G.Edges()/2)
		}
	}
}

// TestHierarchyCancelled checks that contracting stops on a cancelled
// context, as the rows do.
func TestHierarchyCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, lv := range mapstest.SmallLevels(t)[:3] {
		if h, err := exactHierarchy(ctx, lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2); h != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: contracting after cancel = %v, %v, want nil, context.Canceled", lv.Name, h, err)
		}
	}
}

// TestHierarchyArcsPointUp checks the layout a sweep relies on: every up
// arc's head and every down arc's tail sits at a smaller position, and
// positions and nodes are inverse permutations.
func TestHierarchyArcsPointUp(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		h, _ := exactHierarchy(context.Background(), lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2)
		if h == nil {
			continue
		}
		for p, x := range h.node {
			if h.pos[x] != int32(p) {
				t.Fatalf("%s: node %d at position %d has pos %d", lv.Name, x, p, h.pos[x])
			}
			for _, arcs := range [][]hArc{h.up[h.upOff[p]:h.upOff[p+1]], h.down[h.downOff[p]:h.downOff[p+1]]} {
				for _, a := range arcs {
					if a.at >= int32(p) {
						t.Fatalf("%s: arc at position %d leads to position %d", lv.Name, p, a.at)
					}
				}
			}
		}
	}
}

// TestHierarchyIgnoresWorkers checks that contracting in parallel rounds
// makes the same hierarchy, position for position and arc for arc, on any
// number of workers.
func TestHierarchyIgnoresWorkers(t *testing.T) {
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		kind := mustPlan(t, lv.G).DistKind
		want, _ := exactHierarchy(context.Background(), lv.G, kind, math.MaxInt, 1)
		if want == nil {
			continue
		}
		for _, workers := range []int{2, 3, 8} {
			h, _ := exactHierarchy(context.Background(), lv.G, kind, math.MaxInt, workers)
			if !slices.Equal(h.node, want.node) || !slices.Equal(h.up, want.up) || !slices.Equal(h.down, want.down) ||
				!slices.Equal(h.upOff, want.upOff) || !slices.Equal(h.downOff, want.downOff) || h.work != want.work {
				t.Fatalf("%s: %d workers contracted another hierarchy", lv.Name, workers)
			}
		}
	}
}

// TestHierarchySearchLayout checks the renumbering for queries: it keeps
// the top positions where they were and every arc pointing to a smaller
// position, moves the rest, and keeps positions and nodes inverse.
func TestHierarchySearchLayout(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		h, _ := exactHierarchy(context.Background(), lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2)
		if h == nil || lv.G.Grid == nil {
			continue
		}
		before := slices.Clone(h.node)
		top := len(h.node) / 8
		h.searchLayout(top, gridSpots(lv.G.Grid))
		if !slices.Equal(before[:top], h.node[:top]) {
			t.Fatalf("%s: the top %d positions moved", lv.Name, top)
		}
		for p, x := range h.node {
			if h.pos[x] != int32(p) {
				t.Fatalf("%s: node %d at position %d has pos %d", lv.Name, x, p, h.pos[x])
			}
			for i := int32(0); ; i++ {
				head, ok := h.arcHead(int32(p), i)
				if !ok {
					break
				}
				if head >= int32(p) {
					t.Fatalf("%s: arc at position %d leads to position %d", lv.Name, p, head)
				}
			}
		}
		if len(h.node) > 64 && slices.Equal(before, h.node) {
			t.Errorf("%s: no position moved", lv.Name)
		}
	}
}
