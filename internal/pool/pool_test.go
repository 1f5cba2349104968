package pool

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestRunEveryTaskOnce runs every task exactly once, each worker with its
// own scratch, for worker counts below, at and above the task count.
func TestRunEveryTaskOnce(t *testing.T) {
	for _, tc := range []struct{ workers, tasks int }{{1, 10}, {3, 100}, {8, 3}, {0, 5}, {4, 0}} {
		runs := make([]atomic.Int32, tc.tasks)
		var made atomic.Int32
		type scratch struct{ busy atomic.Bool }
		err := Run(context.Background(), tc.workers, tc.tasks, func(int) *scratch {
			made.Add(1)
			return &scratch{}
		}, func(_ context.Context, s *scratch, i int) error {
			if s.busy.Swap(true) {
				t.Errorf("%+v: scratch shared by two tasks at once", tc)
			}
			runs[i].Add(1)
			s.busy.Store(false)
			return nil
		})
		if err != nil {
			t.Errorf("%+v: %v", tc, err)
		}
		for i := range runs {
			if n := runs[i].Load(); n != 1 {
				t.Errorf("%+v: task %d ran %d times", tc, i, n)
			}
		}
		if want := int32(max(1, min(tc.workers, tc.tasks))); made.Load() != want {
			t.Errorf("%+v: %d scratches made, want %d", tc, made.Load(), want)
		}
	}
}

// TestRunStops returns the first task error, and ctx's error when ctx is
// cancelled, without running every task.
func TestRunStops(t *testing.T) {
	boom := errors.New("boom")
	var ran atomic.Int32
	err := Run(context.Background(), 2, 1000, func(int) struct{} { return struct{}{} }, func(ctx context.Context, _ struct{}, i int) error {
		ran.Add(1)
		if i == 10 {
			return boom
		}
		if i > 10 {
			<-ctx.Done() // the error must stop the other worker
		}
		return nil
	})
	if !errors.Is(err, boom) || ran.Load() > 12 {
		t.Errorf("task error: Run = %v after %d tasks, want boom after at most 12", err, ran.Load())
	}

	ctx, cancel := context.WithCancel(context.Background())
	ran.Store(0)
	err = Run(ctx, 2, 1000, func(int) struct{} { return struct{}{} }, func(ctx context.Context, _ struct{}, i int) error {
		ran.Add(1)
		if i == 5 {
			cancel()
		}
		if i > 5 {
			<-ctx.Done()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || ran.Load() > 7 {
		t.Errorf("cancelled: Run = %v after %d tasks, want context.Canceled after at most 7", err, ran.Load())
	}
}
