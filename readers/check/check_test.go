package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fakes are drivers made from `pathtable query` (PT in the scripts) that
// the cross-check must pass (want 0 mismatches) or fail (want > 0, and
// its report must say why).
var fakes = []struct {
	name, script string
	fail         bool
	says         string // a phrase the report must hold
}{
	{"same", `exec "$PT" query "$1"`, false, ""},
	// The same costs in 17 digits (C's %.17g): the same float64s.
	{"digits", `"$PT" query "$1" | sed 's/cost 2\.414213562373095 /cost 2.4142135623730949 /'; exit ${PIPESTATUS:-0}`, false, ""},
	{"cost", `"$PT" query "$1" | sed 's/cost 2\.414213562373095 /cost 2.4142135623730954 /'`, true, "cost 2.4142135623730954"},
	{"path", `"$PT" query "$1" | sed 's/ path 0,0 0,1 1,2$/ path 0,0 1,1 1,2/'`, true, `got "0,0 -> 1,2 cost`},
	{"exit0", `"$PT" query "$1"; exit 0`, true, "exit 0, the CLI's 1"},
	{"crash", `case "$1" in *bad*) kill -SEGV $$ ;; esac; exec "$PT" query "$1"`, true, "crashed: segmentation fault"},
	{"hang", `case "$1" in */tiny.runs.ptab) sleep 30 ;; esac; exec "$PT" query "$1"`, true, "hung"},
	{"trace", `case "$1" in *bad*) echo 'Error: bad' >&2; echo '    at read (pathtable.mjs:10:3)' >&2; exit 1 ;; esac; exec "$PT" query "$1"`, true, "stack trace"},
	{"lenient", `"$PT" query "$1" 2>/dev/null | grep -v 'no path'; exit 0`, true, "refused, the CLI answers"},
}

// TestMain lets the test binary be the check's wrapper (wrap.go), as
// the check's own binary is.
func TestMain(m *testing.M) {
	wrapMain()
	os.Exit(m.Run())
}

// TestFakeDrivers runs the cross-check on the tiny tables with each fake.
func TestFakeDrivers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI and runs it on a thousand files")
	}
	dir := t.TempDir()
	pt := filepath.Join(dir, "pathtable")
	if out, err := exec.Command("go", "build", "-o", pt, "../../cmd/pathtable").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	t.Setenv("PT", pt)
	args := []string{"-readers", "", "-tables", `^tiny-v3\.ptab|^tiny\.runs( |$)`, "-timeout", "3s"}
	for _, f := range fakes {
		script := filepath.Join(dir, f.name+".sh")
		if err := os.WriteFile(script, []byte("#!/bin/bash\nset -o pipefail\n"+f.script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-driver", f.name+"="+script)
	}
	var stdout, stderr bytes.Buffer
	err := run(args, &stdout, &stderr)
	report := stdout.String()
	if err == nil {
		t.Fatalf("no mismatch found:\n%s", report)
	}
	for _, f := range fakes {
		m := regexp.MustCompile(`(?m)^` + f.name + `\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s`).FindStringSubmatch(report)
		if m == nil {
			t.Errorf("%s: no counts in the report:\n%s", f.name, report)
			continue
		}
		if m[1] == "0" || m[2] == "0" || m[3] == "0" {
			t.Errorf("%s: checked %s tables, %s lines, %s damaged files", f.name, m[1], m[2], m[3])
		}
		if got := m[5] != "0"; got != f.fail {
			t.Errorf("%s: %s mismatches, want failure %v:\n%s", f.name, m[5], f.fail, report)
		}
		if f.says != "" && !strings.Contains(report, f.name+": table ") {
			t.Errorf("%s: no mismatch named in the report", f.name)
		}
		if f.says != "" && !regexp.MustCompile(`(?m)^  `+f.name+`: table .*`+regexp.QuoteMeta(f.says)).MatchString(report) {
			t.Errorf("%s: the report does not say %q:\n%s", f.name, f.says, report)
		}
	}
}

// TestSameAnswer: answers compare exactly but for the cost's float64.
func TestSameAnswer(t *testing.T) {
	f := []string{"0,0", "1,2"}
	for _, tt := range []struct {
		want, got string
		same      bool
	}{
		{"0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2", true},
		{"0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2.4142135623730949 path 0,0 0,1 1,2", true},
		{"0,0 -> 1,2 cost 2 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2.0 path 0,0 0,1 1,2", true},
		{"0,0 -> 1,2 cost 2 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2e0 path 0,0 0,1 1,2", true},
		{"0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2.4142135623730954 path 0,0 0,1 1,2", false},
		{"0,0 -> 1,2 cost 2 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2 path 0,0 1,1 1,2", false},
		{"0,0 -> 1,2 cost 2 path 0,0 0,1 1,2", "0,0 -> 1,2 cost 2 path 0,0 0,1 1,2 ", false},
		{"0,0 -> 1,2 cost 2 path 0,0 0,1 1,2", "0,0 -> 1,2  cost 2 path 0,0 0,1 1,2", false},
		{"0,0 -> 1,2 no path", "0,0 -> 1,2 no path", true},
		{"0,0 -> 1,2 no path", "0,0 -> 1,2 not covered (outside the window of 1,2)", false},
		{"0,0 -> 1,2 cost 0 path 0,0", "0,0 -> 1,2 cost -0 path 0,0", false},
		{"0,0 -> 1,2 cost 1 path 0,0", "0,0 -> 1,2 cost x path 0,0", false},
	} {
		if got := sameAnswer(tt.want, tt.got, f) == ""; got != tt.same {
			t.Errorf("sameAnswer(%q, %q) same %v, want %v", tt.want, tt.got, got, tt.same)
		}
	}
}

// TestTamper: tamper rewrites a bin and keeps the checksum good.
func TestTamper(t *testing.T) {
	data, err := os.ReadFile("../../examples/tiny-runs-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	d, err := splitDoc(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.bytes(); !bytes.Equal(got, data) {
		t.Fatal("split and written again, the table differs")
	}
	bad, err := tamper(data, 2, "=a472756e73", "a472756e67")
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != len(data) || bytes.Equal(bad, data) || !bytes.Contains(bad, []byte("\xa4rung")) {
		t.Fatal("tamper did not rewrite the layout")
	}
	if _, err := splitDoc(bad); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		element int
		at, hex string
	}{{1, "0", "00"}, {2, "=ffffff", "00"}, {2, "-1", "0000"}, {2, "0", "zz"}, {99, "0", "00"}} {
		if _, err := tamper(data, tt.element, tt.at, tt.hex); err == nil {
			t.Errorf("tamper %d %s %s: no error", tt.element, tt.at, tt.hex)
		}
	}
	if _, err := splitDoc(data[:len(data)-1]); err == nil {
		t.Error("splitDoc of a cut table: no error")
	}

	// The command form writes the same bytes, and refuses what tamper refuses.
	out := filepath.Join(t.TempDir(), "bad.ptab")
	if err := tamperFile([]string{"../../examples/tiny-runs-v3.ptab", out, "2", "=a472756e73", "a472756e67"}); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, bad) {
		t.Errorf("check tamper wrote other bytes than tamper (%v)", err)
	}
	for _, args := range [][]string{
		{"../../examples/tiny-runs-v3.ptab", out, "x", "0", "00"},
		{"../../examples/tiny-runs-v3.ptab", out, "99", "0", "00"},
		{"../../examples/nowhere.ptab", out, "2", "0", "00"},
		{"../../examples/tiny-runs-v3.ptab", out, "2", "0"},
	} {
		if err := tamperFile(args); err == nil {
			t.Errorf("check tamper %q: no error", args)
		}
	}
}

// TestEncodings: the header splits into its entries and writes back the
// same; every value mpSkip measures is whole.
func TestEncodings(t *testing.T) {
	for _, f := range []string{"tiny-v3.ptab", "tiny-runs.ptab", "tiny.ptab", "tiny-runs-v3.ptab"} {
		data, err := os.ReadFile("../../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := splitDoc(data)
		if err != nil {
			t.Fatal(err)
		}
		h := d.bins[0]
		es, err := headerEntries(h)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		head := byte(0x80)
		if h[0] == 0xde {
			head = 0xde
		}
		if got := mapBytes(es, head); !bytes.Equal(got, h) {
			t.Errorf("%s: header written again differs", f)
		}
		if n, err := mpSkip(h, 0); err != nil || n != len(h) {
			t.Errorf("%s: mpSkip of the header = %d, %v; want %d", f, n, err, len(h))
		}
		for i := range len(h) - 1 {
			if n, err := mpSkip(h[:i], 0); err == nil {
				t.Errorf("%s: mpSkip of the header cut to %d bytes says %d, no error", f, i, n)
			}
		}
		wide, err := splitDoc(d.wideBins(nil))
		if err != nil || len(wide.bins) != len(d.bins) || !bytes.Equal(wide.bytes(), data) {
			t.Errorf("%s: the document with bin32 heads does not split back: %v", f, err)
		}
	}
	for x, want := range map[uint64]int{0: 7, 200: 6, 1 << 20: 4, 1 << 40: 2} {
		forms := intForms(x)
		if len(forms) != want {
			t.Errorf("intForms(%d): %d forms, want %d", x, len(forms), want)
		}
		for _, f := range forms {
			if n, err := mpSkip(f, 0); err != nil || n != len(f) {
				t.Errorf("intForms(%d): %x does not parse whole", x, f)
			}
		}
	}
}
