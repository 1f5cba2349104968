package build

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/pathtable/pathtable/internal/pool"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Past fastRunsNodes nodes, a contraction alone costs a run-length sample
// more than the seconds a plan may take, so estimateRunsFast samples rows
// without one: a source's row needs only which of its moves are optimal
// toward each target, and on levels of exact keys and positive costs one
// Dijkstra search gives that for every target (a target's moves are those
// of the tight edges into it, in the order the search settled them). The
// same fastSamples sources a build's pickOrder samples first are coded
// under each candidate order by the build's own coder, so the order
// chosen is the one the build's first round picks (its race may overturn
// it for one a few percent better) and the rows are its rows. The build's time and memory are
// measured on a central crop of the level (a sampled build of its own),
// scaled by the nodes and by how much slower a search runs per node on the
// whole level than on the crop.
const (
	fastRunsNodes = 1 << 18
	fastSamples   = orderSamples
	cropNodes     = 1 << 17
	cropBlocks    = 12
	// cropScaleDoubt widens the range of a time scaled from the crop to
	// the whole level each way.
	cropScaleDoubt = 1.25
)

// fastRunsSteps is what estimateRunsFast counts in progress: the searches,
// their coding, and the crop's sample.
const fastRunsSteps = 2*fastSamples + 2*(runSetupSteps+cropBlocks)

// fastRunsFits reports whether estimateRunsFast can sample g: a Moving AI
// grid (its crop is cut from the file), exact keys, no zero cost, at most
// 8 moves a node. O(E).
func fastRunsFits(g *maps.Graph) bool {
	if g.Grid == nil || g.Metric != maps.MetricOctile || slices.Contains(g.Weights, 0) {
		return false
	}
	for u := range g.Nodes() {
		if g.Offsets[u+1]-g.Offsets[u] > 8 {
			return false
		}
	}
	return true
}

// estimateRunsFast estimates a run-length build of a level past
// fastRunsNodes (see above).
func estimateRunsFast(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	g := lvl.Graph
	h, err := PlanLayout(g, table.LayoutRuns)
	if err != nil {
		return Estimate{}, err
	}
	if !exactKeys(true, h.DistKind) || lvl.Format != maps.FormatMovingAI {
		return estimateRunsWhole(ctx, lvl, opt)
	}
	base := settledMemory()
	var crops [2]cropMeasures
	for i, nodes := range []int{cropNodes / 4, cropNodes} {
		crop, err := cropLevel(lvl, nodes)
		if err != nil {
			return Estimate{}, err
		}
		if crops[i], err = measureCrop(ctx, crop, opt); err != nil {
			return Estimate{}, err
		}
	}
	fm, err := sampleFast(ctx, g, h, opt)
	if err != nil {
		return Estimate{}, err
	}
	return fastEstimate(opt, base, g, crops, fm), nil
}

// estimateRunsWhole is estimateRuns's full sample, for levels the fast
// sample cannot take.
func estimateRunsWhole(ctx context.Context, lvl *maps.Level, opt Options) (Estimate, error) {
	est, _, err := sampleRuns(ctx, lvl, opt, 0)
	return est, err
}

// cropMeasures is what a sampled build of the crop took.
type cropMeasures struct {
	est   Estimate
	n     int
	setup time.Duration // the crop's setup CPU
	rows  time.Duration // the crop's rows' CPU, all of them
	grew  int64
	// setGrew is the growth during the setup, blockScratch the blocks'
	// distance rows, all workers'.
	setGrew, blockScratch int64
}

// measureCrop samples a run-length build of crop (cropBlocks blocks).
func measureCrop(ctx context.Context, crop *maps.Level, opt Options) (cropMeasures, error) {
	est, m, err := sampleRuns(ctx, crop, opt, cropBlocks)
	if err != nil {
		return cropMeasures{}, err
	}
	cm := cropMeasures{est: est, n: crop.Graph.Nodes(), setup: m.setup, rows: m.rows, grew: m.grew, setGrew: m.setGrew}
	// What the crop's blocks held beyond its setup: its largest block's
	// distance rows on each worker.
	need := 0
	for _, b := range m.samples {
		need = max(need, b.need)
	}
	cm.blockScratch = int64(workerCount(opt)) * int64(need) * int64(cm.n) * int64(m.rowBytes)
	return cm, nil
}

// exactSearchKeys are the search keys of g's edges on an octile level of
// exact keys.
func exactSearchKeys(g *maps.Graph) []float64 {
	keys := make([]float64, g.Edges())
	for e, w := range g.Weights {
		keys[e] = searchKey(w, true)
	}
	return keys
}

// fastMeasures is what the fast sample of the whole level measured.
type fastMeasures struct {
	runs  []float64 // of each sample under the chosen order
	grew  int64
	model fileModel
	need  int // the most distance rows a block of the build needs
}

// sampleFast codes fastSamples rows of g from one search each under every
// candidate order, while the candidates are computed, and picks the order
// with the fewest runs, as pickOrder's first round does.
func sampleFast(ctx context.Context, g *maps.Graph, h table.Header, opt Options) (fastMeasures, error) {
	watch := startMemWatch()
	n := g.Nodes()
	keys := exactSearchKeys(g)
	var orders []*runOrder
	var wg sync.WaitGroup
	wg.Add(1)
	dfs := newRunOrder(g)
	go func() {
		defer wg.Done()
		for _, o := range runCandidates(g, dfs) {
			if o != nil {
				orders = append(orders, o)
			}
		}
	}()
	masks, err := searchMasks(ctx, g, keys, opt)
	wg.Wait()
	if err != nil {
		watch.stop()
		return fastMeasures{}, err
	}
	geo := newSymbolGeometry(g, dfs.node)
	switch {
	case opt.Literal:
		geo = nil
	case opt.NoJump && geo != nil:
		geo = geo.withoutJumps()
	}
	counts, err := codeMasks(ctx, g, keys, orders, geo, masks, opt)
	fm := fastMeasures{grew: watch.stop()}
	if err != nil {
		return fm, err
	}
	total := make([]int, len(orders))
	for i := range orders {
		total[i] = int(sum(counts[i]))
	}
	w := weighed(orders, total) // as pickOrder weighs them
	best := slices.Index(w, slices.Min(w))
	fm.runs = counts[best]
	s := &runSetup{g: g, h: h, ord: orders[best], geo: geo}
	if geo != nil {
		s.geo = geo.withOrder(g, orders[best].node)
		s.geo.wrap, s.geo.comps = orders[best].rowWrap(!opt.WholeRows)
	}
	fm.model, err = s.newFileModel(g, opt)
	fm.need = s.maxNeed(runBlock(n, s.rowBytes()), fastSamples)
	return fm, err
}

func sum(x []float64) float64 {
	t := 0.0
	for _, v := range x {
		t += v
	}
	return t
}

// searchMasks returns, for each of fastSamples sources spread over g's
// nodes as pickOrder spreads them, the optimal moves from it toward every
// node (bit i: its i-th out-edge; 0: no path, or the source).
func searchMasks(ctx context.Context, g *maps.Graph, keys []float64, opt Options) ([][]uint8, error) {
	n := g.Nodes()
	masks := make([][]uint8, fastSamples)
	err := pool.Run(ctx, workerCount(opt), fastSamples, func(int) *forward { return newForward(g, keys) },
		func(_ context.Context, f *forward, i int) error {
			masks[i] = optimalMoves(f, sampleSource(i, n, fastSamples, 0))
			if opt.Progress != nil {
				opt.Progress.Add(1)
			}
			return nil
		})
	return masks, err
}

// optimalMoves runs f from s and returns, beside each node's distance in
// f.dist, the optimal first moves from s toward it: a node's moves are
// those of the tight edges into it, unioned as they are relaxed. Costs are
// positive, so a node's tight predecessors are all settled, and its moves
// final, before it is. O((V' + E') log V') for the V' nodes and E' edges
// it reaches, and O(V) for the moves.
func optimalMoves(f *forward, s int32) []uint8 {
	g, keys, dist := f.g, f.keys, f.dist
	mask := make([]uint8, g.Nodes())
	f.start(s)
	for f.heap.Len() > 0 {
		u, key := f.heap.Pop()
		if !f.settles(u, key) {
			continue
		}
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			bit := mask[u]
			if u == s {
				bit = 1 << (e - g.Offsets[s])
			}
			switch v, d := g.Targets[e], key+keys[e]; {
			case d < dist[v]:
				dist[v], mask[v] = d, bit
				f.heap.Push(v, d)
			case d == dist[v]:
				mask[v] |= bit
			}
		}
	}
	mask[s] = 0
	return mask
}

// codeMasks codes each sample's row under each order, from its masks, with
// the build's coder: a row of 0 toward reachable targets and +Inf
// elsewhere, and for each move a row of minus its cost where it is optimal
// (+Inf elsewhere), so that a move's sum equals the target's distance
// exactly where it is optimal. It returns the runs by order and sample.
func codeMasks(ctx context.Context, g *maps.Graph, keys []float64, orders []*runOrder, geo *symbolGeometry, masks [][]uint8, opt Options) ([][]float64, error) {
	n := g.Nodes()
	geos := make([]*symbolGeometry, len(orders))
	for i, o := range orders {
		if geo != nil {
			geos[i] = geo.withOrder(g, o.node)
			geos[i].wrap, geos[i].comps = o.rowWrap(true) // as pickOrder codes them
		}
	}
	counts := make([][]float64, len(orders))
	for i := range counts {
		counts[i] = make([]float64, len(masks))
	}
	type scratch struct {
		rows  [][]float64
		local []int32
		words []uint32
	}
	newScratch := func(int) *scratch {
		sc := &scratch{local: make([]int32, n)}
		for range 9 {
			sc.rows = append(sc.rows, make([]float64, n))
		}
		return sc
	}
	inf := math.Inf(1)
	err := pool.Run(ctx, workerCount(opt), len(masks), newScratch, func(_ context.Context, sc *scratch, k int) error {
		s, m := sampleSource(k, n, len(masks), 0), masks[k]
		deg := int(g.Offsets[s+1] - g.Offsets[s])
		for i, o := range orders {
			for r, v := range o.node {
				d := inf
				if m[v] != 0 || v == s {
					d = 0
				}
				sc.rows[0][r] = d
				for j := range deg {
					x := inf
					if m[v]>>j&1 != 0 {
						x = -keys[int(g.Offsets[s])+j]
					}
					sc.rows[j+1][r] = x
				}
			}
			sc.local[s] = 0
			for j := range deg {
				sc.local[g.Targets[int(g.Offsets[s])+j]] = int32(j + 1)
			}
			c := &rowCoder{g: g, keys: keys, order: o, exact: true, geo: geos[i]}
			if c.geo != nil {
				sc.words = c.symRow(sc.words[:0], s, sc.rows, nil, sc.local)
			} else {
				sc.words = c.row(sc.words[:0], s, sc.rows, nil, sc.local)
			}
			counts[i][k] = float64(len(sc.words))
		}
		if opt.Progress != nil {
			opt.Progress.Add(1)
		}
		return nil
	})
	return counts, err
}

// fastEstimate extrapolates the fast sample and the crops' builds to g.
// A row costs O(V), and more per node on a larger level (caches), so the
// time a row takes grows as V^β, β measured between the two crops; the
// setup's time likewise, as V^γ.
func fastEstimate(opt Options, base int64, g *maps.Graph, crops [2]cropMeasures, fm fastMeasures) Estimate {
	n := float64(g.Nodes())
	ones := make([]float64, len(fm.runs))
	for i := range ones {
		ones[i] = 1
	}
	r, lo, hi := ratioRange(fm.runs, ones, len(fm.runs), g.Nodes(), n)
	// A row that wraps (one component) saves at most one run.
	lo = max(lo-n, 0)
	est := Estimate{Options: opt, Sampled: true}
	est.Bytes, est.BytesLow, est.BytesHigh = fm.model.bytes(r, 255), fm.model.bytes(lo, 255), fm.model.bytes(hi, 1<<16)
	small, large := crops[0], crops[1]
	nl := float64(large.n)
	grow := math.Log(nl / max(float64(small.n), 1))
	perRow := func(c cropMeasures) float64 { return c.rows.Seconds() / max(float64(c.n), 1) }
	beta := clampExp(math.Log(perRow(large)/perRow(small))/grow, 1, 1.6)
	gamma := clampExp(math.Log(large.setup.Seconds()/small.setup.Seconds())/grow, 1, 1.5)
	setup := time.Duration(float64(large.setup) * math.Pow(n/nl, gamma))
	rows := time.Duration(perRow(large) * math.Pow(n/nl, beta) * n * float64(time.Second))
	write := fm.model.writeCPU(est.Bytes)
	est.CPU = setup + rows + write
	// The crop's own range, widened by cropScaleDoubt for the scaling
	// from the crop to the level, which no sample measures.
	spread := func(x time.Duration) float64 { return float64(x) / float64(max(large.est.CPU, 1)) }
	// A row's cost per node grows faster on larger levels than between
	// the crops (more shortcuts a node, fewer cache hits), so the doubt
	// is wider upward.
	est.CPULow = setup + time.Duration(float64(rows)*spread(large.est.CPULow)/cropScaleDoubt) + write
	est.CPUHigh = setup + time.Duration(float64(rows)*spread(large.est.CPUHigh)*cropScaleDoubt*cropScaleDoubt) + write
	est.Duration = est.CPU / time.Duration(workerCount(opt))
	est.PeakBytes, est.PeakLow, est.PeakHigh, est.RowsPeakBytes = fastPeak(opt, base, n, large, fm, [3]float64{r, lo, hi}, [3]int64{est.Bytes, est.BytesLow, est.BytesHigh})
	est.OnceCPU, est.BaseBytes = setup, base
	return est
}

// clampExp is x within lo..hi, lo where x is not a number.
func clampExp(x, lo, hi float64) float64 {
	if math.IsNaN(x) {
		return lo
	}
	return min(max(x, lo), hi)
}

// fastPeak is the build's peak for each of the run counts runs (files of
// sizes bytes): the setup's memory, which grows with the level as the
// crop's did, or what the rows hold beside it, the blocks' distance rows
// (a block's needs, each a row of the level, on each worker) among it;
// and the share the rows hold, for the first.
func fastPeak(opt Options, base int64, n float64, crop cropMeasures, fm fastMeasures, runs [3]float64, bytes [3]int64) (peak, lo, hi, rows int64) {
	scale := n / float64(crop.n)
	blocks := int64(workerCount(opt)) * int64(fm.need) * int64(n) * 8
	retained := max(crop.grew-crop.blockScratch, 0)
	scratch := max(int64(float64(crop.setGrew)*scale), int64(float64(retained)*scale)+blocks, fm.grew)
	var p [3]int64
	for i := range p {
		held := int64(8*runs[i]) + (bytes[i] - fm.model.empty) + 8*int64(n)
		p[i] = base + max(scratch+held, bytes[i]+writeScratch(bytes[i], opt))
	}
	return p[0], p[1], p[2], max(p[0]-base-scratch, 0)
}

// cropLevel cuts from a Moving AI level the central square holding about
// nodes of its passable cells, as a level of its own. O(file size).
func cropLevel(lvl *maps.Level, nodes int) (*maps.Level, error) {
	gr := lvl.Graph.Grid
	lines := bytes.Split(lvl.Data, []byte("\n"))
	at := -1
	for i, l := range lines {
		if string(bytes.TrimSpace(l)) == "map" {
			at = i + 1
			break
		}
	}
	if at < 0 || len(lines) < at+gr.Height {
		return nil, fmt.Errorf("%s: no map section to crop", lvl.Name)
	}
	density := float64(lvl.Graph.Nodes()) / float64(gr.Width*gr.Height)
	side := int(math.Sqrt(float64(nodes) / max(density, 1e-9)))
	w, h := min(side, gr.Width), min(side, gr.Height)
	x0, y0 := (gr.Width-w)/2, (gr.Height-h)/2
	var b bytes.Buffer
	fmt.Fprintf(&b, "type octile\nheight %d\nwidth %d\nmap\n", h, w)
	for y := y0; y < y0+h; y++ {
		row := bytes.TrimRight(lines[at+y], "\r")
		if len(row) < x0+w {
			return nil, fmt.Errorf("%s: line %d is shorter than the map's width", lvl.Name, at+y+1)
		}
		b.Write(row[x0 : x0+w])
		b.WriteByte('\n')
	}
	return maps.ParseLevel("crop.map", b.Bytes(), lvl.Options)
}
