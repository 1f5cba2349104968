//go:build unix

package memlimit

import "syscall"

// rlimit returns the soft RLIMIT_AS ("as") or RLIMIT_DATA ("data") in
// bytes, 0 when unlimited or unknown.
func rlimit(which string) int64 {
	res := syscall.RLIMIT_AS
	if which == "data" {
		res = syscall.RLIMIT_DATA
	}
	var r syscall.Rlimit
	if err := syscall.Getrlimit(res, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
