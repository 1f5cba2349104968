package gridgraph_test

import (
	"fmt"

	"github.com/pathtable/pathtable/internal/gridgraph"
)

// An OpenBoxes tells in O(1) whether a box of a grid holds only open
// cells: here the box from (0,0) to (3,1) is open, and the one from (0,0)
// to (1,2) holds the wall at (1,2).
func ExampleOpenBoxes() {
	rows := []string{
		"....",
		"....",
		".#..",
	}
	ob := gridgraph.NewOpenBoxes(4, 3, func(x, y int) bool { return rows[y][x] == '.' })
	fmt.Println(ob.Open(0, 0, 3, 1), ob.Open(1, 2, 0, 0), ob.Open(2, 2, 3, 0))
	// Output: true false true
}
