//go:build unix

package build

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) this process has used so far,
// which adds up a build's work whatever its workers. O(1).
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
