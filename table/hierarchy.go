package table

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// LayoutHierarchy stores a contraction hierarchy of the level instead of
// answers: the nodes by rank and, at each, its arcs to higher-ranked nodes
// (edges and shortcuts) with their costs. Between any two nodes some
// shortest path climbs in rank and then descends, so a query is a
// bidirectional search that only climbs, and a shortcut on its answer
// unpacks into the two arcs it replaced, found among the arcs of a lower
// node. Its files are format VersionLayout; grids only.
const LayoutHierarchy Layout = "hierarchy"

// The hierarchy layout's first-move encodings: each arc's cost once, for
// levels where every arc costs the same both ways; or twice, upward (from
// its tail to its head) and downward.
const (
	FirstEncHierarchy         = "up32"
	FirstEncHierarchyDirected = "up32d"
)

// MaxHierarchyNodes is the most nodes a hierarchy table holds: positions
// and heads are 32-bit words.
const MaxHierarchyNodes = 1 << 28

// scratchKept is how many idle query scratches a hierarchy keeps: as many
// as queries that run at once on most machines.
const scratchKept = 64

// NoArcCost is the cost word of an arc that a directed hierarchy does not
// have in one direction.
const NoArcCost = math.MaxUint32

// Hierarchy is a LayoutHierarchy payload. Positions number the nodes from
// the highest rank down: every arc of the node at position p leads to a
// smaller position. A cost word is an integer cost, or on octile levels
// a | b<<16 for a + b·√2 (both parts below 2^16 - 1).
type Hierarchy struct {
	order  []int32  // node at each position
	pos    []int32  // position of each node
	off    []uint32 // arcs of position p: off[p]..off[p+1]-1
	heads  []int32  // head position of each arc
	up     []uint32 // cost word of each arc, tail to head
	down   []uint32 // head to tail; nil where equal to up
	octile bool
	// inOff and inTail list the positions with an arc to each position,
	// where a shortcut's middle is looked for; splitUp and splitDown
	// remember each arc's split, upward and downward, nil where the same
	// (hierarchy_middles.go).
	inOff              []uint32
	inTail             []int32
	splitUp, splitDown []uint64
	scratch            chan *chScratch // idle query scratch (hierarchy_query.go)
	geo                chBound         // the cells the searches prune by (hierarchy_bound.go)
}

// NewHierarchy returns the payload of a hierarchy of header h (octile or
// integer costs): order holds the node at each position, off the first arc
// of each position and len(heads) last, heads each arc's head position,
// up and down its cost words (down nil on levels whose arcs cost the same
// both ways). It checks them as decoding does. O(V + arcs).
func NewHierarchy(h Header, order []int32, off []uint32, heads []int32, up, down []uint32) (*Hierarchy, error) {
	y := &Hierarchy{order: order, off: off, heads: heads, up: up, down: down, octile: h.Metric == "octile"}
	if err := y.check(h.Nodes); err != nil {
		return nil, err
	}
	y.inArcs()
	y.scratch = make(chan *chScratch, scratchKept)
	return y, nil
}

// check validates what queries index by: order a permutation, offsets
// spanning the arcs, every head above its tail and the heads of a
// position in increasing order, costs in range. O(V + arcs).
func (y *Hierarchy) check(n int) error {
	if len(y.order) != n || len(y.off) != n+1 || y.off[0] != 0 || int(y.off[n]) != len(y.heads) ||
		len(y.up) != len(y.heads) || y.down != nil && len(y.down) != len(y.heads) {
		return errors.New("hierarchy: bins of the wrong lengths")
	}
	y.pos = make([]int32, n)
	for i := range y.pos {
		y.pos[i] = -1
	}
	for p, x := range y.order {
		if x < 0 || int(x) >= n || y.pos[x] >= 0 {
			return fmt.Errorf("hierarchy: position %d holds node %d: not a permutation of %d nodes", p, x, n)
		}
		y.pos[x] = int32(p)
	}
	for p := range n {
		if y.off[p] > y.off[p+1] {
			return fmt.Errorf("hierarchy: arcs of position %d end before they start", p)
		}
	}
	for p := range n {
		for i := y.off[p]; i < y.off[p+1]; i++ {
			if y.heads[i] < 0 || int(y.heads[i]) >= p || i > y.off[p] && y.heads[i] <= y.heads[i-1] {
				return fmt.Errorf("hierarchy: arc %d of position %d leads to position %d, not above it or not after the arc before", i, p, y.heads[i])
			}
			if err := y.checkCosts(int(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkCosts refuses arc i's cost words out of range.
func (y *Hierarchy) checkCosts(i int) error {
	ok := func(w uint32) bool { return !y.octile || w&0xFFFF != 0xFFFF && w>>16 != 0xFFFF }
	up, down := y.up[i], uint32(0)
	if y.down != nil {
		down = y.down[i]
	}
	switch {
	case y.down == nil && up == NoArcCost, up == NoArcCost && down == NoArcCost:
		return fmt.Errorf("hierarchy: arc %d has no cost", i)
	case up != NoArcCost && !ok(up), down != NoArcCost && !ok(down):
		return fmt.Errorf("hierarchy: arc %d has an octile cost part of 65535", i)
	}
	return nil
}

// Arcs returns the number of arcs the hierarchy stores. O(1).
func (y *Hierarchy) Arcs() int { return len(y.heads) }

// key returns the search key of cost word w: the integer, or the exact
// octile key (OctileKey) of its parts.
func (y *Hierarchy) key(w uint32) uint64 {
	if y.octile {
		return uint64(w&0xFFFF)*octileS + uint64(w>>16)*octileT
	}
	return uint64(w)
}

// value returns the distance of key k.
func (y *Hierarchy) value(k uint64) float64 {
	if y.octile {
		a, b := OctileKeyParts(k)
		return float64(a) + float64(b)*math.Sqrt2
	}
	return float64(k)
}

func (y *Hierarchy) layout() layout { return hierarchyLayout{} }

func (y *Hierarchy) header(h *Header) {
	h.Layout, h.FirstEnc, h.RunCount, h.Window = LayoutHierarchy, FirstEncHierarchy, len(y.heads), 0
	if y.down != nil {
		h.FirstEnc = FirstEncHierarchyDirected
	}
}

func (y *Hierarchy) move(t *Table, s, target int) uint8 {
	next, _, ok := y.first(t, s, target)
	if !ok || next < 0 {
		return NoMove
	}
	for e := t.Offsets[s]; e < t.Offsets[s+1]; e++ {
		if int(t.Targets[e]) == next {
			return uint8(e - t.Offsets[s])
		}
	}
	return NoMove
}

func (y *Hierarchy) distance(t *Table, s, target int) (float64, bool) {
	_, d, ok := y.first(t, s, target)
	return d, ok
}

// first is the node after s on a shortest path to target (-1 when s ==
// target), the path's cost, and false when there is none.
func (y *Hierarchy) first(t *Table, s, target int) (int, float64, bool) {
	var buf [64]int
	path, d, ok := y.AppendPath(t, buf[:0], s, target)
	if !ok || len(path) < 2 {
		return -1, d, ok
	}
	return path[1], d, true
}

func (y *Hierarchy) reachable(t *Table) int64 {
	var pairs int64
	for _, size := range components(t) {
		pairs += size * (size - 1)
	}
	return pairs
}

func (y *Hierarchy) covered(t *Table) int64 { return int64(t.Nodes) * int64(t.Nodes) }

func (y *Hierarchy) bytes(*Table) (first, dist int64) {
	words := int64(len(y.heads)) * 2
	if y.down != nil {
		words += int64(len(y.heads))
	}
	return 4 * (int64(len(y.order)) + int64(len(y.off)) + words), 0
}

func (y *Hierarchy) stored(*Table) (Payload, error) { return y, nil }

func (y *Hierarchy) rowBytes(*Table) int { return 0 }

func (y *Hierarchy) fileBins(*Header) ([][]byte, error) { return y.bins(), nil }

func (y *Hierarchy) bins() [][]byte {
	arcs := slices.Concat(int32Bytes(y.heads), uint32Bytes(y.up))
	if y.down != nil {
		arcs = append(arcs, uint32Bytes(y.down)...)
	}
	return [][]byte{int32Bytes(y.order), uint32Bytes(y.off), arcs}
}

func (y *Hierarchy) clone() Payload {
	c := &Hierarchy{order: slices.Clone(y.order), pos: slices.Clone(y.pos), off: slices.Clone(y.off), heads: slices.Clone(y.heads),
		up: slices.Clone(y.up), down: slices.Clone(y.down), octile: y.octile}
	c.inArcs()
	c.scratch = make(chan *chScratch, scratchKept)
	return c
}

func (y *Hierarchy) describe(t *Table, fileBytes int64) Description {
	d := Description{BytesPerNode: t.perNode(fileBytes), BytesPerCoveredPair: float64(fileBytes) / float64(max(t.CoveredPairs(), 1))}
	d.Lines = []DescLine{
		{"hierarchy", fmt.Sprintf("%d arcs (%.2f a node) between nodes by rank: every pair is a search that climbs from both ends", len(y.heads), float64(len(y.heads))/float64(max(t.Nodes, 1)))},
		t.pairsLine(),
		{"density", fmt.Sprintf("%.2f bytes a node", d.BytesPerNode)},
	}
	return d
}

// components returns the sizes of the level's connected components, its
// edges taken both ways: on grids, whose moves all have their reverse, the
// sets of nodes that reach one another. O(V + E).
func components(t *Table) []int64 {
	parent := make([]int32, t.Nodes)
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(x int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for u := range int32(t.Nodes) {
		for e := t.Offsets[u]; e < t.Offsets[u+1]; e++ {
			if a, b := find(u), find(t.Targets[e]); a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	size := make(map[int32]int64)
	for u := range int32(t.Nodes) {
		size[find(u)]++
	}
	out := make([]int64, 0, len(size))
	for _, s := range size {
		out = append(out, s)
	}
	return out
}

// hierarchyLayout is the rules of LayoutHierarchy.
type hierarchyLayout struct{}

func (hierarchyLayout) name() Layout       { return LayoutHierarchy }
func (hierarchyLayout) version() int       { return VersionLayout }
func (hierarchyLayout) binNames() []string { return []string{"order", "up", "arcs"} }

// costWords is 2 for a hierarchy whose arcs cost the same both ways, 3
// for a directed one: the words of an arc.
func costWords(h *Header) int64 {
	if h.FirstEnc == FirstEncHierarchyDirected {
		return 3
	}
	return 2
}

func (hierarchyLayout) binLens(h *Header, rows int) []int64 {
	n, r := int64(h.Nodes), int64(h.RunCount)
	return []int64{4 * n, 4 * (n + 1), 4 * costWords(h) * r}
}

func (l hierarchyLayout) size(h *Header) (int64, error) {
	if h.Nodes < 0 || h.Nodes > MaxHierarchyNodes {
		return 0, fmt.Errorf("%d nodes: a hierarchy table holds at most %d", h.Nodes, MaxHierarchyNodes)
	}
	if h.RunCount < 0 || int64(h.RunCount) > MaxPayload/12 {
		return 0, fmt.Errorf("%d arcs: a hierarchy table holds at most %d", h.RunCount, MaxPayload/12)
	}
	var size int64
	for _, b := range l.binLens(h, h.Nodes) {
		size += b
	}
	return size, nil
}

func (hierarchyLayout) distBytes(*Header) int64 { return 0 }

func (hierarchyLayout) check(h *Header) error {
	if h.FirstEnc != FirstEncHierarchy && h.FirstEnc != FirstEncHierarchyDirected {
		return fmt.Errorf("hierarchy table has first-move encoding %q, want %q or %q", h.FirstEnc, FirstEncHierarchy, FirstEncHierarchyDirected)
	}
	if h.Kind != KindGrid {
		return fmt.Errorf("hierarchy table of kind %q: hierarchies are built for grids", h.Kind)
	}
	switch {
	case h.Metric == "octile" && h.DistKind == DistOctile16, h.Metric == "int":
	default:
		return fmt.Errorf("hierarchy table of metric %q and distances %q: want exact integer or octile16 costs", h.Metric, h.DistKind)
	}
	return unused(h, false, true)
}

func (hierarchyLayout) decode(h *Header, from, rows int, bins [][]byte) (Payload, error) {
	r := h.RunCount
	arcs := bins[2]
	var down []uint32
	if costWords(h) == 3 {
		down = bytesUint32(arcs[8*r:])
	}
	return NewHierarchy(*h, bytesInt32(bins[0]), bytesUint32(bins[1]), bytesInt32(arcs[:4*r]), bytesUint32(arcs[4*r:8*r]), down)
}

func (hierarchyLayout) checked(*Header) []bool { return []bool{true, true, true} }

func (l hierarchyLayout) validate(h *Header, from, rows int, bins [][]byte) error {
	_, err := l.decode(h, from, rows, bins)
	return err
}

func (hierarchyLayout) key(*Header) string { return "layout hierarchy" }

func (hierarchyLayout) partEncs() []string { return nil }

func (hierarchyLayout) fromParts(h *Header, _ int64) error {
	return fmt.Errorf("a table of layout %q is not built in parts", h.Layout)
}

func (hierarchyLayout) joiner(*Header) joiner { return nil }
