package table

import (
	"bytes"
	"fmt"
)

// FirstU8 is the first-move encoding of flat tables: one byte per pair,
// NoMove when none.
const FirstU8 = "u8"

// Flat is the payload of a flat table (LayoutFlat): n target rows, row t
// holding for every source s its first move toward t (first[t*n+s]: the
// slot of the out-edge of s that starts a shortest path to t, or NoMove)
// and its distance (DistKind.Width() bytes, little-endian, in the same
// order). A part holds rows of a range of targets only.
type Flat struct {
	n     int // columns: the nodes
	kind  DistKind
	first []byte
	dist  []byte
}

// NewFlat returns the zeroed payload of a flat table of header h (its
// Nodes and DistKind), for a builder to fill row by row through Rows; New
// makes the table of it. It allocates n²·(1 + DistKind.Width()) bytes.
func NewFlat(h Header) (*Flat, error) {
	h.Layout = LayoutFlat
	if _, err := h.PayloadSize(); err != nil {
		return nil, err
	}
	n, w := h.Nodes, h.DistKind.Width()
	return &Flat{n: n, kind: h.DistKind, first: make([]byte, n*n), dist: make([]byte, n*n*w)}, nil
}

// Rows returns all of f's rows, aliasing its payloads: a builder fills a
// table through them. O(1).
func (f *Flat) Rows() Rows { return Rows{n: f.n, kind: f.kind, first: f.first, dist: f.dist} }

// FirstRow returns the first moves of every source toward target, aliased,
// for walking a whole path inside one row: FirstRow(target)[s] is the
// table's Move(s, target). O(1).
func (f *Flat) FirstRow(target int) []byte {
	n := f.n
	return f.first[target*n : (target+1)*n : (target+1)*n]
}

// DistRow returns the distances of every source toward target, aliased.
// O(1).
func (f *Flat) DistRow(target int) DistRow {
	n, w := f.n, f.kind.Width()
	return newDistRow(f.kind, f.dist[target*n*w:(target+1)*n*w:(target+1)*n*w])
}

// Move returns the first move from s toward target: FirstRow(target)[s].
// O(1).
func (f *Flat) Move(s, target int) uint8 { return f.first[target*f.n+s] }

// Distance returns the stored distance from s to target, and false when
// there is no path. O(1).
func (f *Flat) Distance(s, target int) (float64, bool) { return f.kind.At(f.dist, target*f.n+s) }

func (f *Flat) layout() layout { return flatLayout{} }

func (f *Flat) header(h *Header) {
	h.Layout, h.FirstEnc, h.RunCount, h.Window = LayoutFlat, FirstU8, 0, 0
}

func (f *Flat) move(t *Table, s, target int) uint8 { return f.Move(s, target) }

func (f *Flat) distance(t *Table, s, target int) (float64, bool) { return f.Distance(s, target) }

func (f *Flat) reachable(*Table) int64 {
	return int64(len(f.first) - bytes.Count(f.first, []byte{NoMove}))
}

func (f *Flat) covered(*Table) int64 { return int64(f.n) * int64(f.n) }

func (f *Flat) bytes(*Table) (first, dist int64) { return int64(len(f.first)), int64(len(f.dist)) }

func (f *Flat) stored(*Table) (Payload, error) { return f, nil }

func (f *Flat) rowBytes(*Table) int { return 0 }

func (f *Flat) fileBins(*Header) ([][]byte, error) { return f.bins(), nil }

func (f *Flat) bins() [][]byte { return [][]byte{f.first, f.dist} }

func (f *Flat) clone() Payload {
	c := *f
	c.first, c.dist = bytes.Clone(f.first), bytes.Clone(f.dist)
	return &c
}

func (f *Flat) describe(t *Table, fileBytes int64) Description {
	return Description{Lines: []DescLine{t.pairsLine()}}
}

// flatLayout is the rules of LayoutFlat.
type flatLayout struct{}

func (flatLayout) name() Layout       { return LayoutFlat }
func (flatLayout) version() int       { return Version }
func (flatLayout) binNames() []string { return []string{"first", "dist"} }

func (flatLayout) binLens(h *Header, rows int) []int64 {
	n, r := int64(h.Nodes), int64(rows)
	return []int64{r * n, r * n * int64(h.DistKind.Width())}
}

func (flatLayout) size(h *Header) (int64, error) {
	w := h.DistKind.Width()
	if err := checkPayloads(h.Nodes, w); err != nil {
		return 0, err
	}
	n := int64(h.Nodes)
	return n * n * int64(1+w), nil
}

func (flatLayout) distBytes(h *Header) int64 {
	n := int64(h.Nodes)
	return n * n * int64(h.DistKind.Width())
}

func (flatLayout) check(h *Header) error {
	if h.FirstEnc != FirstU8 {
		return fmt.Errorf("unknown first-move encoding %q", h.FirstEnc)
	}
	return unused(h, false, false)
}

func (flatLayout) decode(h *Header, from, rows int, bins [][]byte) (Payload, error) {
	return &Flat{n: h.Nodes, kind: h.DistKind, first: bins[0], dist: bins[1]}, nil
}

func (flatLayout) checked(*Header) []bool { return []bool{false, false} }

func (flatLayout) validate(*Header, int, int, [][]byte) error { return nil }

func (flatLayout) key(*Header) string { return "" }

func (flatLayout) partEncs() []string { return []string{FirstU8} }

func (flatLayout) fromParts(*Header, int64) error { return nil }

func (flatLayout) joiner(h *Header) joiner {
	n := int64(h.Nodes)
	return &flatJoin{f: Flat{n: h.Nodes, kind: h.DistKind,
		first: make([]byte, 0, n*n), dist: make([]byte, 0, n*n*int64(h.DistKind.Width()))}}
}
