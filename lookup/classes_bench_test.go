package lookup_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pathtable/pathtable/lookup"
)

// lakeCells returns the nodes of lt within radius r of the grid's middle:
// the water a class of agents may not enter.
func lakeCells(lt *lookup.Table, r int) []int {
	w, h, _ := lt.Grid()
	var out []int
	for u := range lt.Len() {
		x, y, _ := lt.XY(u)
		if dx, dy := x-w/2, y-h/2; dx*dx+dy*dy <= r*r {
			out = append(out, u)
		}
	}
	return out
}

// classOverlay is the overlay of a class that may not enter cells, blocked
// in one batch.
func classOverlay(tb testing.TB, lt *lookup.Table, cells []int) *lookup.Overlay {
	o := lookup.NewOverlay(lt)
	err := o.Apply(func(b *lookup.Batch) error {
		for _, u := range cells {
			if err := b.Block(u); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// BenchmarkAgentClass measures what a class of agents kept off a lake
// (the open cells within 12 of the middle of a 64x64 grid, a tenth of it)
// costs through an overlay over the shared table: "overlay" the memory
// (B/op) and time to make one, "path-table" and "path-class" whole paths
// between the same random pairs of dry cells from the table (what agents
// that may swim get) and through the class's overlay; "crossing" is the
// share of pairs whose table path crosses the lake, which the overlay
// answers by a search.
func BenchmarkAgentClass(b *testing.B) {
	for _, bt := range loadBenchTables(b) {
		if bt.name != "random-64x64" && bt.name != "random-64x64-runs" {
			continue
		}
		lt := bt.lt
		lake := lakeCells(lt, 12)
		o := classOverlay(b, lt, lake)
		r := rand.New(rand.NewPCG(5, 6))
		var pairs [][2]int
		crossing := 0
		for len(pairs) < 512 {
			s, t := r.IntN(lt.Len()), r.IntN(lt.Len())
			if o.Blocked(s) || o.Blocked(t) {
				continue
			}
			if _, ok := o.Dist(s, t); !ok {
				continue
			}
			pairs = append(pairs, [2]int{s, t})
			if path, _ := lt.AppendPath(nil, s, t); o.Crosses(path) {
				crossing++
			}
		}
		b.Run(bt.name+"/overlay", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				classOverlay(b, lt, lake)
			}
			b.ReportMetric(float64(len(lake)), "blocked")
		})
		for _, q := range []struct {
			name string
			path func(buf []int, s, t int) ([]int, bool)
		}{{"path-table", lt.AppendPath}, {"path-class", o.AppendPath}} {
			b.Run(bt.name+"/"+q.name, func(b *testing.B) {
				buf := make([]int, 0, lt.Len())
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					p := pairs[i%len(pairs)]
					buf, _ = q.path(buf[:0], p[0], p[1])
					i++
				}
				b.ReportMetric(100*float64(crossing)/float64(len(pairs)), "%crossing")
			})
		}
	}
}
