package lookup_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// wallGrid is the 7x8 grid with a wall at x=1, y=2..6: with
// -window 2, 0,4 -> 2,4 is covered but its window holds no path, while
// the level has one of cost 8.
const wallGrid = ".......\n.......\n.#.....\n.#.....\n.#.....\n.#.....\n.#.....\n.......\n"

// TestAnswersAndSearch: a pair a table answers (Answers) gets the table's
// answer; every other pair, covered or not, has the level's answer from
// Search (the -fallback rule, issue 20). On tables of all pairs Answers is
// always true; on windowed ones it is false exactly where the table says
// "not covered" or "no path", and the level may have one.
func TestAnswersAndSearch(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "wall.grid", []byte(wallGrid), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := mapstest.FloydWarshall(g)
	flat := buildAndLoad(t, g)
	tab, err := build.Build(context.Background(), g, build.Options{Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	win := lookup.New(tab)
	from, _ := win.Node("0,4")
	to, _ := win.Node("2,4")
	if !win.Covered(from, to) || win.Answers(from, to) {
		t.Fatalf("0,4 -> 2,4: covered %v, answers %v; want covered, not answered", win.Covered(from, to), win.Answers(from, to))
	}
	if _, cost, ok := win.Search(nil, from, to); !ok || cost != 8 {
		t.Fatalf("0,4 -> 2,4: Search %v %v, want 8", cost, ok)
	}
	unanswered := 0
	for s := range g.Nodes() {
		for d := range g.Nodes() {
			if !flat.Answers(s, d) {
				t.Fatalf("flat table: Answers(%d, %d) false", s, d)
			}
			_, tableOK := win.Dist(s, d)
			if got := win.Answers(s, d); got != (win.Covered(s, d) && (tableOK || s == d)) {
				t.Fatalf("Answers(%s, %s) = %v; covered %v, table path %v", win.Name(s), win.Name(d), got, win.Covered(s, d), tableOK)
			}
			if win.Answers(s, d) {
				continue
			}
			unanswered++
			_, cost, ok := win.Search(nil, s, d)
			if w := want[s][d]; ok != !math.IsInf(w, 1) || ok && !sameCost(cost, w, g.Metric) {
				t.Fatalf("Search(%s, %s) = %v %v, want %v", win.Name(s), win.Name(d), cost, ok, w)
			}
		}
	}
	if unanswered == 0 {
		t.Fatal("every pair answered: the window does not leave any to search")
	}
}

// TestOverlayRefusesWindows: an overlay of a windowed table answers as the
// table does, and refuses every change (its search could not be exact:
// the windowed overlay answered "no path" where the level had
// one), with ErrNotAllPairs.
func TestOverlayRefusesWindows(t *testing.T) {
	g, err := maps.ParseFormat(maps.FormatGrid, "wall.grid", []byte(wallGrid), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, build.Options{Window: 20})
	if err != nil {
		t.Fatal(err)
	}
	lt := lookup.New(tab)
	o := lookup.NewOverlay(lt)
	a, _ := lt.Node("0,0")
	b, _ := lt.Node("0,1")
	for name, change := range map[string]func() error{
		"Block":       func() error { return o.Block(a) },
		"Unblock":     func() error { return o.Unblock(a) },
		"SetEdgeCost": func() error { return o.SetEdgeCost(a, b, 5) },
		"RestoreEdge": func() error { return o.RestoreEdge(a, b) },
		"SetCellCost": func() error { return o.SetCellCost(a, 5) },
		"RestoreCell": func() error { return o.RestoreCell(a) },
	} {
		if err := change(); !errors.Is(err, lookup.ErrNotAllPairs) || !strings.Contains(err.Error(), "DELTA 20") {
			t.Errorf("%s: %v, want ErrNotAllPairs", name, err)
		}
	}
	if o.Changes() != 0 {
		t.Fatalf("%d changes", o.Changes())
	}
	for s := range lt.Len() {
		for d := range lt.Len() {
			d1, ok1 := o.Dist(s, d)
			d2, ok2 := lt.Dist(s, d)
			if d1 != d2 || ok1 != ok2 || o.Next(s, d) != lt.Next(s, d) {
				t.Fatalf("%d -> %d: the overlay says %v %v, the table %v %v", s, d, d1, ok1, d2, ok2)
			}
		}
	}
}
