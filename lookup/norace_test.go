//go:build !race

package lookup_test

const raceEnabled = false
