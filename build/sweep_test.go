package build

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestVectorSweepMatches checks the vector loops of the sweep, in 256-
// and, where the processor has them, 512-bit registers, against the Go
// loop, bit for bit, on every level they can be run on.
func TestVectorSweepMatches(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no vector sweep on this processor")
	}
	defer func() { vectorSweep, wideSweep = hasAVX2, hasAVX512 }()
	widths := []bool{false}
	if hasAVX512 {
		widths = append(widths, true)
	}
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		h, _ := exactHierarchy(context.Background(), lv.G, mustPlan(t, lv.G).DistKind, math.MaxInt, 2)
		if h == nil {
			continue
		}
		n := lv.G.Nodes()
		vec, scalar := newSweep(h), newSweep(h)
		var targets [sweepRows]int32
		for first := 0; first < n; first += sweepRows {
			for j := range targets {
				targets[j] = int32(min(first+j, n-1))
			}
			vectorSweep = false
			scalar.run(&targets)
			for _, wide := range widths {
				vectorSweep, wideSweep = true, wide
				vec.run(&targets)
				if !slices.Equal(vec.dist, scalar.dist) {
					t.Fatalf("%s: targets %v: the vector sweep (512-bit: %v) differs", lv.Name, targets, wide)
				}
			}
		}
	}
}

// TestVectorPutMatches checks the vector row writer against the Go loop,
// bit for bit, on every level it can be run on, unreachable pairs
// included.
func TestVectorPutMatches(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no 512-bit row writer on this processor")
	}
	defer func() { vectorSweep, wideSweep = hasAVX2, hasAVX512 }()
	for _, lv := range slices.Concat(mapstest.SmallLevels(t), multiBlockLevels(t)) {
		plan := mustPlan(t, lv.G)
		if _, ok := table.NewRows(&plan, 1).Row(0).Dist.Octile16(); !ok {
			continue
		}
		h, _ := exactHierarchy(context.Background(), lv.G, plan.DistKind, math.MaxInt, 2)
		if h == nil {
			continue
		}
		n := lv.G.Nodes()
		s := newSweep(h)
		vec, scalar := table.NewRows(&plan, sweepRows), table.NewRows(&plan, sweepRows)
		vecRows, scalarRows := make([]table.Row, sweepRows), make([]table.Row, sweepRows)
		for j := range sweepRows {
			vecRows[j], scalarRows[j] = vec.Row(j), scalar.Row(j)
		}
		var targets [sweepRows]int32
		for first := 0; first < n; first += sweepRows {
			for j := range targets {
				targets[j] = int32(min(first+j, n-1))
			}
			s.run(&targets)
			vectorSweep, wideSweep = true, true
			s.putAll(vecRows)
			vectorSweep, wideSweep = false, false
			s.putAll(scalarRows)
			vf, vd := vec.Bytes()
			sf, sd := scalar.Bytes()
			if !slices.Equal(vf, sf) || !slices.Equal(vd, sd) {
				t.Fatalf("%s: targets %v: the vector row writer differs", lv.Name, targets)
			}
		}
	}
}
