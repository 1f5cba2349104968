//go:build unix

package main

import "syscall"

// addressSpaceLimit is RLIMIT_AS in bytes, or 0 when there is none.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
