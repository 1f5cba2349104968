package verify

import (
	"context"
	"math"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/solve"
)

// allPairs checks every pair, one target row per task.
func (v *verifier) allPairs(ctx context.Context, workers int) error {
	n := v.g.Nodes()
	ts := solve.NewTargetSearch(v.g)
	type scratch struct {
		c      *checker
		search *solve.TargetSearch
	}
	newScratch := func(w int) scratch {
		search := ts
		if w > 0 {
			search = ts.Clone()
		}
		return scratch{&checker{v: v, f: make([]facts, n), pc: make([]float64, n), st: make([]uint8, n)}, search}
	}
	done := v.started(int64(n), "targets")
	return pool.Run(ctx, workers, n, newScratch, func(_ context.Context, w scratch, t int) error {
		w.c.row(int32(t), w.search.Run(int32(t)))
		done.Add(1)
		return nil
	})
}

// row checks every source against target t, given the live costs to t.
// O(V) plus the degree of each node: the table's paths of a row form a
// tree (each node's first move), so each path's cost is its first step's
// cost plus the cost of the path from the next node, computed once.
func (c *checker) row(t int32, live []float64) {
	v, f, n := c.v, c.f, len(c.f)
	for s := range n {
		fs := &f[s]
		*fs = facts{s: int32(s), t: t, live: live[s], liveOK: !math.IsInf(live[s], 1),
			seq: int64(t)*int64(n) + int64(s)}
		fs.tab, fs.tabOK = v.t.Distance(s, int(t))
		fs.next = int32(v.lt.Next(s, int(t)))
		if fs.next >= 0 {
			fs.w, fs.edgeOK = v.g.EdgeCost(int32(s), fs.next)
		}
		c.st[s] = pathUnknown
	}
	for s := range n {
		if fs := &f[s]; fs.next >= 0 {
			fs.nextTab, fs.nextOK = v.t.Distance(int(fs.next), int(t))
		}
	}
	c.pathCosts(t)
	for s := range n {
		f[s].path, f[s].pathCost = c.st[s], c.pc[s]
		v.check(&f[s])
	}
}

// pathCosts sets st and pc of every node for the row of target t: whether
// its table path reaches t by edges of the level and at what summed cost.
// Each node is walked once. O(V).
func (c *checker) pathCosts(t int32) {
	f, st, pc := c.f, c.st, c.pc
	st[t], pc[t] = pathReach, 0
	for s := range f {
		if st[s] != pathUnknown {
			continue
		}
		stack := c.stack[:0]
		u := int32(s)
		var end uint8
		for {
			if k := st[u]; k != pathUnknown {
				end = k
				if k == pathOpen {
					end = pathLoop
				}
				break
			}
			st[u] = pathOpen
			stack = append(stack, u)
			if f[u].next < 0 || !f[u].edgeOK {
				end = pathBroken
				break
			}
			u = f[u].next
		}
		for i := len(stack) - 1; i >= 0; i-- {
			x := stack[i]
			st[x] = end
			if end == pathReach {
				pc[x] = f[x].w + pc[f[x].next]
			}
		}
		c.stack = stack
	}
}
