package table_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbAllocated returns the bytes f allocates: the least of a few runs, so
// that a stray allocation elsewhere in the process does not count.
// (testing.AllocsPerRun counts allocations, not bytes.)
func rbAllocated(f func()) uint64 {
	least := ^uint64(0)
	for range 3 {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// hostileLimit is what decoding a small hostile file may allocate. msgpack
// v5.4.1 caps a string it cannot read at 1 MB, a []string at a million
// elements (16 MB), and nothing else (upstream issue 401): each case below
// allocated at least 1 MB before the decoder checked lengths itself.
const hostileLimit = 256 << 10

// bin32Huge is a bin32 code declaring 0xFFFFFFF0 bytes: 4 GB in 5 bytes.
var bin32Huge = []byte{0xc6, 0xff, 0xff, 0xff, 0xf0}

// rbHeaderWith returns a header bin: a map of one key whose value is raw
// msgpack bytes.
func rbHeaderWith(key string, value []byte) []byte {
	b := []byte{0x81, 0xa0 | byte(len(key))}
	b = append(b, key...)
	return append(b, value...)
}

// rbHostileInputs are small files declaring huge lengths, each with the
// error Decode must return.
func rbHostileInputs(t *testing.T) map[string]struct {
	data []byte
	want error
} {
	valid := encodeForAlloc(t)
	p := rbSplitDoc(t, valid)
	type input = struct {
		data []byte
		want error
	}
	in := map[string]input{
		"bin32 alone":        {bin32Huge, table.ErrNotTable},
		"array32 alone":      {[]byte{0xdd, 0xff, 0xff, 0xff, 0xff}, table.ErrNotTable},
		"map32 alone":        {[]byte{0xdf, 0xff, 0xff, 0xff, 0xff}, table.ErrNotTable},
		"str32 magic":        {[]byte{0x9b, 0xdb, 0xff, 0xff, 0xff, 0xf0, 'P', 'A', 'T', 'H'}, table.ErrNotTable},
		"str16 magic":        {[]byte{0x9b, 0xda, 0xff, 0xf0, 'P', 'A', 'T', 'H'}, table.ErrNotTable},
		"bin32 magic":        {append([]byte{0x9b}, bin32Huge...), table.ErrNotTable},
		"array32 then magic": {append([]byte{0xdd, 0xff, 0xff, 0xff, 0xff}, valid[1:p.binAt[0]]...), table.ErrCorrupt},
	}
	names := []string{"header", "offsets", "targets", "weights", "cells", "x", "y", "first", "dist"}
	// A bin whose length the header contradicts is corrupt, whatever
	// remains: every reader, a stream of unknown length too, decides so
	// (issue 20); only the header's own bin can run past the input. A str
	// where a bin belongs is corrupt.
	for i, at := range p.binAt {
		prefix := valid[:at:at]
		want := table.ErrCorrupt
		if i == 0 {
			want = table.ErrTruncated
		}
		in["bin32 "+names[i]] = input{append(append(prefix, bin32Huge...), 1, 2, 3), want}
		in["str32 "+names[i]] = input{append(prefix, 0xdb, 0xff, 0xff, 0xff, 0xf0), table.ErrCorrupt}
	}
	// Headers behind a valid checksum, so that the header is decoded.
	headers := map[string][]byte{
		"names array32":        rbHeaderWith("names", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0xa1, 'a'}),
		"names array16":        rbHeaderWith("names", []byte{0xdc, 0xff, 0xff, 0xa1, 'a'}),
		"names str32":          rbHeaderWith("names", []byte{0x91, 0xdb, 0xff, 0xff, 0xff, 0xf0, 'a'}),
		"kind str32":           rbHeaderWith("kind", []byte{0xdb, 0xff, 0xff, 0xff, 0xf0, 'g'}),
		"unknown key bin32":    rbHeaderWith("future", append(bytes.Clone(bin32Huge), 1, 2)),
		"unknown key str32":    rbHeaderWith("future", []byte{0xdb, 0xff, 0xff, 0xff, 0xf0, 'x'}),
		"unknown key ext32":    rbHeaderWith("future", []byte{0xc9, 0xff, 0xff, 0xff, 0xf0, 1, 'x'}),
		"unknown key array32":  rbHeaderWith("future", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0}),
		"unknown key map32":    rbHeaderWith("future", []byte{0xdf, 0xff, 0xff, 0xff, 0xff, 0xc0}),
		"header map32":         {0xdf, 0xff, 0xff, 0xff, 0xff, 0xa4, 'k', 'i', 'n', 'd'},
		"header str32 key":     {0x81, 0xdb, 0xff, 0xff, 0xff, 0xf0, 'k'},
		"deeply nested":        rbHeaderWith("future", append(bytes.Repeat([]byte{0x91}, 100000), 0xc0)),
		"header then garbage":  append(bytes.Clone(p.bins[0]), 0xc0),
		"header not a map":     {0xa4, 'g', 'r', 'i', 'd'},
		"header invalid code":  rbHeaderWith("kind", []byte{0xc1}),
		"header empty":         {},
		"header truncated map": {0x82, 0xa4, 'k', 'i', 'n', 'd'},
	}
	for name, h := range headers {
		bins := append([][]byte{h}, p.bins[1:]...)
		in[name] = input{rbRawDoc(table.Magic, table.Version, bins), table.ErrCorrupt}
	}
	return in
}

// encodeForAlloc is a small valid graph table, with names.
func encodeForAlloc(t *testing.T) []byte {
	return rbEncode(t, rbBuildLevel(t, maps.FormatJSON,
		`{"nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "edges": [{"from": "a", "to": "b", "cost": 2}, {"from": "b", "to": "c", "cost": 3}]}`,
		maps.Options{}))
}

// TestDecodeHostileLengths decodes small files that declare gigabytes: each
// must be refused with the right error, allocating almost nothing.
func TestDecodeHostileLengths(t *testing.T) {
	for name, c := range rbHostileInputs(t) {
		var err error
		got := rbAllocated(func() { _, err = table.Decode(c.data) })
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
		if got >= hostileLimit {
			t.Errorf("%s: %d-byte input allocated %d bytes (limit %d)", name, len(c.data), got, hostileLimit)
		}
	}
}

// TestReadHeaderHostileLengths does the same for ReadHeader, which reads
// only the start of a file. Files that are fine up to the end of the
// header bin (a payload declaring 4 GB) are a matter for Decode.
func TestReadHeaderHostileLengths(t *testing.T) {
	dir := t.TempDir()
	i := 0
	for name, c := range rbHostileInputs(t) {
		i++
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".ptab")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		got := rbAllocated(func() { _, err = table.ReadHeader(path) })
		if got >= hostileLimit {
			t.Errorf("%s: %d-byte file allocated %d bytes (limit %d)", name, len(c.data), got, hostileLimit)
		}
		payload := strings.HasPrefix(name, "bin32 ") || strings.HasPrefix(name, "str32 ")
		if !payload && err == nil {
			t.Errorf("%s: ReadHeader succeeded", name)
		}
		if err != nil && !rbIsDecodeError(err) {
			t.Errorf("%s: unclassified error %v", name, err)
		}
	}
}

// TestDecodeAllocBound checks that decoding a valid table allocates no
// more than the size of the file: the big payloads alias the input.
func TestDecodeAllocBound(t *testing.T) {
	data := rbBuildFile(t, "../testdata/maze.grid", maps.Options{})
	var err error
	got := rbAllocated(func() { _, err = table.Decode(data) })
	if err != nil {
		t.Fatal(err)
	}
	if got > uint64(len(data)) {
		t.Errorf("decoding a %d-byte table allocated %d bytes", len(data), got)
	}
}
