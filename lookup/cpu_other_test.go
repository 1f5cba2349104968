//go:build !linux

package lookup_test

// threadCPU is 0 where the thread's CPU time is not read: benchmarks
// report no CPU figures then.
func threadCPU() int64 { return 0 }
