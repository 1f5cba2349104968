package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBuildCompat checks -compat: a -compress table of a level in two
// components is written in the encodings older readers know (no c, no j,
// 16-bit starts), a -compat build over a newer table rebuilds it and over
// its own is up to date, verify accepts it as built from its level, and
// -shard is refused.
func TestBuildCompat(t *testing.T) {
	const level = "../../testdata/unreachable.grid"
	path := buildTestTable(t, "unreachable.grid", "-compress")
	enc := func() string {
		t.Helper()
		code, out, _ := runCLI(t, "", "info", "-json", path)
		var in tableInfo
		if err := json.Unmarshal([]byte(out), &in); code != 0 || err != nil {
			t.Fatalf("info: exit %d, %v: %s", code, err, out)
		}
		return in.FirstEnc
	}
	if e := enc(); !strings.HasPrefix(e, "runs12x4") || !strings.Contains(e, "c") {
		t.Fatalf("a plain -compress build wrote %q, want a 12-bit c encoding", e)
	}
	status := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, "", append(append([]string{"build", "-json", "-compress", "-o", path}, args...), level)...)
		if code != 0 {
			t.Fatalf("build %v: exit %d: %s", args, code, errOut)
		}
		var res buildResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("build %v: %v: %s", args, err, out)
		}
		return res.Status
	}
	if s := status("-compat"); s != "built" {
		t.Errorf("-compat over a newer table: %s, want it rebuilt", s)
	}
	if e := enc(); e != "runs16x4h" {
		t.Errorf("-compat wrote %q, want runs16x4h (rows over every rank, no J, 16-bit starts)", e)
	}
	if s := status("-compat"); s != "up-to-date" {
		t.Errorf("-compat over its own table: %s, want up-to-date", s)
	}
	if code, _, errOut := runCLI(t, "", "verify", "-pairs", "50", path, level); code != 0 {
		t.Errorf("verify of a -compat table: exit %d: %s", code, errOut)
	}
	if s := status(); s != "built" {
		t.Errorf("a plain build over a -compat table: %s, want it rebuilt", s)
	}
	if code, _, errOut := runCLI(t, "", "build", "-compress", "-compat", "-shard", "0/2", level); code != 2 || !strings.Contains(errOut, "-compat") {
		t.Errorf("-compat -shard: exit %d, %q; want a usage error naming -compat", code, errOut)
	}
}
