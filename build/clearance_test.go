package build

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestClearanceMatchesOracle builds, for agents of side 1 to 4, tables of
// random grids under every movement model, with unit and mixed cell
// costs, in every layout, and checks them against mapstest's oracle, which
// decides each cell and move from the definition of true clearance (every
// cell of a footprint, looked at one by one) and runs its own Dijkstra
// over cells: the table's nodes are the cells open to the agent; every
// pair's distance and reachability is the oracle's (tables of all pairs);
// every stored walk is a walk of legal agent moves costing its Distance.
func TestClearanceMatchesOracle(t *testing.T) {
	levels, empty := 0, 0
	for seed := range uint64(3) {
		r := rand.New(rand.NewPCG(seed, 24))
		for _, mv := range mapstest.Models {
			for _, mixed := range []bool{false, true} {
				text := mapstest.RandomGrid(r, 7+r.IntN(6), 6+r.IntN(6), 0.1, mixedIf(mixed))
				one, err := maps.ParseLevel("r.grid", []byte(text), maps.Options{Moves: mv})
				if err != nil {
					t.Fatal(err)
				}
				for k := 1; k <= 4; k++ {
					name := fmt.Sprintf("seed%d/%d-%s/mixed=%v/k%d", seed, mv.Connect, mv.Diagonal, mixed, k)
					lvl, err := maps.ParseLevel("r.grid", []byte(text), maps.Options{Moves: mv, Clearance: k})
					if errors.Is(err, maps.ErrClearance) {
						empty++
						checkNoneOpen(t, name, one.Graph.Grid, k)
						continue
					}
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					levels++
					for _, l := range Layouts(2) {
						tab, err := Build(context.Background(), lvl.Graph, l.Options)
						if err != nil {
							t.Fatalf("%s/%s: %v", name, l.Name, err)
						}
						checkAgentTable(t, name+"/"+l.Name, tab, one.Graph.Grid, mv, k, nil)
					}
				}
			}
		}
	}
	if levels < 60 || empty == 0 {
		t.Fatalf("%d levels with open cells, %d without: the draw no longer tests both", levels, empty)
	}
}

// checkNoneOpen fails t unless no cell of gr is open to a k×k agent.
func checkNoneOpen(t *testing.T, name string, gr *maps.Grid, k int) {
	t.Helper()
	for c := range gr.Costs {
		if mapstest.AgentCost(gr, c%gr.Width, c/gr.Width, k) != 0 {
			t.Fatalf("%s: refused as having no open cell, but %d,%d is open", name, c%gr.Width, c/gr.Width)
		}
	}
}

// checkAgentTable checks tab, built for a k×k agent on gr (loaded for one
// cell) under mv, against the oracle, for the targets given (nil: all)
// and every source.
func checkAgentTable(t *testing.T, name string, tab *table.Table, gr *maps.Grid, mv maps.Moves, k int, targets []int) {
	t.Helper()
	if tab.Agent() != k || tab.Width != gr.Width || tab.Height != gr.Height {
		t.Fatalf("%s: agent %d, grid %dx%d; want %d, %dx%d", name, tab.Agent(), tab.Width, tab.Height, k, gr.Width, gr.Height)
	}
	nodeOf := make([]int, len(gr.Costs))
	for c := range nodeOf {
		nodeOf[c] = -1
	}
	for u, c := range tab.Cells {
		nodeOf[c] = u
	}
	for c := range gr.Costs {
		if open := mapstest.AgentCost(gr, c%gr.Width, c/gr.Width, k) != 0; open != (nodeOf[c] >= 0) {
			t.Fatalf("%s: cell %d,%d open to the agent %v, a node of the table %v", name, c%gr.Width, c/gr.Width, open, nodeOf[c] >= 0)
		}
	}
	if targets == nil {
		targets = make([]int, tab.Nodes)
		for i := range targets {
			targets[i] = i
		}
	}
	for _, tg := range targets {
		tc := int(tab.Cells[tg])
		want := mapstest.AgentDistancesTo(gr, mv, k, tc%gr.Width, tc/gr.Width)
		for s := range tab.Nodes {
			sc := int(tab.Cells[s])
			d, ok := tab.Distance(s, tg)
			if tab.AllPairs() && (ok != !math.IsInf(want[sc], 1) || ok && !closeEnough(d, want[sc])) {
				t.Fatalf("%s: %d,%d -> %d,%d: table %v (%v), oracle %v", name, sc%gr.Width, sc/gr.Width, tc%gr.Width, tc/gr.Width, d, ok, want[sc])
			}
			if !ok {
				continue
			}
			cost, u := 0.0, s
			for steps := 0; u != tg; steps++ {
				m := tab.Move(u, tg)
				if int(m) >= tab.Degree(u) || steps > tab.Nodes {
					t.Fatalf("%s: the walk %d -> %d breaks at %d", name, s, tg, u)
				}
				v := int(tab.Targets[int(tab.Offsets[u])+int(m)])
				uc, vc := int(tab.Cells[u]), int(tab.Cells[v])
				ux, uy := uc%gr.Width, uc/gr.Width
				step, legal := mapstest.AgentMove(gr, mv, k, ux, uy, vc%gr.Width-ux, vc/gr.Width-uy)
				if !legal || abs(vc%gr.Width-ux) > 1 || abs(vc/gr.Width-uy) > 1 {
					t.Fatalf("%s: the walk %d -> %d steps from %d,%d to %d,%d, which a %dx%d agent may not", name, s, tg, ux, uy, vc%gr.Width, vc/gr.Width, k, k)
				}
				cost += step
				u = v
			}
			if !closeEnough(cost, d) || d < want[sc]-1e-9 {
				t.Fatalf("%s: the walk %d -> %d costs %v, Distance %v, oracle %v", name, s, tg, cost, d, want[sc])
			}
		}
	}
}

// TestClearanceSharedMaps checks run-length tables of the shared Moving AI
// maps for agents of side 2 to 4 against the oracle on a sample of
// targets (every source each); under -short only the 32x32 maps.
func TestClearanceSharedMaps(t *testing.T) {
	for _, path := range mapstest.MovingAIMaps(t) {
		one, err := maps.Load(path, maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if testing.Short() && one.Graph.Nodes() > 1100 {
			continue
		}
		for k := 2; k <= 4; k++ {
			name := fmt.Sprintf("%s/k%d", filepath.Base(path), k)
			lvl, err := maps.Load(path, maps.Options{Clearance: k})
			if errors.Is(err, maps.ErrClearance) {
				checkNoneOpen(t, name, one.Graph.Grid, k)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			tab, err := Build(context.Background(), lvl.Graph, Options{Layout: table.LayoutRuns})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := rand.New(rand.NewPCG(uint64(k), 5))
			targets := make([]int, 3)
			for i := range targets {
				targets[i] = r.IntN(tab.Nodes)
			}
			checkAgentTable(t, name, tab, one.Graph.Grid, maps.DefaultMoves, k, targets)
		}
	}
}
