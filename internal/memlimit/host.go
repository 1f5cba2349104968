package memlimit

import (
	"math"
	"os"
	"runtime/debug"
	"sync"
)

// userGoLimit is GOMEMLIMIT as the process started with it (0: unset),
// read before SoftLimit sets one of its own.
var userGoLimit = sync.OnceValue(func() int64 {
	if v := debug.SetMemoryLimit(-1); v < math.MaxInt64 {
		return v
	}
	return 0
})

// Host is the running process's System: its /proc and /sys files, its
// rlimits, and the GOMEMLIMIT it was started with.
func Host() System {
	return System{ReadFile: os.ReadFile, Rlimit: rlimit, GoLimit: userGoLimit()}
}

// SoftLimit tells the Go runtime's collector about the limit that binds
// (debug.SetMemoryLimit), so that garbage is collected before the heap
// crosses it rather than the heap doubling past it; a GOMEMLIMIT the user
// set stays as it is. Call it once, at start and after SetMax. A few
// small file reads.
func SoftLimit() {
	if userGoLimit() > 0 {
		return
	}
	l, ok := Current()
	if !ok || l.Source == SourcePhysical {
		return
	}
	// What the runtime holds now plus what the limit leaves: the
	// runtime's own count excludes the address space it only reserves.
	debug.SetMemoryLimit(runtimeHeld() + l.Free())
}
