package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBench(t *testing.T) {
	level, tab := verifyCopy(t, "small.map")
	code, out, errOut := runCLI(t, "", "bench", "-pairs", "50", "-time", "1ms", tab, level)
	if code != 0 || !strings.Contains(out, "50 queries") || !strings.Contains(out, "speed-up:") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "", "bench", "-json", "-pairs", "50", "-time", "1ms", tab, level)
	var rep benchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || rep.Queries != 50 || rep.CostMismatches != 0 || rep.SpeedUp <= 0 {
		t.Fatalf("-json: exit %d, %q (%v)", code, out, err)
	}
	scen := filepath.Join(t.TempDir(), "small.map.scen")
	text := "version 1\n0\tsmall.map\t10\t8\t1\t1\t8\t3\t0\n"
	if err := os.WriteFile(scen, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "", "bench", "-scen", scen, "-time", "1ms", tab, level); code != 0 || !strings.Contains(out, "1 queries") {
		t.Fatalf("-scen: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestBenchRefuses(t *testing.T) {
	level, tab := verifyCopy(t, "small.map")
	other, _ := verifyCopy(t, "maze.grid")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no level", []string{tab}, 2, "bench needs TABLE LEVEL"},
		{"no pairs", []string{"-pairs", "0", tab, level}, 2, "-pairs must be positive"},
		{"negative time", []string{"-time", "-1s", tab, level}, 2, "-time must be >= 0"},
		{"another level", []string{tab, other}, 1, "level.ptab was built from small.map, not maze.grid"},
		{"missing table", []string{tab + ".none", level}, 1, "no such file"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"bench"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 && c.code != 2 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", c.name, code, out, errOut, c.code, c.want)
		}
	}
}
