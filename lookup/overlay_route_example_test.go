package lookup_test

import (
	"context"
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// A level with no doors needs no overlay: each agent's Route follows the
// table itself, remembering its path from the first step.
func ExampleRoute_TableNext() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	var route lookup.Route
	at, _ := lt.Node("0,0")
	goal, _ := lt.Node("4,3")
	for {
		next := route.TableNext(lt, at, goal)
		if next < 0 {
			break
		}
		at = next
		fmt.Print(lt.Name(at), " ")
	}
	fmt.Println()
	// Output:
	// 1,0 2,0 3,0 4,0 4,1 4,2 4,3
}

// Step tells an agent why its Route gave no step: arrived, no path, or
// its goal is blocked (a door shut on it), each handled its own way.
func ExampleRoute_Step() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)
	var route lookup.Route
	from, _ := lt.Node("0,0")
	goal, _ := lt.Node("4,3")
	o.Block(goal)
	next, why := route.Step(o, from, goal)
	fmt.Println(next, why)
	o.Unblock(goal)
	next, why = route.Step(o, goal, goal)
	fmt.Println(next, why)
	// Output:
	// -1 blocked
	// -1 arrived
}
