package maps_test

import (
	"fmt"

	"github.com/pathtable/pathtable/maps"
)

// Load a grid level, name its cells, and walk a node's out-edges.
func ExampleLoad() {
	lvl, err := maps.Load("../testdata/small.map", maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := lvl.Graph
	fmt.Printf("%s: %s, %dx%d, %d nodes, %d edges, %s\n",
		lvl.Source, lvl.Format, g.Grid.Width, g.Grid.Height, g.Nodes(), g.Edges(), g.Grid.Moves)

	u, err := g.Node("1,1")
	if err != nil {
		fmt.Println(err)
		return
	}
	for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
		fmt.Printf("%s -> %s costs %.3f\n", g.NodeName(u), g.NodeName(g.Targets[e]), g.Weights[e])
	}
	_, err = g.Node("0,0")
	fmt.Println(err)
	// Output:
	// small.map: map, 10x8, 36 nodes, 86 edges, 8-connected, sqrt2 diagonals, no corner cutting
	// 1,1 -> 2,1 costs 1.000
	// 1,1 -> 1,2 costs 1.000
	// cell 0,0 is a wall, not a node
}

// Parse a level held in memory under a movement model of integer costs:
// 4-connected moves of cost 10, times the cost of the cell entered.
func ExampleParse() {
	level := []byte("1.#\n.3.\n")
	g, err := maps.Parse("room.grid", level, maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Metric, g.Nodes(), "nodes")
	for u := range int32(g.Nodes()) {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			fmt.Printf("%s->%s:%v ", g.NodeName(u), g.NodeName(g.Targets[e]), g.Weights[e])
		}
	}
	fmt.Println()
	// Output:
	// int 5 nodes
	// 0,0->1,0:10 0,0->0,1:10 1,0->1,1:30 1,0->0,0:10 0,1->0,0:10 0,1->1,1:30 1,1->1,0:10 1,1->2,1:10 1,1->0,1:10 2,1->1,1:30
}

// A bad level gives a *ParseError with the file, line and column.
func ExampleParseError() {
	_, err := maps.Parse("bad.grid", []byte("..\n.x\n"), maps.Options{})
	fmt.Println(err)
	// Output:
	// bad.grid:2:2: unknown cell character 'x' at 1,1 (want one of .#123456789)
}
