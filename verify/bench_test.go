package verify

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// benchLevel is a Moving AI map loaded once for all benchmarks, with its
// table built when first asked for.
type benchLevel struct {
	g         *maps.Graph
	tableOnce sync.Once
	tab       *table.Table
}

var (
	benchMu     sync.Mutex
	benchLevels = map[string]*benchLevel{}
)

func loadBenchLevel(b *testing.B, name string) *benchLevel {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if l := benchLevels[name]; l != nil {
		return l
	}
	g, _ := mapstest.LoadMovingAI(b, filepath.Join(mapstest.SharedMaps, name))
	l := &benchLevel{g: g}
	benchLevels[name] = l
	return l
}

func (l *benchLevel) table(b *testing.B) *table.Table {
	l.tableOnce.Do(func() { l.tab = buildTable(b, l.g) })
	return l.tab
}

// BenchmarkVerify reports pairs checked per second, all pairs of a small
// map (one Dijkstra per target) and sampled pairs of larger ones (one A*
// per pair).
func BenchmarkVerify(b *testing.B) {
	for _, c := range []struct {
		name  string
		level string
		pairs int
	}{
		{"all/maze-32-32-2", "maze-32-32-2.map", AllPairs},
		{"all/den312d", "den312d.map", AllPairs},
		{"sampled/den312d", "den312d.map", 2000},
		{"sampled/maze-128-128-2", "maze-128-128-2.map", 500},
	} {
		b.Run(c.name, func(b *testing.B) {
			l := loadBenchLevel(b, c.level)
			tab := l.table(b)
			b.ReportAllocs()
			b.ResetTimer()
			var pairs int64
			for b.Loop() {
				rep, err := Table(context.Background(), tab, l.g, Options{Pairs: c.pairs})
				if err != nil || !rep.OK() {
					b.Fatalf("%v %+v", err, rep)
				}
				pairs += rep.Pairs
			}
			b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
		})
	}
}
