package build

import (
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// benchForwardGraph is a 256×256 grid with a tenth of its cells walled.
func benchForwardGraph(b *testing.B) *maps.Graph {
	text := mapstest.RandomGrid(rand.New(rand.NewPCG(5, 256)), 256, 256, 0.1, nil)
	g, err := maps.ParseFormat(maps.FormatGrid, "bench.grid", []byte(text), maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkForward is one distance search over the whole level, as the
// run-length rows and plan's distance bound run it.
func BenchmarkForward(b *testing.B) {
	g := benchForwardGraph(b)
	f := newForward(g, exactSearchKeys(g))
	n := int32(g.Nodes())
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f.run(int32(i*7919) % n)
	}
}

// BenchmarkOptimalMoves is one search of a fast run-length sample: the
// distances and every node's optimal first moves.
func BenchmarkOptimalMoves(b *testing.B) {
	g := benchForwardGraph(b)
	f := newForward(g, exactSearchKeys(g))
	n := int32(g.Nodes())
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		optimalMoves(f, int32(i*7919)%n)
	}
}
