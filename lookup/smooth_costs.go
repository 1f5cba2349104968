package lookup

import "github.com/pathtable/pathtable/table"

// buildCellCosts sets c to each grid node's baked cell cost for line of
// sight, or nil on a level where every cell costs the same, read off the
// edges once (bakedCell is O(degree²), too dear for every cell a sweep
// reads). O(V·d²); 8 bytes a node on levels with several cell costs,
// nothing allocated on others.
func (lt *Table) buildCellCosts(c *[]float64) {
	if lt.t.Kind != table.KindGrid || lt.n == 0 {
		return
	}
	first := lt.bakedCell(0)
	for u := 1; u < lt.n; u++ {
		if lt.bakedCell(u) != first {
			costs := make([]float64, lt.n)
			for v := range costs {
				costs[v] = lt.bakedCell(v)
			}
			*c = costs
			return
		}
	}
}
