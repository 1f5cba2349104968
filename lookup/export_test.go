package lookup

// Cuts returns how many of o's changes it judges may disconnect the level,
// for tests of the ring check.
func Cuts(o *Overlay) int { return o.load().cuts }
