package table

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/vmihailenco/msgpack/v5"
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
	// t holds the graph and the part's rows in its layout's payload: a
	// *Flat of target rows From..To-1, or a *Runs of the whole order and
	// the rows of source ranks From..To-1. It is never handed out as a
	// table.
	t Table
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
	p.t.GraphBins = true
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
func (p *Part) ReachablePairs() int64 { return p.t.payload.reachable(&p.t) }

// validate checks the part header's fields against each other.
func (p *PartHeader) validate() error {
	h := &p.Table
	l, err := layoutOf(h.Layout)
	if err != nil {
		return err
	}
	encs := l.partEncs()
	if len(encs) == 0 {
		return fmt.Errorf("a table of layout %q is not built in parts", h.Layout)
	}
	if h.RunCount != 0 {
		return fmt.Errorf("the table header of a part counts %d runs, want 0", h.RunCount)
	}
	if !slices.Contains(encs, h.FirstEnc) {
		return fmt.Errorf("part of layout %q has first-move encoding %q, want %q", h.Layout, h.FirstEnc, encs[0])
	}
	if err := CheckShard(p.Shard, p.Shards); err != nil {
		return err
	}
	if from, to := ShardRange(p.Shard, p.Shards, h.Nodes); p.From != from || p.To != to {
		return fmt.Errorf("part %d of %d holds rows %d to %d, want %d to %d for %d nodes", p.Shard, p.Shards, p.From, p.To, from, to, h.Nodes)
	}
	rh := p.runsHeader()
	return rh.validate()
}

// runsHeader returns the table header with the part's runs counted, as
// the part's own payload is encoded, and its graph's bins, which a part
// carries whatever the table's kind. O(1).
func (p *PartHeader) runsHeader() Header {
	h := p.Table
	h.RunCount = p.Runs
	h.GraphBins = true
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
	return writeDocument(w, PartMagic, PartVersion, p.t.documentBins(header, p.t.graphBins()))
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

// partDoc is the kind of part documents, whose header it decodes into p.
func partDoc(p *PartHeader) docKind {
	return docKind{
		magic:   partMagic,
		notDoc:  ErrNotPart,
		version: checkPartVersion,
		shapes: func(uint64) []int64 {
			return shapesOf(false, func(l layout) bool { return len(l.partEncs()) > 0 })
		},
		header: func(b []byte, _ uint64, n int64) (docHead, error) {
			rd := memReader(b)
			if err := rd.partHeaderMap(p); err != nil {
				return docHead{}, headerError("part header", err)
			}
			if k := rd.left(); k != 0 {
				return docHead{}, fmt.Errorf("%w: part header: %d bytes after the map", ErrCorrupt, k)
			}
			if err := p.validate(); err != nil {
				return docHead{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			l, _ := layoutOf(p.Table.Layout) // validated
			if n != docLen(l, false) {
				return docHead{}, fmt.Errorf("%w: a part of layout %q in a document of %d elements", ErrCorrupt, p.Table.Layout, n)
			}
			rh := p.runsHeader()
			return rh.docHead(l, false, p.Rows(),
				fmt.Sprintf("the part header's rows %d to %d of %d nodes", p.From, p.To, rh.Nodes),
				fmt.Sprintf("for rows %d to %d of %d nodes and %d edges", p.From, p.To, rh.Nodes, rh.Edges)), nil
		},
	}
}

// readPart reads a whole part document from rd.
func readPart(rd *reader) (*Part, error) {
	p := &Part{}
	_, bins, err := readDocument(rd, partDoc(&p.PartHeader), toEnd)
	if err != nil {
		return nil, err
	}
	p.t.Header = p.Table
	p.t.GraphBins = true
	rh := p.runsHeader()
	if err := p.t.setBins(&rh, p.From, p.Rows(), bins); err != nil {
		return nil, err
	}
	return p, nil
}

// DecodePart reads a part from data as Decode reads a table, with the same
// parser: every length checked before use, the checksum verified, the
// header, graph and rows validated; the payloads alias data. Time is
// O(len(data)).
func DecodePart(data []byte) (*Part, error) { return readPart(memReader(data)) }

// OpenPart reads the part file at path as Open reads a table. Errors name
// the file. O(file size).
func OpenPart(path string) (*Part, error) {
	var p *Part
	err := withFile(path, 64<<10, func(rd *reader) (err error) {
		p, err = readPart(rd)
		return err
	})
	return p, err
}

// ReadPartHeader reads only the header of the part file at path and
// checks the file's size against it, without reading the rows or the
// checksum. Cost: the header's bytes read.
func ReadPartHeader(path string) (*PartHeader, error) {
	var p *PartHeader
	err := withFile(path, 4096, func(rd *reader) (err error) {
		p, err = readPartHeader(rd)
		return err
	})
	return p, err
}

// readPartHeader reads a part document's header from rd.
func readPartHeader(rd *reader) (*PartHeader, error) {
	var p PartHeader
	if _, _, err := readDocument(rd, partDoc(&p), toHeader); err != nil {
		return nil, err
	}
	return &p, nil
}

// CheckPartFile reads the part file at path as OpenPart does, with the same
// parser and checks, but streams the rows through the checksum instead of
// holding them, as CheckFile does for tables: O(file size) time, O(V + E)
// memory. A part it accepts, OpenPart accepts too.
func CheckPartFile(path string) (*PartHeader, error) {
	var p *PartHeader
	err := withFile(path, 1<<20, func(rd *reader) (err error) {
		p, err = checkPart(rd)
		return err
	})
	return p, err
}

// checkPart reads a part document from rd as CheckPartFile does.
func checkPart(rd *reader) (*PartHeader, error) {
	var p PartHeader
	_, bins, err := readDocument(rd, partDoc(&p), toCheck)
	if err == nil {
		rh := p.runsHeader()
		err = checkBins(&rh, p.From, p.Rows(), bins)
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}
