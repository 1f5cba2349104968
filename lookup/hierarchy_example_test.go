package lookup_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A hierarchy table (build -hierarchy) answers every pair of a level far
// too large for all pairs, each query a small search. An agent follows
// its journey with a Route: the first Next pays the search, the steps
// after it read the remembered path.
func Example_hierarchy() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{Layout: table.LayoutHierarchy})
	var file bytes.Buffer
	t.WriteTo(&file)
	lt, _ := lookup.Load(&file)

	from, _ := lt.Node("0,0")
	to, _ := lt.Node("3,2")
	cost, _ := lt.Dist(from, to)
	fmt.Println("cost", cost)
	o := lookup.NewOverlay(lt)
	var r lookup.Route
	for at := from; at != to; {
		at = r.Next(o, at, to)
		fmt.Print(lt.Name(at), " ")
	}
	fmt.Println()
	// Output:
	// cost 6.414213562373095
	// 0,1 0,2 0,3 1,3 2,3 3,2
}
