package table_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// The readers of one file format must agree: a file one calls intact, every
// other reads (issue 20: CheckFile once passed a table every reader
// refused). These tests run every entry point over the same bytes.

// rbErrClass is the decoder error err wraps, or nil.
func rbErrClass(err error) error {
	for _, e := range append(rbDecodeErrors, table.ErrPart, table.ErrNotPart) {
		if errors.Is(err, e) {
			return e
		}
	}
	return nil
}

// rbReadTableEverywhere reads data with every table reader and checks that
// they agree: Decode, ReadFrom, Open and CheckFile accept or refuse it
// alike, with the same class of error; what they accept is the same
// table; ReadHeader accepts whatever they accept, with the same header.
// With files false, Open, CheckFile and ReadHeader read a stream of the
// file's size instead of a file (their parser, without the disk).
func rbReadTableEverywhere(t *testing.T, data []byte, files bool) {
	size := int64(len(data))
	open := func() (*table.Table, error) { return table.OpenStream(bytes.NewReader(data), size) }
	check := func() (*table.Header, error) { return table.CheckStream(bytes.NewReader(data), size) }
	header := func() (*table.Header, error) { return table.HeaderStream(bytes.NewReader(data), size) }
	if files {
		path := filepath.Join(t.TempDir(), "t.ptab")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		open = func() (*table.Table, error) { return table.Open(path) }
		check = func() (*table.Header, error) { h, _, err := table.CheckFile(path); return h, err }
		header = func() (*table.Header, error) { return table.ReadHeader(path) }
	}
	dec, decErr := table.Decode(data)
	from, fromErr := table.ReadFrom(bytes.NewReader(data))
	opened, openErr := open()
	h, checkErr := check()
	want := rbErrClass(decErr)
	if decErr != nil && want == nil {
		t.Fatalf("Decode: unclassified error %v", decErr)
	}
	for name, err := range map[string]error{"ReadFrom": fromErr, "Open": openErr, "CheckFile": checkErr} {
		if (err == nil) != (decErr == nil) || rbErrClass(err) != want {
			t.Fatalf("Decode: %v; %s: %v", decErr, name, err)
		}
	}
	head, headErr := header()
	if decErr != nil {
		if headErr != nil && rbErrClass(headErr) == nil {
			t.Fatalf("ReadHeader: unclassified error %v", headErr)
		}
		return
	}
	if headErr != nil {
		t.Fatalf("Decode accepts, ReadHeader: %v", headErr)
	}
	if !rbSameTable(dec, from) || !rbSameTable(dec, opened) {
		t.Fatal("Decode, ReadFrom and Open read different tables")
	}
	if !reflect.DeepEqual(*h, dec.Header) || !reflect.DeepEqual(*head, dec.Header) {
		t.Fatalf("headers differ: CheckFile %+v, ReadHeader %+v, Decode %+v", *h, *head, dec.Header)
	}
}

// rbReadPartEverywhere is rbReadTableEverywhere for part files: DecodePart,
// OpenPart and CheckPartFile agree, and ReadPartHeader accepts what they
// accept.
func rbReadPartEverywhere(t *testing.T, data []byte, files bool) {
	size := int64(len(data))
	open := func() (*table.Part, error) { return table.OpenPartStream(bytes.NewReader(data), size) }
	check := func() (*table.PartHeader, error) { return table.CheckPartStream(bytes.NewReader(data), size) }
	header := func() (*table.PartHeader, error) { return table.PartHeaderStream(bytes.NewReader(data), size) }
	if files {
		path := filepath.Join(t.TempDir(), "p.ptpart")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		open = func() (*table.Part, error) { return table.OpenPart(path) }
		check = func() (*table.PartHeader, error) { return table.CheckPartFile(path) }
		header = func() (*table.PartHeader, error) { return table.ReadPartHeader(path) }
	}
	dec, decErr := table.DecodePart(data)
	opened, openErr := open()
	h, checkErr := check()
	want := rbErrClass(decErr)
	for name, err := range map[string]error{"OpenPart": openErr, "CheckPartFile": checkErr} {
		if (err == nil) != (decErr == nil) || rbErrClass(err) != want {
			t.Fatalf("DecodePart: %v; %s: %v", decErr, name, err)
		}
	}
	head, headErr := header()
	if decErr != nil {
		return
	}
	if headErr != nil {
		t.Fatalf("DecodePart accepts, ReadPartHeader: %v", headErr)
	}
	if !reflect.DeepEqual(dec.PartHeader, opened.PartHeader) || !reflect.DeepEqual(*h, dec.PartHeader) || !reflect.DeepEqual(*head, dec.PartHeader) {
		t.Fatal("the part readers read different headers")
	}
}

// TestReadersAgreeOnDamage runs every reader over real tables and parts
// cut at many lengths and with bits flipped.
func TestReadersAgreeOnDamage(t *testing.T) {
	seeds := fuzzSeeds(t)
	for _, s := range seeds {
		rbReadTableEverywhere(t, s, true)
		for _, n := range []int{0, 1, 11, 14, len(s) / 3, len(s) - 5, len(s) - 1} {
			rbReadTableEverywhere(t, s[:n], true)
		}
		for i := 0; i < len(s); i += max(1, len(s)/40) {
			b := bytes.Clone(s)
			b[i] ^= 0x21
			rbReadTableEverywhere(t, b, true)
		}
		rbReadTableEverywhere(t, append(bytes.Clone(s), 0xc0), true)
	}
	for _, s := range rbPartInputs(t) {
		rbReadPartEverywhere(t, s, true)
		for i := 0; i < len(s); i += max(1, len(s)/40) {
			b := bytes.Clone(s)
			b[i] ^= 0x21
			rbReadPartEverywhere(t, b, true)
		}
	}
}

// TestCoordinatesBothOrNeither is the case: a table whose x bin is
// empty and y bin full, written with an intact checksum, passed CheckFile
// (so build called it up to date) while every reader refused it. Now all
// refuse it, and its mirror image.
func TestCoordinatesBothOrNeither(t *testing.T) {
	tab := rbBuildLevel(t, maps.FormatJSON, `{"nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 1, "y": 0}],
		"edges": [{"from": "a", "to": "b", "cost": 1}]}`, maps.Options{})
	for name, edit := range map[string]func(c *table.Table){
		"y without x": func(c *table.Table) { c.X = nil },
		"x without y": func(c *table.Table) { c.Y = nil },
	} {
		c := *tab
		edit(&c)
		data := rbEncode(t, &c)
		path := filepath.Join(t.TempDir(), "t.ptab")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := table.CheckFile(path); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: CheckFile: %v, want ErrCorrupt", name, err)
		}
		rbReadTableEverywhere(t, data, true)
	}
}

// FuzzReaders is the differential fuzz test of the in-memory and streaming
// entry points: every table reader over the same bytes, which must agree
// (see rbReadTableEverywhere; the file readers' parsers read streams of the
// file's size, TestReadersAgreeOnDamage reads real files); part documents
// go through the part readers.
//
//	go test ./table -run '^$' -fuzz FuzzReaders -fuzztime 30s
func FuzzReaders(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	for _, s := range rbPartInputs(&testing.T{}) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.Contains(data, []byte(table.PartMagic)) {
			rbReadPartEverywhere(t, data, false)
			return
		}
		rbReadTableEverywhere(t, data, false)
	})
}

// TestEveryLevelEveryLayout writes every shared small level in every layout
// and reads it back with every reader (rbReadTableEverywhere): the same
// table, the same bytes when written again, and the same answers as the
// table that was written.
func TestEveryLevelEveryLayout(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		for _, l := range build.Layouts(2) {
			tab, err := build.Build(context.Background(), lv.G, l.Options)
			if errors.Is(err, build.ErrWindowGraph) {
				continue
			}
			if err != nil {
				t.Fatalf("%s/%s: %v", lv.Name, l.Name, err)
			}
			data := rbEncode(t, tab)
			rbReadTableEverywhere(t, data, false)
			got, err := table.Decode(data)
			if err != nil {
				t.Fatalf("%s/%s: %v", lv.Name, l.Name, err)
			}
			if !bytes.Equal(rbEncode(t, got), data) {
				t.Fatalf("%s/%s: written again, other bytes", lv.Name, l.Name)
			}
			for s := range tab.Nodes {
				for d := range tab.Nodes {
					d1, ok1 := tab.Distance(s, d)
					d2, ok2 := got.Distance(s, d)
					if tab.Move(s, d) != got.Move(s, d) || ok1 != ok2 || math.Float64bits(d1) != math.Float64bits(d2) || tab.Covers(s, d) != got.Covers(s, d) {
						t.Fatalf("%s/%s: %d -> %d answers differently once read", lv.Name, l.Name, s, d)
					}
				}
			}
		}
	}
}
