//go:build race

package verify

// raceEnabled is whether the race detector is on: the big maps are too
// slow under it.
const raceEnabled = true
