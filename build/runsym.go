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
	return geo.withOrder(g, order)
}

// withOrder returns geo by the ranks of order. O(V).
func (geo *symbolGeometry) withOrder(g *maps.Graph, order []int32) *symbolGeometry {
	c := &symbolGeometry{dirs: geo.dirs, x: make([]int32, len(order)), y: make([]int32, len(order)), wrap: geo.wrap}
	for r, u := range order {
		x, y := g.Grid.XY(u)
		c.x[r], c.y[r] = int32(x), int32(y)
	}
	return c
}

// symRow is row (runs.go) with heuristic symbols: the moves allowed for a
// target are a set of move values (bit m for value m): its optimal slots,
// and H_k for every optimal slot of rank k up to table.MaxSymbolRank. A
// run extends while the intersection of its targets' sets is not empty,
// and stores the lowest value left, so a literal slot where one serves
// every target of the run (a literal decodes faster). Greedy is the fewest
// runs for the order. O(V) per row plus O(degree²) per run and per target
// where a rank above 1 is still open.
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
	start, none := -1, false // the open run
	var allowed uint16       // its values still allowed
	first := len(dst)
	var firstSet uint16 // the first run's values left, when it closed
	emit := func() {
		if len(dst) == first && start >= 0 && !none {
			firstSet = allowed
		}
		switch {
		case start < 0:
		case none:
			if len(dst) > first { // before the first run, no run says no path
				dst = append(dst, table.RunWord(start, table.NoMove))
			}
		default:
			dst = append(dst, table.RunWord(start, uint8(bits.TrailingZeros16(allowed))))
		}
	}
	const h1 = 1 << table.SymbolBase
	gx, gy := geo.x[:hi], geo.y[:hi]
	for r := lo; r < hi; r++ {
		if allowed == h1 && c.exact && start >= 0 && !none {
			// A run of H_1 alone, the common case on open ground: one
			// slot and one distance a target, no bookkeeping. The loop
			// stops at the first target it does not serve, which the
			// general step below then takes.
			for ; r < hi; r++ {
				if r == rs {
					continue
				}
				d := ds[r]
				if d == inf {
					break
				}
				dx, dy := int(gx[r])-sx, int(gy[r])-sy
				j := signSlot[signIndex(dx, dy)]
				if j == table.NoMove {
					j = dirs.SymbolSlot(1, dx, dy)
				}
				j &= 7
				if has>>j&1 == 0 || wsl[j]+dsl[j][r] != d {
					break
				}
			}
			if r == hi {
				break
			}
		}
		if r == rs {
			continue
		}
		d := ds[r]
		if !c.exact && d != inf {
			d = inf
			for i := range c.d {
				d = min(d, c.w[i]+c.d[i][r])
			}
		}
		if d == inf {
			if start >= 0 && none {
				continue
			}
			emit()
			start, none = r, true
			continue
		}
		if start >= 0 && !none {
			var tested, opt uint8 // slots tested, and found optimal
			keep := uint16(0)
			for m := uint8(allowed); m != 0; m &= m - 1 { // literal slots, each in has
				j := bits.TrailingZeros8(m)
				tested |= 1 << j
				if wsl[j]+dsl[j][r] == d {
					opt |= 1 << j
					keep |= 1 << j
				}
			}
			if sym := uint8(allowed >> table.SymbolBase); sym != 0 {
				dx, dy := int(geo.x[r])-sx, int(geo.y[r])-sy
				var bySymbol [8]uint8 // the slot of H_k at k-1
				if sym&^1 != 0 {
					var rank [8]uint8
					dirs.Ranks(dx, dy, &rank)
					for i := range dirs.Degree {
						bySymbol[rank[i]-1] = i
					}
				} else {
					bySymbol[0] = signSlot[(sign(dx)+1)*3+sign(dy)+1]
					if bySymbol[0] == table.NoMove {
						bySymbol[0] = dirs.SymbolSlot(1, dx, dy)
					}
				}
				// A run's H_k have k at most the source's degree: its
				// first target set them from its own ranks.
				for m := sym; m != 0; m &= m - 1 {
					k := bits.TrailingZeros8(m)
					j := bySymbol[k] & 7
					if tested>>j&1 == 0 {
						tested |= 1 << j
						if has>>j&1 != 0 && wsl[j]+dsl[j][r] == d {
							opt |= 1 << j
						}
					}
					if opt>>j&1 != 0 {
						keep |= 1 << (table.SymbolBase + k)
					}
				}
			}
			if keep != 0 {
				allowed = keep
				continue
			}
		}
		emit()
		start = r
		allowed = 0
		var rank [8]uint8
		dirs.Ranks(int(geo.x[r])-sx, int(geo.y[r])-sy, &rank)
		for j := range dirs.Degree {
			if has>>j&1 != 0 && wsl[j]+dsl[j][r] == d {
				allowed |= 1 << j
				if k := rank[j]; k <= table.MaxSymbolRank {
					allowed |= 1 << (table.SymbolBase + k - 1)
				}
			}
		}
		none = allowed == 0 // only if the distance rows disagree: answer no path
	}
	emit()
	// A row that wraps needs no first run where its last run serves the
	// first run's targets too: the targets below the new first start wrap
	// to the last run.
	if geo.wrap && len(dst)-first >= 2 && firstSet != 0 && !none && firstSet&allowed != 0 {
		dst[len(dst)-1] = table.RunWord(start, uint8(bits.TrailingZeros16(firstSet&allowed)))
		dst = append(dst[:first], dst[first+1:]...)
	}
	if hi < len(o.node) {
		dst = append(dst, table.RunWord(hi, table.NoMove))
	}
	return dst
}

// signIndex is (sign(dx)+1)·3 + sign(dy)+1, branch-free: the index of
// the move toward the offset's signs in table.SymbolDirs.SignSlots. O(1).
func signIndex(dx, dy int) int {
	sx := dx>>63 | int(uint(-dx)>>63)
	sy := dy>>63 | int(uint(-dy)>>63)
	return sx*3 + sy + 4
}

// sign is -1, 0 or 1 as x is negative, 0 or positive. O(1).
func sign(x int) int {
	return b2i(x > 0) - b2i(x < 0)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
