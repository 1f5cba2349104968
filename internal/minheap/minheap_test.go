package minheap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHeapSorts pushes random keys, some repeated, with pops in between,
// and checks that every pop returns the least key still held.
func TestHeapSorts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 50 {
		var h Heap
		var want []float64
		for i := range 200 {
			if h.Len() > 0 && r.IntN(3) == 0 {
				slices.Sort(want)
				_, k := h.Pop()
				if k != want[0] {
					t.Fatalf("round %d: popped %v, want %v", round, k, want[0])
				}
				want = want[1:]
				continue
			}
			k := float64(r.IntN(20))
			h.Push(int32(i), k)
			want = append(want, k)
			if h.MinKey() != slices.Min(want) {
				t.Fatalf("round %d: MinKey %v, want %v", round, h.MinKey(), slices.Min(want))
			}
		}
		slices.Sort(want)
		for _, w := range want {
			if _, k := h.Pop(); k != w {
				t.Fatalf("round %d: popped %v, want %v", round, k, w)
			}
		}
		if h.Len() != 0 {
			t.Fatalf("round %d: %d left", round, h.Len())
		}
		h.Push(7, 1)
		h.Reset()
		if h.Len() != 0 {
			t.Fatal("Reset left entries")
		}
	}
}
