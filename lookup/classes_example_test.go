package lookup_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// river is a level as a game keeps it: '~' is water, which swimmers cross
// and walkers may not enter; there is a ford at the east end. A diagonal
// step past water is a corner cut, which walkers may not take either.
const river = `
..........
..........
~~~~~~~~..
..........
..........
`

// One table serves every class of agent: bake the level in its most open
// state (water open), then give each class that may not enter some cells
// one overlay that blocks them, made once when the level loads and shared
// by all agents of the class. Queries through it are exact for that class.
func Example_agentClasses() {
	baked := strings.ReplaceAll(river, "~", ".")
	g, _ := maps.ParseFormat(maps.FormatGrid, "river.grid", []byte(baked), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)

	walkers := lookup.NewOverlay(lt)            // swimmers query lt itself
	walkers.Apply(func(b *lookup.Batch) error { // all the water at once: one copy
		for y, row := range strings.Fields(river) {
			for x, c := range row {
				if u, ok := lt.NodeAt(x, y); ok && c == '~' {
					b.Block(u)
				}
			}
		}
		return nil
	})

	from, _ := lt.Node("0,0")
	to, _ := lt.Node("0,4")
	for _, class := range []struct {
		name string
		q    interface {
			Dist(from, to int) (float64, bool)
			AppendPath(buf []int, from, to int) ([]int, bool)
			AppendCorners(dst, path []int) ([]int, bool)
		}
	}{{"swimmers", lt}, {"walkers", walkers}} {
		cost, _ := class.q.Dist(from, to)
		path, _ := class.q.AppendPath(nil, from, to)
		corners, _ := class.q.AppendCorners(nil, path)
		fmt.Printf("%s: cost %.2f, steer through %v\n", class.name, cost, names(lt, corners))
	}
	// Output:
	// swimmers: cost 4.00, steer through [0,0 0,4]
	// walkers: cost 18.83, steer through [0,0 8,1 8,3 0,4]
}

// AppendCorners turns a grid path into the corners an agent steers
// through in straight lines, into the caller's buffer.
func ExampleTable_AppendCorners() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)

	from, _ := lt.Node("0,0")
	to, _ := lt.Node("4,2")
	path, _ := lt.AppendPath(nil, from, to)
	corners := make([]int, 0, len(path))
	corners, ok := lt.AppendCorners(corners, path)
	fmt.Println("path:", names(lt, path))
	fmt.Println("corners:", ok, names(lt, corners))
	// Output:
	// path: [0,0 1,0 2,0 3,0 4,0 4,1 4,2]
	// corners: true [0,0 4,0 4,2]
}
