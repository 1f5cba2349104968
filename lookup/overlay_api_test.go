package lookup_test

import (
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// TestOverlayRefusesLowering checks that every way of making a move cheaper
// than baked is refused with ErrLowered and leaves the overlay unchanged,
// and that other bad changes get an error naming what is wrong.
func TestOverlayRefusesLowering(t *testing.T) {
	grid, g := loadTable(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}})
	graph, _ := loadTable(t, "../testdata/tutorial.json", maps.Options{})
	u := 0
	v := int(g.Targets[g.Offsets[u]])
	baked := g.Weights[g.Offsets[u]]
	cell := float64(g.Grid.Costs[g.Grid.Cells[v]])
	a, _ := graph.Node("a")
	b, _ := graph.Node("b")
	tests := []struct {
		name    string
		lt      *lookup.Table
		change  func(o *lookup.Overlay) error
		lowered bool
		want    string
	}{
		{"edge below baked", grid, func(o *lookup.Overlay) error { return o.SetEdgeCost(u, v, baked-1) }, true, "below its baked cost"},
		{"cell below baked", grid, func(o *lookup.Overlay) error { return o.SetCellCost(v, cell-0.5) }, true, "below its baked cost"},
		{"no such edge", grid, func(o *lookup.Overlay) error { return o.SetEdgeCost(u, u, 100) }, false, "no edge"},
		{"negative edge", grid, func(o *lookup.Overlay) error { return o.SetEdgeCost(u, v, -1) }, false, "not a cost"},
		{"NaN edge", grid, func(o *lookup.Overlay) error { return o.SetEdgeCost(u, v, math.NaN()) }, false, "not a cost"},
		{"infinite cell", grid, func(o *lookup.Overlay) error { return o.SetCellCost(v, math.Inf(1)) }, false, "Block closes a cell"},
		{"cell whose moves overflow", grid, func(o *lookup.Overlay) error { return o.SetCellCost(v, 1e308) }, false, "past the largest float64"},
		{"cell whose paths overflow", grid, func(o *lookup.Overlay) error { return o.SetCellCost(v, math.MaxFloat64/14/float64(g.Nodes()-1)*1.01) }, false, "past the largest float64"},
		{"edge whose paths overflow", graph, func(o *lookup.Overlay) error { return o.SetEdgeCost(a, b, 1e308) }, false, "past the largest float64"},
		{"cell on a graph", graph, func(o *lookup.Overlay) error { return o.SetCellCost(a, 5) }, false, "need a grid"},
		{"graph edge below baked", graph, func(o *lookup.Overlay) error { return o.SetEdgeCost(a, b, 0) }, true, "a -> b"},
		{"block out of range", grid, func(o *lookup.Overlay) error { return o.Block(grid.Len()) }, false, "not in this table"},
		{"edge out of range", grid, func(o *lookup.Overlay) error { return o.SetEdgeCost(-1, v, 1) }, false, "not in this table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := lookup.NewOverlay(tt.lt)
			err := tt.change(o)
			if err == nil || !strings.Contains(err.Error(), tt.want) || errors.Is(err, lookup.ErrLowered) != tt.lowered {
				t.Fatalf("error %v, want one containing %q (ErrLowered: %v)", err, tt.want, tt.lowered)
			}
			if o.Changes() != 0 {
				t.Errorf("a refused change left %d changes", o.Changes())
			}
		})
	}
}

// TestOverlayBakedCostRestores checks that setting the baked cost is a
// restore, and that repeated changes count once.
func TestOverlayBakedCostRestores(t *testing.T) {
	lt, g := loadTable(t, "../testdata/maze.grid", maps.Options{})
	o := lookup.NewOverlay(lt)
	u, v := 0, int(g.Targets[g.Offsets[0]])
	w := g.Weights[g.Offsets[0]]
	steps := []struct {
		do   func() error
		want int
	}{
		{func() error { return o.Block(u) }, 1},
		{func() error { return o.Block(u) }, 1},
		{func() error { return o.SetEdgeCost(u, v, w+1) }, 2},
		{func() error { return o.SetEdgeCost(u, v, w+2) }, 2},
		{func() error { return o.SetCellCost(v, 3) }, 3},
		{func() error { return o.SetEdgeCost(u, v, w) }, 2},
		{func() error { return o.SetCellCost(v, 1) }, 1},
		{func() error { return o.Unblock(u) }, 0},
		{func() error { return o.Unblock(u) }, 0},
	}
	for i, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if o.Changes() != s.want {
			t.Fatalf("step %d: %d changes, want %d", i, o.Changes(), s.want)
		}
	}
	if c, ok := o.CellCost(v); !ok || c != 1 {
		t.Errorf("CellCost(%d) = %v %v, want the baked 1", v, c, ok)
	}
}

// TestOverlayNoPathWhenCutOff closes the only way into a region: every
// query across it answers "no path", and reopening restores the table's
// answers.
func TestOverlayNoPathWhenCutOff(t *testing.T) {
	// Two rooms joined by one door at 3,1.
	g, err := maps.ParseFormat(maps.FormatGrid, "rooms.grid", []byte("...#...\n.......\n...#...\n"), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lt := buildAndLoad(t, g)
	o := lookup.NewOverlay(lt)
	door, _ := lt.Node("3,1")
	left, _ := lt.Node("0,0")
	right, _ := lt.Node("6,2")
	if err := o.Block(door); err != nil {
		t.Fatal(err)
	}
	if _, ok := o.Dist(left, right); ok {
		t.Error("Dist across the closed door is ok")
	}
	if p, ok := o.AppendPath(nil, left, right); ok || len(p) != 0 {
		t.Errorf("AppendPath across the closed door = %v %v", p, ok)
	}
	if o.Next(left, right) != -1 || o.Next(door, right) != -1 || o.Next(left, door) != -1 {
		t.Error("Next across the closed door, or from or to it, is a node")
	}
	if _, ok := o.Dist(left, left); !ok {
		t.Error("a node no longer reaches itself")
	}
	o.Unblock(door)
	d1, ok1 := o.Dist(left, right)
	d2, ok2 := lt.Dist(left, right)
	if !ok1 || !ok2 || d1 != d2 {
		t.Errorf("reopened: Dist %v %v, table %v %v", d1, ok1, d2, ok2)
	}
}

// TestOverlayConcurrent runs the documented patterns under -race: many
// goroutines querying one overlay that nobody changes; goroutines each
// changing their own overlay of one shared table; and one writer changing
// an overlay under a sync.RWMutex while readers query it. Every answer
// must equal the single-threaded one for the same changes.
func TestOverlayConcurrent(t *testing.T) {
	lt := loadGrid(t, "../testdata/maze.grid")
	n := lt.Len()
	doors := []int{n / 3, n / 2, 2 * n / 3}
	want := func(blocked []int) [][]float64 {
		o := lookup.NewOverlay(lt)
		for _, u := range blocked {
			o.Block(u)
		}
		d := make([][]float64, n)
		for s := range n {
			d[s] = make([]float64, n)
			for to := range n {
				d[s][to], _ = o.Dist(s, to)
			}
		}
		return d
	}
	all := want(doors)

	t.Run("shared readers", func(t *testing.T) {
		o := lookup.NewOverlay(lt)
		for _, u := range doors {
			o.Block(u)
		}
		var wg sync.WaitGroup
		for w := range 8 {
			wg.Go(func() {
				var buf []int
				for i := range n * n {
					s, to := (i*7+w)%n, (i*13+w*5)%n
					d, _ := o.Dist(s, to)
					buf, _ = o.AppendPath(buf[:0], s, to)
					if math.Float64bits(d) != math.Float64bits(all[s][to]) {
						t.Errorf("%d->%d: %v, want %v", s, to, d, all[s][to])
						return
					}
				}
			})
		}
		wg.Wait()
	})

	t.Run("overlay per goroutine", func(t *testing.T) {
		var wg sync.WaitGroup
		for w := range 6 {
			wg.Go(func() {
				o := lookup.NewOverlay(lt)
				for round := range 20 {
					u := doors[(w+round)%len(doors)]
					o.Block(u)
					ref := want([]int{u})
					for s := 0; s < n; s += 5 {
						to := (s*31 + round) % n
						if d, _ := o.Dist(s, to); math.Float64bits(d) != math.Float64bits(ref[s][to]) {
							t.Errorf("%d->%d with %d blocked: %v, want %v", s, to, u, d, ref[s][to])
							return
						}
					}
					o.Unblock(u)
				}
			})
		}
		wg.Wait()
	})

	t.Run("writer and readers under RWMutex", func(t *testing.T) {
		o := lookup.NewOverlay(lt)
		var mu sync.RWMutex
		closed := all // every door closed, or (when open) the table
		var wg sync.WaitGroup
		wg.Go(func() {
			for round := range 50 {
				mu.Lock()
				for _, u := range doors {
					if round%2 == 0 {
						o.Block(u)
					} else {
						o.Unblock(u)
					}
				}
				mu.Unlock()
			}
		})
		for w := range 4 {
			wg.Go(func() {
				for i := range 2000 {
					s, to := (i*7+w)%n, (i*11)%n
					mu.RLock()
					d, _ := o.Dist(s, to)
					shut := o.Blocked(doors[0])
					mu.RUnlock()
					ref, _ := lt.Dist(s, to)
					if shut {
						ref = closed[s][to]
					}
					if math.Float64bits(d) != math.Float64bits(ref) {
						t.Errorf("%d->%d (doors shut %v): %v, want %v", s, to, shut, d, ref)
						return
					}
				}
			})
		}
		wg.Wait()
	})
}

// TestOverlayAllocs checks that queries through an overlay allocate
// nothing once warm: none on an unchanged path, none in a search once the
// pooled scratch exists.
func TestOverlayAllocs(t *testing.T) {
	lt, _ := loadTable(t, "../testdata/maze.grid", maps.Options{})
	n := lt.Len()
	o := lookup.NewOverlay(lt)
	o.Block(n / 2)
	buf := make([]int, 0, n)
	run := func() {
		for s := 0; s < n; s += 3 {
			buf, _ = o.AppendPath(buf[:0], s, n-1-s)
			o.Dist(s, n-1-s)
			o.Next(s, n-1-s)
		}
	}
	run()
	if a := testing.AllocsPerRun(20, run); a > 0 {
		t.Errorf("overlay queries allocate %v times per run", a)
	}
}

// TestOverlayHugeCosts: the largest cell and edge costs an overlay takes
// still answer with a finite path, never the +Inf of a closed one.
func TestOverlayHugeCosts(t *testing.T) {
	grid, g := loadTable(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}})
	steps := float64(g.Nodes() - 1)
	o := lookup.NewOverlay(grid)
	s, _ := grid.Node("0,0")
	to, _ := grid.Node("11,0")
	huge := math.MaxFloat64 / 14 / steps * 0.999
	for u := range grid.Len() {
		if u != s {
			if err := o.SetCellCost(u, huge); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, cost, ok := o.Path(s, to); !ok || math.IsInf(cost, 1) {
		t.Fatalf("every cell at %g: cost %v, reachable %v; want a finite path", huge, cost, ok)
	}
}
