package table

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
	l, err := layoutOf(h.Layout)
	if err == nil {
		err = l.fromParts(&h, runs)
	}
	return h, err
}

// Join reads the parts with OpenPart, one at a time in index order, and
// returns the table they make, byte for byte the table a one-shot build
// writes: a run-length table's order and the concatenation of its parts'
// rows, re-encoded in the narrowest encoding that holds all of them (as
// NewRuns picks it), a flat table's target rows in order. Each part is
// checked whole (size, lengths, checksum) and against the others: the
// header it was checked with, the same graph and node order, run starts
// within the nodes, and rows that are the ones it claims (the layout's
// joiner checks them). Memory: the table, plus 4 bytes a run and one part
// while it is read. It stops between parts when ctx is done.
func (s *PartSet) Join(ctx context.Context) (*Table, error) {
	h, err := s.Header()
	if err != nil {
		return nil, err
	}
	l, _ := layoutOf(h.Layout) // validated with every part header
	j := l.joiner(&h)
	var graph *Table // part 0's graph
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
		if graph == nil {
			graph = &p.t
		} else if err := sameGraph(graph, &p.t); err != nil {
			return nil, fmt.Errorf("%s: a part of another table: %v than %s", name, err, s.names[0])
		}
		switch err := j.add(p); {
		case errors.Is(err, errOtherOrder):
			return nil, fmt.Errorf("%s: a part of another table: another node order than %s", name, s.names[0])
		case err != nil:
			return nil, fmt.Errorf("%s: part %d of %d: %w", name, p.Shard, p.Shards, err)
		}
	}
	payload, err := j.done(&h)
	if err != nil {
		return nil, err
	}
	t, err := New(h, payload)
	if err != nil {
		return nil, err
	}
	t.Offsets, t.Targets, t.Weights = graph.Offsets, graph.Targets, graph.Weights
	t.Cells, t.X, t.Y = graph.Cells, graph.X, graph.Y
	return t, nil
}

// samePartHeader compares two part headers field by field, names
// included.
func samePartHeader(a, b *PartHeader) bool {
	x, errx := msgpack.Marshal(a)
	y, erry := msgpack.Marshal(b)
	return errx == nil && erry == nil && bytes.Equal(x, y)
}

// sameGraph compares the graphs of two parts, bin for bin. O(V + E).
func sameGraph(a, b *Table) error {
	x, y := a.graphBins(), b.graphBins()
	for i := range x {
		if !bytes.Equal(x[i], y[i]) {
			return fmt.Errorf("another graph (%s)", graphBinNames[i+1])
		}
	}
	return nil
}
