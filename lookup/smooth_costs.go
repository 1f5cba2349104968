package lookup

import (
	"sync"

	"github.com/pathtable/pathtable/table"
)

// sightCosts holds each grid node's baked cell cost for line of sight, or
// nil on a level where every cell costs the same, read off the edges once
// (bakedCell is O(degree²), too dear for every cell a sweep reads).
type sightCosts struct {
	once sync.Once
	c    []float64
}

// cellCosts returns the baked cell cost of every node, or nil when they
// are all equal. O(V·d²) the first time, O(1) after; 8 bytes a node on
// levels with several cell costs, nothing allocated on others.
func (lt *Table) cellCosts() []float64 {
	lt.sightCosts.once.Do(func() {
		if lt.t.Kind != table.KindGrid || lt.n == 0 {
			return
		}
		first := lt.bakedCell(0)
		for u := 1; u < lt.n; u++ {
			if lt.bakedCell(u) != first {
				c := make([]float64, lt.n)
				for v := range c {
					c[v] = lt.bakedCell(v)
				}
				lt.sightCosts.c = c
				return
			}
		}
	})
	return lt.sightCosts.c
}
