//go:build !unix

package build

import "time"

// cpuTime reports false where the process's CPU time is not read; an
// estimate then counts wall time.
func cpuTime() (time.Duration, bool) { return 0, false }
