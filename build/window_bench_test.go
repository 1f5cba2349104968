package build

import (
	"context"
	"os"
	"testing"

	"github.com/pathtable/pathtable/maps"
)

// BenchmarkBuildWindow builds a windowed table of the shared Boston map
// (796,896 cells), DELTA 16, on every core:
//
//	go test ./build -run '^$' -bench BuildWindow -benchtime 1x
func BenchmarkBuildWindow(b *testing.B) {
	const path = "../../shared/largemaps/Boston_0_1024.map"
	if _, err := os.Stat(path); err != nil {
		b.Skip("no ../shared/largemaps")
	}
	lvl, err := maps.Load(path, maps.Options{})
	if err != nil {
		b.Fatal(err)
	}
	g := lvl.Graph
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(context.Background(), g, Options{Window: 16}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(g.Nodes()), "ns/origin")
}
