package build

import (
	"container/heap"
	"context"
	"math"
	"runtime"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// referenceBuild is the straightforward all-pairs builder the issue's
// reference figures describe: an errgroup over targets, container/heap with
// lazy deletion, float64 distances and int32 next hops, allocating per
// search. It exists to measure the real builder against, in one run.
func referenceBuild(g *maps.Graph, workers int) ([][]int32, [][]float64) {
	n := g.Nodes()
	type arc struct {
		to int32
		w  float64
	}
	rev := make([][]arc, n)
	for u := 0; u < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			rev[v] = append(rev[v], arc{int32(u), g.Weights[e]})
		}
	}
	next := make([][]int32, n)
	dist := make([][]float64, n)
	var eg errgroup.Group
	eg.SetLimit(workers)
	for t := 0; t < n; t++ {
		eg.Go(func() error {
			d := make([]float64, n)
			hop := make([]int32, n)
			for i := range d {
				d[i], hop[i] = math.Inf(1), -1
			}
			d[t] = 0
			pq := &refHeap{{node: int32(t)}}
			for pq.Len() > 0 {
				it := heap.Pop(pq).(refItem)
				if it.dist > d[it.node] {
					continue
				}
				for _, a := range rev[it.node] {
					if nd := it.dist + a.w; nd < d[a.to] {
						d[a.to], hop[a.to] = nd, it.node
						heap.Push(pq, refItem{a.to, nd})
					}
				}
			}
			next[t], dist[t] = hop, d
			return nil
		})
	}
	eg.Wait()
	return next, dist
}

type refItem struct {
	node int32
	dist float64
}

type refHeap []refItem

func (h refHeap) Len() int           { return len(h) }
func (h refHeap) Less(i, j int) bool { return h[i].dist < h[j].dist }
func (h refHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *refHeap) Push(x any)        { *h = append(*h, x.(refItem)) }
func (h *refHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// BenchmarkReferenceBuild is the baseline for BenchmarkBuild: compare
// equal sub-benchmark names in one run.
func BenchmarkReferenceBuild(b *testing.B) {
	for _, lv := range loadBenchLevels(b) {
		workers := runtime.GOMAXPROCS(0)
		b.Run(lv.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				referenceBuild(lv.g, workers)
			}
			cpu.report(b)
		})
	}
}

func TestReferenceAgrees(t *testing.T) {
	for _, lv := range mapstest.SmallLevels(t) {
		tab, err := Build(context.Background(), lv.G, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, dist := referenceBuild(lv.G, 2)
		for tg := range dist {
			for s, want := range dist[tg] {
				got, _ := tab.Distance(s, tg)
				if !closeEnough(got, want) {
					t.Fatalf("%s: dist %d->%d = %v, reference %v", lv.Name, s, tg, got, want)
				}
			}
		}
	}
}
