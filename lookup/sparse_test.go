package lookup

import (
	"runtime"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
)

// TestNewSparseGrid: a table whose header declares a 4096x4096 grid of one
// node allocates no width×height index, and still finds its cell.
func TestNewSparseGrid(t *testing.T) {
	tab := gridTable(t, "one.grid", ".\n", maps.Options{}, build.Options{Workers: 1})
	tab.Width, tab.Height = 4096, 4096
	tab.Cells = []int32{5*4096 + 7}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lt := New(tab)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("New allocated %d bytes for a one-node table", got)
	}
	if u, ok := lt.NodeAt(7, 5); !ok || u != 0 {
		t.Errorf("NodeAt(7, 5) = %d, %v; want 0, true", u, ok)
	}
	if _, ok := lt.NodeAt(8, 5); ok {
		t.Error("NodeAt(8, 5) found a node")
	}
	if u, err := lt.Node("7,5"); err != nil || u != 0 {
		t.Errorf("Node(7,5) = %d, %v", u, err)
	}
}
