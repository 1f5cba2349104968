package gridgraph

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestOpenBoxes checks every box of small random grids, corners in every
// order, against a scan of its cells, and boxes that leave the grid.
func TestOpenBoxes(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	for _, tc := range []struct {
		w, h    int
		blocked float64
	}{{1, 1, 0}, {1, 1, 1}, {5, 1, 0.2}, {1, 6, 0.2}, {7, 5, 0}, {7, 5, 0.1}, {9, 8, 0.3}, {6, 6, 0.7}} {
		t.Run(fmt.Sprintf("%dx%d-%.1f", tc.w, tc.h, tc.blocked), func(t *testing.T) {
			open := make([]bool, tc.w*tc.h)
			bits := make([]byte, (tc.w*tc.h+7)/8)
			for c := range open {
				open[c] = rng.Float64() >= tc.blocked
				if open[c] {
					bits[c>>3] |= 1 << (c & 7)
				}
			}
			b := NewOpenBoxes(tc.w, tc.h, func(x, y int) bool { return open[y*tc.w+x] })
			bb := NewOpenBoxesBits(tc.w, tc.h, bits)
			for x0 := range tc.w {
				for y0 := range tc.h {
					for x1 := range tc.w {
						for y1 := range tc.h {
							want := true
							for x := min(x0, x1); x <= max(x0, x1); x++ {
								for y := min(y0, y1); y <= max(y0, y1); y++ {
									want = want && open[y*tc.w+x]
								}
							}
							if got := b.Open(x0, y0, x1, y1); got != want {
								t.Fatalf("Open(%d,%d,%d,%d) = %v, want %v", x0, y0, x1, y1, got, want)
							}
							if got := bb.Open(x1, y1, x0, y0); got != want {
								t.Fatalf("bits: Open(%d,%d,%d,%d) = %v, want %v", x1, y1, x0, y0, got, want)
							}
						}
					}
				}
			}
			for _, box := range [][4]int{{-1, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, tc.w, 0}, {0, 0, 0, tc.h}} {
				if b.Open(box[0], box[1], box[2], box[3]) {
					t.Errorf("Open%v outside the grid = true", box)
				}
			}
		})
	}
}

func BenchmarkOpenBoxes(b *testing.B) {
	const w, h = 256, 256
	rng := rand.New(rand.NewPCG(1, 2))
	open := make([]bool, w*h)
	for c := range open {
		open[c] = rng.IntN(10) != 0
	}
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			NewOpenBoxes(w, h, func(x, y int) bool { return open[y*w+x] })
		}
	})
	b.Run("open", func(b *testing.B) {
		ob := NewOpenBoxes(w, h, func(x, y int) bool { return open[y*w+x] })
		var boxes [1024][4]int
		for i := range boxes {
			boxes[i] = [4]int{rng.IntN(w), rng.IntN(h), rng.IntN(w), rng.IntN(h)}
		}
		b.ReportAllocs()
		n := 0
		for i := 0; b.Loop(); i++ {
			q := &boxes[i&1023]
			if ob.Open(q[0], q[1], q[2], q[3]) {
				n++
			}
		}
		_ = n
	})
}
