package nodeid

import "testing"

// FuzzGridNode checks that any id gives a node inside the grid or an
// error, never a panic, and that an accepted id names the cell Cell names.
func FuzzGridNode(f *testing.F) {
	for _, s := range []string{"0,0", "3,1", " 1 , 2 ", "1,", ",1", "x,y", "-1,0", "99999999999999999999,0"} {
		f.Add(s)
	}
	const w, h = 4, 3
	f.Fuzz(func(t *testing.T, id string) {
		var cx, cy int
		u, err := GridNode(id, w, h, func(x, y int) int32 {
			cx, cy = x, y
			return int32(y*w + x)
		})
		if err != nil {
			if u != -1 {
				t.Fatalf("GridNode(%q) = %d with error %v", id, u, err)
			}
			return
		}
		if u < 0 || u >= w*h {
			t.Fatalf("GridNode(%q) = %d, outside the grid", id, u)
		}
		if again, err := GridNode(Cell(cx, cy), w, h, func(x, y int) int32 { return int32(y*w + x) }); err != nil || again != u {
			t.Fatalf("GridNode(Cell(%d, %d)) = %d, %v; want %d", cx, cy, again, err, u)
		}
	})
}
