package table

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/pathtable/pathtable/internal/csr"
)

// Every document holds the level's graph in six bins after the header, in
// this order, whatever its layout: the CSR arrays and the node geometry.

// graphBinNames name the bins every document has, in document order, the
// header first.
var graphBinNames = []string{"header", "offsets", "targets", "weights", "cells", "x", "y"}

// graphBins are the graph's bins after the header.
const graphBins = 6

// xBin is the index of the x bin among the bins after the header: x and
// y are both empty or both full.
const xBin = 4

// graphLens returns the lengths of the graph's six bins for header h, with
// the coordinates full. O(1).
func (h *Header) graphLens() []int64 {
	n, m := int64(h.Nodes), int64(h.Edges)
	cells := int64(0)
	if h.Kind == KindGrid {
		cells = 4 * n
	}
	return []int64{4 * (n + 1), 4 * m, 8 * m, cells, 8 * n, 8 * n}
}

// graphBins returns the bins of t's graph in document order (offsets,
// targets, weights, cells, x, y), aliasing t's arrays where the machine is
// little-endian. O(1) there, O(V + E) otherwise.
func (t *Table) graphBins() [][]byte {
	return [][]byte{
		int32Bytes(t.Offsets),
		int32Bytes(t.Targets),
		float64Bytes(t.Weights),
		int32Bytes(t.Cells),
		float64Bytes(t.X),
		float64Bytes(t.Y),
	}
}

// decodeGraph sets t's graph from its six bins in document order, whose
// lengths are checked, and validates it. O(V + E).
func (t *Table) decodeGraph(bins [][]byte) error {
	t.Offsets = bytesInt32(bins[0])
	t.Targets = bytesInt32(bins[1])
	t.Weights = bytesFloat64(bins[2])
	t.Cells = bytesInt32(bins[3])
	t.X = bytesFloat64(bins[4])
	t.Y = bytesFloat64(bins[5])
	if err := t.validateGraph(); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

// validateGraph checks the arrays that queries index by, so a lookup can
// trust them: the CSR graph as the level loaders guarantee it, degrees a
// first move can address, grid cells, and edge costs of the kind the
// header's metric says, so that a walked distance adds them exactly
// (CostSum). First moves are checked where they are used, at O(1) per
// step. O(V + E).
func (t *Table) validateGraph() error {
	if err := csr.Check(t.Offsets, t.Targets, t.Weights); err != nil {
		return err
	}
	for u := range t.Nodes {
		if d := t.Degree(u); d > MaxDegree {
			return fmt.Errorf("node %d has out-degree %d", u, d)
		}
	}
	prev := int32(-1)
	for u, c := range t.Cells {
		if c <= prev || int(c) >= t.Width*t.Height {
			return fmt.Errorf("node %d has cell %d", u, c)
		}
		prev = c
	}
	return checkCosts(t.Metric, t.Weights)
}

// checkCosts checks that every edge cost is what metric says: an integer
// below 2^31 ("int"), or k or k·√2 for an integer k below 2^31
// ("octile"). O(E).
func checkCosts(metric string, weights []float64) error {
	switch metric {
	case "int":
		for i, w := range weights {
			if w != math.Trunc(w) || w >= 1<<31 {
				return fmt.Errorf("edge %d has cost %v in a level of integer costs", i, w)
			}
		}
	case "octile":
		for i, w := range weights {
			if w == math.Trunc(w) && w < 1<<31 {
				continue
			}
			if _, _, ok := SplitOctile(w); !ok {
				return fmt.Errorf("edge %d has cost %v, neither k nor k·√2, in an octile level", i, w)
			}
		}
	}
	return nil
}

func bytesInt32(b []byte) []int32 {
	if len(b) == 0 {
		return nil
	}
	v := make([]int32, len(b)/4)
	for i := range v {
		v[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func bytesUint32(b []byte) []uint32 {
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

func bytesFloat64(b []byte) []float64 {
	if len(b) == 0 {
		return nil
	}
	v := make([]float64, len(b)/8)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}
