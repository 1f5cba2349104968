//go:build !unix

package main

// addressSpaceLimit is unknown here.
func addressSpaceLimit() int64 { return 0 }
