package table

import "fmt"

// checkRows checks each of p's rows against the row it claims to be, so
// that a part whose shard, from and to were altered together (behind its
// checksum, or with parts renamed and their headers swapped) is refused
// rather than joined into a table of misplaced rows. A flat row of target
// t holds t's own entry as NoMove at distance 0, which no other target's
// row does (a move, or no path). A run-length row of source s names only
// moves s has. The flat check is exact; the run-length one catches a row
// moved to a source of fewer moves. O(rows) on a flat part, O(runs) on a
// run-length one.
func (p *Part) checkRows() error {
	n := p.Table.Nodes
	if r := p.t.runs; r != nil {
		for k := range p.Rows() {
			s := r.Order[p.From+k]
			degree := int(p.t.Offsets[s+1] - p.t.Offsets[s])
			for i := int(r.RowStart[k]); i < int(r.RowStart[k+1]); i++ {
				if m := r.Code.Move(i); m != NoMove && int(m) >= degree {
					return fmt.Errorf("%w: the row of rank %d (node %d) holds move %d, but that node has %d moves: the row is not its own", ErrCorrupt, p.From+k, s, m, degree)
				}
			}
		}
		return nil
	}
	for k := range p.Rows() {
		t := p.From + k
		d, ok := p.Table.DistKind.At(p.t.dist, k*n+t)
		if m := p.t.first[k*n+t]; m != NoMove || !ok || d != 0 {
			return fmt.Errorf("%w: the row of target %d holds, for the target itself, move %d at distance %v: the row is another target's", ErrCorrupt, t, m, d)
		}
	}
	return nil
}
