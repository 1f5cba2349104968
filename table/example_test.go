package table_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Tables are written atomically and read back with one call; the header
// says what the table holds without touching the payloads.
func Example() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "level.ptab")

	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte("..#.\n....\n"), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	if err := table.WriteFile(path, t); err != nil {
		fmt.Println(err)
		return
	}
	h, _ := table.ReadHeader(path)
	fmt.Println(h.Kind, h.Width, h.Height, h.Nodes == t.Nodes, h.DistKind)

	loaded, err := table.Open(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, ok := loaded.Distance(0, 1)
	fmt.Println(d, ok)
	// Output:
	// grid 4 2 true octile16
	// 1 true
}

// A grid table is written in format 3, with the grid's cells instead of
// its graph, which every reader rebuilds; GraphBins writes the format 1
// (flat) or 2 (other layouts) that grid tables had before, with the
// graph. Both read back as the same table.
func ExampleHeader_GraphBins() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte("..#.\n....\n..3.\n"), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns})
	for _, graphBins := range []bool{false, true} {
		t.GraphBins = graphBins
		var buf bytes.Buffer
		if _, err := t.WriteTo(&buf); err != nil {
			fmt.Println(err)
			return
		}
		back, err := table.Decode(buf.Bytes())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("format %d: %d bytes, %d nodes, %d edges, %d the first move from 0 to 10\n",
			back.FormatVersion(), buf.Len(), back.Nodes, back.Edges, back.Move(0, 10))
	}
	// Output:
	// format 3: 339 bytes, 11 nodes, 44 edges, 1 the first move from 0 to 10
	// format 2: 1073 bytes, 11 nodes, 44 edges, 1 the first move from 0 to 10
}

// A run-length grid table of at most MaxPackedNodes nodes stores a run as
// one 16-bit word, its 12-bit start and its move (Packed); Starts16 keeps
// the 16-bit starts older readers know, half a byte more a run, with the
// same runs and answers.
func ExamplePacked() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte("....#...\n..#.....\n......#.\n"), maps.Options{})
	for _, starts16 := range []bool{false, true} {
		t, _ := build.Build(context.Background(), g, build.Options{Layout: table.LayoutRuns, Starts16: starts16})
		first, _ := t.PayloadBytes()
		fmt.Println(t.FirstEnc, table.Packed(t.FirstEnc), t.RunCount, first, t.Move(0, t.Nodes-1))
	}
	// Output:
	// runs12x4hwbj true 24 111 0
	// runs16x4hwbj false 24 123 0
}
