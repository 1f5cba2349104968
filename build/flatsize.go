package build

import (
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// FlatBytes returns the bytes of a flat table of g's file beyond its
// header: the payload, at the narrowest distance encoding that holds every
// distance (PlanLayout), and the bins that describe the level (a grid's
// cells, a graph's edges). It is what a layout rule needs to weigh a flat
// table without sampling a build; the errors are PlanLayout's. O(V + E).
func FlatBytes(g *maps.Graph) (int64, error) {
	h, err := PlanLayout(g, table.LayoutFlat)
	if err != nil {
		return 0, err
	}
	size, err := h.PayloadSize()
	if err != nil {
		return 0, err
	}
	plain := true
	if gr := g.Grid; gr != nil {
		for _, c := range gr.Cells {
			plain = plain && gr.Costs[c] == 1
		}
	}
	return size + h.LevelBytes(plain), nil
}
