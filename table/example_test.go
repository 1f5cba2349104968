package table_test

import (
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
