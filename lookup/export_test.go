package lookup

// Cuts returns how many of o's changes it judges may disconnect the level,
// for tests of the ring check.
func Cuts(o *Overlay) int { return o.load().cuts }

// Avoids reports whether o proves the stored path from s to t clear of
// its changes from the distance rows alone, for tests of that proof.
func Avoids(o *Overlay, s, t int) bool { return o.load().avoids(s, t) }

// Across reports whether o answers s to t across a line through the
// change its stored path crosses, without a search, for tests of that
// answer; false also where the stored path crosses no change.
func Across(o *Overlay, s, t int) bool {
	v := o.load()
	buf, cut, state := v.checked(nil, s, t)
	if state != pathChanged {
		return false
	}
	q := query{view: v, sc: v.lt.getScratch()}
	defer v.lt.putScratch(q.sc)
	_, _, ok := q.across(buf, 0, cut, int32(s), int32(t))
	return ok
}

// ProveFirst makes a Route try the rows' proof before it walks its path
// on paths of any length (see walkPerProbe), until the returned function
// restores it; for tests of that proof, which must not run in parallel.
func ProveFirst() (restore func()) {
	old := walkPerProbe
	walkPerProbe = 0
	return func() { walkPerProbe = old }
}

// AcrossWalks is Across, also returning the nodes its walks took (its
// seeds counted at half a node each), for tests of its seeds.
func AcrossWalks(o *Overlay, s, t int) (bool, int) {
	v := o.load()
	buf, cut, state := v.checked(nil, s, t)
	if state != pathChanged {
		return false, 0
	}
	q := query{view: v, sc: v.lt.getScratch()}
	defer v.lt.putScratch(q.sc)
	walks := q.sc.walksWithMate()
	_, _, ok := q.across(buf, 0, cut, int32(s), int32(t))
	return ok, q.sc.walksWithMate() - walks
}

// SeedBack seeds the stored path from s to t as across seeds its prefix
// toward s, and returns each node's distance back to s and the path its
// next steps follow there, for tests of those seeds.
func SeedBack(o *Overlay, s, t int) (dist []float64, back [][]int) {
	v := o.load()
	path, ok := v.lt.AppendPath(nil, s, t)
	if !ok || v.lt.costs().key == nil {
		return nil, nil
	}
	q := query{view: v, sc: v.lt.getScratch()}
	defer v.lt.putScratch(q.sc)
	q.sc.begin()
	q.sc.hr = q.heuristic(int32(s), true)
	q.seedBack(path)
	for _, u := range path {
		n := q.sc.at(int32(u))
		dist = append(dist, keyCost(n.h))
		way := []int{u}
		for x := n.next; x >= 0 && len(way) <= len(path); x = q.sc.at(x).next {
			way = append(way, int(x))
		}
		back = append(back, way)
	}
	return dist, back
}
