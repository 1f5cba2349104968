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
// by default stores J in H_7's value and J_2 in H_6's (table.JumpSuffix)
// and answers every pair as Floyd-Warshall does, fresh and from its file
// (checkPair); with NoJump it keeps the old encoding; over all the levels
// J takes fewer runs than H_7, and some rows store J_2.
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
	var runs, old, j2 int
	for _, c := range cases {
		for k := range 3 {
			name := fmt.Sprintf("%s-%d", c.name, k)
			lvl, err := maps.ParseLevel(name+".grid", []byte(mapstest.RandomGrid(r, 14+3*k, 10+2*k, c.walls, c.cost)), maps.Options{Moves: c.moves})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) {
				a, b, c := checkJumpRows(t, lvl.Graph)
				runs, old, j2 = runs+a, old+b, j2+c
			})
		}
	}
	if runs >= old {
		t.Errorf("%d runs with J, %d with H_7: no fewer", runs, old)
	}
	if j2 == 0 {
		t.Errorf("no run stores J_2: the test does not reach it")
	}
}

// checkJumpRows checks g's table against Floyd-Warshall and returns its
// runs, its runs with NoJump, and its runs of J_2.
func checkJumpRows(t *testing.T, g *maps.Graph) (runs, old, j2 int) {
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
	r := tab.Payload().(*table.Runs)
	for i := range r.Code.Len() {
		if n, ok := table.IsJumpValue(r.Code.Move(i)); ok && n == 2 {
			j2++
		}
	}
	return tab.RunCount, plain.RunCount, j2
}
