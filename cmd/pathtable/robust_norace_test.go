//go:build !race

package main

import "time"

const robustRace = false

// promptExit is how soon after a signal a command must have exited.
const promptExit = time.Second
