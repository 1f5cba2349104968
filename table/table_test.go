package table_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

func buildFile(t testing.TB, path string) *table.Table {
	t.Helper()
	lvl, err := maps.Load(path, maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := lvl.Graph
	tab, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab.Source, tab.Format, tab.InputHash = filepath.Base(path), "test", "0123"
	return tab
}

func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*")
	for _, f := range files {
		if _, err := maps.FormatOf(f); err != nil {
			continue
		}
		tab := buildFile(t, f)
		var buf bytes.Buffer
		n, err := tab.WriteTo(&buf)
		if err != nil || n != int64(buf.Len()) {
			t.Fatalf("%s: WriteTo = %d, %v; wrote %d", f, n, err, buf.Len())
		}
		got, err := table.Decode(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !reflect.DeepEqual(got.Header, tab.Header) {
			t.Errorf("%s: header %+v, want %+v", f, got.Header, tab.Header)
		}
		same := rbSamePayloads(got, tab) &&
			reflect.DeepEqual(got.Offsets, tab.Offsets) && reflect.DeepEqual(got.Targets, tab.Targets) &&
			reflect.DeepEqual(got.Weights, tab.Weights) && reflect.DeepEqual(got.Cells, tab.Cells) &&
			reflect.DeepEqual(got.X, tab.X) && reflect.DeepEqual(got.Y, tab.Y)
		if !same {
			t.Errorf("%s: payloads differ after a round trip", f)
		}
		var again bytes.Buffer
		got.WriteTo(&again)
		if !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Errorf("%s: re-encoding changes the bytes", f)
		}
	}
}

func TestWriteFileAndHeader(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "maze.ptab")
	tab := buildFile(t, "../testdata/maze.grid")
	// A temporary left by a killed writer (a process id no process has)
	// is cleaned up by the next write.
	stale := filepath.Join(dir, ".maze.ptab.tmp-999999999-123")
	os.WriteFile(stale, []byte("partial"), 0o644)
	if err := table.WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary survived: %v", err)
	}
	h, err := table.ReadHeader(path)
	if err != nil || h.InputHash != "0123" || h.Nodes != tab.Nodes {
		t.Fatalf("ReadHeader = %+v, %v", h, err)
	}
	if _, err := table.Open(path); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d files, want only the table", len(entries))
	}
	if _, err := table.ReadHeader(filepath.Join(dir, "missing.ptab")); err == nil {
		t.Error("ReadHeader of a missing file gave no error")
	}
	os.WriteFile(filepath.Join(dir, "junk.ptab"), []byte("not a table"), 0o644)
	if _, err := table.ReadHeader(filepath.Join(dir, "junk.ptab")); err == nil || !strings.Contains(err.Error(), "not a pathtable") {
		t.Errorf("ReadHeader of junk: %v", err)
	}
}

// BenchmarkDecode measures loading: a checksum pass and no per-element
// decoding of the payloads, so it should run near memory speed (MB/s).
func BenchmarkDecode(b *testing.B) {
	for _, f := range []string{"../testdata/maze.grid", "../../shared/testmaps/den312d.map"} {
		if _, err := os.Stat(f); err != nil {
			continue
		}
		tab := buildFile(b, f)
		var buf bytes.Buffer
		tab.WriteTo(&buf)
		data := buf.Bytes()
		b.Run(filepath.Base(f), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := table.Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(filepath.Base(f)+"/copy", func(b *testing.B) {
			// The floor: one memory copy of the same bytes.
			dst := make([]byte, len(data))
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				copy(dst, data)
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	tab := buildFile(b, "../testdata/maze.grid")
	var buf bytes.Buffer
	tab.WriteTo(&buf)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		tab.WriteTo(&buf)
	}
}
