//go:build !race

package solve

// raceEnabled is whether the race detector is on: the big maps are too
// slow under it.
const raceEnabled = false
