//go:build !race

package main

import "time"

const robustRace = false

// promptExit is how soon after a signal a command must have exited. A
// reader gives up on a blocked call 300 ms after the signal; the rest is
// slack for CI, which runs other packages' tests beside this one on two
// cores.
const promptExit = 2 * time.Second
