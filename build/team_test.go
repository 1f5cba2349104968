package build

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestTeamRunsEveryChunkOnce runs passes of several sizes on teams of
// several sizes, one after another as the contraction does: every chunk
// once, each worker number in range and never on two chunks at once.
func TestTeamRunsEveryChunkOnce(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 5} {
		tm := newTeam(workers)
		busy := make([]atomic.Bool, workers)
		for _, chunks := range []int{0, 1, 2, 3, 7, 100, 1} {
			runs := make([]atomic.Int32, chunks)
			err := tm.run(context.Background(), chunks, func(w, k int) {
				if w < 0 || w >= workers || busy[w].Swap(true) {
					t.Errorf("%d workers: worker %d on two chunks at once, or out of range", workers, w)
					return
				}
				runs[k].Add(1)
				busy[w].Store(false)
			})
			if err != nil {
				t.Fatal(err)
			}
			for k := range runs {
				if n := runs[k].Load(); n != 1 {
					t.Errorf("%d workers, %d chunks: chunk %d ran %d times", workers, chunks, k, n)
				}
			}
		}
		tm.stop()
	}
}

// TestTeamStopsOnCancel skips the chunks after a cancel and says so.
func TestTeamStopsOnCancel(t *testing.T) {
	tm := newTeam(2)
	defer tm.stop()
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	err := tm.run(ctx, 1000, func(w, k int) {
		if ran.Add(1) == 10 {
			cancel()
		}
	})
	if err == nil || ran.Load() >= 1000 {
		t.Errorf("after a cancel: %d of 1000 chunks ran, error %v", ran.Load(), err)
	}
}
