package verify

import (
	"context"
	"math/rand/v2"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/pathtable/pathtable/solve"
)

// sampled checks pairs random pairs with A*, in chunks of sampleChunk
// whose pairs depend only on the seed and the chunk's index.
func (v *verifier) sampled(ctx context.Context, pairs int, seed uint64, workers int) error {
	const sampleChunk = 256
	n := v.g.Nodes()
	chunks := (pairs + sampleChunk - 1) / sampleChunk
	solver := solve.NewSolver(v.g, solve.AStar)
	var next atomic.Int64
	eg, ctx := errgroup.WithContext(ctx)
	for w := range min(workers, chunks) {
		s := solver
		if w > 0 {
			s = solver.Clone()
		}
		eg.Go(func() error {
			c := &checker{v: v}
			for {
				if err := ctx.Err(); err != nil {
					return err
				}
				k := int(next.Add(1) - 1)
				if k >= chunks {
					return nil
				}
				rng := rand.New(rand.NewPCG(seed, uint64(k)))
				for i := k * sampleChunk; i < min(pairs, (k+1)*sampleChunk); i++ {
					from, to := int32(rng.IntN(n)), int32(rng.IntN(n))
					c.pair(int64(i), from, to, s.SolveCost(from, to))
				}
			}
		})
	}
	return eg.Wait()
}

// pair checks one pair against a live result. O(path length × degree).
func (c *checker) pair(seq int64, s, t int32, r solve.Result) {
	v := c.v
	f := &c.one
	*f = facts{s: s, t: t, live: r.Cost, liveOK: r.Reachable, seq: seq, next: -1}
	f.tab, f.tabOK = v.t.Distance(int(s), int(t))
	if s != t {
		f.next = int32(v.lt.Next(int(s), int(t)))
		if f.next >= 0 {
			f.w, f.edgeOK = v.g.EdgeCost(s, f.next)
			f.nextTab, f.nextOK = v.t.Distance(int(f.next), int(t))
		}
		f.path, f.pathCost = c.walkState(s, t)
	}
	v.check(f)
}

// walkState follows the table's path from s to t in the checker's buffer
// and says whether it reaches t over the level's edges, and at what cost.
func (c *checker) walkState(s, t int32) (uint8, float64) {
	w := c.v.walk(c.path[:0], s, t)
	c.path = w.nodes
	if !w.reaches || w.badStep > 0 {
		return pathBroken, 0
	}
	return pathReach, w.cost
}
