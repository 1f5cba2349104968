package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/internal/quote"
	"github.com/pathtable/pathtable/lookup"
)

func runPath(ctx context.Context, args []string) error {
	fs := newFlagSet("path", "[-json] [-fallback] [-smooth] [-block NODE|@FILE]... [-max-memory SIZE] TABLE FROM TO")
	memoryFlag(fs)
	jsonOut := fs.Bool("json", false, "print the answer as one JSON object")
	fallback := addFallbackFlag(fs)
	smooth := addSmoothFlag(fs)
	blocks := addBlockFlag(fs)
	if err := parseArgs(fs, args, 3, "path needs TABLE FROM TO"); err != nil {
		return err
	}
	lt, err := lookup.Open(fs.Arg(0))
	if err != nil {
		return tableMemoryHint(err)
	}
	if *smooth {
		if err := checkSmooth(lt, fs.Arg(0)); err != nil {
			return err
		}
	}
	o, err := blocks.overlay(lt)
	if err != nil {
		return err
	}
	a, err := answer(o, fs.Arg(1), fs.Arg(2), nil, *fallback)
	if err != nil {
		return err
	}
	if *smooth {
		a.straighten(o, nil)
	}
	w := bufio.NewWriter(stdout)
	writeAnswer(w, &a, *jsonOut)
	return w.Flush()
}

func runQuery(ctx context.Context, args []string) error {
	fs := newFlagSet("query", "[-json] [-fallback] [-smooth] [-block NODE|@FILE]... [-max-memory SIZE] TABLE < queries")
	memoryFlag(fs)
	jsonOut := fs.Bool("json", false, "print each answer as one JSON object")
	fallback := addFallbackFlag(fs)
	smooth := addSmoothFlag(fs)
	blocks := addBlockFlag(fs)
	if err := parseArgs(fs, args, 1, "query needs TABLE, and reads FROM TO lines from standard input"); err != nil {
		return err
	}
	lt, err := lookup.Open(fs.Arg(0))
	if err != nil {
		return tableMemoryHint(err)
	}
	if *smooth {
		if err := checkSmooth(lt, fs.Arg(0)); err != nil {
			return err
		}
	}
	o, err := blocks.overlay(lt)
	if err != nil {
		return err
	}
	in := newLineReader(stdin, maxQueryLine)
	out := bufio.NewWriter(stdout)
	var buf, corners []int
	bad := 0
	for {
		line, readErr := in.next()
		text := string(line)
		if f := strings.Fields(text); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			var a pathAnswer
			var err error
			if len(f) != 2 {
				err = fmt.Errorf("want FROM TO, got %s", quote.String(strings.TrimSpace(text)))
			} else {
				a, err = answer(o, f[0], f[1], buf[:0], *fallback)
				buf = a.nodes
				if err == nil && *smooth {
					a.straighten(o, corners[:0])
					corners = a.corners
				}
			}
			if err != nil {
				out.Flush()
				fmt.Fprintf(stderr, "pathtable: stdin:%d: %v\n", in.line, err)
				bad++
			} else {
				writeAnswer(out, &a, *jsonOut)
			}
		}
		if readErr == io.EOF {
			break
		}
		if readErr != nil {
			out.Flush()
			return readErr
		}
		if !in.buffered() { // answer interactive callers line by line
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("%d bad query lines", bad)
	}
	return nil
}

// pathAnswer is one answered query, from a table or a live search.
type pathAnswer struct {
	name      func(node int) string // prints a node of nodes
	from, to  string
	reachable bool
	cost      float64
	nodes     []int
	live      bool  // made by a live search, which reports expanded
	expanded  int   // nodes the live search expanded
	windowed  bool  // from a windowed table, which reports covered
	covered   bool  // the table covers the pair (always, but for windows)
	searched  bool  // not answered by the table, and answered by -fallback's search
	smooth    bool  // -smooth: print corners
	corners   []int // the path's corners (lookup.Overlay.AppendCorners)
}

// addFallbackFlag registers -fallback on fs.
func addFallbackFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("fallback", false, "answer a pair a windowed table leaves unanswered (not covered, or no path inside the window) by an exact search of the table's graph (slower: a search, not a lookup)")
}

// answer resolves FROM and TO and walks the path through the overlay (the
// table itself when nothing is blocked), appending to buf. A pair the
// table does not answer for the level (lookup.Table.Answers: not covered
// by a windowed table, or no path inside the window) is searched when
// fallback is set.
func answer(o *lookup.Overlay, from, to string, buf []int, fallback bool) (pathAnswer, error) {
	a := pathAnswer{name: o.Table().Name, from: from, to: to}
	s, err := openNode(o, "FROM", from)
	if err != nil {
		return a, err
	}
	t, err := openNode(o, "TO", to)
	if err != nil {
		return a, err
	}
	lt := o.Table()
	a.windowed, a.covered = lt.Window() > 0, lt.Covered(s, t)
	if fallback && !lt.Answers(s, t) {
		a.searched = true
		a.nodes, a.cost, a.reachable = lt.Search(buf, s, t)
		return a, nil
	}
	if o.Changes() == 0 {
		a.nodes, a.reachable = o.AppendPath(buf, s, t)
		if a.reachable {
			a.cost, _ = o.Dist(s, t)
		}
		return a, nil
	}
	var path []int
	path, a.cost, a.reachable = o.Path(s, t)
	a.nodes = append(buf, path...)
	return a, nil
}

// writeAnswer prints one answer as a line of text or JSON, with the
// nodes expanded when a live search made it:
//
//	3,4 -> 10,12 cost 12.485281374238571 path 3,4 4,5 ... 10,12
//	3,4 -> 10,12 no path
//	3,4 -> 10,12 cost 12.485281374238571 path 3,4 4,5 ... 10,12 expanded 57
//	3,4 -> 10,12 cost 12.485281374238571 path 3,4 4,5 ... 10,12 corners 3,4 7,4 10,12
//	3,4 -> 90,12 not covered (outside the window of 90,12)
//	3,4 -> 90,12 cost 93.2 path 3,4 ... 90,12 (searched: outside the window of 90,12)
//
// Answers from a windowed table carry "covered" in JSON, and "searched"
// when -fallback answered; a pair outside the window without -fallback is
// "covered":false, "reachable":false. With -smooth, text lines end in the
// corners and JSON carries "corners" (empty when there is no path).
func writeAnswer(w *bufio.Writer, a *pathAnswer, asJSON bool) {
	if asJSON {
		w.WriteString(`{"from":`)
		writeJSONString(w, a.from)
		w.WriteString(`,"to":`)
		writeJSONString(w, a.to)
		if a.windowed {
			w.WriteString(`,"covered":` + strconv.FormatBool(a.covered))
		}
		if a.searched {
			w.WriteString(`,"searched":true`)
		}
		if a.reachable {
			cost := "null" // JSON has no Inf or NaN; loaders refuse costs that reach them
			if !math.IsInf(a.cost, 0) && !math.IsNaN(a.cost) {
				cost = formatCost(a.cost)
			}
			w.WriteString(`,"reachable":true,"cost":` + cost + `,"path":[`)
			for i, u := range a.nodes {
				if i > 0 {
					w.WriteByte(',')
				}
				writeJSONString(w, a.name(u))
			}
			w.WriteString("]")
		} else {
			w.WriteString(`,"reachable":false,"cost":null,"path":[]`)
		}
		if a.smooth {
			w.WriteString(`,"corners":[`)
			for i, u := range a.corners {
				if i > 0 {
					w.WriteByte(',')
				}
				writeJSONString(w, a.name(u))
			}
			w.WriteString("]")
		}
		if a.live {
			w.WriteString(`,"expanded":` + strconv.Itoa(a.expanded))
		}
		w.WriteString("}\n")
		return
	}
	w.WriteString(a.from + " -> " + a.to)
	if a.reachable {
		w.WriteString(" cost " + formatCost(a.cost) + " path")
		for _, u := range a.nodes {
			w.WriteByte(' ')
			w.WriteString(a.name(u))
		}
		if a.smooth {
			w.WriteString(" corners")
			for _, u := range a.corners {
				w.WriteByte(' ')
				w.WriteString(a.name(u))
			}
		}
	} else if a.windowed && !a.covered && !a.searched {
		w.WriteString(" not covered")
	} else {
		w.WriteString(" no path")
	}
	switch {
	case a.windowed && !a.covered && a.searched:
		w.WriteString(" (searched: outside the window of " + a.to + ")")
	case a.windowed && !a.covered:
		w.WriteString(" (outside the window of " + a.to + ")")
	case a.searched:
		w.WriteString(" (searched: no path inside the window of " + a.to + ")")
	}
	if a.live {
		w.WriteString(" expanded " + strconv.Itoa(a.expanded))
	}
	w.WriteByte('\n')
}

func writeJSONString(w *bufio.Writer, s string) {
	b, _ := json.Marshal(s)
	w.Write(b)
}

// formatCost prints a cost exactly: the shortest decimal that reads back as
// the same float64.
func formatCost(c float64) string { return strconv.FormatFloat(c, 'f', -1, 64) }
