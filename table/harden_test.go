package table_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// TestCheckFileNoticesDamage: CheckFile passes an intact table of every
// layout and refuses it truncated, extended or with one bit flipped in any
// payload; Open does too.
func TestCheckFileNoticesDamage(t *testing.T) {
	for _, l := range build.Layouts(3) {
		checkFileNoticesDamage(t, l.Options)
	}
}

func checkFileNoticesDamage(t *testing.T, bopt build.Options) {
	dir := t.TempDir()
	path := filepath.Join(dir, "maze.ptab")
	tab, err := rbBuildLevelWith(t, maps.FormatGrid, rbReadString(t, "../testdata/maze.grid"), maps.Options{}, bopt)
	if err != nil {
		t.Fatal(err)
	}
	layout := tab.Layout
	tab.InputHash = "0123"
	if err := table.WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	h, size, err := table.CheckFile(path)
	if err != nil || size != int64(len(good)) || h.InputHash != "0123" || h.Layout != layout {
		t.Fatalf("%q: CheckFile of an intact table: %v, %d bytes, %+v", layout, err, size, h)
	}
	if _, err := table.Open(path); err != nil {
		t.Fatalf("%q: Open of an intact table: %v", layout, err)
	}
	damaged := map[string][]byte{
		"truncated by 1": good[:len(good)-1],
		"truncated half": good[:len(good)/2],
		"one more byte":  append(append([]byte{}, good...), 0),
	}
	for _, at := range []int{len(good) / 3, len(good) / 2, len(good) - 10} {
		b := append([]byte{}, good...)
		b[at] ^= 0x10
		damaged["bit flip at "+strconv.Itoa(at)] = b
	}
	for name, b := range damaged {
		os.WriteFile(path, b, 0o644)
		if _, _, err := table.CheckFile(path); err == nil {
			t.Errorf("%q %s: CheckFile passed it", layout, name)
		}
		if _, err := table.Open(path); err == nil {
			t.Errorf("%q %s: Open passed it", layout, name)
		}
	}
}

// rbReadString returns the contents of a test file.
func rbReadString(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestOpenChecksBeforeReading: Open refuses a file that is not a table, or
// whose size is not what its header declares, before allocating for it,
// and refuses what is not a regular file without blocking.
func TestOpenChecksBeforeReading(t *testing.T) {
	dir := t.TempDir()
	sparse := filepath.Join(dir, "sparse.ptab")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 30)
	f.Close()
	good := rbBuildFile(t, "../testdata/maze.grid", maps.Options{})
	padded := filepath.Join(dir, "padded.ptab")
	pf, _ := os.Create(padded)
	pf.Write(good)
	pf.Truncate(1 << 30)
	pf.Close()
	zero := filepath.Join(dir, "zero.ptab")
	os.Symlink("/dev/zero", zero)
	for _, c := range []struct {
		path string
		want error
	}{{sparse, table.ErrNotTable}, {padded, table.ErrCorrupt}, {zero, nil}} {
		var err error
		got := rbAllocated(func() { _, err = table.Open(c.path) })
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%s: %v, want %v", filepath.Base(c.path), err, c.want)
		}
		if got > 1<<20 {
			t.Errorf("%s: allocated %d bytes", filepath.Base(c.path), got)
		}
	}
	for _, good := range [][]byte{good, rbBuildFileLayout(t, "../testdata/maze.grid", maps.Options{}, table.LayoutRuns)} {
		err = nil
		got := rbAllocated(func() { _, err = table.ReadFrom(io.MultiReader(bytes.NewReader(good), zeroReader{})) })
		if !errors.Is(err, table.ErrCorrupt) || got > 4*uint64(len(good))+1<<20 {
			t.Errorf("ReadFrom of a table followed by endless zeros: %v, allocated %d bytes", err, got)
		}
		if _, err := table.ReadFrom(bytes.NewReader(good)); err != nil {
			t.Errorf("ReadFrom of an intact table: %v", err)
		}
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestChecksumAnyIntegerEncoding: the checksum may be written in any
// msgpack integer encoding of its value, as FORMAT.md allows; a value over
// 32 bits or a negative one is refused.
func TestChecksumAnyIntegerEncoding(t *testing.T) {
	data := rbEncode(t, rbBuildLevel(t, maps.FormatGrid, ".\n", maps.Options{}))
	p := rbSplitDoc(t, data)
	sum := uint64(data[p.crcAt+1])<<24 | uint64(data[p.crcAt+2])<<16 | uint64(data[p.crcAt+3])<<8 | uint64(data[p.crcAt+4])
	with := func(enc func(*msgpack.Encoder) error) []byte {
		var buf bytes.Buffer
		buf.Write(data[:p.crcAt])
		if err := enc(msgpack.NewEncoder(&buf)); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for name, c := range map[string]struct {
		data []byte
		ok   bool
	}{
		"uint32":   {data, true},
		"uint64":   {with(func(e *msgpack.Encoder) error { return e.EncodeUint64(sum) }), true},
		"int64":    {with(func(e *msgpack.Encoder) error { return e.EncodeInt64(int64(sum)) }), true},
		"shortest": {with(func(e *msgpack.Encoder) error { e.UseCompactInts(true); return e.EncodeUint(sum) }), true},
		"33 bits":  {with(func(e *msgpack.Encoder) error { return e.EncodeUint64(sum | 1<<32) }), false},
		"negative": {with(func(e *msgpack.Encoder) error { return e.EncodeInt64(-1) }), false},
		"float":    {with(func(e *msgpack.Encoder) error { return e.EncodeFloat64(float64(sum)) }), false},
	} {
		_, err := table.Decode(c.data)
		if (err == nil) != c.ok {
			t.Errorf("%s: Decode: %v, want ok %v", name, err, c.ok)
		}
		path := filepath.Join(t.TempDir(), "t.ptab")
		os.WriteFile(path, c.data, 0o644)
		_, err = table.Open(path)
		if (err == nil) != c.ok {
			t.Errorf("%s: Open: %v, want ok %v", name, err, c.ok)
		}
		_, _, err = table.CheckFile(path)
		if (err == nil) != c.ok {
			t.Errorf("%s: CheckFile: %v, want ok %v", name, err, c.ok)
		}
	}
}

// TestHeaderRefusesAmbiguity: duplicate graph node names (readers would
// disagree on which node a name means) and a grid connectivity other than
// 4 or 8 are corrupt.
func TestHeaderRefusesAmbiguity(t *testing.T) {
	base := rbBuildLevel(t, maps.FormatJSON, `{"nodes":[{"id":"a"},{"id":"b"}],"edges":[{"from":"a","to":"b","cost":1}]}`, maps.Options{})
	grid := rbBuildLevel(t, maps.FormatGrid, "..\n", maps.Options{})
	for name, c := range map[string]struct {
		t    *table.Table
		edit func(h *table.Header)
	}{
		"duplicate names":  {base, func(h *table.Header) { h.Names = []string{"a", "a"} }},
		"connect 0":        {grid, func(h *table.Header) { h.Connect = 0 }},
		"connect 2^64 - 1": {grid, func(h *table.Header) { h.Connect = -1 }},
	} {
		tab := *c.t
		c.edit(&tab.Header)
		if _, err := table.Decode(rbEncode(t, &tab)); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

// TestPayloadFitsBin32: a table whose distance payload would pass the
// 2^32-1 bytes of a msgpack bin32 is refused before anything is allocated,
// at the node count each distance width allows.
func TestPayloadFitsBin32(t *testing.T) {
	for _, c := range []struct {
		kind table.DistKind
		most int
	}{{table.DistU16, 46340}, {table.DistU32, 32767}, {table.DistF64, 23170}} {
		for _, n := range []int{c.most, c.most + 1} {
			h := table.Header{Kind: table.KindGraph, Nodes: n, DistKind: c.kind}
			size, err := h.PayloadSize()
			if fits := n <= c.most; (err == nil) != fits {
				t.Errorf("%s, %d nodes: %v, want fits %v", c.kind, n, err, fits)
			}
			if err == nil && (int64(n)*int64(n)*int64(c.kind.Width()) > math.MaxUint32 || size <= 0) {
				t.Errorf("%s, %d nodes: accepted %d bytes", c.kind, n, size)
			}
		}
	}
}
