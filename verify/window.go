package verify

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/solve"
)

// windows checks a windowed table origin by origin: every covered source of
// each origin checked, against a search confined to the origin's window
// (solve.WindowSearch), and against one through the whole level, which
// counts the pairs that confining makes longer. all checks every origin;
// otherwise a seeded shuffle's prefix of origins that covers at least pairs
// pairs. It returns the origins and pairs checked and the longer count.
// O(delta² log delta + (V + E) log V) per origin, plus the table's walks.
func (v *verifier) windows(ctx context.Context, all bool, pairs int, seed uint64, workers int) (origins, checked, longer int64, err error) {
	n := v.g.Nodes()
	ws := solve.NewWindowSearch(v.g, v.t.Window)
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	if !all {
		rng := rand.New(rand.NewPCG(seed, 0x77696e646f77)) // "window"
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		covered := 0
		for i, o := range order {
			for c := range ws.Side() * ws.Side() {
				if ws.Node(o, c) >= 0 {
					covered++
				}
			}
			if covered >= pairs {
				order = order[:i+1]
				break
			}
		}
	}
	ts := solve.NewTargetSearch(v.g)
	type scratch struct {
		c      *checker
		window *solve.WindowSearch
		full   *solve.TargetSearch
	}
	newScratch := func(w int) scratch {
		if w == 0 {
			return scratch{&checker{v: v}, ws, ts}
		}
		return scratch{&checker{v: v}, ws.Clone(), ts.Clone()}
	}
	var sumChecked, sumLonger atomic.Int64
	done := v.started(int64(len(order)), "origins")
	err = pool.Run(ctx, workers, len(order), newScratch, func(_ context.Context, w scratch, k int) error {
		o := order[k]
		local := w.window.Run(o)
		full := w.full.Run(o)
		side := w.window.Side()
		var c, l int64
		for i, d := range local {
			s := w.window.Node(o, i)
			if s < 0 {
				continue
			}
			c++
			if d > full[s] && !v.costs.Same(d, full[s]) {
				l++
			}
			w.c.pair(int64(k)*int64(side*side)+int64(i), s, o,
				solve.Result{Cost: d, Reachable: !math.IsInf(d, 1)})
		}
		sumChecked.Add(c)
		sumLonger.Add(l)
		done.Add(1)
		return nil
	})
	return int64(len(order)), sumChecked.Load(), sumLonger.Load(), err
}
