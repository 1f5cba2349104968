//go:build race

package main

// robustRace: the race detector slows a build about tenfold, so the
// child-process tests use smaller levels.
const robustRace = true
