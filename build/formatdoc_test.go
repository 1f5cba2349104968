package build

import (
	"bytes"
	"encoding/hex"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestFormatExamples checks the byte dumps of docs/FORMAT.md's worked
// examples against the example tables (which TestBuildLevelMatchesCLI
// checks against the builder): every dump line is "OFFSET  BYTES comment",
// the lines of a section cover its file from byte 0 to the end in order,
// and each line's bytes, hex pairs and quoted strings, are the file's
// there. A line holds as many bytes as the next line's offset leaves it;
// what follows them is comment.
func TestFormatExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ heading, file string }{
		{"## Worked example: a 3x3 grid", "../examples/tiny.ptab"},
		{"## Worked example: a run-length table", "../examples/tiny-runs.ptab"},
		{"## Worked example: the 3x3 grid in version 3", "../examples/tiny-v3.ptab"},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := dumpLines(t, docSection(t, string(doc), tc.heading))
		if len(lines) == 0 || lines[0].at != 0 {
			t.Errorf("%s: the dump does not start at byte 0", tc.heading)
			continue
		}
		for i, l := range lines {
			end := len(data)
			if i+1 < len(lines) {
				end = lines[i+1].at
			}
			if end <= l.at || end > len(data) {
				t.Errorf("%s: line %04x: the next line starts at %04x, the file has %d bytes", tc.heading, l.at, end, len(data))
				break
			}
			got, ok := dumpBytes(l.text, end-l.at)
			if !ok || !bytes.Equal(got, data[l.at:end]) {
				t.Errorf("%s: line %04x shows % x, the file has % x", tc.heading, l.at, got, data[l.at:end])
			}
		}
	}
}

// docSection returns the text from heading to the next "## " heading.
func docSection(t *testing.T, doc, heading string) string {
	i := strings.Index(doc, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("docs/FORMAT.md has no %q", heading)
	}
	s := doc[i+len(heading)+2:]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return s
}

type dumpLine struct {
	at   int
	text string // after the offset
}

var dumpLineRE = regexp.MustCompile(`(?m)^([0-9a-f]{4})  (.*)$`)

// dumpLines returns a section's byte dump lines, in order.
func dumpLines(t *testing.T, section string) []dumpLine {
	var lines []dumpLine
	for _, m := range dumpLineRE.FindAllStringSubmatch(section, -1) {
		at, err := strconv.ParseUint(m[1], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, dumpLine{int(at), m[2]})
	}
	return lines
}

// dumpBytes reads n bytes from the start of a dump line: hex pairs, and
// strings in double quotes for their bytes. ok is false when the line
// shows fewer.
func dumpBytes(text string, n int) (b []byte, ok bool) {
	for len(b) < n {
		text = strings.TrimLeft(text, " ")
		switch {
		case strings.HasPrefix(text, `"`):
			end := strings.IndexByte(text[1:], '"')
			if end < 0 {
				return b, false
			}
			b = append(b, text[1:1+end]...)
			text = text[end+2:]
		case len(text) >= 2 && (len(text) == 2 || text[2] == ' '):
			x, err := hex.DecodeString(text[:2])
			if err != nil {
				return b, false
			}
			b = append(b, x...)
			text = text[2:]
		default:
			return b, false
		}
	}
	return b, len(b) == n
}
