//go:build race

package main

import "time"

// robustRace: the race detector slows a build about tenfold, so the
// child-process tests use smaller levels.
const robustRace = true

// promptExit is how soon after a signal a command must have exited. The
// race detector slows shutdown too, and CI runs the race tests beside
// other packages' on two cores, so it gets more slack than a user sees.
const promptExit = 4 * time.Second
