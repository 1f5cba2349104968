//go:build linux

package lookup_test

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has run, in
// nanoseconds, for benchmarks on a shared machine, where wall time counts
// the other sessions' work too; the caller locks its goroutine to its
// thread.
func threadCPU() int64 {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
