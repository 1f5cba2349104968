package lookup

// Cuts returns how many of o's changes it judges may disconnect the level,
// for tests of the ring check.
func Cuts(o *Overlay) int { return o.load().cuts }

// Avoids reports whether o proves the stored path from s to t clear of
// its changes from the distance rows alone, for tests of that proof.
func Avoids(o *Overlay, s, t int) bool { return o.load().avoids(s, t) }
