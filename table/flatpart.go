package table

import "fmt"

// The parts of a flat table (part.go): each holds a range of target rows
// of first moves and distances, as build.BuildRows fills them.

// NewFlatPart returns part shard of shards of a flat table of h: target
// rows ShardRange(shard, shards, h.Nodes) of first moves and distances,
// as build.BuildRows fills them, aliased. It sets the table header's
// FirstEnc. The caller sets the graph with SetGraph. O(1).
func NewFlatPart(h Header, shard, shards int, first, dist []byte) (*Part, error) {
	h.Layout, h.FirstEnc, h.RunCount, h.Window = LayoutFlat, FirstU8, 0, 0
	p, err := newPart(h, shard, shards, 0)
	if err != nil {
		return nil, err
	}
	lens := flatLayout{}.binLens(&h, p.Rows())
	if int64(len(first)) != lens[0] || int64(len(dist)) != lens[1] {
		return nil, fmt.Errorf("%d first-move and %d distance bytes for rows %d to %d of %d nodes", len(first), len(dist), p.From, p.To, h.Nodes)
	}
	p.t.payload = &Flat{n: h.Nodes, kind: h.DistKind, first: first, dist: dist}
	return p, nil
}

// flatJoin joins the target rows of a flat table's parts.
type flatJoin struct{ f Flat }

func (j *flatJoin) add(p *Part) error {
	f := p.t.payload.(*Flat)
	if err := f.checkRows(p.From); err != nil {
		return err
	}
	j.f.first = append(j.f.first, f.first...)
	j.f.dist = append(j.f.dist, f.dist...)
	return nil
}

func (j *flatJoin) done(*Header) (Payload, error) { return &j.f, nil }

// checkRows checks each row of a part's f, whose first is target from,
// against the row it claims to be, so that a part whose shard, from and
// to were altered together (behind its checksum, or with parts renamed
// and their headers swapped) is refused rather than joined into a table of
// misplaced rows: a row of target t holds t's own entry as NoMove at
// distance 0, which no other target's row does (a move, or no path).
// O(rows).
func (f *Flat) checkRows(from int) error {
	n := f.n
	for k := range len(f.first) / max(n, 1) {
		t := from + k
		d, ok := f.kind.At(f.dist, k*n+t)
		if m := f.first[k*n+t]; m != NoMove || !ok || d != 0 {
			return fmt.Errorf("%w: the row of target %d holds, for the target itself, move %d at distance %v: the row is another target's", ErrCorrupt, t, m, d)
		}
	}
	return nil
}
