package lookup_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestOutOfRangeIDs asks about node ids outside 0..Len()-1: every query
// answers "none" and nothing panics.
func TestOutOfRangeIDs(t *testing.T) {
	for _, lt := range []*lookup.Table{
		loadGrid(t, "../testdata/maze.grid"),
		loadGrid(t, "../testdata/waypoints.json"),
	} {
		n := lt.Len()
		bad := []int{-1, -2, n, n + 1, 1 << 40, math.MaxInt, math.MinInt, math.MinInt + 1}
		good := []int{0, n - 1}
		for _, b := range bad {
			for _, g := range good {
				for _, pair := range [][2]int{{b, g}, {g, b}, {b, b}} {
					s, d := pair[0], pair[1]
					if got := lt.Next(s, d); got != -1 {
						t.Errorf("Next(%d, %d) = %d, want -1", s, d, got)
					}
					if got, ok := lt.Dist(s, d); ok || !math.IsInf(got, 1) {
						t.Errorf("Dist(%d, %d) = %v, %v, want +Inf, false", s, d, got, ok)
					}
					buf := []int{7, 8}
					got, ok := lt.AppendPath(buf, s, d)
					if ok || !slices.Equal(got, []int{7, 8}) {
						t.Errorf("AppendPath(%d, %d) = %v, %v, want the buffer unchanged, false", s, d, got, ok)
					}
					if p, c, ok := lt.Path(s, d); ok || p != nil || !math.IsInf(c, 1) {
						t.Errorf("Path(%d, %d) = %v, %v, %v", s, d, p, c, ok)
					}
					if _, ok := lt.Cost([]int{s, d}); ok {
						t.Errorf("Cost([%d %d]) ok", s, d)
					}
				}
			}
			if name := lt.Name(b); name != "" {
				t.Errorf("Name(%d) = %q, want empty", b, name)
			}
			if _, _, ok := lt.XY(b); ok {
				t.Errorf("XY(%d) ok", b)
			}
		}
		for _, c := range [][2]int{{-1, 0}, {0, -1}, {math.MinInt, 0}, {1 << 20, 0}, {0, 1 << 20}, {math.MaxInt, math.MaxInt}} {
			if u, ok := lt.NodeAt(c[0], c[1]); ok || u != -1 {
				t.Errorf("NodeAt(%d, %d) = %d, %v", c[0], c[1], u, ok)
			}
		}
	}
}

// TestNodeErrors checks the message Node gives for ids that are not nodes.
func TestNodeErrors(t *testing.T) {
	grid := loadGrid(t, "../testdata/maze.grid")
	graph := loadGrid(t, "../testdata/waypoints.json")
	cases := []struct {
		lt   *lookup.Table
		id   string
		want string
	}{
		{grid, "12,0", "cell 12,0 is outside the 12x8 grid"},
		{grid, "0,8", "cell 0,8 is outside the 12x8 grid"},
		{grid, "-1,3", "cell -1,3 is outside the 12x8 grid"},
		{grid, "1,1", "cell 1,1 is a wall, not a node"},
		{grid, "99999999999999999999,1", `bad cell "99999999999999999999,1"`},
		{grid, "3", `bad cell "3"`},
		{grid, "a,b", `bad cell "a,b"`},
		{grid, "", `bad cell ""`},
		{graph, "nowhere", `no node "nowhere" in this graph`},
		{graph, "", `no node "" in this graph`},
	}
	for _, c := range cases {
		u, err := c.lt.Node(c.id)
		if err == nil || u != -1 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Node(%q) = %d, %v, want -1 and %q", c.id, u, err, c.want)
		}
	}
}

// rbComplete is the table of a complete directed graph on n nodes with
// integer costs, built, so that first moves can then be altered.
func rbComplete(t *testing.T, n int) *table.Table {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"directed": true, "nodes": [`)
	for u := range n {
		if u > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "n%d"}`, u)
	}
	b.WriteString(`], "edges": [`)
	sep := ""
	for u := range n {
		for v := range n {
			if u != v {
				fmt.Fprintf(&b, `%s{"from": "n%d", "to": "n%d", "cost": %d}`, sep, u, v, 1+(u+v)%3)
				sep = ","
			}
		}
	}
	b.WriteString("]}")
	g, err := maps.ParseFormat(maps.FormatJSON, "complete.json", []byte(b.String()), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// rbReload writes tab, with its freshly computed checksum, and loads it:
// an alteration behind a valid checksum.
func rbReload(t *testing.T, tab *table.Table) *lookup.Table {
	t.Helper()
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	lt, err := lookup.Load(&buf)
	if err != nil {
		t.Fatalf("altered table does not load: %v", err)
	}
	return lt
}

// rbSlot returns the slot of the edge u -> v.
func rbSlot(t *testing.T, tab *table.Table, u, v int) byte {
	for e := tab.Offsets[u]; e < tab.Offsets[u+1]; e++ {
		if int(tab.Targets[e]) == v {
			return byte(e - tab.Offsets[u])
		}
	}
	t.Fatalf("no edge %d -> %d", u, v)
	return 0
}

// rbWithin runs f and fails the test if it has not returned within d: an
// infinite loop fails fast instead of hanging the suite.
func rbWithin(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("did not return within %v (an infinite loop?)", d)
	}
}

// TestAlteredFirstMoves alters first moves behind a valid checksum, which
// Decode does not check (that costs O(n²)): a slot past the node's degree,
// and moves that form cycles. Queries must answer "no path", never panic or
// loop forever.
func TestAlteredFirstMoves(t *testing.T) {
	const n = 6
	base := rbComplete(t, n)
	target := 0
	cases := map[string]func(t *testing.T, tab *table.Table, row []byte){
		"slot = degree":     func(_ *testing.T, _ *table.Table, row []byte) { row[3] = n - 1 },
		"slot 0xFE":         func(_ *testing.T, _ *table.Table, row []byte) { row[3] = 0xFE },
		"slot past mid-way": func(t *testing.T, tab *table.Table, row []byte) { row[3] = rbSlot(t, tab, 3, 4); row[4] = 200 },
		"two-cycle": func(t *testing.T, tab *table.Table, row []byte) {
			row[2], row[3] = rbSlot(t, tab, 2, 3), rbSlot(t, tab, 3, 2)
		},
		"long cycle": func(t *testing.T, tab *table.Table, row []byte) {
			for u := 1; u < n; u++ {
				row[u] = rbSlot(t, tab, u, 1+u%(n-1))
			}
		},
		"cycle with a tail": func(t *testing.T, tab *table.Table, row []byte) {
			// Every node points at node 5, and 5 at 4: no walk reaches 0.
			for u := 1; u < n-1; u++ {
				row[u] = rbSlot(t, tab, u, 5)
			}
			row[5] = rbSlot(t, tab, 5, 4)
		},
	}
	for name, edit := range cases {
		t.Run(name, func(t *testing.T) {
			tab := base.Clone()
			edit(t, tab, tab.Payload().(*table.Flat).FirstRow(target))
			lt := rbReload(t, tab)
			rbWithin(t, 5*time.Second, func() {
				for s := 1; s < n; s++ {
					buf := []int{42}
					path, ok := lt.AppendPath(buf, s, target)
					if ok {
						// Nodes the edit did not touch still have paths.
						if path[1] != s || path[len(path)-1] != target || len(path)-1 > n {
							t.Errorf("AppendPath(%d, %d) = %v", s, target, path)
						}
						if _, ok := lt.Cost(path[1:]); !ok {
							t.Errorf("AppendPath(%d, %d) = %v, not a walk", s, target, path)
						}
						continue
					}
					if len(path) != 1 || path[0] != 42 {
						t.Errorf("AppendPath(%d, %d) failed but changed the buffer: %v", s, target, path)
					}
					if p, _, ok := lt.Path(s, target); ok || p != nil {
						t.Errorf("Path(%d, %d) = %v, %v after AppendPath failed", s, target, p, ok)
					}
				}
			})
			row := tab.Payload().(*table.Flat).FirstRow(target)
			for s := 1; s < n; s++ {
				next := lt.Next(s, target)
				if int(row[s]) >= tab.Degree(s) && next != -1 {
					t.Errorf("Next(%d, %d) = %d for slot %d of degree %d, want -1", s, target, next, row[s], tab.Degree(s))
				}
			}
		})
	}
	// The cases that must fail do.
	for _, name := range []string{"slot = degree", "slot 0xFE", "slot past mid-way", "two-cycle", "long cycle", "cycle with a tail"} {
		tab := base.Clone()
		cases[name](t, tab, tab.Payload().(*table.Flat).FirstRow(target))
		lt := rbReload(t, tab)
		if _, ok := lt.AppendPath(nil, 3, target); ok {
			t.Errorf("%s: AppendPath(3, %d) succeeded", name, target)
		}
	}
}

// TestRandomFirstMoves fills a real table's first moves with random bytes
// behind a valid checksum: every query terminates, and every path it still
// reports is a walk of at most Len() nodes from the source to the target.
func TestRandomFirstMoves(t *testing.T) {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	base, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		tab := base.Clone()
		first, _ := tab.Payload().(*table.Flat).Rows().Bytes()
		for i := range first {
			switch round {
			case 0:
				first[i] = byte(rng.IntN(256))
			default: // mostly valid slots, so that walks get long
				first[i] = byte(rng.IntN(8 + round))
			}
		}
		lt := rbReload(t, tab)
		n := lt.Len()
		rbWithin(t, 5*time.Second, func() {
			var buf []int
			for s := range n {
				for d := range n {
					var ok bool
					buf, ok = lt.AppendPath(buf[:0], s, d)
					lt.Next(s, d)
					if !ok {
						continue
					}
					if len(buf) > n || buf[0] != s || buf[len(buf)-1] != d {
						t.Fatalf("round %d: AppendPath(%d, %d) = %v", round, s, d, buf)
					}
					if _, ok := lt.Cost(buf); !ok {
						t.Fatalf("round %d: AppendPath(%d, %d) = %v, not a walk", round, s, d, buf)
					}
				}
			}
		})
	}
}

// TestIntegerDistanceBounds builds chains whose edges cost up to 2^31 - 1:
// the builder must pick a distance encoding wide enough for the longest
// possible path, and every distance must come back exact, through the file.
func TestIntegerDistanceBounds(t *testing.T) {
	const big = 1<<31 - 1
	cases := []struct {
		nodes int
		cost  uint64
		want  table.DistKind
	}{
		{2, 65534, table.DistU16},        // 65534 = u16's largest exact value
		{3, 32767, table.DistU16},        // 2·32767 = 65534
		{3, 32768, table.DistU32},        // 2·32768 = 65536 > 65534
		{2, big, table.DistU32},          // one edge of 2^31 - 1
		{3, big, table.DistU32},          // 2·(2^31 - 1) = 2^32 - 2, u32's largest
		{4, big, table.DistU64},          // 3·(2^31 - 1) > 2^32 - 2
		{300, big, table.DistU64},        // 299·(2^31 - 1) ≈ 6.4e11
		{300, 1 << 30, table.DistU64},    // 299·2^30
		{300, 14_364_439, table.DistU32}, // 299·14364439 ≤ 2^32 - 2
		{300, 14_364_440, table.DistU64}, // 299·14364440 > 2^32 - 2
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d nodes, cost %d", c.nodes, c.cost), func(t *testing.T) {
			var b strings.Builder
			b.WriteString(`{"nodes": [`)
			for u := range c.nodes {
				if u > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"id": "%d"}`, u)
			}
			b.WriteString(`], "edges": [`)
			for u := 1; u < c.nodes; u++ {
				if u > 1 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"from": "%d", "to": "%d", "cost": %d}`, u-1, u, c.cost)
			}
			b.WriteString("]}")
			g, err := maps.ParseFormat(maps.FormatJSON, "chain.json", []byte(b.String()), maps.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tab, err := build.Build(context.Background(), g, build.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tab.DistKind != c.want {
				t.Errorf("distance encoding %s, want %s", tab.DistKind, c.want)
			}
			if bound := uint64(c.nodes-1) * c.cost; bound > tab.DistKind.MaxExact() {
				t.Fatalf("%s holds up to %d, but a path may cost %d", tab.DistKind, tab.DistKind.MaxExact(), bound)
			}
			lt := rbReload(t, tab)
			for _, s := range []int{0, 1, c.nodes / 2, c.nodes - 1} {
				for _, d := range []int{0, c.nodes - 2, c.nodes - 1} {
					hops := uint64(max(s-d, d-s))
					want := float64(hops * c.cost)
					if got, ok := tab.Distance(s, d); !ok || got != want {
						t.Errorf("table.Distance(%d, %d) = %v, %v, want %v exactly", s, d, got, ok, want)
					}
					if got, ok := lt.Dist(s, d); !ok || got != want {
						t.Errorf("Dist(%d, %d) = %v, %v, want %v exactly", s, d, got, ok, want)
					}
				}
			}
		})
	}
}
