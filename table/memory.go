package table

import "github.com/pathtable/pathtable/internal/memlimit"

// checkHold refuses, before any bin is read, a document read from a
// stream whose bins to be held (all of them, or those d keeps when only
// checking) would not fit the memory this process may still use
// (memlimit.Check: a cgroup's, ulimit's, GOMEMLIMIT's or the machine's
// limit, or the command line's -max-memory), so that loading a table too
// large for the process is an error, not a runtime crash. A stream of
// unknown length grows its buffers as it reads, briefly holding a bin
// twice. Decode reads from memory it is given and is not checked. O(bins)
// plus a few small file reads.
func (rd *reader) checkHold(d *docHead, r reach) error {
	if rd.r == nil {
		return nil
	}
	var need int64
	for i, l := range d.lens {
		if r == toEnd || d.keep[i] {
			need += l
		}
	}
	if rd.size < 0 {
		need *= 2
	}
	need += d.derived
	return memlimit.Check(need, "loading the table "+d.forWhat)
}

// derivedBytes is what a reader of a table of header h makes beside its
// bins: the graph, rebuilt from the grid's cells where the file carries
// them (offsets and cells 4 bytes a node, a target and a cost 12 an edge,
// and a node index and a cost a cell while it is made), and the lookup's
// move index (up to 8 slots of 4 bytes a node). O(1).
func (h *Header) derivedBytes(cells bool) int64 {
	n, e := int64(h.Nodes), int64(h.Edges)
	derived := 32 * n
	if cells {
		derived += 8*n + 12*e + 5*int64(h.Width)*int64(h.Height)
	}
	return derived
}
