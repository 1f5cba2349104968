package table

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// jumpCost is the distance from direction c's unit move to the centre of
// sector sec, plus the move's length: what jumpPrefs orders by.
func jumpCost(sec int, c uint8) float64 {
	cx := [4]float64{25, 75, 100, 100}[sec%4]
	cy := [4]float64{100, 100, 75, 25}[sec%4]
	if sec/4&2 != 0 {
		cx = -cx
	}
	if sec/4&1 != 0 {
		cy = -cy
	}
	ex, ey := float64(dirX[c])-cx, float64(dirY[c])-cy
	l := 1.0
	if dirX[c] != 0 && dirY[c] != 0 {
		l = math.Sqrt2
	}
	return math.Hypot(ex, ey) + l
}

// TestJumpPrefs computes each sector's preference list from its centre
// and checks the table, and that no two distances are within 0.01 (so
// that no rounding can swap two moves in any reader).
func TestJumpPrefs(t *testing.T) {
	for sec := range 16 {
		want := []uint8{0, 1, 2, 3, 4, 5, 6, 7}
		slices.SortFunc(want, func(a, b uint8) int {
			return int(math.Copysign(1, jumpCost(sec, a)-jumpCost(sec, b)))
		})
		if !slices.Equal(want, jumpPrefs[sec][:]) {
			t.Fatalf("sector %d: list %v, want %v", sec, jumpPrefs[sec], want)
		}
		for i := 1; i < 8; i++ {
			if d := jumpCost(sec, want[i]) - jumpCost(sec, want[i-1]); d < 0.01 {
				t.Fatalf("sector %d: moves %d and %d %v apart", sec, want[i-1], want[i], d)
			}
		}
	}
}

// TestJumpSector checks the sector of targets on and around every split
// and axis.
func TestJumpSector(t *testing.T) {
	cases := []struct{ dx, dy, want int }{
		{0, 5, 0}, {1, 2, 0}, {2, 3, 1}, {3, 3, 1}, {3, 2, 2}, {2, 1, 2}, {3, 1, 3}, {5, 0, 7},
		{4, -1, 7}, {0, -5, 12}, {-1, -2, 12}, {-3, -3, 13}, {-2, -1, 14}, {-3, -1, 15},
		{-5, 0, 11}, {-1, 3, 8}, {-3, 3, 9}, {-3, 2, 10}, {2, -4, 4}, {3, -3, 5}, {4, -3, 6},
	}
	for _, c := range cases {
		if got := jumpSector(c.dx, c.dy); got != c.want {
			t.Errorf("sector of (%d,%d) = %d, want %d", c.dx, c.dy, got, c.want)
		}
	}
}

// TestJumpSlot checks JumpSlot against its rule spelled out: the direct
// move one step away, else the move of the jump set nearest the sector's
// centre by jumpCost, over random move sets and targets.
func TestJumpSlot(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 3))
	for range 3000 {
		var dx, dy []int
		for c := range 8 {
			if r.IntN(3) > 0 {
				dx, dy = append(dx, int(dirX[c])), append(dy, int(dirY[c]))
			}
		}
		s, ok := NewSymbolDirs(dx, dy)
		if !ok {
			t.Fatal("moves refused")
		}
		s.SetJump(uint8(r.Uint32()))
		tx, ty := r.IntN(9)-4, r.IntN(9)-4
		if tx == 0 && ty == 0 {
			continue
		}
		want := uint8(NoMove)
		if j, ok := DirOf(tx, ty); ok && s.Mask>>j&1 != 0 {
			want = uint8(s.Slot >> (4 * j) & 0xF)
		} else if s.Jump != 0 {
			best := math.Inf(1)
			for c := range uint8(8) {
				if s.Jump>>c&1 != 0 && jumpCost(jumpSector(tx, ty), c) < best {
					best, want = jumpCost(jumpSector(tx, ty), c), uint8(s.Slot>>(4*c)&0xF)
				}
			}
		}
		if s.Jump&^s.Mask != 0 || s.Mask != 0 && s.Jump == 0 {
			t.Fatalf("jump set %08b of moves %08b", s.Jump, s.Mask)
		}
		if got := s.JumpSlot(tx, ty); got != want {
			t.Fatalf("moves %08b, jump set %08b, toward (%d,%d): slot %d, want %d", s.Mask, s.Jump, tx, ty, got, want)
		}
		if max(tx, -tx, ty, -ty) > 1 {
			if got := s.JumpSectors()[JumpSector(tx, ty)]; got != want {
				t.Fatalf("JumpSectors toward (%d,%d): slot %d, want %d", tx, ty, got, want)
			}
		}
		if got := s.SymbolSlot(MaxSymbolRank, tx, ty); got != want {
			t.Fatalf("H_7's value names slot %d, want J's %d", got, want)
		}
	}
}

// TestJumpMasks checks JumpMasks against jump point search's pruning rule
// itself, on random grids: entering n from p by d, a neighbour m of n is
// pruned where a path from p to m that avoids n, within n's 3×3 block, is
// no longer than through n (strictly shorter for a diagonal d); n has a
// successor where some neighbour is not pruned.
func TestJumpMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 4))
	for k := range 40 {
		w, h := 3+r.IntN(8), 3+r.IntN(8)
		open := make([]bool, w*h)
		var cells []int32
		for c := range open {
			if open[c] = r.Float64() > 0.1+0.05*float64(k%8); open[c] {
				cells = append(cells, int32(c))
			}
		}
		at := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && open[y*w+x] }
		masks := JumpMasks(w, h, cells)
		for u, c := range cells {
			x, y := int(c)%w, int(c)/w
			for d := range 8 {
				nx, ny := x+int(dirX[d]), y+int(dirY[d])
				if d%2 == 1 && (!at(nx, y) || !at(x, ny)) {
					continue // a move that cuts a corner: the rule does not say
				}
				want := at(nx, ny) && hasSuccessor(at, x, y, nx, ny)
				if got := masks[u]>>d&1 != 0; got != want {
					for yy := range h {
						row := ""
						for xx := range w {
							row += map[bool]string{true: ".", false: "#"}[at(xx, yy)]
						}
						t.Log(row)
					}
					t.Fatalf("grid %d (%dx%d): node at (%d,%d), direction %d: successor %v, want %v", k, w, h, x, y, d, got, want)
				}
			}
		}
	}
}

// hasSuccessor reports whether n, entered from p, has a neighbour that
// jump point search does not prune (moves cut no corner). O(1).
func hasSuccessor(at func(x, y int) bool, px, py, nx, ny int) bool {
	step := func(ax, ay, bx, by int) float64 { // a legal move's cost, or +Inf
		ex, ey := bx-ax, by-ay
		if !at(bx, by) || max(ex, -ex) > 1 || max(ey, -ey) > 1 || ex == 0 && ey == 0 {
			return math.Inf(1)
		}
		if ex != 0 && ey != 0 {
			if !at(ax+ex, ay) || !at(ax, ay+ey) {
				return math.Inf(1)
			}
			return math.Sqrt2
		}
		return 1
	}
	// Shortest paths from p over the block's cells other than n.
	var cell [][2]int
	for y := ny - 1; y <= ny+1; y++ {
		for x := nx - 1; x <= nx+1; x++ {
			if (x != nx || y != ny) && at(x, y) {
				cell = append(cell, [2]int{x, y})
			}
		}
	}
	dist := make([]float64, len(cell))
	for i, c := range cell {
		dist[i] = math.Inf(1)
		if c == [2]int{px, py} {
			dist[i] = 0
		}
	}
	for range cell { // Bellman-Ford over at most 8 cells
		for i, a := range cell {
			for j, b := range cell {
				dist[j] = min(dist[j], dist[i]+step(a[0], a[1], b[0], b[1]))
			}
		}
	}
	diagonal := px != nx && py != ny
	in := step(px, py, nx, ny)
	for i, m := range cell {
		if m == [2]int{px, py} {
			continue
		}
		via := in + step(nx, ny, m[0], m[1])
		if math.IsInf(via, 1) {
			continue
		}
		if pruned := dist[i] <= via+1e-9; diagonal {
			pruned = dist[i] < via-1e-9
			if !pruned {
				return true
			}
		} else if !pruned {
			return true
		}
	}
	return false
}

// TestJumpSlotN checks J_2, H_6's value in a j table, against its rule
// spelled out: the move of the jump set second nearest the sector's
// centre by jumpCost, one step away or not, none where the set has one
// move; and that H_1..H_5 keep their values.
func TestJumpSlotN(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 5))
	for range 3000 {
		var dx, dy []int
		for c := range 8 {
			if r.IntN(3) > 0 {
				dx, dy = append(dx, int(dirX[c])), append(dy, int(dirY[c]))
			}
		}
		s, ok := NewSymbolDirs(dx, dy)
		if !ok {
			t.Fatal("moves refused")
		}
		plain := s
		s.SetJump(uint8(r.Uint32()))
		tx, ty := r.IntN(9)-4, r.IntN(9)-4
		if tx == 0 && ty == 0 {
			continue
		}
		want := uint8(NoMove)
		var costs []float64
		for c := range uint8(8) {
			if s.Jump>>c&1 != 0 {
				costs = append(costs, jumpCost(jumpSector(tx, ty), c))
			}
		}
		slices.Sort(costs)
		for c := range uint8(8) {
			if len(costs) > 1 && s.Jump>>c&1 != 0 && jumpCost(jumpSector(tx, ty), c) == costs[1] {
				want = uint8(s.Slot >> (4 * c) & 0xF)
			}
		}
		if got := s.SymbolSlot(MaxSymbolRank-1, tx, ty); got != want {
			t.Fatalf("moves %08b, jump set %08b, toward (%d,%d): H_6's value names slot %d, want J_2's %d", s.Mask, s.Jump, tx, ty, got, want)
		}
		for k := 1; k <= MaxSymbolRank-JumpValues; k++ {
			if got, want := s.SymbolSlot(k, tx, ty), plain.SymbolSlot(k, tx, ty); got != want {
				t.Fatalf("H_%d names slot %d with J, %d without", k, got, want)
			}
		}
	}
}
