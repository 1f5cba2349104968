// Package table holds first-move tables and their file format: one msgpack
// document with a magic, a format version, a header, little-endian
// payloads as msgpack bin, and a CRC-32C checksum. See docs/FORMAT.md for
// the bytes. It owns every byte of three layouts behind one set of
// accessors (Move, Distance, FirstRow, ReachablePairs, PayloadBytes):
//
//   - flat (LayoutFlat): target-major rows, row t holding for every source
//     s the first move of a shortest path from s to t and its cost, so a
//     whole path walks inside one contiguous row; O(1) Move and Distance.
//   - run-length (LayoutRuns): first moves per source, run-length encoded
//     over the targets in a node order that keeps neighbours close; Move
//     is a binary search in one row and Distance walks the path.
//   - windowed (LayoutWindow): for every origin, the first moves toward it
//     of the cells in its (2·DELTA+1)² window, 4 bits each.
//
// Part files (Part, CheckParts, Join) carry one shard of a sharded build.
//
// Package table knows tables and bytes only; it imports neither the level
// loaders nor the builder.
package table

import (
	"fmt"
	"math"
)

// Magic opens every table file; Version is the format version of flat
// tables (see VersionLayout for the others).
const (
	Magic   = "PATHTABL"
	Version = 1
)

// FirstU8 is the first-move encoding of flat tables: one byte per pair,
// NoMove when none.
const FirstU8 = "u8"

// NoMove is the first-move entry of a pair with no path, and of s == t.
const NoMove = 0xFF

// MaxDegree is the largest out-degree a one-byte first move can address.
const MaxDegree = 254

// Kind says how nodes are named.
type Kind string

const (
	KindGrid  Kind = "grid"  // nodes are passable cells, named "x,y"
	KindGraph Kind = "graph" // nodes are named by Header.Names
)

// Header describes a table: everything but the big arrays.
type Header struct {
	Kind   Kind     `msgpack:"kind"`
	Nodes  int      `msgpack:"nodes"`
	Edges  int      `msgpack:"edges"`
	Width  int      `msgpack:"width"`  // grid width in cells, 0 for graphs
	Height int      `msgpack:"height"` // grid height in cells, 0 for graphs
	Names  []string `msgpack:"names"`  // node ids of a graph, nil for grids

	Metric   string   `msgpack:"metric"`    // "int", "octile" or "float": how edge costs add up
	DistKind DistKind `msgpack:"dist_kind"` // how the distance payload is encoded
	FirstEnc string   `msgpack:"first_enc"` // FirstU8; set by New

	// Model is the grid movement model ("8-connected, sqrt2 diagonals, no
	// corner cutting"); Connect and Diagonal are its parts, as build flags.
	Model    string `msgpack:"model"`
	Connect  int    `msgpack:"connect"`
	Diagonal string `msgpack:"diagonal"`

	Source    string `msgpack:"source"`     // base name of the level file
	Format    string `msgpack:"format"`     // level format: map, grid, gr, json
	InputHash string `msgpack:"input_hash"` // hex SHA-256 of the level bytes and the options

	// Layout names how the payloads are stored: LayoutFlat (omitted, so
	// flat headers keep their version 1 bytes) or, in a version 2 file,
	// another layout such as LayoutWindow.
	Layout Layout `msgpack:"layout,omitempty"`
	// Window is DELTA of a LayoutWindow table (see window.go), 0 otherwise.
	Window int `msgpack:"window,omitempty"`
	// RunCount is the number of run words of a LayoutRuns table (runs.go),
	// 0 otherwise, so that the header alone gives every payload's length.
	RunCount int `msgpack:"runs,omitempty"`
}

// Layout names a table's payload layout.
type Layout string

const (
	// LayoutFlat is the all-pairs layout: target rows of first moves and
	// distances (rows.go). Its files are format Version.
	LayoutFlat Layout = ""
	// LayoutWindow is the windowed layout (window.go). Its files are
	// format VersionLayout.
	LayoutWindow Layout = "window"
	// LayoutRuns stores, per source, the first moves toward every target
	// run-length encoded over the targets in a spatially coherent node
	// order, and no distances: a first move is a binary search in one
	// row, a distance a walk along the path (runs.go). Its files are
	// format VersionLayout.
	LayoutRuns Layout = "runs"
)

// VersionLayout is the format version of every table whose layout is not
// LayoutFlat; the header's Layout field names which.
const VersionLayout = 2

// FormatVersion is the format version a file of this header carries:
// Version for flat tables, VersionLayout for any other layout. O(1).
func (h *Header) FormatVersion() int {
	if h.Layout == LayoutFlat {
		return Version
	}
	return VersionLayout
}

// Table is a loaded or freshly built table. Its slices may alias the bytes
// it was decoded from; treat them as read-only. The n² payloads are read
// through Move, FirstRow, Distance and Rows (rows.go), never indexed by
// callers, so that their layout is this package's alone.
type Table struct {
	Header

	Offsets []int32   // CSR out-edges: node u's are Targets[Offsets[u]:Offsets[u+1]]
	Targets []int32   // head of each edge
	Weights []float64 // cost of each edge
	Cells   []int32   // grid cell (y*Width+x) of each node, nil for graphs
	X, Y    []float64 // graph node coordinates, nil when absent

	// first holds n*n first moves, row t (target) at first[t*n:(t+1)*n]:
	// first[t*n+s] is the slot of the out-edge of s that starts a shortest
	// path to t, or NoMove.
	first []byte
	// dist holds n*n distances, row-major like first, each
	// DistKind.Width() bytes, little-endian.
	dist []byte

	// runs is the payload of LayoutRuns tables (runs.go), whose first
	// and dist are nil; nil in flat tables.
	runs *RunRows
}

// New returns a flat table for h with zeroed payloads of the right size,
// for a builder to fill row by row through Rows. It sets h's FirstEnc. The
// caller sets the CSR and node arrays. It allocates n² (1 +
// DistKind.Width()) bytes.
func New(h Header) (*Table, error) {
	if _, err := h.PayloadSize(); err != nil {
		return nil, err
	}
	n := h.Nodes
	t := &Table{Header: h}
	t.FirstEnc = FirstU8
	t.first = make([]byte, n*n)
	t.dist = make([]byte, n*n*h.DistKind.Width())
	return t, nil
}

// PayloadSize returns the bytes the first-move and distance payloads of h
// take: the bulk of both the file and the memory of a loaded table. O(1).
func (h *Header) PayloadSize() (int64, error) {
	switch h.Layout {
	case LayoutFlat:
	case LayoutWindow:
		return h.windowPayloadSize()
	case LayoutRuns:
		return h.runsPayloadSize()
	default:
		return 0, fmt.Errorf("unknown layout %q", h.Layout)
	}
	w := h.DistKind.Width()
	if w == 0 {
		return 0, fmt.Errorf("unknown distance encoding %q", h.DistKind)
	}
	if err := checkPayloads(h.Nodes, w); err != nil {
		return 0, err
	}
	n := int64(h.Nodes)
	return n * n * int64(1+w), nil
}

// Degree returns the out-degree of node u. O(1).
func (t *Table) Degree(u int) int { return int(t.Offsets[u+1] - t.Offsets[u]) }

// EdgeCost returns the cost of the cheapest edge u→v of the table's level,
// and false when there is none; the same answer as maps.Graph.EdgeCost on
// the level the table was built from. O(degree of u).
func (t *Table) EdgeCost(u, v int) (float64, bool) {
	best, ok := math.Inf(1), false
	for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
		if int(t.Targets[e]) == v && t.Weights[e] < best {
			best, ok = t.Weights[e], true
		}
	}
	return best, ok
}

// Unreachable is the distance reported for pairs with no path.
var Unreachable = math.Inf(1)
