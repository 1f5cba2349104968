package table_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/internal/memlimit"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestLoadOverMemoryLimit: a table whose bins would not fit the memory
// the process may still use is refused by ReadFrom and Open with a
// *memlimit.Error, in one line, before its bins are read; Decode, which
// holds nothing new, and loads under no such limit pass.
func TestLoadOverMemoryLimit(t *testing.T) {
	doc := rbBuildFile(t, "../testdata/maze.grid", maps.Options{})
	path := filepath.Join(t.TempDir(), "maze.ptab")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(name string) func() error {
		return map[string]func() error{
			"ReadFrom": func() error { _, err := table.ReadFrom(bytes.NewReader(doc)); return err },
			"Open":     func() error { _, err := table.Open(path); return err },
			"Decode":   func() error { _, err := table.Decode(doc); return err },
		}[name]
	}
	defer memlimit.SetMax(0)
	for _, tc := range []struct {
		name    string
		max     int64
		refused bool
	}{
		{"ReadFrom", 1, true},
		{"Open", 1, true},
		{"Decode", 1, false},
		{"ReadFrom", 0, false},
		{"Open", 0, false},
		{"Open", 1 << 50, false},
	} {
		memlimit.SetMax(tc.max)
		err := open(tc.name)()
		var me *memlimit.Error
		if got := errors.As(err, &me); got != tc.refused {
			t.Errorf("%s under -max-memory %d: %v, want refused %v", tc.name, tc.max, err, tc.refused)
			continue
		}
		if tc.refused && (strings.Contains(err.Error(), "\n") || me.Limit.Source != memlimit.SourceFlag) {
			t.Errorf("%s: refusal %q", tc.name, err)
		}
		if !tc.refused && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}
