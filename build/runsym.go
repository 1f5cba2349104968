package build

import (
	"math"
	"math/bits"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Heuristic symbols (table/symbols.go): on a grid, an entry of a row may
// store H_k, "the k-th best move toward the target by the heuristic key",
// wherever that move is optimal, beside the optimal slots themselves. On
// open ground H_1 is optimal toward targets in every direction, so a row
// that would take a run per direction sector takes one.

// symbolGeometry is what a symbol row needs of a grid level: each node's
// moves as the symbols rank them, and each rank's cell.
type symbolGeometry struct {
	dirs []table.SymbolDirs // by node
	x, y []int32            // cell of each rank
	// wrap: the level is one component, so rows span every rank and wrap
	// (a target below a row's first start takes its last run).
	wrap bool
	// boxes: every cell costs 1, so rows have open-box wildcards
	// (table.Boxes): a target whose box with the source is all nodes is
	// answered H_1 by the reader, so it is a wildcard in the row. runR
	// and runL are, by cell, the nodes in a row from that cell rightward
	// and leftward (0 where it is blocked), of a grid width wide.
	boxes      bool
	runR, runL []int32
	width      int
	height     int
}

// newSymbolGeometry returns g's geometry for symbol rows by the ranks of
// order, or nil when g is no grid or a node's moves are not distinct unit
// moves (which a grid's always are). O(V + E).
func newSymbolGeometry(g *maps.Graph, order []int32) *symbolGeometry {
	gr := g.Grid
	if gr == nil {
		return nil
	}
	geo := &symbolGeometry{dirs: make([]table.SymbolDirs, g.Nodes())}
	var dx, dy [8]int
	for u := range int32(g.Nodes()) {
		deg := int(g.Offsets[u+1] - g.Offsets[u])
		if deg > 8 {
			return nil
		}
		ux, uy := gr.XY(u)
		for j := range deg {
			vx, vy := gr.XY(g.Targets[int(g.Offsets[u])+j])
			dx[j], dy[j] = vx-ux, vy-uy
		}
		d, ok := table.NewSymbolDirs(dx[:deg], dy[:deg])
		if !ok {
			return nil
		}
		geo.dirs[u] = d
	}
	geo.boxes = true
	for _, c := range gr.Cells {
		geo.boxes = geo.boxes && gr.Costs[c] == 1
	}
	if geo.boxes {
		geo.width, geo.height = gr.Width, gr.Height
		geo.runR, geo.runL = make([]int32, len(gr.Nodes)), make([]int32, len(gr.Nodes))
		for y := range gr.Height {
			row := y * gr.Width
			for x := range gr.Width {
				if gr.Nodes[row+x] >= 0 {
					geo.runL[row+x] = 1
					if x > 0 {
						geo.runL[row+x] += geo.runL[row+x-1]
					}
				}
			}
			for x := gr.Width - 1; x >= 0; x-- {
				if gr.Nodes[row+x] >= 0 {
					geo.runR[row+x] = 1
					if x < gr.Width-1 {
						geo.runR[row+x] += geo.runR[row+x+1]
					}
				}
			}
		}
	}
	return geo.withOrder(g, order)
}

// boxLimits fills lim, by quadrant (boxQuadrant), with the open staircase
// of the source at (sx, sy): lim[q][k] is the largest |dx| such that the
// box from the source to (sx+dx, sy±k) is all nodes, for k up to the
// first row whose box is not. O(rows reached).
func (geo *symbolGeometry) boxLimits(sx, sy int, lim *[4][]int32) {
	for q := range 4 {
		run := geo.runR
		if q&2 != 0 {
			run = geo.runL
		}
		step := 1
		if q&1 != 0 {
			step = -1
		}
		l := lim[q][:0]
		cur := int32(math.MaxInt32)
		for y := sy; y >= 0 && y < geo.height; y += step {
			v := run[y*geo.width+sx] - 1
			if v < 0 {
				break
			}
			cur = min(cur, v)
			l = append(l, cur)
		}
		lim[q] = l
	}
}

// boxQuadrant is the quadrant of boxLimits an offset falls in: bit 1 for
// dx < 0, bit 0 for dy < 0. O(1).
func boxQuadrant(dx, dy int) int {
	return int(uint(dx)>>63)<<1 | int(uint(dy)>>63)
}

// withOrder returns geo by the ranks of order. O(V).
func (geo *symbolGeometry) withOrder(g *maps.Graph, order []int32) *symbolGeometry {
	c := *geo
	c.x, c.y = make([]int32, len(order)), make([]int32, len(order))
	for r, u := range order {
		x, y := g.Grid.XY(u)
		c.x[r], c.y[r] = int32(x), int32(y)
	}
	return &c
}

// symRow is row (runs.go) with heuristic symbols: the moves allowed for a
// target are a set of move values (bit m for value m): its optimal slots,
// and H_k for every optimal slot of rank k up to table.MaxSymbolRank. A
// run extends while the intersection of its targets' sets is not empty,
// and stores the lowest value left, so a literal slot where one serves
// every target of the run (a literal decodes faster). Greedy is the fewest
// runs for the order. A target tests one value, the run's witness (below);
// each other value of a run is tested from the run's start when the
// witness fails, until it fails itself. O(V) per row, times up to 15
// (the values) where values die one after another, plus O(degree²) per
// run and O(degree) per test of a rank above 1.
func (c *rowCoder) symRow(dst []uint32, s int32, rows [][]float64, hops [][]int32, slot []int32) []uint32 {
	g, o, geo := c.g, c.order, c.geo
	rs := int(o.rank[s])
	lo, hi := 0, len(o.node)
	if o.compEnd != nil {
		lo, hi = int(o.compStart[rs]), int(o.compEnd[rs])
	}
	c.moves, c.w, c.d = c.moves[:0], c.w[:0], c.d[:0]
	var idx [8]int8 // slot → its index in moves, or -1
	for j := range idx {
		idx[j] = -1
	}
	for e := g.Offsets[s]; e < g.Offsets[s+1]; e++ {
		if v := g.Targets[e]; v != s {
			idx[e-g.Offsets[s]] = int8(len(c.moves))
			c.moves = append(c.moves, uint8(e-g.Offsets[s]))
			c.w = append(c.w, c.keys[e])
			c.d = append(c.d, rows[slot[v]])
		}
	}
	if c.hops {
		c.allowZero(s, hops, slot)
	}
	dirs := &geo.dirs[s]
	signSlot := dirs.SignSlots()
	sx, sy := int(geo.x[rs]), int(geo.y[rs])
	ds := rows[slot[s]]
	inf := math.Inf(1)
	// Each slot's cost and distance row, for the slots in has: an entry
	// tests each slot it needs once.
	var wsl [8]float64
	var dsl [8][]float64
	var has uint8
	for j, i := range idx {
		if i >= 0 {
			wsl[j], dsl[j], has = c.w[i], c.d[i], has|1<<j
		}
	}
	// dist is target r's distance from s. O(1), O(degree) where the rows
	// are bounds.
	dist := func(r int) float64 {
		d := ds[r]
		if !c.exact && d != inf {
			d = inf
			for i := range c.d {
				d = min(d, c.w[i]+c.d[i][r])
			}
		}
		return d
	}
	gx, gy := geo.x[:hi], geo.y[:hi]
	// serves reports whether value v (a slot in has, or a symbol) is an
	// optimal move toward target r at distance d. O(1) for a slot or
	// H_1, O(degree) or so for a higher rank.
	serves := func(v uint8, r int, d float64) bool {
		j := v
		if v >= table.SymbolBase {
			dx, dy := int(gx[r])-sx, int(gy[r])-sy
			if v == table.SymbolBase {
				j = signSlot[signIndex(dx, dy)]
			}
			if v > table.SymbolBase || j == table.NoMove {
				j = dirs.SymbolSlot(int(v-table.SymbolBase)+1, dx, dy)
			}
			if j >= 8 || has>>j&1 == 0 {
				return false
			}
		}
		return wsl[j]+dsl[j][r] == d
	}
	sc := symScan{ds: ds, gx: gx, gy: gy, sx: sx, sy: sy, rs: rs, has: has, wsl: &wsl, dsl: &dsl, signSlot: &signSlot, dirs: dirs}
	if geo.boxes {
		geo.boxLimits(sx, sy, &c.lim)
		sc.lim = &c.lim
	}
	// servesAll reports whether v serves every target in from..to-1.
	// O(to-from).
	servesAll := func(v uint8, from, to int) bool {
		if c.exact {
			return sc.scan(v, from, to) == to
		}
		for t := from; t < to; t++ {
			if t != rs && !serves(v, t, dist(t)) && !sc.box(t) {
				return false
			}
		}
		return true
	}
	// The open run: its first target's values (cand), those known not to
	// serve one of its targets (dead), and the lowest value serving all
	// of them (w, the witness). A target tests the witness alone; when it
	// fails, the next live value is checked from the run's start, so each
	// value is tested until it first fails, and the run ends where the
	// greedy over sets would end it, storing the same lowest value.
	start, none := -1, false
	lead := -1 // the first open-box target before the first run
	var cand, dead uint16
	var w uint8
	first := len(dst)
	firstStart, firstEnd := -1, -1 // the first run, for a row that wraps
	var firstCand uint16           // its first target's values
	emit := func(end int) {
		if len(dst) == first && start >= 0 && !none {
			firstStart, firstEnd, firstCand = start, end, cand
		}
		switch {
		case start < 0:
		case none:
			if len(dst) > first { // before the first run, no run says no path
				dst = append(dst, table.RunWord(start, table.NoMove))
			}
		default:
			dst = append(dst, table.RunWord(start, w))
		}
	}
	for r := lo; r < hi; r++ {
		if start >= 0 && !none && c.exact {
			// The witness over targets that it serves, the common case:
			// one slot and one distance a target, no bookkeeping. The
			// loop stops at the first target it does not serve, which
			// the general step below then takes.
			r = sc.scan(w, r, hi)
			if r == hi {
				break
			}
		}
		if r == rs {
			continue
		}
		d := dist(r)
		if d == inf {
			if start >= 0 && none {
				continue
			}
			emit(r)
			start, none = r, true
			continue
		}
		if start >= 0 && !none {
			if serves(w, r, d) || sc.box(r) {
				continue
			}
			dead |= 1 << w
			found := false
			for m := cand &^ dead; m != 0; m &= m - 1 {
				v := uint8(bits.TrailingZeros16(m))
				if servesAll(v, start, r+1) {
					w, found = v, true
					break
				}
				dead |= 1 << v
			}
			if found {
				continue
			}
		} else if sc.box(r) {
			// A wildcard; before the first run, that run starts at the
			// first of them, so that a run covers every target with a
			// path and the row's runs count them (table reachable).
			if start < 0 && lead < 0 {
				lead = r
			}
			continue
		}
		emit(r)
		start, none = r, false
		if len(dst) == first && lead >= 0 {
			start = lead
		}
		cand, dead = 0, 0
		var rank [8]uint8
		dirs.Ranks(int(gx[r])-sx, int(gy[r])-sy, &rank)
		for j := range dirs.Degree {
			if has>>j&1 != 0 && wsl[j]+dsl[j][r] == d {
				cand |= 1 << j
				if k := rank[j]; k <= table.MaxSymbolRank {
					cand |= 1 << (table.SymbolBase + k - 1)
				}
			}
		}
		w = uint8(bits.TrailingZeros16(cand))
		none = cand == 0 // only if the distance rows disagree: answer no path
	}
	if start < 0 && lead >= 0 {
		// Every target is a wildcard: one run of H_1 (which serves them
		// all) still covers them, so that the row counts their paths.
		start, none, w = lead, false, table.SymbolBase
	}
	emit(hi)
	// A row that wraps needs no first run where its last run serves the
	// first run's targets too: the targets below the new first start wrap
	// to the last run. Only here are the two runs' whole sets needed (the
	// first run's dead values include those that failed on the target
	// that closed it, and so are not its to rule out).
	if geo.wrap && len(dst)-first >= 2 && firstStart >= 0 && !none {
		both := uint16(0)
		for m := firstCand & cand &^ dead; m != 0; m &= m - 1 {
			v := uint8(bits.TrailingZeros16(m))
			if servesAll(v, firstStart, firstEnd) && servesAll(v, start, hi) {
				both = 1 << v
				break
			}
		}
		if both != 0 {
			dst[len(dst)-1] = table.RunWord(start, uint8(bits.TrailingZeros16(both)))
			dst = append(dst[:first], dst[first+1:]...)
		}
	}
	if hi < len(o.node) {
		dst = append(dst, table.RunWord(hi, table.NoMove))
	}
	return dst
}

// symScan is what scan needs of a row being coded.
type symScan struct {
	ds       []float64 // the distance of each target
	gx, gy   []int32   // cell of each rank
	sx, sy   int       // the source's cell
	rs       int       // the source's rank: a wildcard
	has      uint8     // the source's usable slots
	wsl      *[8]float64
	dsl      *[8][]float64 // each usable slot's cost and distance row
	signSlot *[9]uint8
	dirs     *table.SymbolDirs
	lim      *[4][]int32 // the source's open staircase (boxLimits), nil without boxes
}

// box reports whether target r is an open-box wildcard: its box with the
// source is all nodes. O(1).
func (sc *symScan) box(r int) bool {
	if sc.lim == nil {
		return false
	}
	dx, dy := int(sc.gx[r])-sc.sx, int(sc.gy[r])-sc.sy
	l := sc.lim[boxQuadrant(dx, dy)]
	ady := max(dy, -dy)
	return ady < len(l) && max(dx, -dx) <= int(l[ady])
}

// scan returns the first target in from..to-1 that value v does not serve
// (an unreachable target included), or to: a loop of one slot and one
// distance a target for a literal or H_1, where a run spends its time.
// O(to-from), times O(degree) or so for a rank above 1. Exact rows only.
func (sc *symScan) scan(v uint8, from, to int) int {
	ds, rs, inf := sc.ds[:to], sc.rs, math.Inf(1)
	r := from
	switch {
	case v < table.SymbolBase:
		wj, dj := sc.wsl[v&7], sc.dsl[v&7][:to]
		for ; r < to; r++ {
			if r != rs && (ds[r] == inf || wj+dj[r] != ds[r]) && !sc.box(r) {
				break
			}
		}
	case v == table.SymbolBase:
		gx, gy := sc.gx[:to], sc.gy[:to]
		for ; r < to; r++ {
			if r == rs {
				continue
			}
			d := ds[r]
			if d == inf {
				break
			}
			dx, dy := int(gx[r])-sc.sx, int(gy[r])-sc.sy
			j := sc.signSlot[signIndex(dx, dy)]
			if j == table.NoMove {
				j = sc.dirs.SymbolSlot(1, dx, dy)
			}
			j &= 7
			if (sc.has>>j&1 == 0 || sc.wsl[j]+sc.dsl[j][r] != d) && !sc.box(r) {
				break
			}
		}
	default:
		k := int(v-table.SymbolBase) + 1
		for ; r < to; r++ {
			if r == rs {
				continue
			}
			d := ds[r]
			if d == inf {
				break
			}
			j := sc.dirs.SymbolSlot(k, int(sc.gx[r])-sc.sx, int(sc.gy[r])-sc.sy)
			if (j >= 8 || sc.has>>j&1 == 0 || sc.wsl[j]+sc.dsl[j][r] != d) && !sc.box(r) {
				break
			}
		}
	}
	return r
}

// signIndex is (sign(dx)+1)·3 + sign(dy)+1, branch-free: the index of
// the move toward the offset's signs in table.SymbolDirs.SignSlots. O(1).
func signIndex(dx, dy int) int {
	sx := dx>>63 | int(uint(-dx)>>63)
	sy := dy>>63 | int(uint(-dy)>>63)
	return sx*3 + sy + 4
}
