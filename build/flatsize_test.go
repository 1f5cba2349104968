package build_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// Weigh a flat table before building it, as pathtable build does when no
// flag names a layout.
func ExampleFlatBytes() {
	lvl, err := maps.Load("../testdata/small.map", maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	size, err := build.FlatBytes(lvl.Graph)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d nodes: a flat table of %d bytes beyond its header\n", lvl.Graph.Nodes(), size)
	// Output:
	// 36 nodes: a flat table of 6490 bytes beyond its header
}

// TestFlatBytes: FlatBytes is the file of the flat table Build writes,
// but for its header (a few hundred bytes), on every shared test graph,
// grids (with costs, agents) and graphs alike.
func TestFlatBytes(t *testing.T) {
	for _, tg := range mapstest.TestGraphs {
		g := tg.Load(t)
		if g.Nodes() > 2000 {
			continue
		}
		want, err := build.FlatBytes(g)
		tab, berr := build.Build(context.Background(), g, build.Options{})
		if (err == nil) != (berr == nil) {
			t.Errorf("%s: FlatBytes error %v, Build's %v", tg.Name, err, berr)
			continue
		}
		if err != nil {
			continue
		}
		file, err := tab.WriteTo(io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if header := file - want; header < 0 || header > 4096 {
			t.Errorf("%s: FlatBytes %d, the file %d bytes", tg.Name, want, file)
		}
	}
}
