package table

import (
	"errors"
	"fmt"

	"github.com/pathtable/pathtable/internal/csr"
	"github.com/pathtable/pathtable/internal/quote"
)

// Errors a decoder returns, for errors.Is.
var (
	ErrNotTable  = errors.New("not a pathtable table (bad magic)")
	ErrVersion   = errors.New("unsupported table format version")
	ErrTruncated = errors.New("truncated table")
	ErrChecksum  = errors.New("table checksum mismatch (file corrupt)")
	ErrCorrupt   = errors.New("corrupt table")
)

// Decode reads a table from data without copying the big payloads: the
// payloads (first moves and distances of flat tables, the order, rows and
// run words of run-length ones, the blocks of windowed ones) alias data,
// which must not change afterwards. Every declared length is checked
// against the bytes that remain before it is used, the checksum is
// verified, and the header and graph are validated, so a corrupt or
// hostile file gives an error, never a panic or an allocation larger than
// data. Time is O(len(data)) for the checksum plus O(V + E).
func Decode(data []byte) (*Table, error) {
	return readTable(memReader(data))
}

// readTable reads a whole table document from rd and makes the table of
// its bins.
func readTable(rd *reader) (*Table, error) {
	var h Header
	_, bins, err := readDocument(rd, tableDoc(&h), toEnd)
	if err != nil {
		return nil, err
	}
	t := &Table{Header: h}
	if err := t.setBins(&h, 0, h.Nodes, bins); err != nil {
		return nil, err
	}
	// How the rows bin was laid out is the file's: WriteTo sets it anew.
	t.RowBytes = 0
	return t, nil
}

// setBins sets t's graph and payload from a document's bins after the
// header, their lengths checked, aliased, and validates them: rows rows
// from from on of a table of header h (t's own, or a part's with its runs
// counted). t's Header must be set, for the graph's checks. O(V + E + n).
func (t *Table) setBins(h *Header, from, rows int, bins [][]byte) error {
	k, err := t.decodeLevel(bins)
	if err != nil {
		return err
	}
	l, err := layoutOf(h.Layout)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	p, err := l.decode(h, from, rows, bins[k:])
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if h.RunSymbols() {
		if err := t.checkSymbolGraph(); err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
	}
	t.payload = p
	if h.RunComps() {
		if err := t.checkComponents(); err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
	}
	if h.RunBoxes() && t.carriesCells() {
		t.boxes = &boxCache{}
		t.openBoxes() // at load, so that no query pays for it
	}
	if h.RunJumps() && t.carriesCells() {
		t.jumps = &jumpCache{}
		t.jumpMasks()
	}
	return nil
}

// tableDoc is the kind of table documents, whose header it decodes into h.
func tableDoc(h *Header) docKind {
	return docKind{
		magic:   tableMagic,
		notDoc:  ErrNotTable,
		version: checkVersion,
		shapes: func(version uint64) []int64 {
			if version == VersionCells {
				return shapesOf(true, func(layout) bool { return true })
			}
			return shapesOf(false, func(l layout) bool { return uint64(l.version()) == version })
		},
		header: func(b []byte, version uint64, n int64) (docHead, error) {
			if err := decodeHeader(b, h); err != nil {
				return docHead{}, err
			}
			if err := h.validate(); err != nil {
				return docHead{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			l, _ := layoutOf(h.Layout) // validated
			h.GraphBins = h.Kind == KindGrid && version != VersionCells
			if err := h.checkSymbols(); err != nil {
				return docHead{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			if err := h.checkRowBytes(); err != nil {
				return docHead{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			switch {
			case version == VersionCells && h.Kind != KindGrid:
				return docHead{}, fmt.Errorf("%w: a table of kind %q in a version %d document, which only grids have", ErrCorrupt, h.Kind, version)
			case version != VersionCells && l.version() != int(version):
				return docHead{}, fmt.Errorf("%w: layout %q in a version %d document", ErrCorrupt, h.Layout, version)
			}
			if want := docLen(l, h.carriesCells()); n != want {
				return docHead{}, fmt.Errorf("%w: a table of layout %q takes %d elements, the document has %d", ErrCorrupt, h.Layout, want, n)
			}
			return h.docHead(l, h.carriesCells(), h.Nodes,
				fmt.Sprintf("the header's %d nodes and %d edges", h.Nodes, h.Edges),
				fmt.Sprintf("for %d nodes and %d edges", h.Nodes, h.Edges)), nil
		},
	}
}

// docHead returns the names and lengths of the bins after the header of a
// document of layout l holding rows rows of a table of header h, carrying
// the level's cells or its graph as cells says.
func (h *Header) docHead(l layout, cells bool, rows int, whose, forWhat string) docHead {
	d := docHead{names: binNames(l, cells)[1:], whose: whose, forWhat: forWhat, derived: h.derivedBytes(cells)}
	if cells {
		d.lens, d.keep, d.empty, d.emptyN = h.cellLens(), []bool{true, true}, 1, 1
	} else {
		d.lens, d.keep, d.empty, d.emptyN = h.graphLens(), []bool{true, true, true, true, true, true}, xBin, 2
	}
	d.lens = append(d.lens, l.binLens(h, rows)...)
	d.keep = append(d.keep, l.checked(h)...)
	return d
}

// decodeLevel sets t's graph from the bins that describe the level, the
// graph's or (a table of header t.Header that carries cells) the cells',
// and returns how many they are. O(W·H + V + E).
func (t *Table) decodeLevel(bins [][]byte) (int, error) {
	k, costs := graphBins, 0
	var err error
	if t.carriesCells() {
		k, costs, err = cellBins, len(bins[1]), t.decodeCells(bins[:cellBins])
	} else {
		err = t.decodeGraph(bins[:graphBins])
	}
	if err == nil && t.RunBoxes() {
		if err = t.checkBoxLevel(costs); err != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
	}
	return k, err
}

// checkBins checks what setBins checks of the bins a toCheck read kept:
// the graph and the payload bins the layout validates. O(V + E + n).
func checkBins(h *Header, from, rows int, bins [][]byte) error {
	t := Table{Header: *h}
	k, err := t.decodeLevel(bins)
	if err != nil {
		return err
	}
	l, err := layoutOf(h.Layout)
	if err == nil {
		err = l.validate(h, from, rows, bins[k:])
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

// tableMagic accepts a table's magic, and says what a part's is.
func tableMagic(magic string) error {
	switch magic {
	case Magic:
		return nil
	case PartMagic:
		return ErrPart
	}
	return ErrNotTable
}

// checkVersion accepts the format versions this build reads.
func checkVersion(version uint64) error {
	if version != Version && version != VersionLayout && version != VersionCells {
		return fmt.Errorf("%w %d (this build reads %d, %d and %d)", ErrVersion, version, Version, VersionLayout, VersionCells)
	}
	return nil
}

// validate checks the header's fields against each other and against
// docs/FORMAT.md's rules: the layout's own fields and limits; the edge
// count; a grid's size, movement model and no names; a graph's distinct
// names, one per node, and no grid fields; a metric the distance encoding
// can hold.
func (h *Header) validate() error {
	l, err := layoutOf(h.Layout)
	if err != nil {
		return err
	}
	if _, err := h.PayloadSize(); err != nil {
		return err
	}
	if err := l.check(h); err != nil {
		return err
	}
	if h.Edges < 0 || int64(h.Edges) > int64(h.Nodes)*MaxDegree {
		return fmt.Errorf("%d edges for %d nodes", h.Edges, h.Nodes)
	}
	if err := h.checkMetric(); err != nil {
		return err
	}
	switch h.Kind {
	case KindGrid:
		return h.checkGrid()
	case KindGraph:
		return h.checkGraph()
	}
	return fmt.Errorf("unknown kind %q", h.Kind)
}

// checkGrid checks a grid table's fields: its size, movement model,
// clearance and no names. O(1).
func (h *Header) checkGrid() error {
	if h.Width <= 0 || h.Height <= 0 || h.Width > csr.MaxCells || h.Height > csr.MaxCells || int64(h.Width)*int64(h.Height) > csr.MaxCells {
		return fmt.Errorf("grid size %dx%d", h.Width, h.Height)
	}
	if h.Names != nil {
		return fmt.Errorf("grid table has node names")
	}
	if h.Connect != 4 && h.Connect != 8 {
		return fmt.Errorf("grid connectivity %d, want 4 or 8", h.Connect)
	}
	if h.Diagonal != "sqrt2" && h.Diagonal != "10/14" {
		return fmt.Errorf("grid diagonal %q, want %q or %q", h.Diagonal, "sqrt2", "10/14")
	}
	if h.Clearance == 1 || h.Clearance > min(h.Width, h.Height) {
		return fmt.Errorf("clearance %d on a %dx%d grid, want 2 to the grid's side (or none)", h.Clearance, h.Width, h.Height)
	}
	return nil
}

// checkGraph checks a graph table's fields: no grid fields, and distinct
// names, one per node. O(V).
func (h *Header) checkGraph() error {
	if h.Width != 0 || h.Height != 0 || h.Connect != 0 || h.Diagonal != "" || h.Clearance != 0 {
		return fmt.Errorf("graph table has grid fields (width %d, height %d, connect %d, diagonal %q, clearance %d)", h.Width, h.Height, h.Connect, h.Diagonal, h.Clearance)
	}
	if len(h.Names) != h.Nodes {
		return fmt.Errorf("graph table names %d of %d nodes", len(h.Names), h.Nodes)
	}
	seen := make(map[string]int, len(h.Names))
	for u, id := range h.Names {
		if v, dup := seen[id]; dup {
			return fmt.Errorf("nodes %d and %d have the same name %s", v, u, quote.String(id))
		}
		seen[id] = u
	}
	return nil
}

// checkMetric accepts the metrics and the distance encodings that can
// hold their distances: integer encodings for "int", octile ones or f64
// for "octile", f64 for "float".
func (h *Header) checkMetric() error {
	ok := false
	switch h.Metric {
	case "int":
		ok = h.DistKind == DistU16 || h.DistKind == DistU32 || h.DistKind == DistU64
	case "octile":
		ok = h.DistKind == DistOctile16 || h.DistKind == DistOctile32 || h.DistKind == DistF64
	case "float":
		ok = h.DistKind == DistF64
	default:
		return fmt.Errorf("unknown metric %q", h.Metric)
	}
	if !ok {
		return fmt.Errorf("metric %q with distance encoding %q", h.Metric, h.DistKind)
	}
	return nil
}
