package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

// Rows is a block of consecutive target rows in the flat layout: what a
// builder fills and what seeding reads back. Row i holds, for every source,
// its first move and its distance toward the block's i-th target. Rows and
// Row are small values whose methods the compiler inlines, so writing
// through them costs what writing the bytes by hand would.
type Rows struct {
	n     int
	kind  DistKind
	first []byte
	dist  []byte
}

// NewRows allocates count zeroed rows for a table with header h. It
// allocates count·n·(1 + DistKind.Width()) bytes.
func NewRows(h *Header, count int) Rows {
	n := h.Nodes
	return Rows{n: n, kind: h.DistKind, first: make([]byte, count*n), dist: make([]byte, count*n*h.DistKind.Width())}
}

// RowsOf wraps caller buffers as count rows of a table with header h:
// count·n bytes of first moves and count·n distances of h.DistKind. O(1).
func RowsOf(h *Header, count int, first, dist []byte) (Rows, error) {
	n, w := h.Nodes, h.DistKind.Width()
	if len(first) != count*n || len(dist) != count*n*w {
		return Rows{}, fmt.Errorf("row buffers hold %d and %d bytes, want %d and %d for %d rows",
			len(first), len(dist), count*n, count*n*w, count)
	}
	return Rows{n: n, kind: h.DistKind, first: first, dist: dist}, nil
}

// Rows returns all n rows of t, aliasing its payloads: a builder fills a
// table made by New through them. A run-length table has no target rows:
// its Rows hold none. O(1).
func (t *Table) Rows() Rows {
	return Rows{n: t.Nodes, kind: t.DistKind, first: t.first, dist: t.dist}
}

// Len returns the number of rows in the block. O(1).
func (r Rows) Len() int {
	if r.n == 0 {
		return 0
	}
	return len(r.first) / r.n
}

// Row returns row i of the block. O(1).
func (r Rows) Row(i int) Row {
	n, w := r.n, r.kind.Width()
	return Row{
		First: r.first[i*n : (i+1)*n : (i+1)*n],
		Dist:  newDistRow(r.kind, r.dist[i*n*w:(i+1)*n*w:(i+1)*n*w]),
	}
}

// Bytes returns the block's payload bytes, aliased: first moves, then
// distances, row after row, as the file stores them. Shards are written
// out, and tests corrupt tables, through them. O(1).
func (r Rows) Bytes() (first, dist []byte) { return r.first, r.dist }

// Row is one target row: the first move and the distance of every source
// toward one target.
type Row struct {
	// First[s] is the slot of the out-edge of s that starts a shortest
	// path to the row's target, or NoMove. Builders write it directly.
	First []byte
	// Dist holds the row's distances in the table's encoding.
	Dist DistRow
}

// DistRow is one row of distances in one DistKind. Builders write it with
// the Set methods, whose cost is that of storing the bytes; integer kinds
// read back with Int, and DistOctile16 through Octile16. Every method is O(1) unless it says
// otherwise. It is kept to four words, so that the compiler holds a
// DistRow in registers across a loop instead of reloading its fields.
type DistRow struct {
	b     []byte
	width uint8     // bytes per distance: 2, 4 or 8
	class distClass // with width, names the DistKind
}

// distClass is what kind of number a DistKind stores.
type distClass uint8

const (
	classInt distClass = iota
	classOctile
	classFloat
)

func newDistRow(kind DistKind, b []byte) DistRow {
	class := classInt
	switch kind {
	case DistOctile16, DistOctile32:
		class = classOctile
	case DistF64:
		class = classFloat
	}
	return DistRow{b: b, width: uint8(kind.Width()), class: class}
}

// kind returns the DistKind of r.
func (r DistRow) kind() DistKind {
	switch {
	case r.class == classFloat:
		return DistF64
	case r.class == classOctile && r.width == 4:
		return DistOctile16
	case r.class == classOctile:
		return DistOctile32
	case r.width == 2:
		return DistU16
	case r.width == 4:
		return DistU32
	}
	return DistU64
}

// ones is the word of all ones: the stored a of an unreachable octile
// distance, and the whole stored word of an unreachable integer one.
func (r DistRow) ones() uint64 { return ^uint64(0) >> (64 - 8*uint(r.width)) }

// Len returns the number of distances in the row.
func (r DistRow) Len() int { return len(r.b) / int(r.width) }

// word reads the stored little-endian word of column i.
func (r DistRow) word(i int) uint64 {
	switch r.width {
	case 2:
		return uint64(binary.LittleEndian.Uint16(r.b[2*i:]))
	case 4:
		return uint64(binary.LittleEndian.Uint32(r.b[4*i:]))
	}
	return binary.LittleEndian.Uint64(r.b[8*i:])
}

// setWord stores x as the little-endian word of column i.
func (r DistRow) setWord(i int, x uint64) {
	switch r.width {
	case 2:
		binary.LittleEndian.PutUint16(r.b[2*i:], uint16(x))
	case 4:
		binary.LittleEndian.PutUint32(r.b[4*i:], uint32(x))
	default:
		binary.LittleEndian.PutUint64(r.b[8*i:], x)
	}
}

// At returns distance i, and false when it is unreachable.
func (r DistRow) At(i int) (float64, bool) { return r.kind().At(r.b, i) }

// Int returns distance i of an integer kind (DistU16, DistU32, DistU64),
// and false when it is unreachable.
func (r DistRow) Int(i int) (uint64, bool) {
	x := r.word(i)
	return x, x != r.ones()
}

// SetInt stores v, at most r's kind's MaxExact, as distance i of an
// integer kind.
func (r DistRow) SetInt(i int, v uint64) { r.setWord(i, v) }

// SetNone marks distance i unreachable: all ones, +Inf for DistF64.
func (r DistRow) SetNone(i int) {
	x := r.ones()
	if r.class == classFloat {
		x = math.Float64bits(math.Inf(1))
	}
	r.setWord(i, x)
}

// Octile16 returns r as a row of DistOctile16, whose accessors know the
// width, and false for other kinds. Exact octile builders loop over it.
func (r DistRow) Octile16() (Octile16Row, bool) {
	return Octile16Row(r.b), r.class == classOctile && r.width == 4
}

// PutFloats stores a whole row of distances d; d[i] = +Inf marks column i
// unreachable. For octile kinds exact[i] holds the exact cost a + b·√2
// packed as a<<32 | b. Values must fit the kind (see MaxExact). O(n).
func (r DistRow) PutFloats(d []float64, exact []uint64) { r.kind().putRow(r.b, d, exact) }

// Octile16Row is a row of DistOctile16 distances a + b·√2: a, then b, as
// little-endian uint16, and a = 0xFFFF when unreachable. Its methods are
// O(1) and inline.
type Octile16Row []byte

// At returns the parts of distance i, and false when it is unreachable.
func (r Octile16Row) At(i int) (a, b uint64, ok bool) {
	x := binary.LittleEndian.Uint32(r[4*i:])
	return uint64(x & 0xFFFF), uint64(x >> 16), x&0xFFFF != math.MaxUint16
}

// Set stores a + b·√2, each part at most DistOctile16.MaxExact(), as
// distance i.
func (r Octile16Row) Set(i int, a, b uint64) {
	binary.LittleEndian.PutUint32(r[4*i:], uint32(a)|uint32(b)<<16)
}

// SetNone marks distance i unreachable.
func (r Octile16Row) SetNone(i int) { binary.LittleEndian.PutUint32(r[4*i:], math.MaxUint32) }

// Move returns the slot of the first move from s toward target: the index
// of the out-edge of s that starts a shortest path, or NoMove when there is
// none or s == target. The slot may name no edge in a table altered behind
// its checksum; callers check it against Degree. O(1); O(degree of s) on
// a windowed table, which answers NoMove for s outside target's window;
// O(log runs of s's row) on a run-length one.
func (t *Table) Move(s, target int) uint8 {
	if t.runs != nil {
		return t.runs.move(s, target)
	}
	if t.Layout == LayoutWindow {
		return t.windowMove(s, target)
	}
	return t.first[target*t.Nodes+s]
}

// FirstRow returns the first moves of every source toward target, aliased,
// for walking a whole path inside one row: FirstRow(target)[s] is
// Move(s, target). A layout that stores no target rows returns nil, and
// paths walk with Move; flat tables, the only layout so far, always have
// them; windowed and run-length tables do not (lookup walks the latter in
// rank space over RunRows). O(1).
func (t *Table) FirstRow(target int) []byte {
	if t.Layout != LayoutFlat {
		return nil
	}
	n := t.Nodes
	return t.first[target*n : (target+1)*n : (target+1)*n]
}

// DistRowOf returns the distances of every source toward target, aliased,
// and false for a layout that stores no target rows (windowed tables).
// O(1).
func (t *Table) DistRowOf(target int) (DistRow, bool) {
	if t.Layout != LayoutFlat {
		return DistRow{}, false
	}
	n, w := t.Nodes, t.DistKind.Width()
	return newDistRow(t.DistKind, t.dist[target*n*w:(target+1)*n*w:(target+1)*n*w]), true
}

// Distance returns the cost of a shortest path from s to target, and false
// when target cannot be reached from s. O(1); on a windowed table, which
// stores no distances, it walks the confined path (O(path length ×
// degree)) and reports false for s outside target's window as well; on a
// run-length table it walks the path, O(path length × log runs per row),
// exactly on integer and octile levels.
func (t *Table) Distance(s, target int) (float64, bool) {
	if t.runs != nil {
		return t.walkDistance(s, target)
	}
	if t.Layout == LayoutWindow {
		return t.windowDistance(s, target)
	}
	return t.DistKind.At(t.dist, target*t.Nodes+s)
}

// ReachablePairs counts the ordered pairs s != t with a path: every first
// move but the NoMove of unreachable pairs and of s == t. O(n²), one
// vectorised byte count; on a windowed table, the covered pairs with a
// confined path (see WindowPairs); O(runs) on a run-length table.
func (t *Table) ReachablePairs() int64 {
	if t.runs != nil {
		return t.runs.reachable()
	}
	if t.Layout == LayoutWindow {
		_, reachable := t.WindowPairs()
		return reachable
	}
	return int64(len(t.first) - bytes.Count(t.first, []byte{NoMove}))
}

// PayloadBytes returns the bytes t's first moves and distances take: on
// run-length tables, the runs, rows and order, and no distances. O(1).
func (t *Table) PayloadBytes() (first, dist int64) {
	if t.runs != nil {
		return t.runs.fileBytes(), 0
	}
	return int64(len(t.first)), int64(len(t.dist))
}

// Clone returns a copy of t whose payloads can be changed without changing
// t's, as tools that edit a table (and tests that corrupt one) need: a
// decoded table's payloads alias the file's bytes. The header and graph
// arrays are shared. O(n²) on flat tables, O(n + runs) on run-length ones.
func (t *Table) Clone() *Table {
	c := *t
	c.first = bytes.Clone(t.first)
	c.dist = bytes.Clone(t.dist)
	if t.runs != nil {
		c.runs = t.runs.clone()
	}
	return &c
}
