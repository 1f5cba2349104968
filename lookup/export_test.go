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
