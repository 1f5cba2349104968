package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestKubernetesExample runs examples/k8s as the cluster would, on a small
// level put where the Jobs look for theirs: the bake Job's arguments once
// per completion index, then the merge Job's command. The merged table
// must be the one-shot build's, and the Job's completions the K of its
// -shard k8s/K. (examples/slurm/check.sh runs the Slurm example on a real
// one-node cluster in CI.)
func TestKubernetesExample(t *testing.T) {
	bake, err := os.ReadFile("../../examples/k8s/bake-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	merge, err := os.ReadFile("../../examples/k8s/merge-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s+completions: (\d+)`).FindSubmatch(bake)
	if m == nil {
		t.Fatal("bake-job.yaml has no completions")
	}
	k, _ := strconv.Atoi(string(m[1]))
	// The container's args: the list items under "args:", comments and
	// quotes dropped.
	_, list, _ := strings.Cut(string(bake), "args:\n")
	var args []string
	for _, l := range strings.Split(list, "\n") {
		item, ok := strings.CutPrefix(strings.TrimSpace(l), "- ")
		if !ok {
			break
		}
		item, _, _ = strings.Cut(item, " #")
		args = append(args, strings.Trim(item, `"`))
	}
	if i := slices.Index(args, "-shard"); i < 0 || i+1 >= len(args) || args[i+1] != "k8s/"+strconv.Itoa(k) {
		t.Fatalf("bake-job.yaml runs %q: want -shard k8s/%d, K its completions", args, k)
	}
	_, script, _ := strings.Cut(string(merge), "exec pathtable ")
	script, _, _ = strings.Cut(script, "\n          volumeMounts:")
	mergeArgs := strings.Fields(script)

	// /data on the volume is a temporary folder here; the level is a
	// small one under the name the Jobs use.
	data := t.TempDir()
	for _, d := range []string{"levels", "parts", "tables"} {
		os.MkdirAll(filepath.Join(data, d), 0o755)
	}
	levelPath := filepath.Join(data, "levels", "brc202d.map")
	const level = "type octile\nheight 4\nwidth 7\nmap\n.......\n.@@@.@.\n...@...\n.@...@.\n"
	if err := os.WriteFile(levelPath, []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	onVolume := func(args []string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.Replace(a, "/data", data, 1)
		}
		return out
	}
	for i := range k {
		t.Setenv(envK8sIndex, strconv.Itoa(i))
		if code, _, errOut := runCLI(t, "", onVolume(args)...); code != 0 {
			t.Fatalf("pod %d: pathtable %s: exit %d: %s", i, strings.Join(args, " "), code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", onVolume(mergeArgs)...); code != 0 {
		t.Fatalf("merge: pathtable %s: exit %d: %s", strings.Join(mergeArgs, " "), code, errOut)
	}
	oneShot := filepath.Join(t.TempDir(), "one.ptab")
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-compress", "-o", oneShot, levelPath); code != 0 {
		t.Fatal(errOut)
	}
	got, _ := os.ReadFile(filepath.Join(data, "tables", "brc202d.ptab"))
	want, _ := os.ReadFile(oneShot)
	if len(got) == 0 || string(got) != string(want) {
		t.Errorf("the Jobs' table (%d bytes) differs from a one-shot build (%d bytes)", len(got), len(want))
	}
}
