package lookup_test

import (
	"context"
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// A game loop that cannot hitch: each frame every agent asks its Route
// through the Planner, then Run does as much re-planning as the frame's
// budget allows. A door shuts on the agent's way; it waits (StepPending)
// until its detour is ready, then walks on.
func ExamplePlanner() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)
	p := lookup.NewPlanner(o, lookup.PlannerOptions{}) // DefaultTime a frame; Work: n for one schedule everywhere
	var route lookup.Route                             // one per agent
	at, _ := lt.Node("0,0")
	goal, _ := lt.Node("4,3")
	door, _ := lt.Node("4,1")
	for frame := 0; at != goal; frame++ {
		if frame == 2 {
			o.Block(door)
		}
		next, why := route.Plan(p, at, goal)
		switch why {
		case lookup.StepOK:
			at = next
			fmt.Print(lt.Name(at), " ")
		case lookup.StepPending:
			fmt.Print("(wait) ")
		default:
			fmt.Println(why)
			return
		}
		p.Run() // once a frame, after the agents
	}
	fmt.Println()
	// Output:
	// 1,0 2,0 (wait) 1,0 0,0 0,1 0,2 0,3 1,3 2,3 3,3 4,3
}
