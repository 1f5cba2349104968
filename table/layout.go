package table

import "fmt"

// Layout names how a table's answers are stored: the header's `layout`
// field. Each layout is one type that owns its payloads (Payload's
// implementations *Flat, *Runs and *Window) and one set of rules about its
// header and bins (layout), chosen once, when a table is built or decoded;
// nothing else in this package asks which layout a table has. A new layout
// is its own files and one entry in layouts.
type Layout string

const (
	// LayoutFlat is the all-pairs layout: target rows of first moves and
	// distances (flat.go). Its files are format Version.
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

// A Payload is a table's answers in one layout: *Flat, *Runs or *Window.
// Table's methods (Move, Distance, ReachablePairs, ...) answer through it
// whatever the layout; a reader that walks many paths picks a walker for
// its concrete type once, as package lookup does.
type Payload interface {
	layout() layout
	// header sets the header fields the payload decides: Layout,
	// FirstEnc, RunCount and Window.
	header(h *Header)
	// move, distance, reachable and covered are Table's Move, Distance,
	// ReachablePairs and CoveredPairs.
	move(t *Table, s, target int) uint8
	distance(t *Table, s, target int) (float64, bool)
	reachable(t *Table) int64
	covered(t *Table) int64
	// bytes is PayloadBytes: what the payload takes in t's file. bins
	// are the payload's bins in document order, aliased, as a part holds
	// them.
	bytes(t *Table) (first, dist int64)
	bins() [][]byte
	// stored is the payload that t's document holds: the payload itself,
	// or where t's format cannot carry some of its encodings, a payload
	// with the same answers without them.
	stored(t *Table) (Payload, error)
	// rowBytes is the header's RowBytes in t's document: the bytes of a
	// row's run count where the payload stores counts there, else 0.
	rowBytes(t *Table) int
	// fileBins are bins as a document of header h stores them, h.RowBytes
	// set by rowBytes.
	fileBins(h *Header) ([][]byte, error)
	clone() Payload
	// describe is Describe.
	describe(t *Table, fileBytes int64) Description
}

// A layout is the rules of one layout that follow from a header alone:
// its format version, its bins and their lengths, the limits and header
// fields it owns, and how its payload decodes. layoutOf picks it.
type layout interface {
	name() Layout
	version() int
	// binNames names the payload's bins, which follow the graph's.
	binNames() []string
	// binLens returns their lengths for rows rows (of h.Nodes for a
	// table; a part holds fewer) of a table of header h, whose fields
	// layoutOf's caller has checked with check.
	binLens(h *Header, rows int) []int64
	// size is PayloadSize: the payloads' bytes, within the layout's
	// limits.
	size(h *Header) (int64, error)
	// distBytes is the part of size that is stored distances.
	distBytes(h *Header) int64
	// check checks the header fields the layout owns (FirstEnc, Window,
	// RunCount) beyond size's limits.
	check(h *Header) error
	// decode makes the payload of rows from..from+rows-1 from its bins,
	// whose lengths binLens gave, aliasing them, and validates what
	// queries index by. O(n + bins) at most.
	decode(h *Header, from, rows int, bins [][]byte) (Payload, error)
	// checked says which payload bins decode validates (the others are
	// checked where they are used), and validate checks them as decode
	// does, the others nil: what CheckFile holds and checks.
	checked(h *Header) []bool
	validate(h *Header, from, rows int, bins [][]byte) error
	// key is the layout's options as one line, "" for flat tables: what
	// an input hash adds for the layout (see build.InputHash).
	key(h *Header) string
	// partEncs are the first-move encodings the layout's parts may have,
	// the plain one first, none for a layout that is not built in parts.
	partEncs() []string
	// fromParts sets, in the header h of a table built in parts whose
	// parts hold runs run words in all, what the layout counts of them.
	fromParts(h *Header, runs int64) error
	// joiner starts joining parts into a table of header h, or returns
	// nil for a layout that is not built in parts.
	joiner(h *Header) joiner
}

// layouts are every layout this package reads: the one place a layout is
// registered. layoutOf finds a header's among them, and the document
// shapes a version allows are theirs.
var layouts = []layout{flatLayout{}, runsLayout{}, windowLayout{}, hierarchyLayout{}}

// layoutOf returns the rules of layout l: the one place a layout's name
// becomes its type. O(layouts).
func layoutOf(l Layout) (layout, error) {
	for _, x := range layouts {
		if x.name() == l {
			return x, nil
		}
	}
	return nil, fmt.Errorf("unknown layout %q", l)
}

// A joiner appends the payloads of a table's parts, in index order, each
// checked against the rows it claims, and makes the table's payload of
// them (see PartSet.Join).
type joiner interface {
	add(p *Part) error
	done(h *Header) (Payload, error)
}

// Description is what reports say of a table's layout and coverage: the
// lines `pathtable info` prints for them (a label and its text), and the
// figures its -json adds. Figures a layout has not are 0.
type Description struct {
	Lines []DescLine
	// Layout is the header's layout name ("" for flat tables).
	Layout Layout
	// Window is DELTA of a table that covers windows.
	Window int
	// Runs counts a run-length table's runs.
	Runs int
	// BytesPerNode, BytesPerCoveredPair and FirstBytesPerNode are the
	// file's bytes per node and per covered pair, and the first moves'
	// bytes per node, where the layout reports them.
	BytesPerNode, BytesPerCoveredPair, FirstBytesPerNode float64
}

// DescLine is one labelled line of a Description.
type DescLine struct{ Label, Text string }

// Describe returns what reports say of t's layout, for a file of
// fileBytes bytes. It counts pairs: O(CoveredPairs + ReachablePairs).
func (t *Table) Describe(fileBytes int64) Description {
	d := t.payload.describe(t, fileBytes)
	d.Layout = t.Layout
	return d
}

// perNode is b per node of t, for descriptions.
func (t *Table) perNode(b int64) float64 { return float64(b) / float64(max(t.Nodes, 1)) }

// pairsLine is the Description line of a table of all pairs.
func (t *Table) pairsLine() DescLine {
	return DescLine{"pairs", fmt.Sprintf("%d (%d reachable, s != t)", t.CoveredPairs(), t.ReachablePairs())}
}

// unused refuses a window or runs field in a header whose layout has none
// (window, runs: whether it has them).
func unused(h *Header, window, runs bool) error {
	if !window && h.Window != 0 {
		return fmt.Errorf("window %d in a table of layout %q", h.Window, h.Layout)
	}
	if !runs && h.RunCount != 0 {
		return fmt.Errorf("%d runs in a table of layout %q", h.RunCount, h.Layout)
	}
	return nil
}
