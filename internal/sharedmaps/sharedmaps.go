// Package sharedmaps finds, for tests, the Moving AI benchmark maps that
// live beside a checkout, in ../shared from the module root (README.md,
// Tests, says which and where to get them), and counts the tests that
// skip for want of them, so that a run without them says so in one line.
// Tests import it; nothing else does.
//
//	func TestMain(m *testing.M) { os.Exit(sharedmaps.Main(m)) }
//
//	func TestDen(t *testing.T) {
//		level := sharedmaps.Path(t, "testmaps/den312d.map")
//		...
//	}
package sharedmaps

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
)

// Dir is the shared folder: "shared" beside the repository's root, the
// folder two above this file's (found from this file, so that every
// package, the nested module build/compare's too, reaches the same one).
var Dir, pkg = locate()

// skipped counts the tests (and subtests, benchmarks) Skip skipped.
var skipped atomic.Int64

// out is where Main writes its line.
var out io.Writer = os.Stdout

// locate returns Dir and the tested package's folder (the working
// directory go test sets) relative to the repository's root.
func locate() (dir, pkg string) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	pkg = "."
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(root, wd); err == nil {
			pkg = filepath.ToSlash(rel)
		}
	}
	return filepath.Join(root, "..", "shared"), pkg
}

// Path returns the path of rel (such as "testmaps/den312d.map") under
// Dir, and skips tb, counted, when it does not exist. O(1).
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(Dir, rel)
	if _, err := os.Stat(p); err != nil {
		Skip(tb, "no ../shared/"+filepath.ToSlash(rel))
	}
	return p
}

// Glob returns the files under Dir that pattern (such as
// "testmaps/*.map") matches, and skips tb, counted, when there are none.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	paths, _ := filepath.Glob(filepath.Join(Dir, pattern))
	if len(paths) == 0 {
		Skip(tb, "no ../shared/"+filepath.ToSlash(pattern))
	}
	return paths
}

// Skip skips tb for want of shared files (why names them), counting it
// for Main's line. O(1).
func Skip(tb testing.TB, why string) {
	tb.Helper()
	skipped.Add(1)
	tb.Skipf("%s (the Moving AI benchmark maps; see README.md, Tests)", why)
}

// Main runs the package's tests and, when Skip skipped any, prints one
// line that says how many and why: "build: 4 tests skipped: ../shared is
// absent ...". It returns m.Run's exit code, for os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	report(out, skipped.Load())
	return code
}

// report writes Main's line for n skipped tests, or nothing for none.
func report(w io.Writer, n int64) {
	if n == 0 {
		return
	}
	tests := "tests"
	if n == 1 {
		tests = "test"
	}
	what := "../shared is absent"
	if _, err := os.Stat(Dir); err == nil {
		what = "files of ../shared are missing"
	}
	fmt.Fprintf(w, "%s: %d %s skipped: %s (the Moving AI benchmark maps from movingai.com/benchmarks; see README.md, Tests)\n", pkg, n, tests, what)
}
