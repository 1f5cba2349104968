// Package pool runs numbered tasks on a fixed number of workers, each with
// its own scratch: the one worker loop that the builder and the verifier
// share.
package pool

import (
	"context"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Run calls do(ctx, scratch, i) once for every task i in 0..tasks-1 on
// min(workers, tasks) goroutines, at least one. Worker w makes its scratch
// with newScratch(w) before its first task and passes it to each of its
// tasks, so scratch needs no locking. Workers take the next task index
// from a shared counter: tasks start in index order, and a fast worker
// takes more of them. A worker stops when the tasks run out, when ctx is
// done (its error is returned), or when do returns an error; the first
// error cancels the ctx that the other workers' tasks see, and Run returns
// it once every worker has stopped. The cost is that of the tasks plus
// one atomic add and one ctx check per task.
func Run[S any](ctx context.Context, workers, tasks int, newScratch func(w int) S, do func(ctx context.Context, scratch S, i int) error) error {
	workers = max(1, min(workers, tasks))
	var next atomic.Int64
	eg, ctx := errgroup.WithContext(ctx)
	for w := range workers {
		eg.Go(func() error {
			scratch := newScratch(w)
			for {
				i := next.Add(1) - 1
				if i >= int64(tasks) {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := do(ctx, scratch, int(i)); err != nil {
					return err
				}
			}
		})
	}
	return eg.Wait()
}
