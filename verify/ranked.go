package verify

import (
	"cmp"
	"slices"
)

type ranked struct {
	seq int64
	m   Mismatch
}

// record counts a failure and keeps it if it is among the first max;
// describe builds the mismatch only then. A pair drawn again by the
// sampler is counted again but listed once.
func (v *verifier) record(p Problem, seq int64, from, to int32, describe func() Mismatch) {
	v.failed.Add(1)
	v.mu.Lock()
	defer v.mu.Unlock()
	for i := range v.list {
		if m := &v.list[i].m; m.From == from && m.To == to && m.Problem == p && p != ProblemScenario {
			if seq < v.list[i].seq { // keep the order independent of the workers
				v.list[i].seq = seq
				slices.SortFunc(v.list, func(a, b ranked) int {
					return cmp.Or(cmp.Compare(a.m.Problem, b.m.Problem), cmp.Compare(a.seq, b.seq))
				})
			}
			return
		}
	}
	// i is where (p, seq) goes in the list, ordered by problem, then seq.
	i := len(v.list)
	for i > 0 && cmp.Or(cmp.Compare(p, v.list[i-1].m.Problem), cmp.Compare(seq, v.list[i-1].seq)) < 0 {
		i--
	}
	if i >= v.max {
		return
	}
	m := describe()
	m.Problem = p
	v.list = slices.Insert(v.list, i, ranked{seq, m})
	if len(v.list) > v.max {
		v.list = v.list[:v.max]
	}
}
