package table

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/internal/regular"
)

// A part is one of k pieces of a table built apart (a sharded build):
// the rows of a contiguous range of sources (run-length tables) or
// targets (flat tables), with everything needed to check that k parts
// belong together and to join them (JoinParts) into the bytes a one-shot
// build writes. A part file is not a table: it opens with PartMagic, so
// Open and Decode refuse it with ErrPart. docs/FORMAT.md ("Part files")
// gives the bytes.

// PartMagic opens every part file; PartVersion is the part format's
// version.
const (
	PartMagic   = "PATHPART"
	PartVersion = 1
)

// MaxShards is the most parts a table may be built in.
const MaxShards = 1 << 20

// Errors about parts, for errors.Is.
var (
	ErrPart    = errors.New("a part of a sharded build, not a table: join the parts with pathtable merge")
	ErrNotPart = errors.New("not a pathtable part file (bad magic)")
)

// PartHeader describes a part: the header of the whole table, and which
// rows of it the part holds.
type PartHeader struct {
	// Table is the header of the table the parts join into, identity
	// (Source, Format, InputHash) included, except RunCount, which is 0:
	// the table's runs are the sum of its parts', and a run-length
	// table's FirstEnc, which is FirstEncPartRuns: the table's encoding
	// is chosen at the join from all the parts' runs.
	Table Header `msgpack:"table"`
	// Shard is the part's index, 0 to Shards-1, of Shards parts.
	Shard  int `msgpack:"shard"`
	Shards int `msgpack:"shards"`
	// From and To are the rows the part holds, ShardRange(Shard, Shards,
	// Table.Nodes): source ranks of a run-length table, targets of a flat
	// one.
	From int `msgpack:"from"`
	To   int `msgpack:"to"`
	// Runs is the number of run words of a run-length part, 0 otherwise.
	Runs int `msgpack:"runs"`
}

// ShardRange returns the rows of part shard of shards over n rows:
// [shard·n/shards, (shard+1)·n/shards), so parts differ by at most one
// row, every row is in exactly one part, and parts past the n-th are
// empty when shards > n. O(1).
func ShardRange(shard, shards, n int) (from, to int) {
	k, s := int64(shards), int64(shard)
	return int(s * int64(n) / k), int((s + 1) * int64(n) / k)
}

// CheckShard refuses a part index outside 0..shards-1, or a part count
// outside 1..MaxShards. O(1).
func CheckShard(shard, shards int) error {
	if shards < 1 || shards > MaxShards {
		return fmt.Errorf("%d parts: a table is built in 1 to %d", shards, MaxShards)
	}
	if shard < 0 || shard >= shards {
		return fmt.Errorf("part %d of %d: parts are numbered 0 to %d", shard, shards, shards-1)
	}
	return nil
}

// Part is a loaded or freshly built part. Its payloads may alias the bytes
// it was decoded from.
type Part struct {
	PartHeader
	// t holds the graph and the part's rows in its layout's payloads:
	// first and dist hold rows From..To-1 of a flat table; runs holds the
	// whole order, and row starts and words of ranks From..To-1 only,
	// from 0. It is never handed out as a table.
	t Table
}

// FirstEncPartRuns is the encoding of every run-length part's runs, the
// widest, whatever the table's: a part cannot know which encoding all
// the table's runs fit.
const FirstEncPartRuns = FirstEncRuns32x8

// NewRunsPart returns part shard of shards of a LayoutRuns table of h:
// the node order and the rows of source ranks ShardRange(shard, shards,
// h.Nodes), the row of rank From+k being run words (RunWord) rowStart[k]
// up to rowStart[k+1] of words, encoded in FirstEncPartRuns. It sets the
// table header's Layout and FirstEnc. The caller sets the graph with
// SetGraph. O(n + runs).
func NewRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32) (*Part, error) {
	h.Layout, h.FirstEnc, h.RunCount = LayoutRuns, FirstEncPartRuns, 0
	p, err := newPart(h, shard, shards, len(words))
	if err != nil {
		return nil, err
	}
	if len(order) != h.Nodes || len(rowStart) != p.To-p.From+1 {
		return nil, fmt.Errorf("%d ranks and %d row starts for rows %d to %d of %d nodes", len(order), len(rowStart), p.From, p.To, h.Nodes)
	}
	rh := p.runsHeader()
	if p.t.runs, err = encodeRunRows(&rh, order, rowStart, words); err != nil {
		return nil, err
	}
	return p, nil
}

// NewFlatPart returns part shard of shards of a flat table of h: target
// rows ShardRange(shard, shards, h.Nodes) of first moves and distances,
// as build.BuildRows fills them, aliased. It sets the table header's
// FirstEnc. The caller sets the graph with SetGraph. O(1).
func NewFlatPart(h Header, shard, shards int, first, dist []byte) (*Part, error) {
	h.Layout, h.FirstEnc, h.RunCount = LayoutFlat, FirstU8, 0
	p, err := newPart(h, shard, shards, 0)
	if err != nil {
		return nil, err
	}
	lens := p.lens(false)
	if int64(len(first)) != lens[7] || int64(len(dist)) != lens[8] {
		return nil, fmt.Errorf("%d first-move and %d distance bytes for rows %d to %d of %d nodes", len(first), len(dist), p.From, p.To, h.Nodes)
	}
	p.t.first, p.t.dist = first, dist
	return p, nil
}

func newPart(h Header, shard, shards, runs int) (*Part, error) {
	if err := CheckShard(shard, shards); err != nil {
		return nil, err
	}
	from, to := ShardRange(shard, shards, h.Nodes)
	p := &Part{PartHeader: PartHeader{Table: h, Shard: shard, Shards: shards, From: from, To: to, Runs: runs}}
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.t.Header = p.Table
	return p, nil
}

// SetGraph gives p the graph arrays of g (Offsets through Y), aliased.
// O(1).
func (p *Part) SetGraph(g *Table) {
	p.t.Offsets, p.t.Targets, p.t.Weights = g.Offsets, g.Targets, g.Weights
	p.t.Cells, p.t.X, p.t.Y = g.Cells, g.X, g.Y
}

// Rows returns the number of rows p holds. O(1).
func (p *PartHeader) Rows() int { return p.To - p.From }

// ReachablePairs counts the ordered pairs s != t with a path among p's
// rows, so that the parts' counts add up to the table's. O(runs) on a
// run-length part, O(rows·n) on a flat one.
func (p *Part) ReachablePairs() int64 {
	if r := p.t.runs; r != nil {
		return reachableRuns(r.RowStart, &r.Code, p.From, p.Table.Nodes)
	}
	return int64(len(p.t.first) - bytes.Count(p.t.first, []byte{NoMove}))
}

// validate checks the part header's fields against each other.
func (p *PartHeader) validate() error {
	h := &p.Table
	if h.Layout != LayoutFlat && h.Layout != LayoutRuns {
		return fmt.Errorf("a table of layout %q is not built in parts", h.Layout)
	}
	if h.RunCount != 0 {
		return fmt.Errorf("the table header of a part counts %d runs, want 0", h.RunCount)
	}
	if h.Layout == LayoutRuns && h.FirstEnc != FirstEncPartRuns {
		return fmt.Errorf("run-length part has first-move encoding %q, want %q", h.FirstEnc, FirstEncPartRuns)
	}
	if err := h.validate(); err != nil {
		return err
	}
	if err := CheckShard(p.Shard, p.Shards); err != nil {
		return err
	}
	if from, to := ShardRange(p.Shard, p.Shards, h.Nodes); p.From != from || p.To != to {
		return fmt.Errorf("part %d of %d holds rows %d to %d, want %d to %d for %d nodes", p.Shard, p.Shards, p.From, p.To, from, to, h.Nodes)
	}
	if p.Runs < 0 || int64(p.Runs) > MaxPayload/4 || h.Layout != LayoutRuns && p.Runs != 0 {
		return fmt.Errorf("%d runs in a part of layout %q", p.Runs, h.Layout)
	}
	return nil
}

// lens returns the length each bin of a part document must have, as
// payloadLens does for a table: the graph's, then the rows'. O(1).
func (p *PartHeader) lens(hasXY bool) []int64 {
	rh := p.runsHeader()
	lens := rh.payloadLens(hasXY)
	n, rows := int64(p.Table.Nodes), int64(p.Rows())
	if p.Table.Layout == LayoutRuns {
		lens[8] = 4 * (rows + 1)
	} else {
		lens[7], lens[8] = rows*n, rows*n*int64(p.Table.DistKind.Width())
	}
	return lens
}

// runsHeader returns the table header with the part's runs counted, as
// the part's own runs are encoded. O(1).
func (p *PartHeader) runsHeader() Header {
	h := p.Table
	if h.Layout == LayoutRuns {
		h.RunCount = p.Runs
	}
	return h
}

// WriteTo writes p as one part document: the table document's framing
// with PartMagic, PartVersion and the part header. Time is O(file size);
// the payloads are streamed from p's slices.
func (p *Part) WriteTo(w io.Writer) (int64, error) {
	header, err := msgpack.Marshal(&p.PartHeader)
	if err != nil {
		return 0, err
	}
	return writeDocument(w, PartMagic, PartVersion, p.t.documentBins(header))
}

// partMagic accepts a part's magic, and says what a table's is.
func partMagic(magic string) error {
	switch magic {
	case PartMagic:
		return nil
	case Magic:
		return errors.New("a table, not a part of a sharded build")
	}
	return ErrNotPart
}

// checkPartVersion accepts the part format versions this build reads.
func checkPartVersion(version uint64) error {
	if version != PartVersion {
		return fmt.Errorf("%w %d of a part file (this build reads %d)", ErrVersion, version, PartVersion)
	}
	return nil
}

// partLayout returns the layout whose bins a part document of n elements
// holds.
func partLayout(n int64) (Layout, error) {
	for _, l := range []Layout{LayoutFlat, LayoutRuns} {
		if n == int64(documentLen(l)) {
			return l, nil
		}
	}
	return "", fmt.Errorf("%w: part document has %d elements, want %d or %d", ErrCorrupt, n, documentLen(LayoutFlat), documentLen(LayoutRuns))
}

// decodePartHeader checks, decodes and validates a part's header bin
// against the layout the document's length names.
func decodePartHeader(b []byte, layout Layout) (*PartHeader, error) {
	var p PartHeader
	if err := unmarshalChecked(b, &p, "part header"); err != nil {
		return nil, err
	}
	if err := p.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if p.Table.Layout != layout {
		return nil, fmt.Errorf("%w: a part of layout %q in a document of %d elements", ErrCorrupt, p.Table.Layout, documentLen(layout))
	}
	return &p, nil
}

// DecodePart reads a part from data as Decode reads a table: every length
// checked before use, the checksum verified, the header, graph and rows
// validated; the first moves, distances and run words alias data. Time is
// O(len(data)).
func DecodePart(data []byte) (*Part, error) {
	r := bytes.NewReader(data)
	dec := msgpack.NewDecoder(r)
	n, version, err := decodeOpening(dec, partMagic, ErrNotPart)
	if err != nil {
		return nil, err
	}
	if err := checkPartVersion(version); err != nil {
		return nil, err
	}
	layout, err := partLayout(int64(n))
	if err != nil {
		return nil, err
	}
	names := binNames(layout)
	bins, err := readBins(dec, r, data, names)
	if err != nil {
		return nil, err
	}
	ph, err := decodePartHeader(bins[0], layout)
	if err != nil {
		return nil, err
	}
	want := ph.lens(len(bins[5]) != 0)
	if i := badBinLen(bins, want); i >= 0 {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d for rows %d to %d of %d nodes and %d edges",
			ErrCorrupt, names[i], len(bins[i]), want[i], ph.From, ph.To, ph.Table.Nodes, ph.Table.Edges)
	}
	p := &Part{PartHeader: *ph}
	p.t.Header = p.Table
	rh := p.runsHeader()
	if err := p.t.decodeBins(&rh, bins[1:]); err != nil {
		return nil, err
	}
	return p, nil
}

// OpenPart reads the part file at path: only a regular file, its header
// read and its size checked first, then one read of the whole file and
// DecodePart. Errors name the file. O(file size).
func OpenPart(path string) (*Part, error) {
	data, err := readChecked(path, func(fr *frameReader, size int64) error {
		_, err := fr.partPrefix(size)
		return err
	})
	if err != nil {
		return nil, err
	}
	p, err := DecodePart(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// ReadPartHeader reads only the header of the part file at path and
// checks the file's size against it, without reading the rows or the
// checksum. Cost: the header's bytes read.
func ReadPartHeader(path string) (*PartHeader, error) {
	f, size, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fr := frameReader{r: bufio.NewReader(f), limit: size}
	p, err := fr.partPrefix(size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// partPrefix reads a part document up to the end of its header and checks
// the file's size against it. O(header size).
func (fr *frameReader) partPrefix(size int64) (*PartHeader, error) {
	n, version, err := fr.opening(partMagic, ErrNotPart)
	if err != nil {
		return nil, err
	}
	if err := checkPartVersion(version); err != nil {
		return nil, err
	}
	layout, err := partLayout(n)
	if err != nil {
		return nil, err
	}
	buf, err := fr.headerBin()
	if err != nil {
		return nil, err
	}
	p, err := decodePartHeader(buf, layout)
	if err != nil {
		return nil, err
	}
	least, most := sizeBounds(fr.n, p.lens(false), p.lens(true))
	if size < least {
		return nil, fmt.Errorf("%w: %d bytes, but the part header's rows %d to %d of %d nodes need at least %d", ErrTruncated, size, p.From, p.To, p.Table.Nodes, least)
	}
	if size > most {
		return nil, fmt.Errorf("%w: %d bytes, but the part header's rows %d to %d of %d nodes take at most %d", ErrCorrupt, size, p.From, p.To, p.Table.Nodes, most)
	}
	return p, nil
}
