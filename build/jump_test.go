package build

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestJumpRows: on generated grids, most in several components, a table
// by default stores J in H_7's value (table.JumpSuffix) and answers every
// pair as Floyd-Warshall does, fresh and from its file (checkPair); with
// NoJump it keeps the old encoding; and over all the levels J takes fewer
// runs than H_7.
func TestJumpRows(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 11))
	cases := []struct {
		name  string
		walls float64
		cost  func(*rand.Rand) byte
		moves maps.Moves
	}{
		{"unit-8", 0.3, nil, maps.Moves{}},
		{"sparse-8", 0.15, nil, maps.Moves{}},
		{"unit-4", 0.3, nil, maps.Moves{Connect: 4}},
		{"costs-8", 0.3, mapstest.MixedCosts, maps.Moves{}},
		{"costs-4-1014", 0.25, mapstest.MixedCosts, maps.Moves{Connect: 4, Diagonal: maps.Diagonal1014}},
	}
	var runs, old int
	for _, c := range cases {
		for k := range 3 {
			name := fmt.Sprintf("%s-%d", c.name, k)
			lvl, err := maps.ParseLevel(name+".grid", []byte(mapstest.RandomGrid(r, 14+3*k, 10+2*k, c.walls, c.cost)), maps.Options{Moves: c.moves})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) {
				a, b := checkJumpRows(t, lvl.Graph)
				runs, old = runs+a, old+b
			})
		}
	}
	if runs >= old {
		t.Errorf("%d runs with J, %d with H_7: no fewer", runs, old)
	}
}

func checkJumpRows(t *testing.T, g *maps.Graph) (runs, old int) {
	tab, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Build(context.Background(), g, Options{Layout: table.LayoutRuns, Workers: 1, NoJump: true})
	if err != nil {
		t.Fatal(err)
	}
	if !tab.RunJumps() || !strings.HasSuffix(tab.FirstEnc, table.JumpSuffix) || plain.RunJumps() || plain.FirstEnc+table.JumpSuffix != tab.FirstEnc {
		t.Fatalf("encodings %q and, with NoJump, %q", tab.FirstEnc, plain.FirstEnc)
	}
	back, err := table.Decode(writeTable(t, tab))
	if err != nil {
		t.Fatal(err)
	}
	if back.FirstEnc != tab.FirstEnc || back.RunCount != tab.RunCount {
		t.Fatalf("read back as %q, %d runs; built %q, %d", back.FirstEnc, back.RunCount, tab.FirstEnc, tab.RunCount)
	}
	d := mapstest.FloydWarshall(g)
	for s := range g.Nodes() {
		for u := range g.Nodes() {
			for _, x := range []*table.Table{tab, back} {
				checkPair(t, g, x, d, s, u)
			}
		}
	}
	return tab.RunCount, plain.RunCount
}
