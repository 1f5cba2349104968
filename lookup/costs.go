package lookup

import (
	"math"

	"github.com/pathtable/pathtable/table"
)

// searchCosts is what an overlay search reads of the table's edge costs,
// laid out like the hop array (slot u<<hopShift | m is the edge of first
// move m out of u), so a node's neighbours and their costs are two runs of
// one stride. It is built at the first search of any overlay of the table.
type searchCosts struct {
	w []float64 // hop slot → baked cost
	// key is, on octile levels stored as table.DistOctile16, hop slot →
	// the baked cost's exact key (table.OctileKey); nil elsewhere. A search
	// on keys adds and compares without rounding, so its ties are true
	// ties.
	key []float64
	// minKey and maxKey are the least and the largest key of a move, where
	// key is set.
	minKey, maxKey float64
}

// buildCosts lays out the table's search costs in c. O(V·stride).
func (lt *Table) buildCosts(c *searchCosts) {
	t := lt.t
	c.w = make([]float64, len(lt.hops))
	keyed := t.Metric == "octile" && t.DistKind == table.DistOctile16
	if keyed {
		c.key = make([]float64, len(lt.hops))
	}
	for u := range lt.n {
		base := u << lt.hopShift
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			slot := base + int(e-t.Offsets[u])
			c.w[slot] = t.Weights[e]
			if keyed {
				k, ok := edgeKey(t.Weights[e])
				keyed = ok
				c.key[slot] = k
			}
		}
	}
	if !keyed {
		c.key = nil // a cost the keys cannot hold: float search only
		return
	}
	c.minKey = math.Inf(1)
	for u := range lt.n {
		base := u << lt.hopShift
		for m := range int(t.Offsets[u+1] - t.Offsets[u]) {
			c.minKey = min(c.minKey, c.key[base+m])
			c.maxKey = max(c.maxKey, c.key[base+m])
		}
	}
}

// edgeKey returns the exact key of an octile edge cost (+Inf for a closed
// edge), and false when w is not a + b·√2 with parts the keys hold.
func edgeKey(w float64) (float64, bool) {
	if math.IsInf(w, 1) {
		return w, true
	}
	a, b, ok := table.SplitOctile(w)
	if !ok || a >= 1<<16 || b >= 1<<16 {
		return 0, false
	}
	return table.OctileKey(uint64(a), uint64(b)), true
}

// cellKey returns the exact key of moving onto a cell of cost c, by a
// diagonal move or not, and false when the keys cannot hold it.
func cellKey(c float64, diagonal bool) (float64, bool) {
	if c != math.Trunc(c) || c < 0 || c >= 1<<16 {
		return 0, false
	}
	if diagonal {
		return table.OctileKey(0, uint64(c)), true
	}
	return table.OctileKey(uint64(c), 0), true
}

// keyCost converts an exact octile key to its cost, as a stored distance
// reads. O(1).
func keyCost(k float64) float64 {
	a, b := table.OctileParts(k)
	return float64(a) + float64(b)*math.Sqrt2
}
