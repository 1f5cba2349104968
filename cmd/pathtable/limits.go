package main

import "github.com/pathtable/pathtable/build"

// resolveWorkers checks a -workers value the same way for every command:
// negative is a usage error; above build.MaxWorkers it is clamped to it
// (the output does not depend on the count, so a script written for a
// bigger machine still runs).
func resolveWorkers(n int) (int, error) {
	if n < 0 {
		return 0, usagef("-workers must be >= 0 (0: one per core), not %d", n)
	}
	return min(n, build.MaxWorkers()), nil
}

// maxBenchPairs bounds bench -pairs: its query list takes 16 bytes a pair.
const maxBenchPairs = 1 << 20
