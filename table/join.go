package table

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/vmihailenco/msgpack/v5"
)

// PartSet is a complete set of the parts of one table, checked from their
// headers: Shards parts of the same table header, each index once.
type PartSet struct {
	names []string      // the part files by index
	heads []*PartHeader // their headers by index
}

// CheckParts checks that the part files names, whose headers are heads (in
// any order), are the parts of one table: the same table header (input
// hash, options, node count, layout) and part count, each index once, none
// missing. The name of the level file (Source) may differ: parts built on
// other machines, or from copies of the level under other names, of the
// same bytes and options, are parts of one table; the joined table takes
// part 0's. The parts most of them agree with (the first argument's on a
// tie) decide which table that is; the error names the first file that
// belongs to another, or two files with the same index, or the missing
// indices. O(parts · header size).
func CheckParts(names []string, heads []*PartHeader) (*PartSet, error) {
	if len(names) == 0 || len(names) != len(heads) {
		return nil, fmt.Errorf("no parts to join")
	}
	keys := make([]string, len(heads))
	count := map[string]int{}
	for i, h := range heads {
		th := h.Table
		th.Source = "" // the input hash says what the level was
		b, err := msgpack.Marshal(&th)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", names[i], err)
		}
		keys[i] = fmt.Sprintf("%d/%s", h.Shards, b)
		count[keys[i]]++
	}
	ref := 0
	for i := range keys {
		if count[keys[i]] > count[keys[ref]] {
			ref = i
		}
	}
	r := heads[ref]
	for i, h := range heads {
		if keys[i] == keys[ref] {
			continue
		}
		switch {
		case h.Table.InputHash != r.Table.InputHash:
			return nil, fmt.Errorf("%s: a part of another table: built from other inputs (input hash %.12s…) than %s (%.12s…)", names[i], h.Table.InputHash, names[ref], r.Table.InputHash)
		case h.Shards != r.Shards:
			return nil, fmt.Errorf("%s: part %d of %d, but %s is a part of %d", names[i], h.Shard, h.Shards, names[ref], r.Shards)
		default:
			return nil, fmt.Errorf("%s: a part of another table: its table header (options, node order or count) differs from %s's", names[i], names[ref])
		}
	}
	s := &PartSet{names: make([]string, r.Shards), heads: make([]*PartHeader, r.Shards)}
	for i, h := range heads {
		if s.heads[h.Shard] != nil {
			return nil, fmt.Errorf("%s: part %d of %d is also %s", names[i], h.Shard, h.Shards, s.names[h.Shard])
		}
		s.names[h.Shard], s.heads[h.Shard] = names[i], h
	}
	var missing []string
	for k, h := range s.heads {
		if h == nil {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	if len(missing) > 0 {
		if len(missing) > 8 {
			missing = append(missing[:8], "…")
		}
		return nil, fmt.Errorf("missing part %s of %d: %d part files given, of the table of %s", strings.Join(missing, ", "), r.Shards, len(names), r.Table.Source)
	}
	return s, nil
}

// Header returns the header of the table the parts join into, RunCount
// included, and refuses parts whose runs add up to more than a table
// holds. A run-length table's FirstEnc is the narrowest its node count
// allows, so that PayloadSize is the least the table can take: Join picks
// the encoding from the runs themselves, and it may be wider. O(parts).
func (s *PartSet) Header() (Header, error) {
	h := s.heads[0].Table
	var runs int64
	for _, p := range s.heads {
		runs += int64(p.Runs)
	}
	if h.Layout == LayoutRuns && runs > MaxPayload/4 {
		return h, fmt.Errorf("the parts hold %d runs: a run-length table holds at most %d", runs, MaxPayload/4)
	}
	h.RunCount = int(runs)
	if h.Layout == LayoutRuns {
		h.FirstEnc = runEncoding(h.Nodes, nil)
	}
	return h, nil
}

// Join reads the parts with OpenPart, one at a time in index order, and
// returns the table they make, byte for byte the table a one-shot build
// writes: a run-length table's order and the concatenation of its parts'
// rows, re-encoded in the narrowest encoding that holds all of them (as
// NewRuns picks it), a flat table's target rows in order. Each part is
// checked whole (size, lengths, checksum) and against the others: the
// header it was checked with, the same graph and node order, run starts
// within the nodes, and rows that are the ones it claims (checkRows). Memory: the table, plus 4 bytes a run and one
// part while it is read. It stops between parts when ctx is done.
func (s *PartSet) Join(ctx context.Context) (*Table, error) {
	h, err := s.Header()
	if err != nil {
		return nil, err
	}
	var t *Table
	var words []uint32 // a run-length table's runs, as RunWord packs them
	for k, name := range s.names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, err := OpenPart(name)
		if err != nil {
			return nil, err
		}
		if !samePartHeader(&p.PartHeader, s.heads[k]) {
			return nil, fmt.Errorf("%s: changed while the parts were joined", name)
		}
		if t == nil {
			t, words, err = newJoined(h, p)
			if err != nil {
				return nil, err
			}
		} else if err := sameGraph(t, p); err != nil {
			return nil, fmt.Errorf("%s: a part of another table: %v than %s", name, err, s.names[0])
		}
		if err := p.checkRows(); err != nil {
			return nil, fmt.Errorf("%s: part %d of %d: %w", name, p.Shard, p.Shards, err)
		}
		if r := p.t.runs; r != nil {
			if !slices.Equal(r.Order, t.runs.Order) {
				return nil, fmt.Errorf("%s: a part of another table: another node order than %s", name, s.names[0])
			}
			base := uint32(len(words))
			for _, x := range r.RowStart[1:] {
				t.runs.RowStart = append(t.runs.RowStart, base+x)
			}
			if words, err = appendRunWords(words, &r.Code, h.Nodes); err != nil {
				return nil, fmt.Errorf("%s: %w: %v", name, ErrCorrupt, err)
			}
			continue
		}
		t.first = append(t.first, p.t.first...)
		t.dist = append(t.dist, p.t.dist...)
	}
	if h.Layout == LayoutRuns {
		joined, err := NewRuns(h, t.runs.Order, t.runs.RowStart, words)
		if err != nil {
			return nil, err
		}
		joined.Offsets, joined.Targets, joined.Weights = t.Offsets, t.Targets, t.Weights
		joined.Cells, joined.X, joined.Y = t.Cells, t.X, t.Y
		return joined, nil
	}
	return t, nil
}

// samePartHeader compares two part headers field by field, names
// included.
func samePartHeader(a, b *PartHeader) bool {
	x, errx := msgpack.Marshal(a)
	y, erry := msgpack.Marshal(b)
	return errx == nil && erry == nil && bytes.Equal(x, y)
}

// newJoined starts the joined table from part 0: its graph and order,
// with room for all the table's rows. O(table).
func newJoined(h Header, p *Part) (*Table, []uint32, error) {
	t := &Table{Header: h}
	t.Offsets, t.Targets, t.Weights = p.t.Offsets, p.t.Targets, p.t.Weights
	t.Cells, t.X, t.Y = p.t.Cells, p.t.X, p.t.Y
	n := int64(h.Nodes)
	if h.Layout == LayoutRuns {
		t.runs = &RunRows{Order: p.t.runs.Order, RowStart: make([]uint32, 1, n+1)}
		return t, make([]uint32, 0, h.RunCount), nil
	}
	t.first = make([]byte, 0, n*n)
	t.dist = make([]byte, 0, n*n*int64(h.DistKind.Width()))
	return t, nil, nil
}

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

// sameGraph compares p's graph with the joined table's, bin for bin.
// O(V + E).
func sameGraph(t *Table, p *Part) error {
	a, b := t.graphBins(), p.t.graphBins()
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return fmt.Errorf("another graph (%s)", graphBinNames[i+1])
		}
	}
	return nil
}
