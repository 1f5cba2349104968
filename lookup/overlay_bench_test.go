package lookup_test

import (
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
)

const mazeMap = "../../shared/testmaps/maze-128-128-2.map"

// doorCase is one scenario of the maze with the middle cell of its table
// path blocked: the query through an overlay, and the same query on the
// level re-parsed with that cell a wall, for the live A*.
type doorCase struct {
	s, t, door int   // nodes of the table
	s2, t2     int32 // the same cells, as nodes of the changed level
	solver     *solve.Solver
	cost       float64 // the live A*'s answer on the changed level
}

var (
	doorOnce  sync.Once
	doorTable *lookup.Table
	doorCases []doorCase
	doorErr   error
)

// loadDoorCases builds the maze's table once and, for every 16th scenario
// (every difficulty bucket, and a bounded number of changed levels in
// memory), blocks the middle of its table path.
func loadDoorCases(tb testing.TB) (*lookup.Table, []doorCase) {
	doorOnce.Do(func() {
		text, err := os.ReadFile(mazeMap)
		if err != nil {
			doorErr = err
			return
		}
		var lt *lookup.Table
		for _, bt := range loadBenchTables(tb) {
			if bt.name == "maze-128-128-2" {
				lt = bt.lt
			}
		}
		if lt == nil {
			doorErr = os.ErrNotExist
			return
		}
		scen, err := maps.ReadScenarios(mazeMap + ".scen")
		if err != nil {
			doorErr = err
			return
		}
		for i := 0; i < len(scen); i += 16 {
			sc := scen[i]
			s, _ := lt.NodeAt(sc.StartX, sc.StartY)
			t, _ := lt.NodeAt(sc.GoalX, sc.GoalY)
			path, ok := lt.AppendPath(nil, s, t)
			if !ok || len(path) < 3 {
				continue
			}
			door := path[len(path)/2]
			x, y, _ := lt.XY(door)
			changed := blockCell(text, x, y)
			g2, err := maps.Parse("maze.map", changed, maps.Options{})
			if err != nil {
				doorErr = err
				return
			}
			c := doorCase{s: s, t: t, door: door, solver: solve.NewSolver(g2, solve.AStar)}
			c.s2 = g2.Grid.NodeAt(sc.StartX, sc.StartY)
			c.t2 = g2.Grid.NodeAt(sc.GoalX, sc.GoalY)
			c.cost = c.solver.SolveCost(c.s2, c.t2).Cost
			doorCases = append(doorCases, c)
		}
		doorTable = lt
	})
	if doorErr != nil {
		tb.Skipf("no maze-128-128-2 beside the checkout: %v", doorErr)
	}
	return doorTable, doorCases
}

// blockCell returns a copy of a Moving AI map's text with cell x,y a wall.
func blockCell(text []byte, x, y int) []byte {
	out := append([]byte(nil), text...)
	line, row := 0, -1 // the grid starts after the line "map"
	for i := 0; i < len(out); i++ {
		if row >= 0 && row == y && i-line == x {
			out[i] = '@'
			return out
		}
		if out[i] == '\n' {
			if string(out[line:i]) == "map" || string(out[line:i]) == "map\r" {
				row = 0
			} else if row >= 0 {
				row++
			}
			line = i + 1
		}
	}
	return out
}

// TestOverlayDoorScenarios checks the benchmark's own answers: through the
// overlay, each scenario with a cell of its table path blocked costs what
// the live A* finds on the level with that cell a wall.
func TestOverlayDoorScenarios(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 10,858-node maze's table")
	}
	lt, cases := loadDoorCases(t)
	for _, lt := range []*lookup.Table{lt, benchTableNamed(t, "maze-128-128-2-runs")} {
		checkDoors(t, lt, cases)
	}
}

// benchTableNamed returns the bench table of that name.
func benchTableNamed(tb testing.TB, name string) *lookup.Table {
	for _, bt := range loadBenchTables(tb) {
		if bt.name == name {
			return bt.lt
		}
	}
	tb.Skipf("no bench table %s", name)
	return nil
}

// checkDoors checks every door case through an overlay of lt.
func checkDoors(t *testing.T, lt *lookup.Table, cases []doorCase) {
	o := lookup.NewOverlay(lt)
	for _, c := range cases {
		o.Block(c.door)
		d, ok := o.Dist(c.s, c.t)
		path, cost, pok := o.Path(c.s, c.t)
		o.Unblock(c.door)
		reach := !math.IsInf(c.cost, 1)
		if ok != reach || pok != reach || !sameCost(d, c.cost, maps.MetricOctile) || !sameCost(cost, c.cost, maps.MetricOctile) {
			t.Fatalf("%s -> %s with %s blocked: Dist %v %v, Path cost %v %v; live A* %v",
				lt.Name(c.s), lt.Name(c.t), lt.Name(c.door), d, ok, cost, pok, c.cost)
		}
		for _, u := range path {
			if u == c.door {
				t.Fatalf("%s -> %s: the path crosses the blocked %s", lt.Name(c.s), lt.Name(c.t), lt.Name(c.door))
			}
		}
	}
}

// BenchmarkOverlayDoor times one scenario query on maze-128-128-2 with a
// cell of its table path blocked: through an overlay (block, whole path,
// unblock: the change is in the time) and by the project's live A* on the
// level with that cell a wall (warm solver, path included). Same costs.
// The -runs benchmarks ask the same through the run-length table.
func BenchmarkOverlayDoor(b *testing.B) {
	flat, cases := loadDoorCases(b)
	for _, layout := range []string{"", "-runs"} {
		lt := flat
		if layout != "" {
			lt = benchTableNamed(b, "maze-128-128-2"+layout)
		}
		benchDoors(b, lt, cases, layout)
	}
	b.Run("live-astar", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			c := &cases[i%len(cases)]
			c.solver.Solve(c.s2, c.t2)
			i++
		}
	})
}

// benchDoors times the door cases through an overlay of lt, whole paths
// and distances.
func benchDoors(b *testing.B, lt *lookup.Table, cases []doorCase, layout string) {
	b.Run("overlay"+layout, func(b *testing.B) {
		o := lookup.NewOverlay(lt)
		buf := make([]int, 0, lt.Len())
		b.ReportAllocs()
		cpu := startCPU(b)
		i := 0
		for b.Loop() {
			c := &cases[i%len(cases)]
			o.Block(c.door)
			buf, _ = o.AppendPath(buf[:0], c.s, c.t)
			o.Unblock(c.door)
			i++
		}
		cpu.report(b, float64(b.N), "cpu-ns/op")
	})
	b.Run("overlay-dist"+layout, func(b *testing.B) {
		o := lookup.NewOverlay(lt)
		b.ReportAllocs()
		cpu := startCPU(b)
		i := 0
		for b.Loop() {
			c := &cases[i%len(cases)]
			o.Block(c.door)
			o.Dist(c.s, c.t)
			o.Unblock(c.door)
			i++
		}
		cpu.report(b, float64(b.N), "cpu-ns/op")
	})
}

// BenchmarkOverlayUnchanged walks whole paths between random reachable
// pairs of each bench table three ways in one run: the table alone, an
// empty overlay, and an overlay with one blocked node that no measured
// path crosses (every path checked step by step, then answered from the
// table). ns/step compares them.
func BenchmarkOverlayUnchanged(b *testing.B) {
	for _, bt := range loadBenchTables(b) {
		lt := bt.lt
		pairs := randomPairs(lt, 1024)
		far := farNode(lt, pairs)
		elsewhere := lookup.NewOverlay(lt)
		elsewhere.Block(far)
		for _, q := range []struct {
			name string
			path func(buf []int, s, t int) ([]int, bool)
		}{
			{"table", lt.AppendPath},
			{"overlay-empty", lookup.NewOverlay(lt).AppendPath},
			{"overlay-elsewhere", elsewhere.AppendPath},
			{"table-next", byNext(lt.Next)},
			{"overlay-empty-next", byNext(lookup.NewOverlay(lt).Next)},
			{"route-elsewhere-next", byRoute(elsewhere)},
		} {
			b.Run(bt.name+"/"+q.name, func(b *testing.B) {
				benchWalk(b, pairs, lt.Len(), q.path)
			})
		}
	}
}

// byNext makes a path by asking next step by step, as an agent does.
func byNext(next func(from, to int) int) func(buf []int, s, t int) ([]int, bool) {
	return func(buf []int, s, t int) ([]int, bool) {
		buf = append(buf, s)
		for u := s; u != t; {
			if u = next(u, t); u < 0 {
				return buf, false
			}
			buf = append(buf, u)
		}
		return buf, true
	}
}

// byRoute is byNext through one Route.
func byRoute(o *lookup.Overlay) func(buf []int, s, t int) ([]int, bool) {
	var r lookup.Route
	return byNext(func(from, to int) int { return r.Next(o, from, to) })
}

// randomPairs returns k random pairs with a path, the same on every call.
func randomPairs(lt *lookup.Table, k int) [][2]int {
	r := rand.New(rand.NewPCG(3, 4))
	pairs := make([][2]int, k)
	for i := range pairs {
		for {
			s, t := r.IntN(lt.Len()), r.IntN(lt.Len())
			if _, ok := lt.Dist(s, t); ok {
				pairs[i] = [2]int{s, t}
				break
			}
		}
	}
	return pairs
}

// farNode returns a node on none of the pairs' table paths.
func farNode(lt *lookup.Table, pairs [][2]int) int {
	on := make([]bool, lt.Len())
	var buf []int
	for _, p := range pairs {
		buf, _ = lt.AppendPath(buf[:0], p[0], p[1])
		for _, u := range buf {
			on[u] = true
		}
	}
	for u := range on {
		if !on[u] {
			return u
		}
	}
	panic("every node lies on a measured path")
}
