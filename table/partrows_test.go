package table_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbHubLevel writes a JSON level of a hub joined to leaves leaves, which
// form a ring, and returns its path: the hub has a move per leaf, each
// leaf three.
func rbHubLevel(t *testing.T, leaves int) string {
	t.Helper()
	var level strings.Builder
	level.WriteString(`{"nodes": [{"id": "hub"}`)
	for i := range leaves {
		fmt.Fprintf(&level, `, {"id": "leaf%02d"}`, i)
	}
	level.WriteString(`], "edges": [`)
	for i := range leaves {
		if i > 0 {
			level.WriteString(", ")
		}
		fmt.Fprintf(&level, `{"from": "hub", "to": "leaf%02d", "cost": 1}, {"from": "leaf%02d", "to": "leaf%02d", "cost": 1}`, i, i, (i+1)%leaves)
	}
	level.WriteString(`]}`)
	path := filepath.Join(t.TempDir(), "hub.json")
	if err := os.WriteFile(path, []byte(level.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rbRotateParts returns the parts with their shard, from and to moved on
// by one (part i claims to be part i+1 mod k), checksums and all: parts of
// equal rows that pass every check of their own.
func rbRotateParts(t *testing.T, parts [][]byte) [][]byte {
	t.Helper()
	k := len(parts)
	out := make([][]byte, k)
	for i, b := range parts {
		p, err := table.DecodePart(b)
		if err != nil {
			t.Fatal(err)
		}
		p.Shard = (i + 1) % k
		p.From, p.To = table.ShardRange(p.Shard, k, p.Table.Nodes)
		var w strings.Builder
		if _, err := p.WriteTo(&w); err != nil {
			t.Fatal(err)
		}
		out[i] = []byte(w.String())
	}
	return out
}

// TestJoinRefusesMisplacedRows rotates the shard, from and to of parts of
// equal rows, checksums fixed: Join refuses the rows that are not the ones
// they claim, naming the file, where it used to join them into a table of
// wrong answers. Flat rows are caught by their target's own entry, and the
// hub's run-length row by its moves, more than a leaf has.
func TestJoinRefusesMisplacedRows(t *testing.T) {
	cases := []struct {
		name  string
		parts [][]byte
		want  string
	}{
		{"flat", rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutFlat, 2), "the row is another target's"},
		{"runs", rbParts(t, rbHubLevel(t, 23), maps.Options{}, table.LayoutRuns, 3), "the row is not its own"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			paths := rbWriteParts(t, t.TempDir(), c.name, c.parts)
			set, err := rbCheckParts(t, paths)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := set.Join(context.Background()); err != nil {
				t.Fatalf("the parts as built: %v", err)
			}
			paths = rbWriteParts(t, t.TempDir(), c.name, rbRotateParts(t, c.parts))
			if set, err = rbCheckParts(t, paths); err != nil {
				t.Fatalf("rotated parts refused before the join, by headers alone: %v", err)
			}
			tab, err := set.Join(context.Background())
			if err == nil || tab != nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.name+"-") {
				t.Fatalf("rotated parts: err = %v, want one naming a file and containing %q", err, c.want)
			}
		})
	}
}
