package sharedmaps

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkipCounts: Path and Glob skip, and count, for a file that is not
// there and return one that is; report writes one line naming the count
// and the package, and nothing for none.
func TestSkipCounts(t *testing.T) {
	saved := Dir
	defer func() { Dir = saved }()
	Dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(Dir, "a.map"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	before := skipped.Load()
	for _, c := range []struct {
		name string
		call func(t *testing.T)
		skip bool
	}{
		{"present", func(t *testing.T) { Path(t, "a.map") }, false},
		{"absent", func(t *testing.T) { Path(t, "testmaps/none.map") }, true},
		{"glob", func(t *testing.T) { Glob(t, "*.map") }, false},
		{"empty glob", func(t *testing.T) { Glob(t, "testmaps/*.map") }, true},
	} {
		var skippedHere bool
		t.Run(c.name, func(t *testing.T) {
			defer func() { skippedHere = t.Skipped() }()
			c.call(t)
		})
		if skippedHere != c.skip {
			t.Errorf("%s: skipped %v, want %v", c.name, skippedHere, c.skip)
		}
	}
	if n := skipped.Load() - before; n != 2 {
		t.Errorf("counted %d skips, want 2", n)
	}
	skipped.Add(-2)
	var b bytes.Buffer
	report(&b, 0)
	if b.Len() != 0 {
		t.Errorf("no skips print %q", b.String())
	}
	report(&b, 3)
	line := b.String()
	if strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, pkg+": 3 tests skipped: ") || !strings.Contains(line, "movingai.com") {
		t.Errorf("report says %q", line)
	}
	if pkg != "internal/sharedmaps" {
		t.Errorf("package %q, want internal/sharedmaps", pkg)
	}
}
