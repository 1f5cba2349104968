package build

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestHierarchyPeakMemory checks PeakMemory of a hierarchy build against
// what a build of a generated city-like grid (blocks of walls, open
// streets) and its write hold, measured: the model must not fall below
// it, nor exceed it more than fourfold.
func TestHierarchyPeakMemory(t *testing.T) {
	side := 160
	if testing.Short() {
		side = 96
	}
	var b strings.Builder
	r := rand.New(rand.NewPCG(40, 4))
	for y := range side {
		for x := range side {
			if x%8 > 1 && y%8 > 1 && r.IntN(4) > 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	g, err := maps.ParseFormat(maps.FormatGrid, "city.grid", []byte(b.String()), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Layout: table.LayoutHierarchy, Workers: 2}
	settledMemory()
	watch := startMemWatch()
	tab, err := Build(context.Background(), g, opt)
	if err == nil {
		_, err = tab.WriteTo(&bytes.Buffer{})
	}
	grew := watch.stop()
	if err != nil {
		t.Fatal(err)
	}
	n, e := g.Nodes(), g.Edges()
	model := PeakMemory(opt, n, e, 0) - LevelMemory(n, e)
	t.Logf("%d nodes: the build held %d bytes, the model %d (%.2fx)", n, grew, model, float64(model)/float64(grew))
	if model < grew || model > 4*grew {
		t.Errorf("%d nodes: the build held %d bytes; PeakMemory counts %d beside the level", n, grew, model)
	}
	if est := EstimateMemory(opt, n); est < grew {
		t.Errorf("EstimateMemory %d below the build's %d", est, grew)
	}
}
