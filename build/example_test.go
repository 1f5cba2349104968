package build_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Bake a level into a table file, as pathtable build does, and later tell
// whether the table is still up to date with the level.
func ExampleBuildLevel() {
	lvl, err := maps.Load("../testdata/small.map", maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := build.BuildLevel(context.Background(), lvl, build.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "small.ptab")
	if err := table.WriteFile(path, t); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d nodes from %s (%s), distances as %s\n", filepath.Base(path), t.Nodes, t.Source, t.Format, t.DistKind)

	// Later: is the table current? Reading its header is enough, and the
	// level loads with the options the table was built with.
	h, err := table.ReadHeader(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	now, err := maps.Load("../testdata/small.map", build.LevelOptions(h))
	if err != nil {
		fmt.Println(err)
		return
	}
	err = build.CheckStale(h, now.Format, now.Options, build.TableOptions(h), now.Data)
	fmt.Println("up to date:", err == nil)
	// Output:
	// small.ptab: 36 nodes from small.map (map), distances as octile16
	// up to date: true
}

// Build a table of a graph held in memory, and read a distance from it.
func ExampleBuild() {
	g, err := maps.Parse("route.json", []byte(`{"directed": true,
		"nodes": [{"id": "gate"}, {"id": "yard"}, {"id": "keep"}],
		"edges": [{"from": "gate", "to": "yard", "cost": 2.5},
		          {"from": "yard", "to": "keep", "cost": 1},
		          {"from": "gate", "to": "keep", "cost": 4}]}`), maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := build.Build(context.Background(), g, build.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, pair := range [][2]string{{"gate", "keep"}, {"keep", "gate"}} {
		s, _ := g.Node(pair[0])
		u, _ := g.Node(pair[1])
		d, ok := t.Distance(int(s), int(u))
		fmt.Println(pair[0], "->", pair[1], d, ok)
	}
	// Output:
	// gate -> keep 3.5 true
	// keep -> gate +Inf false
}

// Refuse a table too large for the machine before spending memory on it.
func ExamplePlan() {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := build.Plan(lvl.Graph)
	if err != nil {
		fmt.Println(err)
		return
	}
	size, _ := h.PayloadSize()
	fmt.Println(h.Nodes, "nodes:", size, "bytes of first moves and", h.DistKind, "distances")

	_, err = build.Build(context.Background(), lvl.Graph, build.Options{MaxBytes: 4096})
	fmt.Println(err)
	// Output:
	// 62 nodes: 19220 bytes of first moves and octile16 distances
	// table for 62 nodes would take 18.8 KiB (first moves 3.8 KiB, distances 15.0 KiB as octile16), over the limit of 4.0 KiB
}
