// Package csr checks the invariants of a level graph in compressed sparse
// row form, which the level loaders (maps) guarantee and the table decoder
// (table) re-checks on every file it reads: one rule, so that a graph a
// loader accepts is one a table of it may hold.
package csr

import (
	"errors"
	"fmt"
	"math"
)

// MaxCells bounds a grid's width × height. A runtime that indexes cells
// allocates one int32 per cell, so the loaders refuse larger grids and the
// decoder larger headers.
const MaxCells = 1 << 24

// ErrBadCost is the cause of an edge cost that is negative, NaN or
// infinite.
var ErrBadCost = errors.New("cost must be a finite number >= 0")

// Check reports the first way in which offsets, targets and weights are not
// a graph of len(offsets)-1 nodes: the out-edges of node u are
// targets[offsets[u]:offsets[u+1]], with costs in weights. Offsets start at
// 0, never decrease and end at the edge count; every target is a node; every
// cost is finite and >= 0 (an error wrapping ErrBadCost). O(V + E).
func Check(offsets, targets []int32, weights []float64) error {
	n := len(offsets) - 1
	if n < 0 {
		return fmt.Errorf("graph has no offsets")
	}
	if offsets[0] != 0 || int(offsets[n]) != len(targets) || len(targets) != len(weights) {
		return fmt.Errorf("graph offsets do not match its %d edges", len(targets))
	}
	for u := range n {
		if offsets[u] > offsets[u+1] {
			return fmt.Errorf("graph offsets decrease at node %d", u)
		}
	}
	for i, v := range targets {
		if v < 0 || int(v) >= n {
			return fmt.Errorf("edge %d points to node %d of %d", i, v, n)
		}
	}
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return fmt.Errorf("edge %d has cost %v: %w", i, w, ErrBadCost)
		}
	}
	return nil
}
