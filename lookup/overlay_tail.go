package lookup

// The answer past the search: the search returned end, the first node it
// closed whose stored path to the target crosses no change; the answer is
// the search's path to end, then end's stored path.

// answerCost returns the cost of the answer through end: exact on keys, the
// table's own sum; else end's cost plus its stored distance. O(1), or
// Table.Dist's walk.
func (q query) answerCost(end, t int32, keyed bool) float64 {
	n := &q.sc.node[end]
	if keyed {
		return keyCost(n.g + n.h) // exact: the table's own sum
	}
	rest, _ := q.lt.Dist(int(end), int(t))
	return n.g + rest
}

// tail appends to buf the search's path from the source to end, then the
// stored path after end to t, reusing what the query's walks recorded;
// false where a damaged table's stored path ends nowhere. O(path length).
func (q query) tail(buf []int, end, t int32) ([]int, bool) {
	sc, start := q.sc, len(buf)
	for u := end; u >= 0; u = sc.node[u].parent {
		buf = append(buf, int(u))
	}
	for i, j := start, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	if q.rows {
		return q.tailRows(buf, end, t)
	}
	return q.tailSums(buf, end, t)
}

// tailRows goes on from where the walk that found end unchanged stopped,
// rather than walk that path again.
func (q query) tailRows(buf []int, end, to int32) ([]int, bool) {
	sc := q.sc
	join := end
	if chain := sc.chain; len(chain) > 0 && chain[0] == end {
		for _, u := range chain[1:] {
			buf = append(buf, int(u))
		}
		join = sc.walkEnd
	} else {
		buf = buf[:len(buf)-1]
	}
	return q.lt.w.path(buf, int(join), int(to))
}

// tailSums follows the successors the walks of this query recorded: every
// node on a walked node's stored path was walked too.
func (q query) tailSums(buf []int, end, to int32) ([]int, bool) {
	sc := q.sc
	limit := len(buf) + len(sc.node)
	for u := end; u != to; {
		n := &sc.node[u]
		if n.stamp != sc.gen || n.flags&walked == 0 || n.next < 0 || len(buf) >= limit {
			return buf, false
		}
		u = n.next
		buf = append(buf, int(u))
	}
	return buf, true
}
