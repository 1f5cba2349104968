package build

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// TestSampleSourceRounds checks that every round's sample i lies in
// stratum i, and that a later round draws other sources than the first
// (the race's rounds would otherwise recount the same rows).
func TestSampleSourceRounds(t *testing.T) {
	for _, tc := range []struct{ n, samples int }{{1025, 64}, {4706, 64}, {43151, 64}, {100, 100}, {7, 3}} {
		for round := range 4 {
			same := 0
			for i := range tc.samples {
				s := int(sampleSource(i, tc.n, tc.samples, round))
				// Stratum i: the nodes of numbers i·n/samples up to
				// (i+1)·n/samples, rounded down.
				lo, hi := i*tc.n/tc.samples, ((i+1)*tc.n-1)/tc.samples
				if s < lo || s > hi {
					t.Fatalf("n=%d samples=%d round %d: sample %d is node %d, outside its stratum %d..%d", tc.n, tc.samples, round, i, s, lo, hi)
				}
				if s == int(sampleSource(i, tc.n, tc.samples, 0)) {
					same++
				}
			}
			// Strata of one node hold one source in every round.
			if round > 0 && tc.n >= 16*tc.samples && same > tc.samples/4 {
				t.Errorf("n=%d samples=%d: round %d draws %d of %d sources of round 0", tc.n, tc.samples, round, same, tc.samples)
			}
		}
	}
}

// TestRaceOrders checks the race on brc202d, where the first round of 64
// rows puts the row strips ahead (after stripCost): the race weighs the
// orders near the best over more rows and picks the row leaf-strips
// (leafStripOrder), the whole table's best (307,235 runs; the depth-first
// order, the best before the leaf-strip orders, 333,199).
func TestRaceOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("samples a level of 43,151 nodes")
	}
	g, eng, keys := sampleLevel(t, filepath.Join(largeMaps, "brc202d.map"))
	dfs := newRunOrder(g)
	geo := newSymbolGeometry(g, dfs.node)
	orders := slices.DeleteFunc(runCandidates(g, dfs), func(o *runOrder) bool { return o == nil })
	first, err := orderSampleRuns(context.Background(), g, eng, keys, geo, 2, orders, orderSamples, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := weighed(orders, first)
	co, leaves := cutOrderLeaves(g, dfs, cutStyles[0])
	want := leafStripOrder(g, co, leaves, rowSteps)
	if o := orders[slices.Index(w, slices.Min(w))]; slices.Equal(o.node, want.node) {
		t.Log("the first round alone picks the row leaf-strips now")
	}
	got, err := pickOrder(context.Background(), g, eng, keys, geo, 2, orders...)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.node, want.node) {
		t.Errorf("the race picked another order than the row leaf-strips")
	}
}
