package lookup_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// A table baked for a 2x2 agent (pathtable build -clearance 2): the agent
// stands on the top-left cell of its footprint, so its paths keep a cell
// away from walls below and to the right, and a cell it does not fit on is
// no node.
func ExampleTable_Agent() {
	const hall = "" +
		"......\n" +
		"......\n" +
		"..#...\n" +
		"......\n" +
		"......\n"
	g, err := maps.Parse("hall.grid", []byte(hall), maps.Options{Clearance: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := build.Build(context.Background(), g, build.Options{})
	var file bytes.Buffer
	t.WriteTo(&file)
	lt, err := lookup.Load(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("agent", lt.Agent(), "nodes", lt.Len())
	if _, err := lt.Node("1,1"); err != nil {
		fmt.Println(err)
	}
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("0,3")
	path, cost, _ := lt.Path(from, to)
	for _, u := range path {
		fmt.Print(lt.Name(u), " ")
	}
	fmt.Println("cost", cost)
	// Output:
	// agent 2 nodes 16
	// cell 1,1 is too narrow for a 2x2 agent (it would cover 1,1 to 2,2)
	// 0,0 0,1 0,2 0,3 cost 3
}
