package lookup

import "math"

// Distances on a level as exact keys, from which landmarks are placed: on
// a view's changed level (overlay_landmarks.go) and on a table's baked
// level (bakedLandmarks, for across).

// placeLandmarks places k landmarks on the view's level as landmarks
// describes and returns their rows of distances, or nil where the level is
// not searched on keys, a move may cost nothing, or every node is
// blocked. O(k·(V+E)).
func (o *changeSet) placeLandmarks(k int) []float64 {
	lt := o.lt
	if lt.costs().key == nil || o.inexact > 0 {
		return nil
	}
	n := lt.n
	d := make([]float64, n)
	near := make([]float64, n) // distance to the nearest landmark placed
	q, ok := o.keyQueue()
	if !ok || !q.largestPart(d, near) {
		return nil
	}
	for i := range near {
		near[i] = math.Inf(1)
	}
	dist := make([]float64, n*k)
	for i := range k {
		from := near
		if i == 0 {
			from = d // the start's distances
		}
		far, at := -1.0, int32(-1)
		for u, x := range from {
			if x > far && !math.IsInf(x, 1) {
				far, at = x, int32(u)
			}
		}
		q.keyDistances(at, d)
		copy(dist[i*n:(i+1)*n], d)
		for u, x := range d {
			near[u] = min(near[u], x)
		}
	}
	return dist
}

// bakedLandmarks are landmarks on the baked level, shared by every view
// of a table: across bounds the crossings of a line by them on tables
// that walk for their distances. Placed at the first need, O(k·(V+E))
// once per table.
type bakedLandmarks struct {
	k    int
	dist []float64
}

// bakedLandmarkCount is how many bakedLandmarks a table places.
const bakedLandmarkCount = 8

// buildBakedLandmarks places the table's landmarks on its baked level in
// b. O(k·(V+E)).
func (lt *Table) buildBakedLandmarks(b *bakedLandmarks) {
	c := changeSet{lt: lt, mark: new(markSlots)} // no changes
	if b.dist = c.placeLandmarks(bakedLandmarkCount); b.dist != nil {
		b.k = bakedLandmarkCount
	}
}

// maxStarts bounds the searches that look for the level's largest part.
const maxStarts = 8

// largestPart leaves in d the distances from an open node of a part
// holding at least half the level, or of the largest part its first
// maxStarts searches met; false when every node is blocked. seen is
// scratch of one entry a node. O(maxStarts·(V+E)).
func (q *keyQueue) largestPart(d, seen []float64) bool {
	o := q.c
	for i := range seen {
		seen[i] = math.Inf(1)
	}
	best, size, last := int32(-1), 0, int32(-1)
	for u, tries := int32(0), 0; int(u) < len(d) && tries < maxStarts && size*2 < len(d); u++ {
		if o.isBlocked(int(u)) || !math.IsInf(seen[u], 1) {
			continue // blocked, or in a part already searched
		}
		reached := q.keyDistances(u, d)
		tries++
		last = u
		for v, x := range d {
			if !math.IsInf(x, 1) {
				seen[v] = 0
			}
		}
		if reached > size {
			best, size = u, reached
		}
	}
	if best >= 0 && best != last {
		q.keyDistances(best, d)
	}
	return best >= 0
}

// keyQueue is the memory of keyDistances, reused from landmark to
// landmark: buckets of width keys, span of them in a ring.
type keyQueue struct {
	c       *changeSet // the level searched
	width   uint64
	span    int
	buckets [][]int32
	done    []bool
}

// keyDistances fills d with the exact key distance from src to every node
// on the view's level (+Inf where unreached) and returns how many it
// reached. Keys are integers and every move costs at least q.width, so it
// queues nodes in buckets of that width (Dial's): a move from the least
// bucket lands in a later one, so every node of the least bucket is final
// and is taken in O(1). O(V+E+D/width) for D the largest distance.
func (q *keyQueue) keyDistances(src int32, d []float64) int {
	o := q.c
	inf := math.Inf(1)
	for i := range d {
		d[i] = inf
	}
	if len(q.buckets) < q.span {
		q.buckets = make([][]int32, q.span)
	}
	if len(q.done) < len(d) {
		q.done = make([]bool, len(d))
	}
	width, span := q.width, uint64(q.span)
	buckets, done := q.buckets[:span], q.done[:len(d)]
	clear(done)
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	lt := o.lt
	hops, shift, costs, off := lt.hops, lt.hopShift, lt.costs().key, lt.t.Offsets
	stride := uint(1) << shift
	mark := o.mark
	d[src] = 0
	buckets[0] = append(buckets[0], src)
	reached, queued := 0, 1
	for cur := uint64(0); queued > 0; cur++ {
		b := &buckets[cur%span]
		for _, u := range *b {
			queued--
			if done[u] {
				continue // queued again with a smaller distance, taken with it
			}
			done[u] = true
			reached++
			du := d[u]
			base := uint(u) << shift
			us := hops[base : base+stride : base+stride]
			ws := costs[base : base+stride : base+stride]
			markedU := mark[slot(u)] != 0
			for m, v := range us {
				if v < 0 {
					break
				}
				w := ws[m]
				if markedU || mark[slot(v)] != 0 {
					w = o.cost(off[u]+int32(m), u, v, true) // +Inf where closed
				}
				if dv := du + w; dv < d[v] {
					d[v] = dv
					i := (uint64(dv) / width) % span
					buckets[i] = append(buckets[i], v)
					queued++
				}
			}
		}
		*b = (*b)[:0]
	}
	return reached
}

// keyQueue returns the queue for the view's level: the least key of any
// move as its width, and a ring of buckets that spans the dearest move;
// false where a move may cost nothing. O(changes).
func (o *changeSet) keyQueue() (*keyQueue, bool) {
	c := o.lt.costs()
	if c.minKey <= 0 || math.IsInf(c.minKey, 1) {
		return nil, false
	}
	dearest := c.maxKey
	for _, w := range o.edges {
		if k, ok := edgeKey(w); ok && !math.IsInf(k, 1) {
			dearest = max(dearest, k)
		}
	}
	for _, w := range o.cells {
		if k, ok := cellKey(w, true); ok {
			dearest = max(dearest, k)
		}
	}
	width := uint64(c.minKey)
	return &keyQueue{c: o, width: width, span: int(uint64(dearest)/width) + 2}, true
}

// symmetric reports whether every move of the view's level costs what the
// reverse move costs: the table's graph is (see Table.buildSymmetric) and the
// view only blocks nodes. O(1) after the table's check.
func (o *changeSet) symmetric() bool {
	return len(o.edges) == 0 && len(o.cells) == 0 && o.lt.symmetric()
}

// buildSymmetric sets yes when every edge of the table's graph has a
// reverse edge of the same cost. O(E·degree).
func (lt *Table) buildSymmetric(yes *bool) {
	t := lt.t
	for u := range lt.n {
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			v, w, back := t.Targets[e], t.Weights[e], false
			for f := t.Offsets[v]; f < t.Offsets[v+1]; f++ {
				if t.Targets[f] == int32(u) && t.Weights[f] == w {
					back = true
					break
				}
			}
			if !back {
				return
			}
		}
	}
	*yes = true
}
