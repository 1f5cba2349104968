package build

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// TestFastRowsAreBuildRows: a row coded from one search's optimal moves
// (optimalMoves, codeMasks) has exactly the runs of the row the build
// codes from distance rows, source by source, on open, walled and
// costed grids, with symbols and without.
func TestFastRowsAreBuildRows(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 8))
	for _, c := range []struct {
		name  string
		walls float64
	}{{"open", 0}, {"walls10", 0.1}, {"walls30", 0.3}} {
		lvl, err := maps.ParseLevel(c.name+".grid", []byte(mapstest.RandomGrid(r, 40, 30, c.walls, nil)), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := lvl.Graph
		h, err := PlanLayout(g, table.LayoutRuns)
		if err != nil {
			t.Fatal(err)
		}
		for _, literal := range []bool{false, true} {
			s, err := newRunSetup(context.Background(), g, h, Options{Workers: 1}, !literal)
			if err != nil {
				t.Fatal(err)
			}
			keys := exactSearchKeys(g)
			masks, err := searchMasks(context.Background(), g, keys, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			var base *symbolGeometry
			if !literal {
				base = newSymbolGeometry(g, s.ord.node)
			}
			counts, err := codeMasks(context.Background(), g, keys, []*runOrder{s.ord}, base, masks, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for k, got := range counts[0] {
				src := sampleSource(k, g.Nodes(), len(masks), 0)
				if want := buildRowRuns(s, src); int(got) != want {
					t.Errorf("%s literal=%v: source %d: %d runs from its optimal moves, %d from distance rows", c.name, literal, src, int(got), want)
				}
			}
		}
	}
}

// buildRowRuns is the runs of src's row as the build codes it.
func buildRowRuns(s *runSetup, src int32) int {
	g := s.g
	w := &runWorker{rows: s.eng.worker(), c: &rowCoder{g: g, keys: s.keys, order: s.ord, exact: s.eng.exact, hops: s.eng.hops, geo: s.geo}, slot: make([]int32, g.Nodes())}
	for i := range w.slot {
		w.slot[i] = -1
	}
	w.add(src)
	for e := g.Offsets[src]; e < g.Offsets[src+1]; e++ {
		w.add(g.Targets[e])
	}
	w.rows.compute(w.need)
	if s.geo != nil {
		return len(w.c.symRow(nil, src, w.rows.rows, w.rows.hops, w.slot))
	}
	return len(w.c.row(nil, src, w.rows.rows, w.rows.hops, w.slot))
}

// TestCropLevel: the crop of a Moving AI level is its central square, of
// about the nodes asked, parsed under the level's options.
func TestCropLevel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 1))
	grid := mapstest.RandomGrid(r, 60, 50, 0.2, nil)
	text := "type octile\nheight 50\nwidth 60\nmap\n" + strings.ReplaceAll(grid, "#", "@")
	lvl, err := maps.ParseLevel("r.map", []byte(text), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	crop, err := cropLevel(lvl, 400)
	if err != nil {
		t.Fatal(err)
	}
	n := crop.Graph.Nodes()
	if n < 250 || n > 600 || crop.Graph.Grid.Width > 60 || crop.Graph.Grid.Height > 50 {
		t.Errorf("crop of about 400 nodes: %d nodes, %dx%d", n, crop.Graph.Grid.Width, crop.Graph.Grid.Height)
	}
	if _, err := cropLevel(&maps.Level{Graph: lvl.Graph, Name: "bad.map", Data: []byte("type octile\n")}, 400); err == nil {
		t.Error("a level with no map section was cropped")
	}
}
