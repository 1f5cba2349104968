package build

import (
	"slices"

	"github.com/pathtable/pathtable/maps"
)

// cutOrder returns o with each component's nodes (or all of them on a
// level without components) renumbered by recursive bisection: a set is
// split in two by a small cut, the part nearer the nodes numbered before it
// first, and each part is numbered the same way, so that every part at
// every scale is a contiguous range of ranks. Rooms and corridors behind a
// narrow cut then take consecutive ranks, which is what keeps a row's
// targets in the same direction from its source together. The numbering
// depends on g alone. O((V + E) log V).
func cutOrder(g *maps.Graph, o *runOrder, flow bool) *runOrder {
	n := g.Nodes()
	c := &cutter{g: g, flow: flow, set: make([]int32, n), placed: make([]bool, n), dp: make([]int32, n), dn: make([]int32, n), key: make([]int32, n)}
	c.out = make([]int32, 0, n)
	c.cost = make([]uint8, g.Edges())
	for u := range int32(n) {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			c.cost[e] = 1
			if g.Grid != nil && !flow {
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
		c.split(work[lo:hi])
		lo = hi
	}
	co := &runOrder{node: c.out, rank: make([]int32, n), compStart: o.compStart, compEnd: o.compEnd}
	for r, u := range co.node {
		co.rank[u] = int32(r)
	}
	return co
}

// cutter is cutOrder's state.
type cutter struct {
	g       *maps.Graph
	flow    bool    // split across the way from ranked nodes to later ones, not a set's diameter
	set     []int32 // id of the set each node was last in
	ids     int32   // sets so far
	placed  []bool  // ranked already
	dp, dn  []int32 // hops from the set's nodes next to the ranked ones, and to the unranked
	key     []int32
	cost    []uint8 // of each edge: 2 straight, 3 diagonal on grids (near octile, so parts come out round), else 1 (hops: a flow order follows corridors better by hops)
	buckets [4][]int32
	prev    []int32
	next    []int32
	out     []int32 // nodes by rank so far
}

// split ranks the nodes of s, next after those ranked so far, reordering
// s. O((|s| + its edges) log |s|).
func (c *cutter) split(s []int32) {
	if len(s) <= 1 {
		for _, u := range s {
			c.placed[u] = true
			c.out = append(c.out, u)
		}
		return
	}
	g := c.g
	c.ids++
	id := c.ids
	for _, u := range s {
		c.set[u] = id
	}
	if c.flow {
		c.ends(s, id)
	} else {
		// The axis: a pseudo-peripheral pair (a far node, and the node
		// farthest from it), so that parts come out compact.
		c.prev = append(c.prev[:0], c.bfs(s, id, s[:1], c.dp))
		c.next = append(c.next[:0], c.bfs(s, id, c.prev, c.dp))
	}
	c.bfs(s, id, c.prev, c.dp)
	c.bfs(s, id, c.next, c.dn)
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
	// The cut: the prefix, between 3/8 and 5/8 of s (a
	// quarter and three quarters in a flow order), with
	// the fewest edges leaving it; the most even one on a tie.
	const in = -1 // c.set of a node in the prefix
	cut, best, at := 0, -1, len(s)/2
	slack := len(s) * 3 / 8
	if c.flow {
		slack = len(s) / 4
	}
	lo, hi := max(1, slack), min(len(s)-1, len(s)-slack)
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
		if p := i + 1; p >= lo && (best < 0 || cut < best || cut == best && max(p-len(s)/2, len(s)/2-p) < max(at-len(s)/2, len(s)/2-at)) {
			best, at = cut, p
		}
	}
	// Which part first: the one with more edges to the nodes ranked so
	// far, so that the order goes on from where it was; on a tie, the
	// one with fewer edges to the nodes left for later.
	if c.flow { // the prefix is the part toward the ranked nodes
		c.split(s[:at])
		c.split(s[at:])
		return
	}
	var links [2][2]int // of each part: edges to ranked nodes, to later ones
	for i, u := range s {
		p := 0
		if i >= at {
			p = 1
		}
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			switch {
			case c.placed[v]:
				links[p][0]++
			case c.set[v] != id && c.set[v] != in:
				links[p][1]++
			}
		}
	}
	if links[1][0]-links[1][1] > links[0][0]-links[0][1] {
		c.split(s[at:])
		c.split(s[:at])
		return
	}
	c.split(s[:at])
	c.split(s[at:])
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

// ends sets c.prev to the nodes of s (set id) next to those ranked before
// it, where the order comes from, and c.next to those next to nodes left
// for after it, where it goes on; a pseudo-peripheral node where an end
// has none. O(|s| + its edges).
func (c *cutter) ends(s []int32, id int32) {
	g := c.g
	c.prev, c.next = c.prev[:0], c.next[:0]
	for _, u := range s {
		p, q := false, false
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			if c.placed[v] {
				p = true
			} else if c.set[v] != id {
				q = true
			}
		}
		if p {
			c.prev = append(c.prev, u)
		}
		if q {
			c.next = append(c.next, u)
		}
	}
	switch {
	case len(c.prev) == 0 && len(c.next) == 0:
		c.prev = append(c.prev, c.bfs(s, id, s[:1], c.dp))
		c.next = append(c.next, c.bfs(s, id, c.prev, c.dp))
	case len(c.prev) == 0:
		c.prev = append(c.prev, c.bfs(s, id, c.next, c.dn))
	case len(c.next) == 0:
		c.next = append(c.next, c.bfs(s, id, c.prev, c.dp))
	}
}
