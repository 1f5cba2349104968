package table

import (
	"encoding/binary"
	"fmt"
	"math"
)

// runsPayloadSize is PayloadSize for LayoutRuns: order, row starts and
// RunCount run words, 4 bytes each, within the node and bin limits.
func (h *Header) runsPayloadSize() (int64, error) {
	if h.DistKind.Width() == 0 {
		return 0, fmt.Errorf("unknown distance encoding %q", h.DistKind)
	}
	if h.Nodes < 0 || h.Nodes > MaxRunsNodes {
		return 0, fmt.Errorf("%d nodes: a run-length table holds at most %d", h.Nodes, MaxRunsNodes)
	}
	if h.RunCount < 0 || int64(h.RunCount) > MaxPayload/4 {
		return 0, fmt.Errorf("%d runs: a run-length table holds at most %d", h.RunCount, MaxPayload/4)
	}
	n := int64(h.Nodes)
	return 4*n + 4*(n+1) + 4*int64(h.RunCount), nil
}

// FirstEncRuns is Header.FirstEnc for LayoutRuns: 32-bit run words.
const FirstEncRuns = "runs32"

// MaxRunsNodes bounds the nodes of a LayoutRuns table: a run's start is a
// 24-bit rank, as many as the level loaders' grid cells.
const MaxRunsNodes = 1 << 24

// A run word is start<<8 | move, little-endian: from the target of rank
// start (inclusive) up to the next run's start, the source's first move is
// slot move, or none when move is NoMove. A row's words are in increasing
// start order, so the run covering a target is the last word whose value is
// at most rank<<8 | 0xFF. Targets before a row's first run have no path.

// RunWord packs a run. start must be below MaxRunsNodes.
func RunWord(start int, move byte) uint32 { return uint32(start)<<8 | uint32(move) }

// RunStart and RunMove unpack a run word.
func RunStart(w uint32) int  { return int(w >> 8) }
func RunMove(w uint32) byte  { return byte(w) }
func runKey(rank int) uint32 { return uint32(rank)<<8 | 0xFF }

// RunRows is the payload of a LayoutRuns table: rows by source rank, each
// a list of run words over the targets by rank. Its slices alias the table
// (and the file a decoded table was read from); treat them as read-only.
// lookup walks paths over them in rank space.
type RunRows struct {
	Order    []int32  // node of each rank
	Rank     []int32  // rank of each node, Order's inverse
	RowStart []uint32 // the row of rank r is runs RowStart[r] up to RowStart[r+1]
	Words    []byte   // the run words, 4 bytes each, little-endian
}

// NewRuns returns a LayoutRuns table for h with the given order and rows,
// aliased; it sets h's Layout, FirstEnc and RunCount and derives Rank. The caller
// sets the CSR and node arrays. It checks the payloads as Decode does and
// allocates the n ranks. O(n).
func NewRuns(h Header, order []int32, rowStart []uint32, words []byte) (*Table, error) {
	h.Layout, h.FirstEnc, h.RunCount = LayoutRuns, FirstEncRuns, len(words)/4
	if _, err := h.PayloadSize(); err != nil {
		return nil, err
	}
	r := &RunRows{Order: order, RowStart: rowStart, Words: words}
	if len(order) != h.Nodes || len(rowStart) != h.Nodes+1 || len(words)%4 != 0 {
		return nil, fmt.Errorf("%d ranks, %d row starts and %d run bytes for %d nodes", len(order), len(rowStart), len(words), h.Nodes)
	}
	if err := r.validate(h.Nodes); err != nil {
		return nil, err
	}
	return &Table{Header: h, runs: r}, nil
}

// RunRows returns t's run-length payload, and false when t is of another
// layout. O(1).
func (t *Table) RunRows() (RunRows, bool) {
	if t.runs == nil {
		return RunRows{}, false
	}
	return *t.runs, true
}

// runs returns the number of run words. O(1).
func (r *RunRows) runs() int { return len(r.Words) / 4 }

// Run returns run word i. O(1).
func (r *RunRows) Run(i int) uint32 { return binary.LittleEndian.Uint32(r.Words[4*i:]) }

// move returns the slot of the first move from node s toward node target,
// or NoMove. O(log runs of s's row).
func (r *RunRows) move(s, target int) uint8 {
	if s == target {
		return NoMove
	}
	rs := r.Rank[s]
	return FindRun(r.Words, int(r.RowStart[rs]), int(r.RowStart[rs+1]), int(r.Rank[target]))
}

// FindRun returns the move stored for target rank rt in runs [lo, hi):
// NoMove when no run covers it. O(log(hi - lo)).
func FindRun(words []byte, lo, hi int, rt int) byte {
	key := runKey(rt)
	i, j := lo, hi
	for i < j {
		mid := int(uint(i+j) >> 1)
		if binary.LittleEndian.Uint32(words[4*mid:]) <= key {
			i = mid + 1
		} else {
			j = mid
		}
	}
	if i == lo {
		return NoMove
	}
	return byte(binary.LittleEndian.Uint32(words[4*(i-1):]))
}

// walkDistance is Distance on a table without stored distances: it follows
// the first moves from s to target and adds up the edge costs exactly, as
// integers on integer levels and as a + b·√2 on octile ones. O(path length
// × log runs per row); false when there is no path, or the moves name no
// edge or loop (a table altered behind its checksum).
func (t *Table) walkDistance(s, target int) (float64, bool) {
	var a, b uint64
	var f float64
	exact := t.Metric == "int" || t.Metric == "octile" && t.DistKind != DistF64
	for u, steps := s, 0; u != target; steps++ {
		m := t.Move(u, target)
		lo := int(t.Offsets[u])
		if int(m) >= int(t.Offsets[u+1])-lo || steps >= t.Nodes {
			return Unreachable, false
		}
		w := t.Weights[lo+int(m)]
		switch {
		case !exact:
			f += w
		case w == math.Trunc(w):
			a += uint64(w)
		default:
			b += uint64(math.Round(w / math.Sqrt2))
		}
		u = int(t.Targets[lo+int(m)])
	}
	if !exact {
		return f, true
	}
	return float64(a) + float64(b)*math.Sqrt2, true
}

// validate checks the run-length payloads that queries index by, and
// derives Rank: the order is a permutation of n nodes, and every row's span
// lies within the runs. Run words themselves are checked where they are
// used. O(n).
func (r *RunRows) validate(n int) error {
	rank, err := rankOf(r.Order, n)
	if err != nil {
		return err
	}
	r.Rank = rank
	return checkRowStarts(r.RowStart, r.runs())
}

// rankOf returns the inverse of order, checking that it is a permutation
// of n nodes. O(n).
func rankOf(order []int32, n int) ([]int32, error) {
	rank := make([]int32, n)
	for i := range rank {
		rank[i] = -1
	}
	for k, u := range order {
		if u < 0 || int(u) >= n || rank[u] >= 0 {
			return nil, fmt.Errorf("order: rank %d names node %d, not a permutation of %d nodes", k, u, n)
		}
		rank[u] = int32(k)
	}
	return rank, nil
}

// checkRowStarts checks that consecutive rows, rowStart[k] up to
// rowStart[k+1], span exactly runs run words from 0. O(len(rowStart)).
func checkRowStarts(rowStart []uint32, runs int) error {
	if rowStart[0] != 0 || int(rowStart[len(rowStart)-1]) != runs {
		return fmt.Errorf("rows do not span the %d runs", runs)
	}
	for k := 0; k+1 < len(rowStart); k++ {
		if rowStart[k] > rowStart[k+1] {
			return fmt.Errorf("row %d ends before it starts", k)
		}
	}
	return nil
}

// reachable counts the ordered pairs s != t with a path, from the runs'
// lengths. O(runs).
func (r *RunRows) reachable() int64 {
	return reachableRuns(r.RowStart, r.Words, 0, len(r.Order))
}

// reachableRuns counts the pairs with a path in the rows of source ranks
// from up to from+len(rowStart)-1, whose runs are rowStart[k] up to
// rowStart[k+1] of words, over n targets. O(runs).
func reachableRuns(rowStart []uint32, words []byte, from, n int) int64 {
	var count int64
	for k := 0; k+1 < len(rowStart); k++ {
		lo, hi := int(rowStart[k]), int(rowStart[k+1])
		rank := from + k
		for i := lo; i < hi; i++ {
			w := binary.LittleEndian.Uint32(words[4*i:])
			if RunMove(w) == NoMove {
				continue
			}
			end := n
			if i+1 < hi {
				end = RunStart(binary.LittleEndian.Uint32(words[4*i+4:]))
			}
			start := RunStart(w)
			if end > start {
				count += int64(end - start)
			}
			if start <= rank && rank < end {
				count-- // the source itself is a wildcard inside a run
			}
		}
	}
	return count
}

// fileBytes is what the runs take in a file: order, row starts and words
// (Rank is derived at load). O(1).
func (r *RunRows) fileBytes() int64 {
	return int64(4*len(r.Order) + 4*len(r.RowStart) + len(r.Words))
}
