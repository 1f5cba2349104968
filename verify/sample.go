package verify

import (
	"context"
	"math/rand/v2"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/solve"
)

// sampled checks pairs random pairs with A*, in chunks of sampleChunk
// whose pairs depend only on the seed and the chunk's index.
func (v *verifier) sampled(ctx context.Context, pairs int, seed uint64, workers int) error {
	const sampleChunk = 256
	n := v.g.Nodes()
	chunks := (pairs + sampleChunk - 1) / sampleChunk
	solver := solve.NewSolver(v.g, solve.AStar)
	type scratch struct {
		c *checker
		s *solve.Solver
	}
	newScratch := func(w int) scratch {
		s := solver
		if w > 0 {
			s = solver.Clone()
		}
		return scratch{&checker{v: v}, s}
	}
	done := v.started(int64(pairs), "pairs")
	return pool.Run(ctx, workers, chunks, newScratch, func(_ context.Context, w scratch, k int) error {
		rng := rand.New(rand.NewPCG(seed, uint64(k)))
		for i := k * sampleChunk; i < min(pairs, (k+1)*sampleChunk); i++ {
			from, to := int32(rng.IntN(n)), int32(rng.IntN(n))
			w.c.pair(int64(i), from, to, w.s.SolveCost(from, to))
			done.Add(1)
		}
		return nil
	})
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
// and says whether it reaches t over the level's edges (inside t's window,
// on a windowed table), and at what cost.
func (c *checker) walkState(s, t int32) (uint8, float64) {
	w := c.v.walk(c.path[:0], s, t)
	c.path = w.nodes
	if !w.reaches || w.badStep > 0 || !c.v.confined(w.nodes, t) {
		return pathBroken, 0
	}
	return pathReach, w.cost
}

// confined reports whether every node of path lies where the table covers
// t (in t's window, on a windowed table), which the table's paths never
// leave; always true for tables of all pairs. O(len(path)).
func (v *verifier) confined(path []int, t int32) bool {
	for _, u := range path {
		if !v.t.Covers(u, int(t)) {
			return false
		}
	}
	return true
}
