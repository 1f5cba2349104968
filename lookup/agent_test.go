package lookup_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// A table baked for a 2x2 agent (pathtable build -clearance 2): the agent
// stands on the top-left cell of its footprint, so its paths keep a cell
// away from walls below and to the right, and a cell it does not fit on is
// no node.
func ExampleTable_Agent() {
	const hall = "" +
		"......\n" +
		"......\n" +
		"..#...\n" +
		"......\n" +
		"......\n"
	g, err := maps.Parse("hall.grid", []byte(hall), maps.Options{Clearance: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := build.Build(context.Background(), g, build.Options{})
	var file bytes.Buffer
	t.WriteTo(&file)
	lt, err := lookup.Load(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("agent", lt.Agent(), "nodes", lt.Len())
	if _, err := lt.Node("1,1"); err != nil {
		fmt.Println(err)
	}
	from, _ := lt.Node("0,0")
	to, _ := lt.Node("0,3")
	path, cost, _ := lt.Path(from, to)
	for _, u := range path {
		fmt.Print(lt.Name(u), " ")
	}
	fmt.Println("cost", cost)
	// Output:
	// agent 2 nodes 16
	// cell 1,1 is too narrow for a 2x2 agent (it would cover 1,1 to 2,2)
	// 0,0 0,1 0,2 0,3 cost 3
}

// TestAppendCovering checks, on tables for agents of side 1 to 3, that
// the nodes covering each cell are those whose footprint holds it,
// found by looking at every node, and that Covering adds the errors.
func TestAppendCovering(t *testing.T) {
	const hall = "" +
		"......\n" +
		"......\n" +
		"..#...\n" +
		"......\n" +
		"......\n"
	for k := 1; k <= 3; k++ {
		g, err := maps.Parse("hall.grid", []byte(hall), maps.Options{Clearance: k})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := build.Build(context.Background(), g, build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		lt := lookup.New(tab)
		buf := make([]int, 0, 9)
		for y := -1; y <= 5; y++ {
			for x := -1; x <= 6; x++ {
				var want []int
				for u := range lt.Len() {
					ux, uy, _ := lt.XY(u)
					if ux <= x && x < ux+k && uy <= y && y < uy+k {
						want = append(want, u)
					}
				}
				got := lt.AppendCovering(buf[:0], x, y)
				if !slices.Equal(got, want) {
					t.Fatalf("k=%d: AppendCovering(%d, %d) = %v, want %v", k, x, y, got, want)
				}
				if x < 0 || y < 0 || x > 5 || y > 4 {
					continue
				}
				nodes, err := lt.Covering(fmt.Sprintf("%d,%d", x, y))
				if len(want) == 0 && err == nil || len(want) > 0 && (err != nil || !slices.Equal(nodes, want)) {
					t.Fatalf("k=%d: Covering(%d,%d) = %v, %v; want %v", k, x, y, nodes, err, want)
				}
			}
		}
		if allocs := testing.AllocsPerRun(100, func() { buf = lt.AppendCovering(buf[:0], 3, 3) }); allocs != 0 {
			t.Errorf("AppendCovering allocates %v times", allocs)
		}
		if _, err := lt.Covering("9,9"); err == nil {
			t.Error("Covering a cell outside the grid")
		}
	}
}
