//go:build race

package lookup_test

const raceEnabled = true
