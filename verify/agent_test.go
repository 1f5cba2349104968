package verify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestAgentGraph: verify's brute-force derivation and maps.Footprint's
// give the same graph for agents of side 1 to 4 on random grids under
// every model, and Table passes a table built from the one against the
// other.
func TestAgentGraph(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 24))
	checked := 0
	for _, mv := range mapstest.Models {
		for range 3 {
			text := mapstest.RandomGrid(r, 6+r.IntN(8), 6+r.IntN(8), 0.1, mapstest.FewCosts)
			one, err := maps.Parse("r.grid", []byte(text), maps.Options{Moves: mv})
			if err != nil {
				t.Fatal(err)
			}
			for k := 1; k <= 4; k++ {
				name := fmt.Sprintf("%d-%s/k%d", mv.Connect, mv.Diagonal, k)
				fast, ferr := maps.Parse("r.grid", []byte(text), maps.Options{Moves: mv, Clearance: k})
				brute, berr := AgentGraph(one, k)
				if (ferr == nil) != (berr == nil) {
					t.Fatalf("%s: maps says %v, AgentGraph %v", name, ferr, berr)
				}
				if ferr != nil {
					continue
				}
				if !slices.Equal(fast.Offsets, brute.Offsets) || !slices.Equal(fast.Targets, brute.Targets) ||
					!slices.Equal(fast.Weights, brute.Weights) || !slices.Equal(fast.Grid.Cells, brute.Grid.Cells) ||
					fast.Grid.Clearance != brute.Grid.Clearance {
					t.Fatalf("%s: the two derivations differ", name)
				}
				tab, err := build.Build(context.Background(), fast, build.Options{})
				if err != nil {
					t.Fatal(err)
				}
				rep, err := Table(context.Background(), tab, brute, Options{Pairs: AllPairs})
				if err != nil || !rep.OK() {
					t.Fatalf("%s: %v, %+v", name, err, rep)
				}
				checked++
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d agent tables checked", checked)
	}
}

// TestAgentGraphCatches: a 2x2 agent's table checked against the level
// as a 3x3 agent sees it, or against a level whose footprints cost more,
// fails.
func TestAgentGraphCatches(t *testing.T) {
	const level = "......\n......\n......\n......\n......\n"
	const dearer = "......\n......\n..5...\n......\n......\n"
	g2, err := maps.Parse("a.grid", []byte(level), maps.Options{Clearance: 2})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g2, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	one, _ := maps.Parse("a.grid", []byte(level), maps.Options{})
	three, err := AgentGraph(one, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), tab, three, Options{}); err == nil {
		t.Error("a 2x2 agent's table passes as a 3x3 agent's")
	}
	costly, _ := maps.Parse("a.grid", []byte(dearer), maps.Options{})
	two, err := AgentGraph(costly, 2)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Table(context.Background(), tab, two, Options{})
	if err != nil || rep.OK() {
		t.Errorf("footprints that cost more pass: %v, %+v", err, rep)
	}
	if _, err := AgentGraph(g2, 2); err == nil {
		t.Error("AgentGraph of a level already loaded for an agent")
	}
}
