package lookup

import "math"

// landmarks tighten a search's heuristic where a change lengthens paths.
// The baked distance to the target is exact wherever the stored path is
// unchanged, but where a shut door lies on every shortest path it is the
// old, shorter length, and A* must close every node that ties with it
// before it looks round the door. Distances from a few landmarks on the
// changed level bound the new lengths from below (the triangle
// inequality: d(n,t) ≥ d(L,t) − d(L,n)), so nodes on the far side of a
// door whose detour leads back past them are put off.
//
// They are exact keys (table.OctileKey) on the view's own level, a row per
// landmark (dist[i*V+u] is landmark i's distance to u), computed at the
// first search of the view that uses them: O(k·(V+E)) once per view,
// which is why they are the caller's choice (Overlay.SetLandmarks).
type landmarks struct {
	k    int       // landmarks; 0 where the view has none
	sym  bool      // every move costs what its reverse does: bound both ways
	dist []float64 // a row of distances from each landmark, +Inf unreached
}

// MaxLandmarks bounds Overlay.SetLandmarks.
const MaxLandmarks = 64

// landmarks returns the view's landmarks, placing them the first time:
// the farthest node from a start in the level's largest part, then each
// time the node farthest from every landmark placed, all on the changed
// level, so the choice depends on the view alone. Keyed levels with
// changes only.
func (v *view) landmarks() *landmarks { return v.derived.landmarks.get(v.placeLandmarksIn) }

// placeLandmarksIn places the view's landmarks in lm. O(k·(V+E)).
func (v *view) placeLandmarksIn(lm *landmarks) {
	k := v.landmarkCount
	if k == 0 || v.changes == 0 {
		return
	}
	if lm.dist = v.placeLandmarks(k); lm.dist != nil {
		lm.sym, lm.k = v.symmetric(), k
	}
}

// altActive is how many landmarks one query reads: those whose bound at
// the source is largest. A node's bound costs a read per landmark, so a
// few well chosen beat all of them.
const altActive = 4

// altBound is one query's view of the landmarks: the active landmarks'
// distances to the target and their rows.
type altBound struct {
	sym  bool
	nu   int
	to   [altActive]float64
	rows [altActive][]float64
}

// bound prepares the landmarks' bound from s toward t; false where there
// is none. O(landmarks).
func (lm *landmarks) bound(s, t int32, b *altBound) bool {
	if lm.k == 0 {
		return false
	}
	n := len(lm.dist) / lm.k
	b.sym, b.nu = lm.sym, 0
	var score [altActive]float64
	for i := range lm.k {
		row := lm.dist[i*n : (i+1)*n : (i+1)*n]
		to := row[t]
		if math.IsInf(to, 1) {
			continue
		}
		x := to - row[s]
		if b.sym && x < 0 {
			x = -x
		}
		// Insert in score order, dropping the weakest past altActive.
		j := b.nu
		if j == altActive {
			if x <= score[j-1] {
				continue
			}
			j--
		} else {
			b.nu++
		}
		for j > 0 && score[j-1] < x {
			score[j], b.to[j], b.rows[j] = score[j-1], b.to[j-1], b.rows[j-1]
			j--
		}
		score[j], b.to[j], b.rows[j] = x, to, row
	}
	return b.nu > 0
}

// at returns the landmarks' lower bound on the distance from u to the
// target: +Inf where u cannot reach it. O(active landmarks).
func (b *altBound) at(u int32) float64 {
	best := 0.0
	for j := range b.nu {
		x := b.to[j] - b.rows[j][u]
		if b.sym && x < 0 {
			x = -x
		}
		best = max(best, x)
	}
	return best
}
