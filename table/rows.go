package table

import (
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
