package maps_test

import (
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// TestNodeCountOverLimit: a .gr that declares more nodes than a level may
// have has no count before parsing (the parse refuses it, with the count
// it declares); at the limit, its count is the declared one.
func TestNodeCountOverLimit(t *testing.T) {
	for _, c := range []struct {
		data string
		n    int
		ok   bool
	}{
		{"p sp 4000000 1\na 1 2 1\n", 0, false},
		{"p sp 1048577 0\n", 0, false},
		{"p sp 99999999999999999999999 0\n", 0, false},
		{"p sp 1048576 0\n", 1048576, true},
		{"c hi\np sp 3 0\n", 3, true},
	} {
		n, ok := maps.NodeCount(maps.FormatDIMACS, []byte(c.data))
		if ok != c.ok || ok && n != c.n {
			t.Errorf("%q: NodeCount %d, %v; want %d, %v", c.data, n, ok, c.n, c.ok)
		}
	}
}
