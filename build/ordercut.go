package build

import (
	"slices"

	"github.com/pathtable/pathtable/maps"
)

// cutOrder returns o with each component's nodes (or all of them on a
// level without components) renumbered by recursive bisection: a set is
// split in two across its longest way, at the smallest cut near the
// middle (style says how near, and whether a cut's size is weighed
// against how evenly it parts the set), and each part is numbered the same way, the part nearer the
// nodes numbered before it first and the other one toward those to be
// numbered next, so that every part at every scale is a contiguous range
// of ranks and the order runs on from one part into the next. Rooms and
// corridors behind a narrow cut then take consecutive ranks, which keeps
// a row's targets in the same direction from its source together. The
// numbering depends on g alone. O((V + E) log V).
func cutOrder(g *maps.Graph, o *runOrder, style cutStyle) *runOrder {
	co, _ := cutOrderLeaves(g, o, style)
	return co
}

// cutOrderLeaves is cutOrder, with the bounds of its leaves: the ranks at
// which each part of at most stripLeaf nodes (the largest such parts,
// each a contiguous range of ranks) starts, and n. O(cutOrder).
func cutOrderLeaves(g *maps.Graph, o *runOrder, style cutStyle) (*runOrder, []int32) {
	n := g.Nodes()
	c := &cutter{g: g, style: style, set: make([]int32, n), succ: make([]int32, n), placed: make([]bool, n),
		dp: make([]int32, n), dn: make([]int32, n), key: make([]int32, n), cost: make([]uint8, g.Edges())}
	c.out = make([]int32, 0, n)
	for u := range int32(n) {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			c.cost[e] = 1
			if g.Grid != nil {
				ux, uy := g.Grid.XY(u)
				vx, vy := g.Grid.XY(g.Targets[e])
				c.cost[e] = 2
				if ux != vx && uy != vy {
					c.cost[e] = 3
				}
			}
		}
	}
	work := slices.Clone(o.node)
	for lo := 0; lo < n; {
		hi := n
		if o.compEnd != nil {
			hi = int(o.compEnd[lo])
		}
		c.split(work[lo:hi], 0)
		lo = hi
	}
	co := &runOrder{node: c.out, rank: make([]int32, n), compStart: o.compStart, compEnd: o.compEnd}
	for r, u := range co.node {
		co.rank[u] = int32(r)
	}
	return co, append(c.leaves, int32(n))
}

// cutter is cutOrder's state.
type cutter struct {
	g      *maps.Graph
	set    []int32 // id of the set each node was last split in
	ids    int32   // sets so far
	succ   []int32 // stamp of the part each node was last marked to come next in
	stamps int32   // successor stamps so far
	placed []bool  // ranked already
	dp, dn []int32 // distances within a set from one end, and from the other
	key    []int32
	// cost of each edge: 2 straight and 3 diagonal on grids, near octile
	// distances, whose level sets cut open ground straighter than hops;
	// 1 elsewhere.
	cost    []uint8
	buckets [4][]int32
	ends    []int32
	out     []int32 // nodes by rank so far
	style   cutStyle
	leaves  []int32 // the first rank of each leaf so far (cutOrderLeaves)
	inLeaf  bool    // splitting within a leaf
}

// split ranks the nodes of s after those ranked so far, reordering s;
// succ stamps (c.succ) the nodes to be ranked right after s, 0 for none.
// O((|s| + its edges) log |s|).
func (c *cutter) split(s []int32, succ int32) {
	if !c.inLeaf && len(s) <= stripLeaf {
		c.leaves = append(c.leaves, int32(len(c.out)))
		c.inLeaf = true
		c.splitSet(s, succ)
		c.inLeaf = false
		return
	}
	c.splitSet(s, succ)
}

// splitSet is split's work, s split in two unless it has one node.
func (c *cutter) splitSet(s []int32, succ int32) {
	if len(s) <= 1 {
		for _, u := range s {
			c.placed[u] = true
			c.out = append(c.out, u)
		}
		return
	}
	c.ids++
	id := c.ids
	for _, u := range s {
		c.set[u] = id
	}
	lo, hi := max(1, len(s)*c.style.window/16), min(len(s)-1, len(s)-len(s)*c.style.window/16)
	at := c.axisCut(s, id, lo, hi)
	if c.secondFirst(s, id, at, succ) {
		c.split(s[at:], c.mark(s[:at]))
		c.split(s[:at], succ)
		return
	}
	c.split(s[:at], c.mark(s[at:]))
	c.split(s[at:], succ)
}

// secondFirst reports whether s[at:] is to be ranked before s[:at]: the
// part nearer, on average, to the nodes ranked so far, and farther from
// those to come next (stamped succ), goes first, so that the order runs
// on through s. The first part on a tie, or where s touches neither.
// O(|s| + its edges).
func (c *cutter) secondFirst(s []int32, id int32, at int, succ int32) bool {
	g := c.g
	for _, u := range s {
		c.set[u] = id
	}
	var score [2]float64 // of each part
	add := func(dist []int32, sign float64) {
		for i, u := range s {
			if i < at {
				score[0] += sign * float64(dist[u]) / float64(at)
			} else {
				score[1] += sign * float64(dist[u]) / float64(len(s)-at)
			}
		}
	}
	for _, towardNext := range []bool{false, true} {
		c.ends = c.ends[:0]
		for _, u := range s {
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				v := g.Targets[e]
				if !towardNext && c.placed[v] || towardNext && succ != 0 && c.succ[v] == succ {
					c.ends = append(c.ends, u)
					break
				}
			}
		}
		if len(c.ends) == 0 {
			continue
		}
		if towardNext {
			c.bfs(s, id, c.ends, c.dn)
			add(c.dn, -1)
		} else {
			c.bfs(s, id, c.ends, c.dp)
			add(c.dp, 1)
		}
	}
	return score[1] < score[0]
}

// mark stamps the nodes of s as those to be ranked right after the set
// split next, and returns the stamp. O(|s|).
func (c *cutter) mark(s []int32) int32 {
	c.stamps++
	for _, u := range s {
		c.succ[u] = c.stamps
	}
	return c.stamps
}

// bfs sets dist of each node of set id (the nodes s) to its distance
// from the nearest of from, within the set, by c.cost (edges of cost 1 to
// 3, so a queue of four buckets); nodes it cannot reach continue the
// count from the first of them in s. It returns the last node reached.
// O(|s| + its edges).
func (c *cutter) bfs(s []int32, id int32, from []int32, dist []int32) int32 {
	g := c.g
	for _, u := range s {
		dist[u] = -1
	}
	var bucket [4][]int32
	for i := range bucket {
		bucket[i] = c.buckets[i][:0]
	}
	pending := 0
	for _, u := range from {
		if dist[u] < 0 {
			dist[u] = 0
			bucket[0] = append(bucket[0], u)
			pending++
		}
	}
	last, next := from[0], 0
	for d := int32(0); ; d++ {
		if pending == 0 {
			for next < len(s) && dist[s[next]] >= 0 {
				next++
			}
			if next == len(s) {
				break
			}
			d = dist[last] + 1
			dist[s[next]] = d
			bucket[d&3] = append(bucket[d&3], s[next])
			pending++
		}
		b := &bucket[d&3]
		for i := 0; i < len(*b); i++ {
			u := (*b)[i]
			pending--
			if dist[u] != d {
				continue
			}
			last = u
			for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
				if v := g.Targets[e]; c.set[v] == id {
					nd := d + int32(c.cost[e])
					if dist[v] < 0 || nd < dist[v] {
						dist[v] = nd
						bucket[nd&3] = append(bucket[nd&3], v)
						pending++
					}
				}
			}
		}
		*b = (*b)[:0]
	}
	c.buckets = bucket
	return last
}

// axisCut sorts s along its longest way, found from s[0], and returns the
// size of the prefix, between lo and hi nodes, that c.style cuts off:
// the one with the fewest edges leaving it, or the fewest per pair of
// nodes it parts for ratio cuts; the most even one on a tie.
// O((|s| + its edges) log |s|).
func (c *cutter) axisCut(s []int32, id int32, lo, hi int) int {
	g := c.g
	const in = -1 // c.set of a node in the prefix
	// The axis: a pseudo-peripheral pair (a far node a, and the node b
	// farthest from it); nodes sorted by how much nearer a than b they
	// are, so that parts come out compact.
	c.ends = append(c.ends[:0], c.bfs(s, id, s[:1], c.dp))
	c.ends = append(c.ends, c.bfs(s, id, c.ends[:1], c.dp))
	c.bfs(s, id, c.ends[1:], c.dn)
	for _, u := range s {
		c.key[u] = c.dp[u] - c.dn[u]
	}
	slices.SortFunc(s, func(a, b int32) int {
		if c.key[a] != c.key[b] {
			return int(c.key[a] - c.key[b])
		}
		if c.dp[a] != c.dp[b] {
			return int(c.dp[a] - c.dp[b])
		}
		return int(a - b)
	})
	cut, best, at := 0, -1.0, len(s)/2
	for i, u := range s[:hi] {
		c.set[u] = in
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			switch c.set[g.Targets[e]] {
			case id:
				cut++
			case in:
				cut--
			}
		}
		p := i + 1
		sc := float64(cut)
		if c.style.ratio { // scaled to equal cut at the middle
			sc = float64(cut) * float64(len(s)) * float64(len(s)) / (4 * float64(p) * float64(len(s)-p))
		}
		if p >= lo && (best < 0 || sc < best || sc == best && max(p-len(s)/2, len(s)/2-p) < max(at-len(s)/2, len(s)/2-at)) {
			best, at = sc, p
		}
	}
	return at
}

// cutStyle is how cutOrder splits a set.
type cutStyle struct {
	// window: cuts leave at least window/16 of the set on each side.
	window int
	// ratio: the cut with the fewest edges per pair of nodes it parts
	// (a ratio cut), rather than the fewest edges; a door off centre then
	// wins over a wall across the middle.
	ratio bool
}

// cutStyles are the cut orders pickOrder weighs: the fewest edges near
// the middle, which suits mazes, and ratio cuts over a wider window, which
// find doors off centre (rooms, as on brc202d and den312d).
var cutStyles = []cutStyle{
	{window: 6},
	{window: 4, ratio: true},
}

// largeLevel is the fewest nodes above which pickOrder weighs every cut
// style: a cut order costs O((V + E) log V), a few percent of a build of
// O(V·(V + E)) only on levels this large (on arena, 2,054 nodes, one
// costs 10-15 ms of a 90 ms build).
const largeLevel = 16 * smallLevel

// cutOrders returns the cut orders of cutStyles that pickOrder weighs on
// g (the first alone on levels of at most largeLevel nodes), and the
// first's leaf-strip orders (leafStripOrder) by rows and by columns on
// grids. O(c·(V + E) log V) for c styles.
func cutOrders(g *maps.Graph, o *runOrder) []*runOrder {
	styles := cutStyles
	if g.Nodes() <= largeLevel {
		styles = styles[:1]
	}
	orders := make([]*runOrder, len(styles), len(styles)+2)
	var leaves []int32
	for i, style := range styles {
		if i == 0 {
			orders[i], leaves = cutOrderLeaves(g, o, style)
			continue
		}
		orders[i] = cutOrder(g, o, style)
	}
	return append(orders, leafStripOrder(g, orders[0], leaves, rowSteps), leafStripOrder(g, orders[0], leaves, columnSteps))
}
