package table_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbParts returns the bytes of the k parts of the table of a level file.
func rbParts(tb testing.TB, path string, opt maps.Options, layout table.Layout, k int) [][]byte {
	tb.Helper()
	lvl, err := maps.Load(path, opt)
	if err != nil {
		tb.Fatal(err)
	}
	parts := make([][]byte, k)
	for i := range k {
		p, err := build.BuildPart(context.Background(), lvl, build.Options{Workers: 1, Layout: layout}, i, k)
		if err != nil {
			tb.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			tb.Fatal(err)
		}
		parts[i] = b.Bytes()
	}
	return parts
}

// rbPartInputs are real parts: of a run-length grid table, of a flat graph
// table with names and coordinates, and an empty part (more parts than rows).
func rbPartInputs(t *testing.T) map[string][]byte {
	maze := rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns, 3)
	way := rbParts(t, "../testdata/waypoints.json", maps.Options{}, table.LayoutFlat, 2)
	empty := rbParts(t, "../testdata/lecture.gr", maps.Options{}, table.LayoutRuns, 8)
	return map[string][]byte{"maze-runs-1of3": maze[1], "waypoints-flat-0of2": way[0], "lecture-runs-empty": empty[0]}
}

// TestPartDamage flips every bit of real parts and cuts them at every
// length: DecodePart refuses each with one of the decoder's errors, never
// a panic; the intact parts decode.
func TestPartDamage(t *testing.T) {
	for name, data := range rbPartInputs(t) {
		t.Run(name, func(t *testing.T) {
			if _, err := table.DecodePart(data); err != nil {
				t.Fatalf("intact part: %v", err)
			}
			b := bytes.Clone(data)
			for i := range b {
				for bit := range 8 {
					b[i] ^= 1 << bit
					p, err := table.DecodePart(b)
					if err == nil {
						t.Fatalf("bit %d of byte %d flipped: accepted (part %d of %d)", bit, i, p.Shard, p.Shards)
					}
					if !rbIsDecodeError(err) && !errors.Is(err, table.ErrNotPart) && !strings.Contains(err.Error(), "not a part") {
						t.Fatalf("bit %d of byte %d flipped: unexpected error %v", bit, i, err)
					}
					b[i] ^= 1 << bit
				}
			}
			for n := range len(data) {
				if _, err := table.DecodePart(data[:n]); err == nil {
					t.Fatalf("cut at %d of %d bytes: accepted", n, len(data))
				}
			}
		})
	}
}

// TestPartIsNotATable checks that the table readers refuse a part with
// ErrPart, saying to merge it, and that OpenPart refuses a table.
func TestPartIsNotATable(t *testing.T) {
	dir := t.TempDir()
	part := filepath.Join(dir, "maze.0-of-2.ptpart")
	if err := os.WriteFile(part, rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns, 2)[0], 0o644); err != nil {
		t.Fatal(err)
	}
	tab := filepath.Join(dir, "maze.ptab")
	if err := os.WriteFile(tab, rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns), 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(part)
	readers := map[string]func() error{
		"Open":       func() error { _, err := table.Open(part); return err },
		"ReadHeader": func() error { _, err := table.ReadHeader(part); return err },
		"CheckFile":  func() error { _, _, err := table.CheckFile(part); return err },
		"Decode":     func() error { _, err := table.Decode(data); return err },
		"ReadFrom":   func() error { _, err := table.ReadFrom(bytes.NewReader(data)); return err },
	}
	for name, read := range readers {
		if err := read(); !errors.Is(err, table.ErrPart) || !strings.Contains(err.Error(), "merge") {
			t.Errorf("%s of a part: err = %v, want ErrPart", name, err)
		}
	}
	if _, err := table.OpenPart(tab); err == nil || !strings.Contains(err.Error(), "a table, not a part") {
		t.Errorf("OpenPart of a table: err = %v", err)
	}
	if _, err := table.ReadPartHeader(tab); err == nil || !strings.Contains(err.Error(), "a table, not a part") {
		t.Errorf("ReadPartHeader of a table: err = %v", err)
	}
}

// rbWriteParts writes parts into dir as name-i files and returns the paths.
func rbWriteParts(t *testing.T, dir, name string, parts [][]byte) []string {
	t.Helper()
	paths := make([]string, len(parts))
	for i, b := range parts {
		paths[i] = filepath.Join(dir, fmt.Sprintf("%s-%d", name, i))
		if err := os.WriteFile(paths[i], b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}

// rbCheckParts reads the headers of paths and checks them as a set.
func rbCheckParts(t *testing.T, paths []string) (*table.PartSet, error) {
	t.Helper()
	heads := make([]*table.PartHeader, len(paths))
	for i, p := range paths {
		h, err := table.ReadPartHeader(p)
		if err != nil {
			t.Fatal(err)
		}
		heads[i] = h
	}
	return table.CheckParts(paths, heads)
}

// TestCheckPartsRefuses checks that a set with a missing, duplicated or
// foreign part is refused with an error naming the file (or the missing
// indices), whichever argument the odd one is.
func TestCheckPartsRefuses(t *testing.T) {
	dir := t.TempDir()
	maze := rbWriteParts(t, dir, "maze", rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns, 3))
	maze4 := rbWriteParts(t, dir, "maze4", rbParts(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 4}}, table.LayoutRuns, 3))
	flat := rbWriteParts(t, dir, "flat", rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutFlat, 3))
	of2 := rbWriteParts(t, dir, "of2", rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns, 2))
	cases := []struct {
		name  string
		paths []string
		want  string
	}{
		{"missing", []string{maze[0], maze[2]}, "missing part 1 of 3: 2 part files given"},
		{"two missing", []string{maze[2]}, "missing part 0, 1 of 3"},
		{"duplicated", []string{maze[0], maze[1], maze[1], maze[2]}, maze[1] + ": part 1 of 3 is also " + maze[1]},
		{"other model", []string{maze[0], maze4[1], maze[2]}, maze4[1] + ": a part of another table: built from other inputs"},
		{"other model first", []string{maze4[1], maze[0], maze[2]}, maze4[1] + ": a part of another table"},
		{"other layout", []string{maze[0], maze[1], flat[2]}, flat[2] + ": a part of another table"},
		{"other count", []string{maze[0], maze[1], maze[2], of2[1]}, of2[1] + ": part 1 of 2, but " + maze[0] + " is a part of 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rbCheckParts(t, c.paths)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
	if _, err := rbCheckParts(t, []string{maze[2], maze[0], maze[1]}); err != nil {
		t.Fatalf("a complete set in another order: %v", err)
	}
}

// TestJoinRenamedCopies joins parts baked from copies of one level under
// other names (other machines, other folders): the same bytes and options
// make one table, which takes part 0's source name whatever the order the
// parts are given in, byte for byte the one-shot table of that copy.
func TestJoinRenamedCopies(t *testing.T) {
	data, err := os.ReadFile("../testdata/maze.grid")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copies := []string{filepath.Join(dir, "maze.grid"), filepath.Join(dir, "maze-copy.grid"), filepath.Join(dir, "level.grid")}
	for _, c := range copies {
		if err := os.WriteFile(c, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range build.Layouts(2) {
		if l.Options.Window != 0 {
			continue // tables of all pairs are built in parts
		}
		layout := l.Options.Layout
		const k = 3
		parts := make([][]byte, k)
		for i := range k {
			parts[i] = rbParts(t, copies[i], maps.Options{}, layout, k)[i]
		}
		lvl, err := maps.Load(copies[0], maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		one, err := build.BuildLevel(context.Background(), lvl, build.Options{Layout: layout})
		if err != nil {
			t.Fatal(err)
		}
		want := rbEncode(t, one)
		paths := rbWriteParts(t, t.TempDir(), "part", parts)
		for _, order := range [][]string{paths, {paths[2], paths[1], paths[0]}} {
			set, err := rbCheckParts(t, order)
			if err != nil {
				t.Fatalf("layout %q: %v", layout, err)
			}
			joined, err := set.Join(context.Background())
			if err != nil {
				t.Fatalf("layout %q: %v", layout, err)
			}
			if joined.Source != one.Source || !bytes.Equal(rbEncode(t, joined), want) {
				t.Fatalf("layout %q: joined table of %s, %d bytes; want the one-shot table of %s", layout, joined.Source, len(rbEncode(t, joined)), one.Source)
			}
		}
	}
}

// TestJoinRefusesDamage checks that Join reads every part whole: a part
// damaged after its header was checked, or replaced by another part, is
// refused naming the file, and nothing is returned.
func TestJoinRefusesDamage(t *testing.T) {
	parts := rbParts(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns, 3)
	other := rbParts(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 4}}, table.LayoutRuns, 3)
	cases := []struct {
		name   string
		damage func(p []byte) []byte
		want   string
	}{
		{"payload bit", func(p []byte) []byte { p = bytes.Clone(p); p[len(p)-8] ^= 4; return p }, "checksum"},
		{"cut", func(p []byte) []byte { return p[:len(p)-3] }, "truncated"},
		{"replaced", func([]byte) []byte { return other[1] }, "changed while the parts were joined"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			paths := rbWriteParts(t, t.TempDir(), "maze", parts)
			set, err := rbCheckParts(t, paths)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(paths[1], c.damage(parts[1]), 0o644); err != nil {
				t.Fatal(err)
			}
			tab, err := set.Join(context.Background())
			if err == nil || tab != nil || !strings.Contains(err.Error(), paths[1]) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one naming %s and containing %q", err, paths[1], c.want)
			}
		})
	}
}

// FuzzDecodePart feeds DecodePart mutations of real parts: it never
// panics, and a part it accepts writes back to the same bytes.
func FuzzDecodePart(f *testing.F) {
	for _, b := range rbPartInputs(&testing.T{}) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := table.DecodePart(data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if q, err := table.DecodePart(b.Bytes()); err != nil || q.Shard != p.Shard || q.Runs != p.Runs {
			t.Fatalf("an accepted part does not round-trip: %v", err)
		}
		_ = p.ReachablePairs()
	})
}

// FuzzDecodePartChecked is FuzzDecodePart behind a correct checksum, for
// run-length parts: the part header's msgpack and validation, the graph,
// order and row checks, and the reachable-pair count over arbitrary runs.
//
//	go test ./table -run '^$' -fuzz FuzzDecodePartChecked -fuzztime 30s
func FuzzDecodePartChecked(f *testing.F) {
	for _, s := range rbPartInputs(&testing.T{}) {
		p := rbSplitDoc(f, s)
		b := p.bins
		if len(b) == 10 {
			f.Add(b[0], b[1], b[2], b[3], b[4], append(bytes.Clone(b[5]), b[6]...), b[7], b[8], b[9])
		}
	}
	f.Fuzz(func(t *testing.T, header, offsets, targets, weights, cells, xy, order, rows, runs []byte) {
		x, y := xy[:len(xy)/2], xy[len(xy)/2:]
		data := rbRawDoc(table.PartMagic, table.PartVersion, [][]byte{header, offsets, targets, weights, cells, x, y, order, rows, runs})
		p, err := table.DecodePart(data)
		if err != nil {
			if !rbIsDecodeError(err) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		_ = p.ReachablePairs()
	})
}

// TestJoinPicksTableEncoding joins run-length parts whose runs need
// different encodings on their own (only one part holds moves of 15 or
// more: the row of a hub with 24 moves): the joined table takes the
// encoding all its runs need, byte for byte the table a one-shot build
// makes; a part with a run starting past the nodes is refused at the join.
func TestJoinPicksTableEncoding(t *testing.T) {
	hub := rbHubLevel(t, 24)
	const k = 3
	lvl, err := maps.Load(hub, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	one, err := build.BuildLevel(context.Background(), lvl, build.Options{Layout: table.LayoutRuns})
	if err != nil {
		t.Fatal(err)
	}
	if one.FirstEnc != table.FirstEncRuns16x8 {
		t.Fatalf("the hub level's runs are %q, want %q", one.FirstEnc, table.FirstEncRuns16x8)
	}
	hubShot := rbEncode(t, one)
	set, err := rbCheckParts(t, rbWriteParts(t, t.TempDir(), "hub", rbParts(t, hub, maps.Options{}, table.LayoutRuns, k)))
	if err != nil {
		t.Fatal(err)
	}
	joined, err := set.Join(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := rbEncode(t, joined); !bytes.Equal(got, hubShot) {
		t.Fatalf("joined table (%s, %d bytes) differs from the one-shot one (%d bytes)", joined.FirstEnc, len(got), len(hubShot))
	}

	tab, err := table.Decode(rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns))
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Payload().(*table.Runs)
	n := tab.Nodes
	words := make([]uint32, r.Code.Len())
	for i := range words {
		words[i] = table.RunWord(r.Code.Start(i), r.Code.Move(i))
	}
	partsOf := func(words []uint32) [][]byte {
		parts := make([][]byte, k)
		for i := range k {
			from, to := table.ShardRange(i, k, n)
			rowStart := make([]uint32, 0, to-from+1)
			for rank := from; rank <= to; rank++ {
				rowStart = append(rowStart, r.RowStart[rank]-r.RowStart[from])
			}
			p, err := table.NewRunsPart(tab.Header, i, k, r.Order, rowStart, words[r.RowStart[from]:r.RowStart[to]])
			if r.Code.Symbols {
				p, err = table.NewRunsPartOf(tab.Header, i, k, r.Order, rowStart, words[r.RowStart[from]:r.RowStart[to]], table.RunForm{Wrap: r.Code.Wrap, Jumps: r.Code.Jumps})
			}
			if err != nil {
				t.Fatal(err)
			}
			p.SetGraph(tab)
			var b bytes.Buffer
			if _, err := p.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			parts[i] = b.Bytes()
		}
		return parts
	}
	words[len(words)-1] = table.RunWord(n, 0) // the last part's last run
	paths := rbWriteParts(t, t.TempDir(), "maze", partsOf(words))
	if set, err = rbCheckParts(t, paths); err != nil {
		t.Fatal(err)
	}
	if _, err := set.Join(context.Background()); err == nil || !strings.Contains(err.Error(), paths[k-1]) || !strings.Contains(err.Error(), fmt.Sprintf("rank %d of %d nodes", n, n)) {
		t.Fatalf("a run starting at rank %d of %d nodes: err = %v", n, n, err)
	}
}
