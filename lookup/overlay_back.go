package lookup

// A search's work is the region of nodes it must close before it may end:
// every node whose baked distance through it is under the changed
// distance, the band of near-shortest paths between the source and the
// change. Where the change lies nearer the target, the band between the
// target and the change is the smaller one: a search from the target back
// to the source closes that one instead. It may do so where every move
// costs what its reverse does, changes included (blocked nodes only): a
// path found backward, reversed, is a path of the same cost, and a stored
// path toward the source, reversed, a shortest path from it.

// searchBack reports whether the search for a query whose stored path has
// n nodes, its step into node cut the first to cross a change, runs from
// the target back to the source: where the change lies past the stored
// path's middle, on a level whose moves each cost what their reverse does.
// O(1) after the table's first call.
func (v *view) searchBack(n, cut int) bool {
	return v.hy == nil && 2*cut > n && v.symmetric()
}

// ends returns the search's source and target, and the stored path and
// cut it starts from: s and t with the stored path, or, searching back, t
// and s with none (the stored path from t is not read). O(1).
func ends(back bool, s, t int32, stored []int, cut int) (from, to int32, _ []int, _ int) {
	if back {
		return t, s, nil, 0
	}
	return s, t, stored, cut
}
