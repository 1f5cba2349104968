// Package table holds first-move tables and their file format: one msgpack
// document with a magic, a format version, a header, little-endian
// payloads as msgpack bin, and a CRC-32C checksum. See docs/FORMAT.md for
// the bytes. A Table is a header, the level's graph, and a Payload: the
// answers in one of three layouts, each a type that owns its bytes, sizes,
// accessors, encoding, decoding and description (layout.go):
//
//   - *Flat (LayoutFlat, flat.go): target-major rows, row t holding for
//     every source s the first move of a shortest path from s to t and its
//     cost, so a whole path walks inside one contiguous row; O(1) Move and
//     Distance.
//   - *Runs (LayoutRuns, runs.go): first moves per source, run-length
//     encoded over the targets in a node order that keeps neighbours
//     close; Move is a binary search in one row and Distance walks the
//     path.
//   - *Window (LayoutWindow, window.go): for every origin, the first moves
//     toward it of the cells in its (2·DELTA+1)² window, 4 bits each.
//
// Table's methods answer through the payload whatever its layout; what a
// caller may ask is what a table can do (AllPairs, Covers, Describe), never
// which layout it has. Every reader (Decode, ReadFrom, Open, CheckFile,
// ReadHeader) is one parser (frame.go, document.go, header.go), so they
// agree on every file. Part files (Part, CheckParts, Join; part.go, and
// each layout's parts in flatpart.go and runspart.go) carry one shard of a
// sharded build.
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

	Metric   string   `msgpack:"metric"`    // "int", "octile" or "float": what the edge costs are, and how a walked distance adds them (CostSum)
	DistKind DistKind `msgpack:"dist_kind"` // how distances are encoded, or, where none are stored, how exactly they add up
	FirstEnc string   `msgpack:"first_enc"` // the layout's first-move encoding; set by New

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
	// another layout. New sets it from the payload.
	Layout Layout `msgpack:"layout,omitempty"`
	// Window is DELTA of a table that covers, for every node, only the
	// cells within DELTA of it (see AllPairs), 0 for a table of all pairs.
	Window int `msgpack:"window,omitempty"`
	// RunCount is the number of run words of a LayoutRuns table (runs.go),
	// 0 otherwise, so that the header alone gives every payload's length.
	RunCount int `msgpack:"runs,omitempty"`
	// Clearance is the side, in cells, of the square agent a grid table
	// is for, when more than one cell: its nodes are the cells (x, y)
	// whose footprint [x, x+K) × [y, y+K) is passable (maps.Footprint).
	// 0, and omitted, for a one-cell agent, so those headers keep their
	// bytes. Agent gives the side either way.
	Clearance int `msgpack:"clearance,omitempty"`
	// RowBytes is the bytes of each row's run count in the rows bin of a
	// run-length grid table that carries its cells (rowcounts.go): 1, 2
	// or 4, the fewest its rows need, set when it is written; 0, and
	// omitted, in every other table.
	RowBytes int `msgpack:"row_bytes,omitempty"`

	// GraphBins is true for a grid table read from, or to be written as, a
	// document of its layout's older version (1 or 2), which carries the
	// graph's bins; false, a grid table's file carries its cells instead
	// (VersionCells). It is no header key: the version says it. Graph
	// tables always carry their graph.
	GraphBins bool `msgpack:"-"`
}

// Agent returns the side, in cells, of the square agent a table is for:
// Clearance, or 1 when it is 0. O(1).
func (h *Header) Agent() int { return max(h.Clearance, 1) }

// FormatVersion is the format version a file of this header carries:
// VersionCells for a grid table that carries its cells (GraphBins false);
// otherwise its layout's, Version for flat tables and VersionLayout for
// any other layout. O(1).
func (h *Header) FormatVersion() int {
	if h.carriesCells() {
		return VersionCells
	}
	if l, err := layoutOf(h.Layout); err == nil {
		return l.version()
	}
	return VersionLayout
}

// PayloadSize returns the bytes the payloads of a table of header h take:
// the bulk of both the file and the memory of a loaded table, within the
// layout's limits (a run-length header whose runs are not counted yet gives
// the least its table takes). O(1).
func (h *Header) PayloadSize() (int64, error) {
	l, err := layoutOf(h.Layout)
	if err != nil {
		return 0, err
	}
	if h.DistKind.Width() == 0 {
		return 0, fmt.Errorf("unknown distance encoding %q", h.DistKind)
	}
	return l.size(h)
}

// PayloadSize is Header.PayloadSize for t's own payload: a run-length
// table that carries its cells counts the row counts it will be written
// with (Header.RowBytes, which only its file holds). O(n) for such a
// table, else O(1).
func (t *Table) PayloadSize() (int64, error) {
	h := t.Header
	h.RowBytes = t.payload.rowBytes(t)
	return h.PayloadSize()
}

// DistBytes returns the bytes of stored distances in a table of header h:
// the part of PayloadSize that is not first moves. O(1).
func (h *Header) DistBytes() int64 {
	if l, err := layoutOf(h.Layout); err == nil {
		return l.distBytes(h)
	}
	return 0
}

// LayoutKey returns the options of h's layout as one line, "" for flat
// tables ("window DELTA", "layout runs"): what an input hash adds for the
// layout (build.InputHash). O(1).
func (h *Header) LayoutKey() string {
	if l, err := layoutOf(h.Layout); err == nil {
		return l.key(h)
	}
	return ""
}

// AllPairs reports whether a table of header h answers every ordered pair
// (s, t): true but for a table that covers windows, which answers a pair
// only when s lies within Window cells of t in x and y, along paths that
// never leave that window (Covers). O(1).
func (h *Header) AllPairs() bool { return h.Window == 0 }

// Table is a loaded or freshly built table: a header, the level's graph
// (CSR arrays and node geometry) and the payload of its layout. Its slices
// may alias the bytes it was decoded from; treat them as read-only.
type Table struct {
	Header

	Offsets []int32   // CSR out-edges: node u's are Targets[Offsets[u]:Offsets[u+1]]
	Targets []int32   // head of each edge
	Weights []float64 // cost of each edge
	Cells   []int32   // grid cell (y*Width+x) of each node, nil for graphs
	X, Y    []float64 // graph node coordinates, nil when absent

	payload Payload
	boxes   *boxCache  // open-box wildcards' OpenBoxes, for a table with them (boxes.go)
	comps   *compCache // each rank's component, for a table whose rows cover theirs (components.go)
	jumps   *jumpCache // each node's JumpMasks, for a table whose rows store J (jump.go)
}

// New returns a table of header h whose answers p holds (made by NewFlat,
// NewRuns or NewWindow for h), with h's layout fields (Layout, FirstEnc,
// RunCount, Window) set from p. The caller sets the graph arrays. O(1).
func New(h Header, p Payload) (*Table, error) {
	p.header(&h)
	if _, err := h.PayloadSize(); err != nil {
		return nil, err
	}
	if err := p.layout().check(&h); err != nil {
		return nil, err
	}
	t := &Table{Header: h, payload: p}
	if h.RunBoxes() {
		t.boxes = &boxCache{}
	}
	if h.RunComps() {
		t.comps = &compCache{}
	}
	if h.RunJumps() {
		t.jumps = &jumpCache{}
	}
	return t, nil
}

// Payload returns t's payload, aliased: *Flat, *Runs or *Window. O(1).
func (t *Table) Payload() Payload { return t.payload }

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

// Move returns the slot of the first move from s toward target: the index
// of the out-edge of s that starts a shortest path, or NoMove when there is
// none, s == target, or t does not cover the pair. The slot may name no
// edge in a table altered behind its checksum; callers check it against
// Degree. O(1) on flat tables; O(log runs of s's row) on run-length ones;
// O(degree of s) on windowed ones.
func (t *Table) Move(s, target int) uint8 { return t.payload.move(t, s, target) }

// Distance returns the cost of a shortest path from s to target, and false
// when target cannot be reached from s (or t does not cover the pair). O(1)
// on flat tables; a table that stores no distances walks the path and adds
// up its edge costs as CostSum does, exactly on integer and octile levels:
// O(path length × log runs per row) on run-length tables, O(path length ×
// degree) on windowed ones.
func (t *Table) Distance(s, target int) (float64, bool) { return t.payload.distance(t, s, target) }

// ReachablePairs counts the ordered pairs s != t with a path: on a flat
// table, every first move but the NoMove of unreachable pairs and of s ==
// t, one vectorised byte count (O(n²)); O(runs) on a run-length table; the
// covered pairs with a confined path on a windowed one (see WindowPairs).
func (t *Table) ReachablePairs() int64 { return t.payload.reachable(t) }

// CoveredPairs counts the ordered pairs t answers, itself with itself
// included: all n² of a table of all pairs, those within one another's
// window of one that covers windows. O(1), or O(W·H + V·WindowBlockBytes)
// for windows.
func (t *Table) CoveredPairs() int64 { return t.payload.covered(t) }

// Covers reports whether t answers the pair (s, target): always on a table
// of all pairs; when s lies within Window cells of target in x and y on a
// table that covers windows. Both must be nodes. O(1).
func (t *Table) Covers(s, target int) bool {
	if t.AllPairs() {
		return true
	}
	sx, sy := t.xy(s)
	tx, ty := t.xy(target)
	_, ok := InWindow(t.Window, sx, sy, tx, ty)
	return ok
}

// xy returns the grid position of node u.
func (t *Table) xy(u int) (x, y int) {
	c := int(t.Cells[u])
	return c % t.Width, c / t.Width
}

// PayloadBytes returns the bytes t's first moves and distances take in
// its file. O(1).
func (t *Table) PayloadBytes() (first, dist int64) { return t.payload.bytes(t) }

// Clone returns a copy of t whose payload can be changed without changing
// t's, as tools that edit a table (and tests that corrupt one) need: a
// decoded table's payloads alias the file's bytes. The header and graph
// arrays are shared. O(payload size).
func (t *Table) Clone() *Table {
	c := *t
	c.payload = t.payload.clone()
	return &c
}
