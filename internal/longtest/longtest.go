// Package longtest gates the tests that take minutes: `go test ./...`
// skips them so that a developer can wait for it, and CI runs them by
// setting PATHTABLE_LONG=1 (see .ci/run and the README). Tests import it;
// nothing else does.
//
//	func TestHuge(t *testing.T) {
//		longtest.Skip(t, "builds all pairs of a 73,366-node level")
//		...
//	}
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on when it is
// "1". The go command notes the variables a test reads, so a cached result
// of a run without it is not reused for a run with it.
const Env = "PATHTABLE_LONG"

// Enabled reports whether the long tests run: Env is "1" and the run is
// not -short (which skips them as it always has). O(1).
func Enabled() bool { return os.Getenv(Env) == "1" && !testing.Short() }

// Skip skips t, saying why the test is long and how to run it, unless the
// long tests are enabled. O(1).
func Skip(t testing.TB, why string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long test (%s): run with %s=1", why, Env)
	}
}
