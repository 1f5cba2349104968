package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestZeroChainCLI is issue 19's report, end to end: a 3,000-node chain of
// zero-cost arcs both ways, above the flat builder's contraction
// threshold, builds flat and -compress tables whose paths end (1 -> 3000
// costs 0, where it said "no path"), that verify passes, and whose parts
// merge into the one-shot bytes.
func TestZeroChainCLI(t *testing.T) {
	var chain mapstest.TestGraph
	for _, tg := range mapstest.PlanLevels {
		if tg.Name == "zero-chain.gr" {
			chain = tg
		}
	}
	dir := t.TempDir()
	level := chain.WriteFile(t, dir)
	for _, flags := range [][]string{nil, {"-compress"}} {
		name := "flat"
		if flags != nil {
			name = "compress"
		}
		t.Run(name, func(t *testing.T) {
			tab := filepath.Join(dir, name+".ptab")
			if code, _, errOut := runCLI(t, "", append(append([]string{"build", "-quiet", "-o", tab}, flags...), level)...); code != 0 {
				t.Fatalf("build: exit %d: %s", code, errOut)
			}
			code, out, errOut := runCLI(t, "", "path", tab, "1", "3000")
			if code != 0 || !strings.HasPrefix(out, "1 -> 3000 cost 0 path 1 2 3 ") || !strings.HasSuffix(out, " 2999 3000\n") {
				t.Fatalf("path 1 3000: exit %d, %.80q %s", code, out, errOut)
			}
			if code, out, errOut := runCLI(t, "", "verify", "-pairs", "2000", tab, level); code != 0 || !strings.Contains(out, " 0 mismatches") {
				t.Fatalf("verify: exit %d: %s%s", code, out, errOut)
			}
			parts := t.TempDir()
			for _, shard := range []string{"0/2", "1/2"} {
				if code, _, errOut := runCLI(t, "", append(append([]string{"build", "-quiet", "-shard", shard, "-o", parts}, flags...), level)...); code != 0 {
					t.Fatalf("build -shard %s: exit %d: %s", shard, code, errOut)
				}
			}
			names, _ := filepath.Glob(filepath.Join(parts, "*.ptpart"))
			merged := filepath.Join(dir, name+"-merged.ptab")
			if code, _, errOut := runCLI(t, "", append([]string{"merge", "-o", merged}, names...)...); code != 0 {
				t.Fatalf("merge %v: exit %d: %s", names, code, errOut)
			}
			a, _ := os.ReadFile(tab)
			b, _ := os.ReadFile(merged)
			if !bytes.Equal(a, b) {
				t.Fatalf("merged parts: %d bytes, not the one-shot table's %d", len(b), len(a))
			}
		})
	}
}
