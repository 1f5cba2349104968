package table_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"unsafe"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// memAt is an io.WriterAt into memory that records each call.
type memAt struct {
	mu      sync.Mutex
	b       []byte
	calls   map[int64]int // offset -> length
	aligned bool          // every buffer began on a 4096-byte boundary
	failAt  int64         // an offset whose write fails, or -1
}

func newMemAt() *memAt { return &memAt{calls: map[int64]int{}, aligned: true, failAt: -1} }

var errMemAt = errors.New("disk full")

func (m *memAt) WriteAt(p []byte, off int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if off == m.failAt {
		return 0, errMemAt
	}
	if end := off + int64(len(p)); end > int64(len(m.b)) {
		m.b = append(m.b, make([]byte, end-int64(len(m.b)))...)
	}
	copy(m.b[off:], p)
	m.calls[off] += len(p) // a second call at one offset shows as a longer one
	if len(p) > 0 && uintptr(unsafe.Pointer(&p[0]))%4096 != 0 {
		m.aligned = false
	}
	return len(p), nil
}

// writeAtTables are tables of every document shape: flat and run-length
// grids (format 3, and the older formats with the graph's bins, symbols
// written as slots), a windowed grid, flat and run-length graphs.
func writeAtTables(t *testing.T) map[string]*table.Table {
	t.Helper()
	tables := map[string]*table.Table{}
	for _, c := range []struct {
		name, path string
		opt        build.Options
		graphBins  bool
	}{
		{"maze-flat", "../testdata/maze.grid", build.Options{}, false},
		{"maze-flat-v1", "../testdata/maze.grid", build.Options{}, true},
		{"maze-runs", "../testdata/maze.grid", build.Options{Layout: table.LayoutRuns}, false},
		{"maze-runs-v2", "../testdata/maze.grid", build.Options{Layout: table.LayoutRuns}, true},
		{"maze-window", "../testdata/maze.grid", build.Options{Window: 2}, false},
		{"waypoints-flat", "../testdata/waypoints.json", build.Options{}, false},
		{"lecture-runs", "../testdata/lecture.gr", build.Options{Layout: table.LayoutRuns}, false},
	} {
		lvl, err := maps.Load(c.path, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c.opt.Workers = 2
		tab, err := build.BuildLevel(context.Background(), lvl, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		tab.GraphBins = c.graphBins && tab.Kind == table.KindGrid
		tables[c.name] = tab
	}
	return tables
}

// TestWriteAtParallelBytes checks that the parallel writer writes what
// WriteTo writes, for every document shape, worker count and chunk size
// (small chunks put the checksum across chunk ends), each chunk once at a
// multiple of the chunk size.
func TestWriteAtParallelBytes(t *testing.T) {
	for name, tab := range writeAtTables(t) {
		var want bytes.Buffer
		if _, err := tab.WriteTo(&want); err != nil {
			t.Fatal(err)
		}
		for _, chunk := range []int{1, 2, 3, 4, 5, 7, 64, 4096, table.WriteChunk} {
			for _, workers := range []int{0, 1, 2, 3} {
				m := newMemAt()
				n, err := table.WriteAtChunks(tab, m, workers, chunk)
				where := fmt.Sprintf("%s, chunks of %d, %d workers", name, chunk, workers)
				if err != nil || n != int64(want.Len()) || !bytes.Equal(m.b, want.Bytes()) {
					t.Fatalf("%s: wrote %d bytes (err %v), want the %d bytes WriteTo writes (same: %v)", where, n, err, want.Len(), bytes.Equal(m.b, want.Bytes()))
				}
				chunks := (want.Len() + chunk - 1) / chunk
				if len(m.calls) != chunks {
					t.Fatalf("%s: %d writes, want %d", where, len(m.calls), chunks)
				}
				for off, k := range m.calls {
					if off%int64(chunk) != 0 || k != min(chunk, want.Len()-int(off)) {
						t.Fatalf("%s: a write of %d bytes at %d", where, k, off)
					}
				}
				if chunk%4096 == 0 && !m.aligned {
					t.Fatalf("%s: a buffer not aligned to 4096 bytes", where)
				}
			}
		}
	}
}

func TestWriteAtParallelPart(t *testing.T) {
	lvl, err := maps.Load("../testdata/maze.grid", maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
		p, err := build.BuildPart(context.Background(), lvl, build.Options{Workers: 1, Layout: layout}, 1, 3)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if _, err := p.WriteTo(&want); err != nil {
			t.Fatal(err)
		}
		m := newMemAt()
		if n, err := p.WriteAtParallel(m, 2); err != nil || n != int64(want.Len()) || !bytes.Equal(m.b, want.Bytes()) {
			t.Errorf("%s part: %d bytes, %v; not the %d WriteTo writes", layout, n, err, want.Len())
		}
	}
}

// TestWriteAtParallelError checks that a failed write, in the middle or
// in the checksum's chunk, is returned and stops the writers.
func TestWriteAtParallelError(t *testing.T) {
	tab := writeAtTables(t)["maze-flat"]
	var want bytes.Buffer
	if _, err := tab.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	const chunk = 64
	last := int64((want.Len() - 1) / chunk * chunk)
	for _, failAt := range []int64{0, chunk * 3, last} {
		m := newMemAt()
		m.failAt = failAt
		n, err := table.WriteAtChunks(tab, m, 2, chunk)
		if !errors.Is(err, errMemAt) || n >= int64(want.Len()) {
			t.Errorf("failing at %d: %d bytes, error %v; want %v", failAt, n, err, errMemAt)
		}
	}
}

// TestWriteAtParallelFile writes a table into a file with several writers
// and reads it back.
func TestWriteAtParallelFile(t *testing.T) {
	tab := writeAtTables(t)["maze-runs"]
	path := filepath.Join(t.TempDir(), "maze.ptab")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.WriteAtParallel(f, 3); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	back, err := table.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Nodes != tab.Nodes || back.ReachablePairs() != tab.ReachablePairs() {
		t.Errorf("read back %d nodes, %d pairs; wrote %d, %d", back.Nodes, back.ReachablePairs(), tab.Nodes, tab.ReachablePairs())
	}
}

// discardAt is an io.WriterAt that keeps nothing.
type discardAt struct{}

func (discardAt) WriteAt(p []byte, off int64) (int, error) { return len(p), nil }

// BenchmarkWriteAtParallel writes a flat table of a 60x60 open grid (65
// MB) into nothing, by WriteTo through a buffer and by the parallel
// writer (copies and checksum), by worker count.
func BenchmarkWriteAtParallel(b *testing.B) {
	text := mapstest.RandomGrid(rand.New(rand.NewPCG(1, 60)), 60, 60, 0, nil)
	g, err := maps.ParseFormat(maps.FormatGrid, "open.grid", []byte(text), maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{})
	if err != nil {
		b.Fatal(err)
	}
	size, _ := tab.WriteTo(io.Discard)
	b.Run("WriteTo", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := tab.WriteTo(io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tab.WriteAtParallel(discardAt{}, workers); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
