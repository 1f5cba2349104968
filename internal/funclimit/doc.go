// Package funclimit holds the test that keeps the functions of lookup/,
// table/ and build/ short enough to read: none over MaxLines lines or
// MaxBranches branches (if, for, range, case and select clauses, && and
// ||). It reads those packages' source files; nothing imports it.
//
//	go test ./internal/funclimit/
package funclimit

// MaxLines and MaxBranches are the limits: a function's lines from its
// func keyword to its closing brace, and its branches, closures included.
const (
	MaxLines    = 80
	MaxBranches = 25
)
