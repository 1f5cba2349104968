package lookup_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// BenchmarkWindowAppendPath walks the same covered pairs through a windowed
// table (DELTA 16) and through the all-pairs table of the same level, side
// by side in one run, and reports the cost per step of each:
//
//	go test ./lookup -run '^$' -bench WindowAppendPath
func BenchmarkWindowAppendPath(b *testing.B) {
	levels := map[string]string{"maze-128-128-2": "../../shared/testmaps/maze-128-128-2.map", "den312d": "../../shared/testmaps/den312d.map"}
	for _, name := range []string{"den312d", "maze-128-128-2"} {
		lvl, err := maps.Load(levels[name], maps.Options{})
		if err != nil {
			b.Skip("no ../shared/testmaps")
		}
		g := lvl.Graph
		flat, err := build.Build(context.Background(), g, build.Options{})
		if err != nil {
			b.Fatal(err)
		}
		win, err := build.Build(context.Background(), g, build.Options{Window: 16})
		if err != nil {
			b.Fatal(err)
		}
		lf, lw := lookup.New(flat), lookup.New(win)
		r := rand.New(rand.NewPCG(5, 6))
		pairs := make([][2]int, 1024)
		for i := range pairs {
			for {
				s, t := r.IntN(lw.Len()), r.IntN(lw.Len())
				if _, ok := lw.Dist(s, t); ok && s != t {
					pairs[i] = [2]int{s, t}
					break
				}
			}
		}
		for _, c := range []struct {
			layout string
			lt     *lookup.Table
		}{{"flat", lf}, {"window", lw}} {
			b.Run(name+"/"+c.layout, func(b *testing.B) {
				benchWalk(b, pairs, 4096, c.lt.AppendPath)
			})
		}
	}
}
