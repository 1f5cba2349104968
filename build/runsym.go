package build

import (
	"math"
	"math/bits"

	"github.com/pathtable/pathtable/table"
)

// Heuristic symbols (table/symbols.go): on a grid, an entry of a row may
// store H_k, "the k-th best move toward the target by the heuristic key",
// wherever that move is optimal, beside the optimal slots themselves. On
// open ground H_1 is optimal toward targets in every direction, so a row
// that would take a run per direction sector takes one.

// symRow is row (rowcoder.go) with heuristic symbols: the moves allowed for a
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
	rs, lo, hi := c.span(s)
	c.loadMoves(s, rows, hops, slot)
	sr := &c.sym
	sr.init(c, s, rs, rows[slot[s]], dst)
	inf := math.Inf(1)
	for r := lo; r < hi; r++ {
		if sr.start >= 0 && !sr.none && c.exact {
			// The witness over targets that it serves, the common case:
			// one slot and one distance a target, no bookkeeping. The
			// loop stops at the first target it does not serve, which
			// the general step below then takes.
			r = sr.scan(sr.w, r, hi)
			if r == hi {
				break
			}
		}
		if r == rs {
			continue
		}
		d := sr.dist(r)
		switch {
		case d == inf:
			sr.unreachable(r)
		case sr.start >= 0 && !sr.none:
			if !sr.extend(r, d) {
				sr.open(r, d)
			}
		case sr.box(r):
			// A wildcard; before the first run, that run starts at the
			// first of them, so that a run covers every target with a
			// path and the row's runs count them (table reachable).
			if sr.start < 0 && sr.lead < 0 {
				sr.lead = r
			}
		default:
			sr.open(r, d)
		}
	}
	sr.close(hi)
	if hi < len(c.order.node) && !c.geo.comps {
		sr.dst = append(sr.dst, table.RunWord(hi, table.NoMove))
	}
	dst, sr.dst = sr.dst, nil
	return dst
}

// symRowCoder is one symbol row being coded (symRow): the source's usable
// slots, the open run and the row's first run. A rowCoder keeps one, so
// that a row allocates nothing.
type symRowCoder struct {
	symScan
	c *rowCoder
	// Each usable slot's cost and distance row, by slot: an entry tests
	// each slot it needs once.
	wsl      [8]float64
	dsl      [8][]float64
	signSlot [9]uint8
	dst      []uint32
	first    int // the row's first word in dst
	// The open run: its first target's values (cand), those known not to
	// serve one of its targets (dead), and the lowest value serving all
	// of them (w, the witness). A target tests the witness alone; when it
	// fails, the next live value is checked from the run's start, so each
	// value is tested until it first fails, and the run ends where the
	// greedy over sets would end it, storing the same lowest value.
	start      int
	none       bool
	lead       int // the first open-box target before the first run
	cand, dead uint16
	w          uint8
	// The first run, for a row that wraps, its first target's values and
	// the witness that served all its targets.
	firstStart, firstEnd int
	firstCand            uint16
	firstW               uint8
}

// init starts the row of source s, of rank rs and distance row ds, to be
// appended to dst, from the moves loadMoves left in c. O(degree), plus
// the source's open staircase on a level with boxes.
func (sr *symRowCoder) init(c *rowCoder, s int32, rs int, ds []float64, dst []uint32) {
	geo := c.geo
	sr.c, sr.dst, sr.first = c, dst, len(dst)
	sr.start, sr.none, sr.lead, sr.cand, sr.dead, sr.w = -1, false, -1, 0, 0, 0
	sr.firstStart, sr.firstEnd, sr.firstCand = -1, -1, 0
	sr.wsl, sr.dsl = [8]float64{}, [8][]float64{}
	var has uint8
	for i, j := range c.moves {
		sr.wsl[j], sr.dsl[j], has = c.w[i], c.d[i], has|1<<j
	}
	dirs := &geo.dirs[s]
	sr.signSlot = dirs.SignSlots()
	sx, sy := int(geo.x[rs]), int(geo.y[rs])
	hi := len(c.order.node)
	if c.order.compEnd != nil {
		hi = int(c.order.compEnd[rs])
	}
	sr.symScan = symScan{ds: ds, gx: geo.x[:hi], gy: geo.y[:hi], sx: sx, sy: sy, rs: rs, has: has, wsl: &sr.wsl, dsl: &sr.dsl, signSlot: &sr.signSlot, dirs: dirs, offsets: geo.offsets}
	if geo.boxes {
		geo.boxLimits(sx, sy, &c.lim)
		sr.lim = &c.lim
	}
}

// dist is target r's distance from the source. O(1), O(degree) where the
// rows are bounds.
func (sr *symRowCoder) dist(r int) float64 {
	c, d := sr.c, sr.ds[r]
	if !c.exact && d != math.Inf(1) {
		d = math.Inf(1)
		for i := range c.d {
			d = min(d, c.w[i]+c.d[i][r])
		}
	}
	return d
}

// serves reports whether value v (a usable slot, or a symbol) is an
// optimal move toward target r at distance d. O(1) for a slot or H_1,
// O(degree) or so for a higher rank.
func (sr *symRowCoder) serves(v uint8, r int, d float64) bool {
	j := v
	if v >= table.SymbolBase {
		dx, dy := int(sr.gx[r])-sr.sx, int(sr.gy[r])-sr.sy
		if v == table.SymbolBase {
			j = sr.signSlot[table.SignIndex(dx, dy)]
		}
		if v > table.SymbolBase || j == table.NoMove {
			j = sr.dirs.SymbolSlot(int(v-table.SymbolBase)+1, dx, dy)
		}
		if j >= 8 || sr.has>>j&1 == 0 {
			return false
		}
	}
	return sr.wsl[j]+sr.dsl[j][r] == d
}

// servesAll reports whether v serves every target in from..to-1.
// O(to-from).
func (sr *symRowCoder) servesAll(v uint8, from, to int) bool {
	if sr.c.exact {
		return sr.scan(v, from, to) == to
	}
	for t := from; t < to; t++ {
		if t != sr.rs && !sr.serves(v, t, sr.dist(t)) && !sr.box(t) {
			return false
		}
	}
	return true
}

// emit appends the open run, which ends before target end, if it needs a
// word. O(1).
func (sr *symRowCoder) emit(end int) {
	if len(sr.dst) == sr.first && sr.start >= 0 && !sr.none {
		sr.firstStart, sr.firstEnd, sr.firstCand, sr.firstW = sr.start, end, sr.cand, sr.w
	}
	switch {
	case sr.start < 0:
	case sr.none:
		if len(sr.dst) > sr.first { // before the first run, no run says no path
			sr.dst = append(sr.dst, table.RunWord(sr.start, table.NoMove))
		}
	default:
		sr.dst = append(sr.dst, table.RunWord(sr.start, sr.w))
	}
}

// unreachable takes target r, which has no path: it extends a run of no
// path or opens one. O(1).
func (sr *symRowCoder) unreachable(r int) {
	if sr.start >= 0 && sr.none {
		return
	}
	sr.emit(r)
	sr.start, sr.none = r, true
}

// extend reports whether the open run of moves takes target r at
// distance d: its witness serves r, r is a wildcard, or another of its
// live values serves every target since its start and becomes the
// witness. O(1) for the witness, O(r-start) for each value that takes
// over.
func (sr *symRowCoder) extend(r int, d float64) bool {
	if sr.serves(sr.w, r, d) || sr.box(r) {
		return true
	}
	sr.dead |= 1 << sr.w
	for m := sr.cand &^ sr.dead; m != 0; m &= m - 1 {
		v := uint8(bits.TrailingZeros16(m))
		if sr.servesAll(v, sr.start, r+1) {
			sr.w = v
			return true
		}
		sr.dead |= 1 << v
	}
	return false
}

// open emits the open run and opens one at target r, at distance d, with
// the values that serve r: its optimal slots and the symbols of their
// ranks. O(degree).
func (sr *symRowCoder) open(r int, d float64) {
	sr.emit(r)
	sr.start, sr.none = r, false
	if len(sr.dst) == sr.first && sr.lead >= 0 {
		sr.start = sr.lead
	}
	sr.cand, sr.dead = 0, 0
	var rank [8]uint8
	dx, dy := int(sr.gx[r])-sr.sx, int(sr.gy[r])-sr.sy
	sr.dirs.Ranks(dx, dy, &rank)
	top := uint8(table.MaxSymbolRank)
	if sr.dirs.Jump != 0 {
		top -= table.JumpValues // the top values are J_1, J_2
		for n := 1; n <= table.JumpValues; n++ {
			if j := sr.dirs.JumpSlotN(n, dx, dy); j < 8 && sr.has>>j&1 != 0 && sr.wsl[j]+sr.dsl[j][r] == d {
				sr.cand |= 1 << (table.SymbolBase + table.MaxSymbolRank - n)
			}
		}
	}
	for j := range sr.dirs.Degree {
		if sr.has>>j&1 != 0 && sr.wsl[j]+sr.dsl[j][r] == d {
			sr.cand |= 1 << j
			if k := rank[j]; k <= top {
				sr.cand |= 1 << (table.SymbolBase + k - 1)
			}
		}
	}
	sr.w = uint8(bits.TrailingZeros16(sr.cand))
	sr.none = sr.cand == 0 // only if the distance rows disagree: answer no path
}

// close emits the last run, which ends before rank hi, and folds the
// first run into it where the row wraps. O(1), O(runs' targets) to fold.
func (sr *symRowCoder) close(hi int) {
	if sr.start < 0 && sr.lead >= 0 {
		// Every target is a wildcard: one run of H_1 (which serves them
		// all) still covers them, so that the row counts their paths.
		sr.start, sr.none, sr.w = sr.lead, false, table.SymbolBase
	}
	sr.emit(hi)
	if sr.c.geo.wrap {
		sr.wrapLast(hi)
	}
}

// wrapLast drops the first run of a row that wraps where its last run,
// which ends before rank hi, serves the first run's targets too: the
// targets below the new first start wrap to the last run. Only here are
// the two runs' whole sets needed (the first run's dead values include
// those that failed on the target that closed it, and so are not its to
// rule out). O(the two runs' targets) per value tried.
func (sr *symRowCoder) wrapLast(hi int) {
	if len(sr.dst)-sr.first < 2 || sr.firstStart < 0 || sr.none {
		return
	}
	for m := sr.firstCand & sr.cand &^ sr.dead; m != 0; m &= m - 1 {
		v := uint8(bits.TrailingZeros16(m))
		// A run's witness serves all its targets: no scan needed for it.
		if (v == sr.firstW || sr.servesAll(v, sr.firstStart, sr.firstEnd)) && (v == sr.w || sr.servesAll(v, sr.start, hi)) {
			sr.dst[len(sr.dst)-1] = table.RunWord(sr.start, v)
			sr.dst = append(sr.dst[:sr.first], sr.dst[sr.first+1:]...)
			return
		}
	}
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
	lim      *[4][]int32  // the source's open staircase (boxLimits), nil without boxes
	offsets  *offsetCodes // nil where the grid is too large for the table
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
			j := sc.signSlot[table.SignIndex(dx, dy)]
			if j == table.NoMove {
				j = sc.dirs.SymbolSlot(1, dx, dy)
			}
			j &= 7
			if (sc.has>>j&1 == 0 || sc.wsl[j]+sc.dsl[j][r] != d) && !sc.box(r) {
				break
			}
		}
	case sc.dirs.Jump != 0 && jumpNth(v) > 0:
		r = sc.scanJump(jumpNth(v), r, to)
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

// scanJump is scan for J_n: the first target in from..to-1 that J_n does
// not serve, or to. O(to-from).
func (sc *symScan) scanJump(n, from, to int) int {
	if sc.offsets != nil {
		return sc.scanJumpCoded(n, from, to)
	}
	ds, gx, gy, rs, inf := sc.ds[:to], sc.gx[:to], sc.gy[:to], sc.rs, math.Inf(1)
	r := from
	for ; r < to; r++ {
		if r == rs {
			continue
		}
		d := ds[r]
		if d == inf {
			break
		}
		j := sc.dirs.JumpSlotN(n, int(gx[r])-sc.sx, int(gy[r])-sc.sy)
		if (j >= 8 || sc.has>>j&1 == 0 || sc.wsl[j]+sc.dsl[j][r] != d) && !sc.box(r) {
			break
		}
	}
	return r
}

// scanJumpCoded is scanJump by the offsets' codes. O(to-from).
func (sc *symScan) scanJumpCoded(n, from, to int) int {
	ds, gx, gy, rs, inf := sc.ds[:to], sc.gx[:to], sc.gy[:to], sc.rs, math.Inf(1)
	byCode := jumpByCode(sc.dirs, n)
	code, centre, stride := sc.offsets.code, sc.offsets.centre, sc.offsets.stride
	r := from
	for ; r < to; r++ {
		if r == rs {
			continue
		}
		d := ds[r]
		if d == inf {
			break
		}
		j := byCode[code[centre+(int(gy[r])-sc.sy)*stride+int(gx[r])-sc.sx]]
		if (j >= 8 || sc.has>>j&1 == 0 || sc.wsl[j]+sc.dsl[j][r] != d) && !sc.box(r) {
			break
		}
	}
	return r
}
