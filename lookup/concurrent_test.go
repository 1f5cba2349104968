package lookup_test

import (
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// rbAnswer is everything lookup says about one ordered pair.
type rbAnswer struct {
	path []int
	cost float64
	ok   bool
	next int
	dist float64
	dok  bool

	corners []int // AppendCorners of path, on grids
}

func rbAsk(lt *lookup.Table, buf []int, s, d int) (rbAnswer, []int) {
	var a rbAnswer
	a.path, a.cost, a.ok = lt.Path(s, d)
	a.next = lt.Next(s, d)
	a.dist, a.dok = lt.Dist(s, d)
	buf, ok := lt.AppendPath(buf[:0], s, d)
	if ok != a.ok || !slices.Equal(buf, a.path) {
		a.ok = !a.ok // make the answer differ from the single-threaded one
	}
	if a.ok {
		a.corners, _ = lt.AppendCorners(nil, a.path)
	}
	return a, buf
}

func (a rbAnswer) equal(b rbAnswer) bool {
	return slices.Equal(a.path, b.path) && slices.Equal(a.corners, b.corners) && a.ok == b.ok && a.next == b.next && a.dok == b.dok &&
		math.Float64bits(a.cost) == math.Float64bits(b.cost) && math.Float64bits(a.dist) == math.Float64bits(b.dist)
}

// TestConcurrentQueries asks every query of every pair from 16 goroutines
// at once on one table, each in its own order; the answers must equal the
// single-threaded ones. Run it with -race: a Table is documented as safe
// for concurrent use.
func TestConcurrentQueries(t *testing.T) {
	tables := map[string]*lookup.Table{
		"maze": func() *lookup.Table {
			lt, _ := loadTable(t, "../testdata/maze.grid", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}})
			return lt
		}(),
		"maze-oct":  loadGrid(t, "../testdata/maze.grid"),
		"waypoints": loadGrid(t, "../testdata/waypoints.json"),
	}
	for name, lt := range tables {
		t.Run(name, func(t *testing.T) {
			n := lt.Len()
			// Out-of-range ids too: those answers must not race either.
			ids := make([]int, 0, n+2)
			ids = append(ids, -1)
			for u := range n {
				ids = append(ids, u)
			}
			ids = append(ids, n)
			want := make([]rbAnswer, len(ids)*len(ids))
			var buf []int
			for i, s := range ids {
				for j, d := range ids {
					want[i*len(ids)+j], buf = rbAsk(lt, buf, s, d)
				}
			}
			const workers = 16
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					var buf []int
					bad := 0
					// Worker w starts at its own pair and strides by a
					// number coprime with the pair count, so that the
					// workers ask different pairs at the same moment.
					total := len(want)
					step := 1
					for _, c := range []int{7, 11, 13, 17, 19, 23} {
						if total%c != 0 {
							step = c
							break
						}
					}
					for k := range total {
						idx := (w*total/workers + k*step) % total
						s, d := ids[idx/len(ids)], ids[idx%len(ids)]
						var got rbAnswer
						got, buf = rbAsk(lt, buf, s, d)
						if !got.equal(want[idx]) && bad < 5 {
							bad++
							t.Errorf("worker %d, %d -> %d: got %+v, want %+v", w, s, d, got, want[idx])
						}
						if got.ok {
							if name := lt.Name(s); name != "" {
								if u, err := lt.Node(name); err != nil || u != s {
									t.Errorf("worker %d: Node(Name(%d)) = %d, %v", w, s, u, err)
								}
							}
						}
					}
				})
			}
			wg.Wait()
		})
	}
}
