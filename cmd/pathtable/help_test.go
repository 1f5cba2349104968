package main

import (
	"encoding/json"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/table"
)

// TestHelpCommand checks "help CMD" for every command: on stdout, exit 0,
// the usage line and flags "CMD -h" prints, and the command's own
// paragraph of the help text, not the general help.
func TestHelpCommand(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "help", c.name)
			if code != 0 || errOut != "" {
				t.Fatalf("help %s: exit %d, stderr %q", c.name, code, errOut)
			}
			_, _, flags := runCLI(t, "", c.name, "-h") // -h prints on stderr
			usageLine, defaults, _ := strings.Cut(flags, "\n")
			if !strings.HasPrefix(out, usageLine+"\n\n") {
				t.Errorf("help %s starts %q, want the usage line %q", c.name, firstLine(out), usageLine)
			}
			if !strings.HasSuffix(out, "\nFlags:\n"+defaults) {
				t.Errorf("help %s does not end with its flags:\n%s", c.name, out)
			}
			paragraph := commandDoc(c.name)
			if paragraph == "" || !strings.Contains(out, "\n"+paragraph) {
				t.Errorf("help %s lacks its paragraph of the help text %q:\n%s", c.name, paragraph, out)
			}
			if strings.Contains(out, "Commands:") {
				t.Errorf("help %s printed the general help", c.name)
			}
		})
	}
	for _, tt := range []struct {
		args []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{[]string{"help"}, 0, "Commands:", ""},
		{[]string{"help", "help"}, 0, "Commands:", ""},
		{[]string{"help", "frob"}, 2, "", `pathtable: unknown command "frob" (run 'pathtable help')` + "\n"},
		{[]string{"help", "build", "path"}, 2, "", `pathtable: help takes one command, not "build path"` + "\n"},
	} {
		code, out, errOut := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) || tt.err == "" && errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, firstLine(out), errOut, tt.code, tt.out, tt.err)
		}
		if tt.code != 0 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: want a one-line message, got %q", tt.args, errOut)
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// TestVersion checks version's text and -json: the formats are the ones
// the table package reads and writes, and arguments are refused.
func TestVersion(t *testing.T) {
	code, out, errOut := runCLI(t, "", "version")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "pathtable ") {
		t.Fatalf("version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, want := range []string{"built with go", "table files: format 1 (flat) and 2 (run-length, windowed)", "part files (build -shard, merge): format 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("version printed %q, want %q in it", out, want)
		}
	}
	code, out, _ = runCLI(t, "", "version", "-json")
	var v versionInfo
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
		t.Fatalf("version -json: exit %d, %v: %q", code, err, out)
	}
	if !slices.Equal(v.TableFormats, []int{table.Version, table.VersionLayout}) || !slices.Equal(v.PartFormats, []int{table.PartVersion}) || v.Go == "" || v.Version == "" {
		t.Errorf("version -json = %+v", v)
	}
	if code, _, errOut := runCLI(t, "", "version", "extra"); code != 2 || errOut != "pathtable: version takes no arguments, not \"extra\"\n" {
		t.Errorf("version extra: exit %d, stderr %q", code, errOut)
	}
}

// TestReadVersion reads the module version and the commit from build
// information as go install and go build record them.
func TestReadVersion(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-23T20:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	v := readVersion(bi, true)
	if v.Version != "v1.2.3" || v.Go != "go1.99" || v.Revision != "abc123" || v.Time != "2026-11-23T20:00:00Z" || !v.Modified {
		t.Errorf("readVersion = %+v", v)
	}
	if v := readVersion(nil, false); v.Version != "(unknown)" || v.Revision != "" || len(v.TableFormats) != 2 {
		t.Errorf("readVersion without build information = %+v", v)
	}
}
