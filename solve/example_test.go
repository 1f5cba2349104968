package solve_test

import (
	"fmt"
	"log"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
)

// A level in the .grid text format: '.' is a cell of cost 1, '#' a wall.
// The default moves are 8-connected with √2 diagonals and no corner
// cutting.
const level = `
.#..
.#..
...#
`

func Example() {
	g, err := maps.Parse("example.grid", []byte(level), maps.Options{})
	if err != nil {
		log.Fatal(err)
	}
	from, _ := g.Node("0,0")
	to, _ := g.Node("3,0")

	r := solve.NewSolver(g, solve.AStar).Solve(from, to)
	fmt.Printf("A*: cost %.4f, %d steps:", r.Cost, len(r.Path)-1)
	for _, u := range r.Path {
		fmt.Print(" ", g.NodeName(u))
	}
	fmt.Println()

	// Every node's cost to the target at once, by Dijkstra on the
	// reversed graph.
	toTarget := solve.NewTargetSearch(g).Run(to)
	for _, id := range []string{"0,0", "2,2", "3,1"} {
		u, _ := g.Node(id)
		fmt.Printf("%s to 3,0: %.4f\n", id, toTarget[u])
	}
	// Output:
	// A*: cost 6.4142, 6 steps: 0,0 0,1 0,2 1,2 2,2 2,1 3,0
	// 0,0 to 3,0: 6.4142
	// 2,2 to 3,0: 2.4142
	// 3,1 to 3,0: 1.0000
}
