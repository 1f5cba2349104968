package build

import (
	"context"
	"sync"
	"sync/atomic"
)

// team runs the contraction's parallel passes (about four a round, for
// tens to hundreds of rounds) on helper goroutines that live as long as
// the contraction, with the caller as one more worker: a pass then costs
// one wake-up per helper, not new goroutines and an errgroup, and the
// caller starts on it at once instead of parking until a goroutine is
// scheduled. Not safe for concurrent passes: one caller runs them in turn.
type team struct {
	helpers []chan *teamPass
	wg      sync.WaitGroup
}

// teamPass is one parallel pass: do(w, k) for chunk k in 0..chunks-1,
// w the worker's number (0 the caller), chunks taken from a counter.
type teamPass struct {
	ctx    context.Context
	chunks int64
	next   atomic.Int64
	do     func(w, k int)
}

// newTeam starts workers-1 helpers; stop ends them. O(workers).
func newTeam(workers int) *team {
	t := &team{helpers: make([]chan *teamPass, max(workers-1, 0))}
	for i := range t.helpers {
		ch := make(chan *teamPass)
		t.helpers[i] = ch
		go func(w int) {
			for p := range ch {
				p.work(w)
				t.wg.Done()
			}
		}(i + 1)
	}
	return t
}

// run calls do(w, k) once for every chunk k in 0..chunks-1 on the caller
// and the helpers, and returns when all are done: ctx.Err() if ctx was
// done before a chunk started (the chunks after it are skipped). One
// helper is woken per chunk beyond the caller's first, at most all.
func (t *team) run(ctx context.Context, chunks int, do func(w, k int)) error {
	p := &teamPass{ctx: ctx, chunks: int64(chunks), do: do}
	wake := min(len(t.helpers), chunks-1)
	t.wg.Add(max(wake, 0))
	for _, ch := range t.helpers[:max(wake, 0)] {
		ch <- p
	}
	p.work(0)
	t.wg.Wait()
	return ctx.Err()
}

func (p *teamPass) work(w int) {
	for {
		k := p.next.Add(1) - 1
		if k >= p.chunks || p.ctx.Err() != nil {
			return
		}
		p.do(w, int(k))
	}
}

// stop ends the helpers once their passes are done. O(workers).
func (t *team) stop() {
	for _, ch := range t.helpers {
		close(ch)
	}
}
