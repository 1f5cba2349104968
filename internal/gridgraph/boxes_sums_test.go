package gridgraph

import (
	"math/rand/v2"
	"testing"
)

// TestOpenBoxesSums checks the summed-area table Sums returns against a
// count of the open cells of every corner box [0,x)×[0,y).
func TestOpenBoxesSums(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	w, h := 13, 9
	open := make([]bool, w*h)
	for i := range open {
		open[i] = r.IntN(4) != 0
	}
	b := NewOpenBoxes(w, h, func(x, y int) bool { return open[y*w+x] })
	sum, stride := b.Sums()
	if stride != w+1 || len(sum) != (w+1)*(h+1) {
		t.Fatalf("stride %d, %d entries; want %d, %d", stride, len(sum), w+1, (w+1)*(h+1))
	}
	for y := range h + 1 {
		for x := range w + 1 {
			want := uint32(0)
			for yy := range y {
				for xx := range x {
					if open[yy*w+xx] {
						want++
					}
				}
			}
			if sum[y*stride+x] != want {
				t.Fatalf("sum at (%d,%d) = %d, want %d", x, y, sum[y*stride+x], want)
			}
		}
	}
}
