package lookup_test

import (
	"math"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/pathtable/pathtable/internal/longtest"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/solve"
)

// A hierarchyDoor shuts a scenario's path halfway: one cell (a door), or
// the whole street across it (a gate: the open cells in line with the
// door, across the path's direction, up to gateReach a side).
type hierarchyDoor struct {
	from, to int
	cells    []int
	open     float64 // the pair's cost with the door open
}

const (
	hierarchyDoorCases = 40
	gateReach          = 24
)

// hierarchyDoors returns hierarchyDoorCases doors (gates where gate is
// set) on the paths of scenario pairs of f spread over its longer half.
func hierarchyDoors(f *hierarchyFixture, gate bool) []hierarchyDoor {
	lt := f.lt
	var out []hierarchyDoor
	half := len(f.pairs) / 2
	for i := 0; i < hierarchyDoorCases; i++ {
		p := f.pairs[half+i*(len(f.pairs)-half)/hierarchyDoorCases]
		path, cost, ok := lt.Path(p[0], p[1])
		if !ok || len(path) < 5 {
			continue
		}
		mid := len(path) / 2
		c := hierarchyDoor{from: p[0], to: p[1], cells: []int{path[mid]}, open: cost}
		if gate {
			c.cells = gateCells(lt, path[mid-1], path[mid], path[mid+1])
		}
		if slices.Contains(c.cells, c.from) || slices.Contains(c.cells, c.to) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// gateCells returns door and the open cells in line with it across the
// direction from before to after, up to gateReach a side.
func gateCells(lt *lookup.Table, before, door, after int) []int {
	bx, by, _ := lt.XY(before)
	ax, ay, _ := lt.XY(after)
	x, y, _ := lt.XY(door)
	dx, dy := sign(ax-bx), sign(ay-by)
	px, py := -dy, dx // across the way
	cells := []int{door}
	for _, s := range []int{1, -1} {
		for k := 1; k <= gateReach; k++ {
			u, ok := lt.NodeAt(x+s*k*px, y+s*k*py)
			if !ok {
				break
			}
			cells = append(cells, u)
		}
	}
	return cells
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// shut returns an overlay of lt with c's cells blocked, in one Apply.
func (c hierarchyDoor) shut(tb testing.TB, lt *lookup.Table) *lookup.Overlay {
	o := lookup.NewOverlay(lt)
	if err := o.Apply(func(b *lookup.Batch) error {
		for _, u := range c.cells {
			if err := b.Block(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	return o
}

// BenchmarkHierarchyDoor shuts a door (one cell) or a gate (the street
// across it) halfway along scenario paths of the large shared maps' longer
// half, on their hierarchy tables, and times, per case: the open
// answer (open-), the change (change-: Apply with the blocks), the first
// answer across the door (first-: AppendPath, the detour's search
// included) and the same query again (again-), medians and the first's
// 99th percentile; with the detour's cost over the open path's
// (detour-extra, mean, in cost units) and the cases the change cut off
// (cut-cases). An op is every case once.
func BenchmarkHierarchyDoor(b *testing.B) {
	for _, name := range hierarchyMaps {
		for _, kind := range []string{"door", "gate"} {
			b.Run(name+"/"+kind, func(b *testing.B) {
				f := loadHierarchyFixture(b, name)
				cases := hierarchyDoors(f, kind == "gate")
				benchHierarchyDoors(b, f, cases)
			})
		}
	}
}

func benchHierarchyDoors(b *testing.B, f *hierarchyFixture, cases []hierarchyDoor) {
	lt := f.lt
	buf := make([]int, 0, 1<<16)
	// Warm: the first search of a table makes its scratch.
	cases[0].shut(b, lt).AppendPath(buf[:0], cases[0].from, cases[0].to)
	var open, change, first, again []time.Duration
	extra, cut := 0.0, 0
	b.ReportAllocs()
	for b.Loop() {
		extra, cut = 0, 0
		for _, c := range cases {
			start := time.Now()
			buf, _ = lt.AppendPath(buf[:0], c.from, c.to)
			open = append(open, time.Since(start))
			start = time.Now()
			o := c.shut(b, lt)
			change = append(change, time.Since(start))
			start = time.Now()
			buf, _ = o.AppendPath(buf[:0], c.from, c.to)
			first = append(first, time.Since(start))
			start = time.Now()
			buf, _ = o.AppendPath(buf[:0], c.from, c.to)
			again = append(again, time.Since(start))
			if d, ok := o.Dist(c.from, c.to); ok {
				extra += d - c.open
			} else {
				cut++
			}
		}
	}
	reportQuantiles(b, open, "open-")
	reportQuantiles(b, change, "change-")
	reportQuantiles(b, first, "first-")
	reportQuantiles(b, again, "again-")
	b.ReportMetric(extra/float64(max(len(cases)-cut, 1)), "detour-extra")
	b.ReportMetric(float64(cut), "cut-cases")
}

// TestHierarchyDoorsShared checks the doors and gates of
// BenchmarkHierarchyDoor on brc202d and Berlin_1_256 (and the city with
// PATHTABLE_CITY=1) against solve's A* on the changed level: Dist, and a
// path of that cost that avoids the closed cells. A long test.
func TestHierarchyDoorsShared(t *testing.T) {
	longtest.Skip(t, "builds the large shared maps")
	names := hierarchyMaps[1:]
	if os.Getenv("PATHTABLE_CITY") == "1" {
		names = hierarchyMaps
	}
	for _, name := range names {
		f := loadHierarchyFixture(t, name)
		for _, gate := range []bool{false, true} {
			for _, c := range hierarchyDoors(f, gate) {
				checkHierarchyDoor(t, name, f, c)
			}
		}
	}
}

func checkHierarchyDoor(t *testing.T, name string, f *hierarchyFixture, c hierarchyDoor) {
	o := c.shut(t, f.lt)
	ch := changes{blocked: map[int]bool{}}
	for _, u := range c.cells {
		ch.blocked[u] = true
	}
	changed := openMoves(changedLevel(f.lvl.Graph, ch))
	want := solve.NewSolver(changed, solve.AStar).SolveCost(int32(c.from), int32(c.to))
	path, d, ok := o.Path(c.from, c.to)
	if ok != want.Reachable {
		t.Fatalf("%s: %d→%d behind %d cells: %v, A* %v", name, c.from, c.to, len(c.cells), ok, want.Reachable)
	}
	if !ok {
		return
	}
	sum, walk := pathCost(changed, path)
	if !walk || !sameCost(d, want.Cost, changed.Metric) || !sameCost(sum, want.Cost, changed.Metric) || math.IsInf(sum, 1) {
		t.Fatalf("%s: %d→%d behind %d cells: %v, a path of %v (a walk: %v), A* %v", name, c.from, c.to, len(c.cells), d, sum, walk, want.Cost)
	}
}
