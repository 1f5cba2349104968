package main

import "sync/atomic"

// startProgress shows a build's progress on stderr until the returned
// function is called. (A live display comes with the progress issue.)
func startProgress(done *atomic.Int64, total int, name string, quiet bool) func() {
	return func() {}
}
