package maps_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// TestNodeCountMatchesParse: the node count NodeCount scans for, where it
// gives one, is the node count the parse makes: every level of testdata,
// the shared Moving AI maps where present, random grids with costs and
// comment lines, and .gr headers; JSON takes a parse (ok false).
func TestNodeCountMatchesParse(t *testing.T) {
	type level struct {
		name string
		data []byte
	}
	var levels []level
	files, _ := filepath.Glob(filepath.Join(mapstest.TestdataDir, "*"))
	if !testing.Short() {
		shared, _ := filepath.Glob(filepath.Join(mapstest.SharedMaps, "*.map"))
		files = append(files, shared...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, level{filepath.Base(f), data})
	}
	r := rand.New(rand.NewPCG(3, 5))
	for i := range 20 {
		text := mapstest.RandomGrid(r, 1+r.IntN(30), 1+r.IntN(30), r.Float64(), mapstest.MixedCosts)
		if i%2 == 0 {
			text = "; a comment\n" + text + ";\n"
		}
		levels = append(levels, level{"random.grid", []byte(text)})
	}
	levels = append(levels, level{"header.gr", []byte("c nodes\np sp 7 1\nc end\na 1 2 3\n")})
	for _, lv := range levels {
		format, err := maps.FormatOf(lv.name)
		if err != nil {
			continue // README and friends
		}
		n, ok := maps.NodeCount(format, lv.data)
		g, err := maps.ParseFormat(format, lv.name, lv.data, maps.Options{})
		if err != nil {
			t.Fatalf("%s: %v", lv.name, err)
		}
		if ok != (format != maps.FormatJSON) {
			t.Errorf("%s: NodeCount ok %v", lv.name, ok)
		}
		if ok && n != g.Nodes() {
			t.Errorf("%s: NodeCount %d, the parse makes %d nodes", lv.name, n, g.Nodes())
		}
	}
}
