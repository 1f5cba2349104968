package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// FuzzQueryLines reads arbitrary input in lines of at most 20 bytes: the
// lines come back as the input has them, and the first line longer than
// that is refused by its number, with nothing after it read.
func FuzzQueryLines(f *testing.F) {
	const max = 20
	for _, s := range []string{"", "0,0 1,1\n", "a b\r\n# c\n\nlast", strings.Repeat("x", max) + "\n", strings.Repeat("y", max+1), "1 2\n" + strings.Repeat("\x00", 50)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		want := bytes.SplitAfter(input, []byte("\n"))
		if len(want[len(want)-1]) == 0 && len(want) > 1 {
			want = want[:len(want)-1] // input ends in a newline: no last line
		}
		lr := newLineReader(bytes.NewReader(input), max)
		for i, w := range want {
			got, err := lr.next()
			if lr.line != i+1 {
				t.Fatalf("line %d counted as %d", i+1, lr.line)
			}
			if len(bytes.TrimSuffix(w, []byte("\n"))) > max {
				if err == nil || err.Error() != fmt.Sprintf("stdin:%d: line longer than %d bytes", i+1, max) {
					t.Fatalf("line %d of %d bytes: %q, %v; want refused", i+1, len(w), got, err)
				}
				return
			}
			last := i == len(want)-1 && !bytes.HasSuffix(w, []byte("\n"))
			if !bytes.Equal(got, w) || (err == io.EOF) != last || err != nil && err != io.EOF {
				t.Fatalf("line %d: %q, %v; want %q (last %v)", i+1, got, err, w, last)
			}
		}
		if got, err := lr.next(); len(got) != 0 || err != io.EOF {
			t.Fatalf("after the last line: %q, %v; want io.EOF", got, err)
		}
	})
}

// FuzzBlockFile parses arbitrary -block files against a grid table: no
// panic; every line that is not blank or a comment is one node, in order;
// an error names the file and the first line that is not a node.
func FuzzBlockFile(f *testing.F) {
	lvl, err := maps.Load("../../testdata/maze.grid", maps.Options{})
	if err != nil {
		f.Fatal(err)
	}
	tab, err := build.Build(context.Background(), lvl.Graph, build.Options{Workers: 1})
	if err != nil {
		f.Fatal(err)
	}
	lt := lookup.New(tab)
	for _, s := range []string{"", "# doors\n\n8,2\r\n", "1,1\n", "0,0\n11,7", "x\n", " 3 , 0 \n#\n99,99\n", "\x00\n\xff,\xfe"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		nodes, err := parseBlockFile("list.txt", data, lt.Covering)
		var want []int
		for i, line := range strings.Split(string(data), "\n") {
			id := strings.TrimSpace(line)
			if id == "" || strings.HasPrefix(id, "#") {
				continue
			}
			u, nerr := lt.Node(id)
			if nerr != nil {
				if want := fmt.Sprintf("-block list.txt:%d: %v", i+1, nerr); err == nil || err.Error() != want {
					t.Fatalf("error %v, want %q", err, want)
				}
				return
			}
			want = append(want, u)
		}
		if err != nil || !slices.Equal(nodes, want) {
			t.Fatalf("nodes %v, error %v; want %v", nodes, err, want)
		}
	})
}
