package main

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// tcase is one table the drivers are asked about, with its query lines
// and what the CLI answered.
type tcase struct {
	name       string // the table's name, and for damaged ones what was done
	file       string // the table
	queries    string // the query file: one "FROM TO" line per query
	lines      []string
	damaged    bool
	wantRefuse bool // the CLI must refuse the table (check.sh's cases)
	// unsupported names the layout of a table the CLI answers and the
	// readers do not implement: each must refuse it, naming the layout.
	unsupported string
	size        int64
	want        *expect
}

// expect is what `pathtable query` did with a case.
type expect struct {
	refused bool           // the table was refused
	answers map[int]string // query index -> the answer line
	bad     map[int]bool   // query index -> refused line
	exit    int
	msg     string // the CLI's first line on stderr
}

var cliLine = regexp.MustCompile(`^pathtable: stdin:(\d+): `)

// parseExpect reads the CLI's result on c.
func parseExpect(c *tcase, r result) (*expect, error) {
	if r.err != nil || r.signal != "" || r.timedOut || (r.exit != 0 && r.exit != 1) {
		return nil, fmt.Errorf("pathtable query %s: exit %d %s%v: %s", c.name, r.exit, r.signal, r.err, lastLines(string(r.stderr), 2))
	}
	e := &expect{answers: map[int]string{}, bad: map[int]bool{}, exit: r.exit}
	if l := splitLines(r.stderr); len(l) > 0 {
		e.msg = l[0]
	}
	for _, l := range splitLines(r.stderr) {
		if m := cliLine.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			e.bad[n-1] = true
		}
	}
	out := splitLines(r.stdout)
	if r.exit == 1 && len(e.bad) == 0 {
		if len(out) != 0 {
			return nil, fmt.Errorf("pathtable query %s: exit 1 with no bad line, and %d answers", c.name, len(out))
		}
		e.refused = true
		return e, nil
	}
	k := 0
	for i := range c.lines {
		if e.bad[i] {
			continue
		}
		if k >= len(out) {
			return nil, fmt.Errorf("pathtable query %s: %d answers for %d good lines", c.name, len(out), len(c.lines)-len(e.bad))
		}
		e.answers[i] = out[k]
		k++
	}
	if k != len(out) {
		return nil, fmt.Errorf("pathtable query %s: %d answers for %d good lines", c.name, len(out), k)
	}
	return e, nil
}

func splitLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// stackTrace matches what a runtime prints for an uncaught exception or
// a crash, rather than the one-line message of the protocol.
var stackTrace = regexp.MustCompile(`^\s+at |^Unhandled [Ee]xception|^\[ERROR\] FATAL UNHANDLED|Segmentation fault|core dumped|^Native stacktrace|^=+\s*$|AddressSanitizer|^panic: |^goroutine \d+ `)

// mismatch is one difference between a driver and the CLI.
type mismatch struct {
	reader, table string
	line          int // 1-based query line, 0 for the whole table
	query         string
	msg           string
}

func (m mismatch) String() string {
	if m.line == 0 {
		return fmt.Sprintf("%s: table %s: %s", m.reader, m.table, m.msg)
	}
	return fmt.Sprintf("%s: table %s: line %d %q: %s", m.reader, m.table, m.line, m.query, m.msg)
}

// compareRun compares driver d's result r on c with the CLI's answers,
// and returns the differences and how many query lines were compared.
func compareRun(d driver, c *tcase, r result) ([]mismatch, int) {
	var ms []mismatch
	add := func(line int, msg string, args ...any) {
		m := mismatch{reader: d.name, table: c.name, line: line, msg: fmt.Sprintf(msg, args...)}
		if line > 0 {
			m.query = c.lines[line-1]
		}
		ms = append(ms, m)
	}
	errLines := splitLines(r.stderr)
	tail := lastLines(string(r.stderr), 3)
	switch {
	case r.err != nil:
		add(0, "%v", r.err)
		return ms, 0
	case r.timedOut:
		add(0, "hung: killed after the timeout")
		return ms, 0
	case r.signal != "":
		add(0, "crashed: %s (stderr: %s)", r.signal, tail)
		return ms, 0
	}
	if limit := int64(rssLimitBase + rssLimitPerByte*c.size); r.rssKB<<10 > limit {
		add(0, "peak resident size %d MiB, over the limit of %d MiB for a table of %d bytes", r.rssKB>>10, limit>>20, c.size)
	}
	for _, l := range errLines {
		if stackTrace.MatchString(l) {
			add(0, "crashed: a stack trace or runtime error on stderr, not a one-line message (exit %d): %s", r.exit, tail)
			return ms, 0
		}
	}
	out := splitLines(r.stdout)
	if c.unsupported != "" && d.name != "cli" {
		if r.exit != 1 || len(out) != 0 || len(errLines) != 1 || !strings.Contains(errLines[0], `"`+c.unsupported+`"`) {
			add(0, "a table of layout %q, which the reader does not implement: exit %d, %d lines on stdout, stderr %q; want exit 1 and one line naming the layout", c.unsupported, r.exit, len(out), tail)
		}
		return ms, 0
	}
	w := c.want
	if w.refused {
		switch {
		case r.exit != 1 || len(out) != 0:
			first := ""
			if len(out) > 0 {
				first = ", first: " + out[0]
			}
			add(0, "the CLI refuses the table (%s); the driver exits %d with %d lines on stdout%s", c.cliMsg(), r.exit, len(out), first)
		case len(errLines) != 1:
			add(0, "refused with %d lines on stderr, not one: %s", len(errLines), tail)
		}
		return ms, 0
	}
	if r.exit != w.exit {
		add(0, "exit %d, the CLI's %d (stderr: %s)", r.exit, w.exit, tail)
	}
	// Align the driver's answers with the lines: an answer to a line
	// starts "FROM -> TO " with the line's two fields.
	k, refused := 0, 0
	for i, q := range c.lines {
		f := strings.Fields(q)
		got := ""
		if len(f) == 2 && k < len(out) && strings.HasPrefix(out[k], f[0]+" -> "+f[1]+" ") {
			got = out[k]
			k++
		}
		want, ok := w.answers[i]
		switch {
		case !ok && got == "":
			refused++
		case !ok:
			add(i+1, "answered %q, the CLI refuses the line", got)
		case got == "":
			refused++
			add(i+1, "refused, the CLI answers %q", want)
		default:
			if msg := sameAnswer(want, got, f); msg != "" {
				add(i+1, "%s", msg)
			}
		}
	}
	if k < len(out) {
		add(0, "%d more lines on stdout than answers, first %q", len(out)-k, out[k])
	}
	if n := len(errLines); n != refused && n != refused+1 {
		add(0, "%d lines on stderr for %d refused lines: %s", n, refused, tail)
	}
	return ms, len(c.lines)
}

// cliMsg returns the CLI's error for a refused table (for reports).
func (c *tcase) cliMsg() string { return c.want.msg }

// sameAnswer compares two answer lines to the query with fields f: equal
// but for the cost, which must parse to the same float64.
func sameAnswer(want, got string, f []string) string {
	if want == got {
		return ""
	}
	prefix := f[0] + " -> " + f[1] + " cost "
	wr, ok1 := strings.CutPrefix(want, prefix)
	gr, ok2 := strings.CutPrefix(got, prefix)
	if ok1 && ok2 {
		wc, wpath, _ := strings.Cut(wr, " ")
		gc, gpath, _ := strings.Cut(gr, " ")
		wv, err1 := strconv.ParseFloat(wc, 64)
		gv, err2 := strconv.ParseFloat(gc, 64)
		if err1 == nil && err2 == nil && wpath == gpath {
			if math.Float64bits(wv) == math.Float64bits(gv) {
				return ""
			}
			return fmt.Sprintf("cost %s (%x), the CLI's %s (%x)", gc, math.Float64bits(gv), wc, math.Float64bits(wv))
		}
	}
	return fmt.Sprintf("got %q, want %q", clip(got), clip(want))
}

// clip shortens a long answer line for a report.
func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
