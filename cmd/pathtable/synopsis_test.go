package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestSynopsesMatchFlags checks each command's -h against the help text
// (doc.go): the synopsis -h prints is the one the help lists, every flag
// has a description, and a synopsis that spells out its flags names all of
// them. A flag added without its help line fails here.
func TestSynopsesMatchFlags(t *testing.T) {
	var help strings.Builder
	usage(&help)
	flagLine := regexp.MustCompile(`^  -([a-z-]+)`)
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", c.name, "-h")
			if code != 0 {
				t.Fatalf("%s -h: exit %d, want 0", c.name, code)
			}
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			synopsis, ok := strings.CutPrefix(lines[0], "usage: pathtable ")
			if !ok {
				t.Fatalf("%s -h: first line %q, want a usage line", c.name, lines[0])
			}
			if !strings.Contains(help.String(), "\n\t"+synopsis+"\n") {
				t.Errorf("help text has no line %q (the synopsis %s -h prints)", synopsis, c.name)
			}
			for i, l := range lines[1:] {
				m := flagLine.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				if i+2 >= len(lines) || !strings.HasPrefix(lines[i+2], "    \t") || strings.TrimSpace(lines[i+2]) == "" {
					t.Errorf("%s -%s has no description", c.name, m[1])
				}
				if !strings.Contains(synopsis, "[flags]") && !strings.Contains(synopsis, "-"+m[1]) {
					t.Errorf("%s's synopsis %q does not name -%s", c.name, synopsis, m[1])
				}
			}
		})
	}
}
