package lookup_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestRouteStepReasons: a Route tells why it gives no step as Step does,
// over an overlay (Step) and over a plain table (TableStep), the first
// answer of a journey and the remembered ones alike.
func TestRouteStepReasons(t *testing.T) {
	f := newStepFixture(t)
	g, lt, win, o, node, a, b, far := f.g, f.lt, f.win, f.o, f.node, f.a, f.b, f.far
	empty := lookup.NewOverlay(lt)
	// A hierarchy's Route remembers its paths with no change in force.
	hier := lookup.NewOverlay(buildAndLoadWith(t, g, build.Options{Layout: table.LayoutHierarchy}))
	route := func(o *lookup.Overlay) func(r *lookup.Route, from, to int) (int, lookup.StepReason) {
		return func(r *lookup.Route, from, to int) (int, lookup.StepReason) { return r.Step(o, from, to) }
	}
	table := func(lt *lookup.Table) func(r *lookup.Route, from, to int) (int, lookup.StepReason) {
		return func(r *lookup.Route, from, to int) (int, lookup.StepReason) { return r.TableStep(lt, from, to) }
	}
	for _, c := range []struct {
		name     string
		step     func(r *lookup.Route, from, to int) (int, lookup.StepReason)
		from, to int
		want     lookup.StepReason
	}{
		{"table ok", table(lt), a, b, lookup.StepOK},
		{"table arrived", table(lt), a, a, lookup.StepArrived},
		{"table no path", table(lt), a, far, lookup.StepNoPath},
		{"table out of range", table(lt), a, lt.Len(), lookup.StepOutOfRange},
		{"window not covered", table(win), a, node(3, 0), lookup.StepNotCovered},
		{"window ok", table(win), a, b, lookup.StepOK},
		{"overlay ok", route(o), a, b, lookup.StepOK},
		{"overlay blocked", route(o), a, node(0, 1), lookup.StepBlocked},
		{"overlay no path", route(o), a, far, lookup.StepNoPath},
		{"overlay arrived", route(o), b, b, lookup.StepArrived},
		{"overlay out of range", route(o), -1, b, lookup.StepOutOfRange},
		{"empty overlay ok", route(empty), a, b, lookup.StepOK},
		{"empty overlay no path", route(empty), a, far, lookup.StepNoPath},
		{"empty overlay out of range", route(empty), a, -3, lookup.StepOutOfRange},
		{"hierarchy ok", route(hier), a, b, lookup.StepOK},
		{"hierarchy no path", route(hier), a, far, lookup.StepNoPath},
		{"hierarchy arrived", route(hier), a, a, lookup.StepArrived},
		{"hierarchy out of range", route(hier), lt.Len(), a, lookup.StepOutOfRange},
	} {
		var r lookup.Route
		// Twice: the second asks a route that answered the pair already.
		for try := range 2 {
			next, why := c.step(&r, c.from, c.to)
			if why != c.want || (why == lookup.StepOK) != (next >= 0) {
				t.Errorf("%s, try %d: %d, %v; want %v", c.name, try, next, why, c.want)
			}
			r.Reset()
		}
	}
}

// TestRouteTableNext: a Route over a plain table answers what the table's
// Next does, step after step to the goal, on each layout of all pairs,
// the hierarchy's included, also where the same Route is used through an
// overlay in between.
func TestRouteTableNext(t *testing.T) {
	g := mapstest.GraphNamed(t, "maze.grid/10-14")
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns, table.LayoutHierarchy} {
		lt := buildAndLoadWith(t, g, build.Options{Layout: layout})
		o := lookup.NewOverlay(lt)
		rng := rand.New(rand.NewPCG(7, 7))
		var r lookup.Route
		for range 200 {
			from, to := rng.IntN(lt.Len()), rng.IntN(lt.Len())
			if rng.IntN(4) == 0 {
				// An overlay's answer in between: the route must not take
				// its path for the table's.
				if err := o.Block(rng.IntN(lt.Len())); err != nil {
					t.Fatal(err)
				}
				r.Next(o, from, to)
			}
			for steps := 0; from != to && steps <= lt.Len(); steps++ {
				want := lt.Next(from, to)
				got := r.TableNext(lt, from, to)
				if got != want {
					t.Fatalf("%s: route from %d to %d: %d, table %d", layout, from, to, got, want)
				}
				if got < 0 {
					break
				}
				from = got
			}
		}
	}
}
