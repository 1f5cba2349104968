package build

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// team runs the contraction's parallel passes (about four a round, for
// tens to hundreds of rounds, most of them tens of microseconds long) on
// helper goroutines that live as long as the contraction, with the caller
// as one more worker. Waking a parked goroutine takes tens of
// microseconds on a virtual machine, as long as a whole pass, so helpers
// and the caller spin a while (teamSpin) between and at the end of
// passes before they park: a pass then starts on every worker at once.
// Not safe for concurrent passes: one caller runs them in turn.
type team struct {
	helpers int
	mu      sync.Mutex
	wake    *sync.Cond    // signalled under mu when seq moves or the team stops
	seq     atomic.Uint64 // passes started
	pass    atomic.Pointer[teamPass]
	stopped bool
	halt    atomic.Bool // stopped, for helpers that spin
}

// teamPass is one parallel pass: do(w, k) for chunk k in 0..chunks-1,
// w the worker's number (0 the caller), chunks taken from a counter.
type teamPass struct {
	ctx     context.Context
	chunks  int64
	next    atomic.Int64
	do      func(w, k int)
	pending atomic.Int32  // helpers not yet done with the pass
	done    chan struct{} // closed by the last helper, for a caller that parks
}

// teamSpin is how many times a worker with nothing to do looks for work
// (yielding its processor in between) before it parks: about 50-100 µs.
const teamSpin = 1000

// newTeam starts workers-1 helpers; stop ends them. O(workers).
func newTeam(workers int) *team {
	t := &team{helpers: max(workers-1, 0)}
	t.wake = sync.NewCond(&t.mu)
	for w := 1; w <= t.helpers; w++ {
		go t.helper(w)
	}
	return t
}

func (t *team) helper(w int) {
	var seen uint64
	for {
		for i := 0; i < teamSpin && t.seq.Load() == seen && !t.halt.Load(); i++ {
			runtime.Gosched()
		}
		if t.seq.Load() == seen {
			t.mu.Lock()
			for t.seq.Load() == seen && !t.stopped {
				t.wake.Wait()
			}
			stopped := t.stopped && t.seq.Load() == seen
			t.mu.Unlock()
			if stopped {
				return
			}
		}
		seen++ // passes run one at a time: the next one is seen+1
		p := t.pass.Load()
		p.work(w)
		if p.pending.Add(-1) == 0 {
			close(p.done)
		}
	}
}

// run calls do(w, k) once for every chunk k in 0..chunks-1 on the caller
// and the helpers, and returns when all are done: ctx.Err() if ctx was
// done before a chunk started (the chunks after it are skipped).
func (t *team) run(ctx context.Context, chunks int, do func(w, k int)) error {
	p := &teamPass{ctx: ctx, chunks: int64(chunks), do: do, done: make(chan struct{})}
	p.pending.Store(int32(t.helpers))
	if t.helpers == 0 {
		close(p.done)
	}
	t.mu.Lock()
	t.pass.Store(p)
	t.seq.Add(1)
	t.wake.Broadcast()
	t.mu.Unlock()
	p.work(0)
	for i := 0; i < teamSpin && p.pending.Load() > 0; i++ {
		runtime.Gosched()
	}
	<-p.done
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

// stop ends the helpers once they are done with the last pass. O(workers).
func (t *team) stop() {
	t.halt.Store(true)
	t.mu.Lock()
	t.stopped = true
	t.wake.Broadcast()
	t.mu.Unlock()
}
