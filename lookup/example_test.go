package lookup_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// level is a small .grid level: digits are the cost of entering a cell,
// '.' costs 1 and '#' is a wall.
const level = `
.....
.###.
.#9..
.....
`

// A game loads a table once (here from memory; usually with lookup.Open)
// and answers path queries from it without searching.
func Example() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	var file bytes.Buffer
	t.WriteTo(&file)

	lt, err := lookup.Load(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("3,2")
	path, cost, ok := lt.Path(from, to)
	fmt.Println(ok, cost)
	names := make([]string, len(path))
	for i, u := range path {
		names[i] = lt.Name(u)
	}
	fmt.Println(strings.Join(names, " "))
	fmt.Println("next:", lt.Name(lt.Next(from, to)))
	// Output:
	// true 6.414213562373095
	// 0,0 0,1 0,2 0,3 1,3 2,3 3,2
	// next: 0,1
}

// AppendPath reuses the caller's buffer, so a game loop that asks for
// paths every frame allocates nothing.
func ExampleTable_AppendPath() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)

	buf := make([]int, 0, lt.Len())
	for _, goal := range []string{"4,3", "0,3"} {
		to, _ := lt.Node(goal)
		from, _ := lt.Node("0,0")
		var ok bool
		buf, ok = lt.AppendPath(buf[:0], from, to)
		d, _ := lt.Dist(from, to)
		fmt.Println(goal, ok, len(buf), "nodes, cost", d)
	}
	// Output:
	// 4,3 true 8 nodes, cost 7
	// 0,3 true 4 nodes, cost 3
}

// A door shuts while agents are moving: an overlay closes it without
// touching the shared table, and queries through the overlay go around.
func ExampleOverlay() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)

	o := lookup.NewOverlay(lt)
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("4,3")
	door, _ := lt.Node("0,1")
	fmt.Println(o.Dist(from, to))
	o.Block(door)
	fmt.Println(o.Dist(from, to))
	next := o.Next(from, to)
	fmt.Println(lt.Name(next))
	if err := o.SetCellCost(next, 0.5); errors.Is(err, lookup.ErrLowered) {
		fmt.Println("refused:", err)
	}
	// Output:
	// 7 true
	// 7 true
	// 1,0
	// refused: cell 1,0: cost 0.5 is below its baked cost 1: an overlay only raises costs
}

// A windowed table answers only pairs within DELTA cells of each other;
// Covered tells such a pair from one with no path, and Search answers any
// pair exactly by searching the table's graph.
func ExampleTable_Search() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{Window: 2})
	lt := lookup.New(t)

	from, _ := lt.Node("0,0")
	for _, goal := range []string{"2,0", "4,3"} {
		to, _ := lt.Node(goal)
		if lt.Covered(from, to) {
			d, ok := lt.Dist(from, to)
			fmt.Println(goal, "covered:", ok, d)
			continue
		}
		path, cost, ok := lt.Search(nil, from, to)
		fmt.Println(goal, "not covered; searched:", ok, len(path), "nodes, cost", cost)
	}
	// Output:
	// 2,0 covered: true 2
	// 4,3 not covered; searched: true 8 nodes, cost 7
}

// Step gives the reason there is no next node; Version and Crosses tell a
// game which of its cached paths a change may have broken.
func ExampleOverlay_Step() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("4,3")
	cached, _ := o.AppendPath(nil, from, to)
	seen := o.Version()

	door := cached[1]
	o.Block(door)
	if o.Version() != seen && o.Crosses(cached) {
		fmt.Println("cached path crosses a change")
	}
	next, why := o.Step(from, to)
	fmt.Println(lt.Name(next), why)
	fmt.Println(o.Step(door, to))
	fmt.Println(o.Step(to, to))
	// Output:
	// cached path crosses a change
	// 0,1 ok
	// -1 blocked
	// -1 arrived
}

// A game keeps one Route per agent and asks it for the agent's next node
// every frame. The door shut in the second frame lies ahead of the agent:
// its route is searched again once, and it turns back for the way round.
func ExampleRoute() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)

	type agent struct {
		at, goal int
		route    lookup.Route
	}
	from, _ := lt.Node("0,0")
	goal, _ := lt.Node("4,3")
	a := agent{at: from, goal: goal}
	door, _ := lt.Node("2,0")
	for frame := 0; ; frame++ {
		if frame == 1 {
			o.Block(door)
		}
		next := a.route.Next(o, a.at, a.goal)
		if next < 0 {
			break
		}
		a.at = next
		fmt.Print(lt.Name(a.at), " ")
	}
	fmt.Println()
	// Output:
	// 1,0 0,0 0,1 0,2 0,3 1,3 2,3 3,3 4,3
}

// A game whose doors stay shut for a while can spend, once per change,
// the searches that place landmarks, so that each detour round a door
// expands fewer nodes. The answers are shortest paths either way.
func ExampleOverlay_SetLandmarks() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)
	if err := o.SetLandmarks(8); err != nil {
		fmt.Println(err)
		return
	}
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("0,3")
	door, _ := lt.Node("0,1")
	o.Block(door)
	path, cost, _ := o.Path(from, to)
	for _, u := range path {
		fmt.Print(lt.Name(u), " ")
	}
	fmt.Println(cost)
	fmt.Println(o.SetLandmarks(lookup.MaxLandmarks + 1))
	// Output:
	// 0,0 1,0 2,0 3,0 4,0 4,1 4,2 3,3 2,3 1,3 0,3 10.414213562373096
	// landmarks 65: want 0 to 64
}
