package table

import (
	"errors"
	"fmt"
	"slices"
)

// The parts of a run-length table (part.go): each holds the whole node
// order and the rows of a range of source ranks, in the widest encoding;
// the join picks the table's encoding from all their runs.

// FirstEncPartRuns is the encoding of every run-length part's runs, the
// widest, whatever the table's: a part cannot know which encoding all
// the table's runs fit.
const FirstEncPartRuns = FirstEncRuns32x8

// FirstEncPartRunsH is FirstEncPartRuns with heuristic symbols, the
// encoding of the parts of a grid table whose rows store them.
const FirstEncPartRunsH = FirstEncPartRuns + SymbolSuffix

// FirstEncPartRunsHW is FirstEncPartRunsH with rows that wrap (see
// NewSymbolRuns).
const FirstEncPartRunsHW = FirstEncPartRunsH + WrapSuffix

// FirstEncPartRunsHB and FirstEncPartRunsHWB are FirstEncPartRunsH and
// FirstEncPartRunsHW with open-box wildcards (see NewBoxRuns).
const (
	FirstEncPartRunsHB  = FirstEncPartRunsH + BoxSuffix
	FirstEncPartRunsHWB = FirstEncPartRunsHW + BoxSuffix
)

// FirstEncPartRunsHC and FirstEncPartRunsHCB are FirstEncPartRunsH and
// FirstEncPartRunsHB with rows that cover their component (see
// NewComponentRuns).
const (
	FirstEncPartRunsHC  = FirstEncPartRunsH + CompSuffix
	FirstEncPartRunsHCB = FirstEncPartRunsHC + BoxSuffix
)

// NewRunsPart returns part shard of shards of a LayoutRuns table of h:
// the node order and the rows of source ranks ShardRange(shard, shards,
// h.Nodes), the row of rank From+k being run words (RunWord) rowStart[k]
// up to rowStart[k+1] of words, encoded in FirstEncPartRuns. It sets the
// table header's Layout and FirstEnc. The caller sets the graph with
// SetGraph. O(n + runs).
func NewRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32) (*Part, error) {
	return newRunsPart(h, shard, shards, order, rowStart, words, FirstEncPartRuns)
}

// NewSymbolRunsPart is NewRunsPart for rows with heuristic symbols, and
// rows that wrap with wrap (see NewSymbolRuns), encoded in
// FirstEncPartRunsH or FirstEncPartRunsHW. O(n + runs).
func NewSymbolRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32, wrap bool) (*Part, error) {
	enc := FirstEncPartRunsH
	if wrap {
		enc = FirstEncPartRunsHW
	}
	return newRunsPart(h, shard, shards, order, rowStart, words, enc)
}

// NewComponentRunsPart is NewSymbolRunsPart for rows that cover their
// source's component and wrap within it (see NewComponentRuns), with
// open-box wildcards or not, encoded in FirstEncPartRunsHC or
// FirstEncPartRunsHCB. O(n + runs).
func NewComponentRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32, boxes bool) (*Part, error) {
	enc := FirstEncPartRunsHC
	if boxes {
		enc = FirstEncPartRunsHCB
	}
	return newRunsPart(h, shard, shards, order, rowStart, words, enc)
}

// NewBoxRunsPart is NewSymbolRunsPart for rows with open-box wildcards
// (see NewBoxRuns), encoded in FirstEncPartRunsHB or FirstEncPartRunsHWB.
// O(n + runs).
func NewBoxRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32, wrap bool) (*Part, error) {
	enc := FirstEncPartRunsHB
	if wrap {
		enc = FirstEncPartRunsHWB
	}
	return newRunsPart(h, shard, shards, order, rowStart, words, enc)
}

// NewRunsPartOf is NewSymbolRunsPart for rows of form f (see NewRunsOf),
// encoded in the part encoding of that form. O(n + runs).
func NewRunsPartOf(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32, f RunForm) (*Part, error) {
	enc := FirstEncPartRunsH
	switch {
	case f.Comps:
		enc += CompSuffix
	case f.Wrap:
		enc += WrapSuffix
	}
	if f.Boxes {
		enc += BoxSuffix
	}
	if f.Jumps {
		enc += JumpSuffix
	}
	return newRunsPart(h, shard, shards, order, rowStart, words, enc)
}

func newRunsPart(h Header, shard, shards int, order []int32, rowStart []uint32, words []uint32, enc string) (*Part, error) {
	h.Layout, h.FirstEnc, h.RunCount, h.Window = LayoutRuns, enc, 0, 0
	p, err := newPart(h, shard, shards, len(words))
	if err != nil {
		return nil, err
	}
	if len(order) != h.Nodes || len(rowStart) != p.To-p.From+1 {
		return nil, fmt.Errorf("%d ranks and %d row starts for rows %d to %d of %d nodes", len(order), len(rowStart), p.From, p.To, h.Nodes)
	}
	rh := p.runsHeader()
	if p.t.payload, err = encodeRunRows(&rh, p.From, order, rowStart, words); err != nil {
		return nil, err
	}
	if Comps(enc) {
		p.t.comps = &compCache{} // made from the graph SetGraph gives
	}
	if Jumps(enc) {
		p.t.jumps = &jumpCache{}
	}
	return p, nil
}

// errOtherOrder is a part whose node order is not the others'.
var errOtherOrder = errors.New("another node order")

// runsJoin joins the rows of a run-length table's parts: the order of the
// first, every part's row starts and its runs as RunWord packs them.
type runsJoin struct {
	n        int
	parts    int
	wraps    int // parts whose rows wrap
	boxes    int // parts with open-box wildcards
	comps    int // parts whose rows cover their component
	jumps    int // parts whose rows store J
	symbols  int // parts with heuristic symbols, of parts added
	order    []int32
	rowStart []uint32
	words    []uint32
}

func (j *runsJoin) add(p *Part) error {
	r := p.t.payload.(*Runs)
	if err := r.checkRows(p.t.Offsets); err != nil {
		return err
	}
	if j.order == nil {
		j.order = r.Order
	} else if !slices.Equal(r.Order, j.order) {
		return errOtherOrder
	}
	j.parts++
	if r.Code.Symbols {
		j.symbols++
	}
	if r.Code.Wrap {
		j.wraps++
	}
	if r.Code.Boxes {
		j.boxes++
	}
	if r.Code.Comps {
		j.comps++
	}
	if r.Code.Jumps {
		j.jumps++
	}
	base := uint32(len(j.words))
	for _, x := range r.RowStart[1:] {
		j.rowStart = append(j.rowStart, base+x)
	}
	var err error
	if j.words, err = appendRunWords(j.words, &r.Code, j.n); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

func (j *runsJoin) done(h *Header) (Payload, error) {
	switch {
	case j.symbols == 0:
		return NewRuns(*h, j.order, j.rowStart, j.words)
	case j.symbols == j.parts && all(j.wraps, j.parts) && all(j.boxes, j.parts) && all(j.comps, j.parts) && all(j.jumps, j.parts):
		return newSymbolRuns(*h, j.order, j.rowStart, j.words, runForm{wrap: j.wraps > 0, comps: j.comps > 0, boxes: j.boxes > 0, jumps: j.jumps > 0})
	}
	return nil, fmt.Errorf("%w: of the %d parts, %d have heuristic symbols, %d rows that wrap, %d rows that cover their component, %d open-box wildcards and %d J moves", ErrCorrupt, j.parts, j.symbols, j.wraps, j.comps, j.boxes, j.jumps)
}

// all reports whether k of parts parts is none or all of them. O(1).
func all(k, parts int) bool { return k == 0 || k == parts }

// appendRunWords appends the runs of c to words as RunWord packs them,
// refusing a start outside the n nodes, which no encoding need hold.
// O(runs).
func appendRunWords(words []uint32, c *RunCode, n int) ([]uint32, error) {
	for i := range c.Len() {
		start := c.Start(i)
		if start < 0 || start >= n {
			return nil, fmt.Errorf("run %d starts at rank %d of %d nodes", i, start, n)
		}
		words = append(words, RunWord(start, c.Move(i)))
	}
	return words, nil
}

// checkRows checks each row of r, a part's, against the row it claims to
// be: a row of source s names only moves s has (offsets its graph's), so
// a row moved to a source of fewer moves is refused (see
// Flat.checkRows). O(runs).
func (r *Runs) checkRows(offsets []int32) error {
	for k := range len(r.RowStart) - 1 {
		s := r.Order[r.From+k]
		degree := int(offsets[s+1] - offsets[s])
		for i := int(r.RowStart[k]); i < int(r.RowStart[k+1]); i++ {
			m := r.Code.Move(i)
			if _, ok := IsJumpValue(m); ok && r.Code.Jumps {
				continue // J_n names one of the node's moves whatever its degree
			}
			if r.Code.Symbols && m >= SymbolBase && m < SymbolBase+MaxSymbolRank {
				m -= SymbolBase // H_k names one of the node's moves, k-1 its index
			}
			if m != NoMove && int(m) >= degree {
				return fmt.Errorf("%w: the row of rank %d (node %d) holds move %d, but that node has %d moves: the row is not its own", ErrCorrupt, r.From+k, s, m, degree)
			}
		}
	}
	return nil
}
