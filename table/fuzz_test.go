package table_test

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
	"github.com/vmihailenco/msgpack/v5"
)

// fuzzSeeds are valid tables of every kind the builder makes (grids in
// format 3 and with their graph's bins), and one made by hand.
func fuzzSeeds(f testing.TB) [][]byte {
	levels := []struct {
		format maps.Format
		text   string
		opt    maps.Options
	}{
		{maps.FormatGrid, "...\n.#.\n..3\n", maps.Options{}},
		{maps.FormatGrid, "..#\n#..\n", maps.Options{Moves: maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}}},
		{maps.FormatGrid, "..#..\n", maps.Options{}},            // unreachable pairs
		{maps.FormatGrid, ".#..\n.#..\n....\n", maps.Options{}}, // open-box wildcards, rows that wrap
		{maps.FormatGrid, "....\n.#.#\n....\n", maps.Options{Moves: maps.Moves{Connect: 4}}},
		{maps.FormatGrid, "...#\n..2.\n....\n", maps.Options{Clearance: 2}},   // a 2x2 agent's table
		{maps.FormatGrid, "......\n.#....\n...#..\n......\n", maps.Options{}}, // rows that store J (a j encoding)
		{maps.FormatJSON, `{"nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 1, "y": 0}, {"id": "c", "x": 1, "y": 1}],
			"edges": [{"from": "a", "to": "b", "cost": 1.5}, {"from": "b", "to": "c", "cost": 2}]}`, maps.Options{}},
		{maps.FormatJSON, `{"directed": true, "nodes": [{"id": "p"}, {"id": "q"}, {"id": "r"}],
			"edges": [{"from": "p", "to": "q", "cost": 2147483647}, {"from": "q", "to": "r", "cost": 2147483647}, {"from": "r", "to": "p", "cost": 7}]}`, maps.Options{}},
		{maps.FormatDIMACS, "p sp 3 2\na 1 2 5\na 2 3 7\n", maps.Options{}},
	}
	var seeds [][]byte
	for _, l := range levels {
		// Small grids' run-length tables take 12-bit starts (runs12.go);
		// Starts16 seeds the 16-bit symbol forms too.
		layouts := append(build.Layouts(1), build.LayoutBuild{Name: "runs16", Options: build.Options{Layout: table.LayoutRuns, Starts16: true}})
		for _, b := range layouts {
			t, err := rbBuildLevelWith(f, l.format, l.text, l.opt, b.Options)
			if errors.Is(err, build.ErrWindowGraph) {
				continue
			}
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, rbEncode(f, t))
			if t.Kind == table.KindGrid { // format 3, and as grids were before it
				seeds = append(seeds, rbEncodeGraph(f, t))
			}
		}
	}

	// By hand: a two-node graph with f64 distances and an empty one.
	h := table.Header{Kind: table.KindGraph, Nodes: 2, Edges: 2, Names: []string{"x", "y"},
		Metric: "float", DistKind: table.DistF64}
	t, flat := rbNewFlat(f, h)
	t.Offsets, t.Targets, t.Weights = []int32{0, 1, 2}, []int32{1, 0}, []float64{0.5, 0.25}
	rows := flat.Rows()
	copy(rows.Row(0).First, []byte{table.NoMove, 0})
	copy(rows.Row(1).First, []byte{0, table.NoMove})
	rows.Row(0).Dist.PutFloats([]float64{0, 0.25}, nil)
	rows.Row(1).Dist.PutFloats([]float64{0.5, 0}, nil)
	seeds = append(seeds, rbEncode(f, t))
	empty, _ := rbNewFlat(f, table.Header{Kind: table.KindGraph, Names: []string{}, Metric: "int", DistKind: table.DistU16})
	empty.Offsets = []int32{0}
	seeds = append(seeds, rbEncode(f, empty))
	return seeds
}

// FuzzDecode decodes arbitrary bytes. Decode must not panic, hang or
// allocate much more than its input; it must fail with one of its own
// errors; and a table it accepts must answer queries without panicking and
// survive a round trip through WriteTo.
//
//	go test ./table -run '^$' -fuzz FuzzDecode -fuzztime 30s
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
		for _, n := range []int{0, 1, 9, 10, 12, len(s) / 2, len(s) - 5, len(s) - 1} {
			if n >= 0 && n < len(s) {
				f.Add(s[:n])
			}
		}
		flipped := bytes.Clone(s)
		flipped[len(s)/3] ^= 0x10
		f.Add(flipped)
		f.Add(append(bytes.Clone(s), 0))
	}
	f.Add([]byte{})
	f.Add([]byte("PATHTABL"))
	f.Add([]byte{0x9b, 0xa8, 'P', 'A', 'T', 'H', 'T', 'A', 'B', 'L', 0x01})
	f.Add(bin32Huge)
	f.Add([]byte{0x9b, 0xdb, 0xff, 0xff, 0xff, 0xf0})
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte(`{"nodes": []}`))

	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tab, err := table.Decode(data)
		runtime.ReadMemStats(&after)
		// Decode copies the small arrays and aliases the payloads: at most
		// a few times the input (names cost a string header each), plus
		// the decoders' own buffers.
		if got, limit := after.TotalAlloc-before.TotalAlloc, 16*uint64(len(data))+hostileLimit; got > limit {
			t.Errorf("decoding %d bytes allocated %d (limit %d)", len(data), got, limit)
		}
		if err != nil {
			if !rbIsDecodeError(err) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		rbExercise(t, tab)

		// A decoded table writes back to a table with the same contents.
		again, err := table.Decode(rbEncode(t, tab))
		if err != nil {
			t.Fatalf("re-encoded table does not decode: %v", err)
		}
		if !rbSameTable(tab, again) {
			t.Fatal("re-encoded table differs")
		}
	})
}

// rbExercise walks paths, next moves and names over a table that decoded:
// none of it may panic, and every path must be a walk of at most Len()
// nodes along the table's edges.
func rbExercise(t *testing.T, tab *table.Table) {
	lt := lookup.New(tab)
	n := lt.Len()
	ids := []int{-1, 0, 1, 2, n / 2, n - 2, n - 1, n, math.MaxInt, math.MinInt}
	var buf []int
	for _, s := range ids {
		lt.Name(s)
		lt.XY(s)
		if s >= 0 && s < n {
			if u, err := lt.Node(lt.Name(s)); err != nil || (u != s && tab.Kind == table.KindGrid) {
				t.Errorf("Node(Name(%d)) = %d, %v", s, u, err)
			}
		}
		for _, d := range ids {
			lt.Next(s, d)
			lt.Dist(s, d)
			var ok bool
			buf, ok = lt.AppendPath(buf[:0], s, d)
			if !ok {
				continue
			}
			if len(buf) > n || buf[0] != s || buf[len(buf)-1] != d {
				t.Fatalf("path %d -> %d: %v", s, d, buf)
			}
			if _, ok := lt.Cost(buf); !ok {
				t.Fatalf("path %d -> %d is not a walk: %v", s, d, buf)
			}
			lt.Path(s, d)
		}
	}
	lt.Node("0,0")
	lt.Node("a")
	lt.NodeAt(0, 0)
	lt.NodeAt(-1, 0)
	lt.NodeAt(tab.Width, tab.Height)
}

// rbSameTable reports whether two tables have the same header and arrays.
func rbSameTable(a, b *table.Table) bool {
	ha, hb := a.Header, b.Header
	ha.Names, hb.Names = nil, nil
	return reflect.DeepEqual(ha, hb) && slices.Equal(a.Names, b.Names) &&
		rbSamePayloads(a, b) &&
		slices.Equal(a.Offsets, b.Offsets) && slices.Equal(a.Targets, b.Targets) &&
		slices.Equal(a.Cells, b.Cells) && rbEqualBits(a.Weights, b.Weights) &&
		rbEqualBits(a.X, b.X) && rbEqualBits(a.Y, b.Y)
}

// rbSamePayloads reports whether two tables' payloads hold the same bytes.
func rbSamePayloads(a, b *table.Table) bool {
	x, y := table.PayloadBins(a), table.PayloadBins(b)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !bytes.Equal(x[i], y[i]) {
			return false
		}
	}
	return true
}

// rbNewFlat returns a flat table of header h with zeroed payloads, and its
// payload, to fill by hand.
func rbNewFlat(tb testing.TB, h table.Header) (*table.Table, *table.Flat) {
	tb.Helper()
	flat, err := table.NewFlat(h)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := table.New(h, flat)
	if err != nil {
		tb.Fatal(err)
	}
	return t, flat
}

// rbEqualBits compares floats bit for bit, so NaNs and -0 count.
func rbEqualBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// FuzzDecodeChecked fuzzes the contents of a table's parts and frames them
// with a correct checksum, so that the fuzzer reaches what lies behind it:
// the header's msgpack and validation, the graph checks, and queries over
// arbitrary first moves and distances.
//
//	go test ./table -run '^$' -fuzz FuzzDecodeChecked -fuzztime 30s
func FuzzDecodeChecked(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		p := rbSplitDoc(f, s)
		b := p.bins
		if p.version == table.Version {
			f.Add(b[0], b[1], b[2], b[3], b[4], append(bytes.Clone(b[5]), b[6]...), b[7], b[8])
		}
	}
	f.Fuzz(func(t *testing.T, header, offsets, targets, weights, cells, xy, first, dist []byte) {
		x, y := xy[:len(xy)/2], xy[len(xy)/2:]
		data := rbRawDoc(table.Magic, table.Version, [][]byte{header, offsets, targets, weights, cells, x, y, first, dist})
		rbDecodeExercise(t, data)
	})
}

// rbDecodeExercise decodes data and exercises the table, or checks that the
// refusal is one of Decode's errors.
func rbDecodeExercise(t *testing.T, data []byte) {
	tab, err := table.Decode(data)
	if err != nil {
		if !rbIsDecodeError(err) {
			t.Fatalf("unclassified error: %v", err)
		}
		return
	}
	rbExercise(t, tab)
}

// FuzzDecodeRunsChecked is FuzzDecodeChecked for run-length tables: the
// order, rows and runs behind a correct checksum.
//
//	go test ./table -run '^$' -fuzz FuzzDecodeRunsChecked -fuzztime 30s
func FuzzDecodeRunsChecked(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		p := rbSplitDoc(f, s)
		b := p.bins
		if p.version == table.VersionLayout && len(b) == 10 { // the run-length layout's bins
			f.Add(b[0], b[1], b[2], b[3], b[4], append(bytes.Clone(b[5]), b[6]...), b[7], b[8], b[9])
		}
	}
	f.Fuzz(func(t *testing.T, header, offsets, targets, weights, cells, xy, order, rows, runs []byte) {
		x, y := xy[:len(xy)/2], xy[len(xy)/2:]
		data := rbRawDoc(table.Magic, table.VersionLayout, [][]byte{header, offsets, targets, weights, cells, x, y, order, rows, runs})
		rbDecodeExercise(t, data)
	})
}

// FuzzDecodeCellRunsChecked is FuzzDecodeRunsChecked for run-length grid
// tables of format 3, which carry their cells: the header, open cells and
// costs, order, rows and runs behind a correct checksum, so that the
// fuzzer reaches the symbol, open-box and component encodings (the seeds
// include each b encoding, a c one, and b headers over a level with costs,
// refused).
//
//	go test ./table -run '^$' -fuzz FuzzDecodeCellRunsChecked -fuzztime 30s
func FuzzDecodeCellRunsChecked(f *testing.F) {
	var costs [][]byte // the bins of a format 3 table with a costs bin
	boxes, comps, packed := 0, 0, 0
	for _, s := range fuzzSeeds(f) {
		p := rbSplitDoc(f, s)
		b := p.bins
		if p.version != table.VersionCells || len(b) != 6 { // the run-length layout's bins
			continue
		}
		f.Add(b[0], b[1], b[2], b[3], b[4], b[5])
		if len(b[2]) > 0 {
			costs = b
		}
		var h table.Header
		if err := msgpack.Unmarshal(b[0], &h); err == nil && table.Boxes(h.FirstEnc) {
			boxes++
		}
		if table.Comps(h.FirstEnc) {
			comps++
		}
		if table.Packed(h.FirstEnc) {
			packed++
			// Its last run's start at 4095, past the nodes: refused.
			runs := bytes.Clone(b[5])
			if len(runs) >= 2 {
				runs[len(runs)-1] = 0xff
				f.Add(b[0], b[1], b[2], b[3], b[4], runs)
			}
		}
	}
	if boxes == 0 || comps == 0 || costs == nil || packed == 0 {
		f.Fatalf("%d seeds with open-box wildcards, %d with rows that cover their component, %d with 12-bit starts, costs bin %v: want all", boxes, comps, packed, costs != nil)
	}
	for _, enc := range []string{table.FirstEncRuns16x4HB, table.FirstEncRuns16x4HWB, table.FirstEncPartRunsHB, table.FirstEncRuns12x4HB, table.FirstEncRuns12x4HC} {
		b := slices.Clone(costs)
		rbEditHeader(f, b, func(h *table.Header) { h.FirstEnc = enc })
		f.Add(b[0], b[1], b[2], b[3], b[4], b[5])
	}
	f.Fuzz(func(t *testing.T, header, open, costs, order, rows, runs []byte) {
		data := rbRawDoc(table.Magic, table.VersionCells, [][]byte{header, open, costs, order, rows, runs})
		rbDecodeExercise(t, data)
	})
}
