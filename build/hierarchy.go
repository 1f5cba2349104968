package build

import (
	"context"
	"math"
	"slices"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A contraction hierarchy ranks the nodes and adds shortcut arcs so that
// between any two nodes some shortest path first climbs in rank and then
// descends. Nodes are contracted one at a time, least important first:
// contracting x removes it from the graph and, for each in-neighbour u
// and out-neighbour v still present, adds the shortcut u→v of cost
// w(u→x) + w(x→v) unless a witness search finds a path from u to v
// without x that costs no more. A shortcut remembers the first move of its
// first original edge, so a row built over shortcuts still stores real
// first moves. Geisberger, Sanders, Schultes and Delling, "Contraction
// Hierarchies" (2008).

// chArc is an arc of the graph being contracted: the other end, the
// search key of its cost, and the first move of its tail.
type chArc struct {
	key  float64
	node int32
	hop  uint8
}

// Witness searches stop after settling this many nodes, fewer when they
// only estimate a node's priority: a shortcut added because a witness was
// not found in time is merely unneeded, never wrong. Larger limits spent
// more time contracting than they saved in sweeps (BenchmarkHierarchy,
// BenchmarkBuild).
const (
	witnessSettle  = 32
	prioritySettle = 4
)

// hierarchy is a contracted level, laid out for rows: positions number the
// nodes from the highest rank down, so every arc a row follows upward
// points to a smaller position, and a row is a single forward sweep.
type hierarchy struct {
	node []int32 // node at each position
	pos  []int32 // position of each node
	// Upward out-arcs of the node at each position p: up[upOff[p]:upOff[p+1]],
	// heads at positions below p.
	upOff []int32
	up    []hArc
	// Upward in-arcs: arcs u→x from higher-ranked u into the node at each
	// position, which a row's first phase climbs from its target.
	downOff []int32
	down    []hArc
	// hopScale is the scale of hop keys (see hopkeys.go), which a
	// distance is divided by; 0 for plain keys.
	hopScale uint64
}

// hArc is an arc of the finished hierarchy, by position: its cost's key
// and its tail's first move packed as key<<8 | hop, the form a sweep adds
// to a packed distance (see sweep), and its other end.
type hArc struct {
	val uint64
	at  int32 // head of an up arc, tail of a down arc
}

// contractor holds the graph while it is contracted.
type contractor struct {
	out, in  [][]chArc
	done     []bool
	deleted  []int32 // contracted neighbours, part of the priority
	wdist    []float64
	touched  []int32
	heap     minheap.Heap
	arcs     int      // live arcs
	kept     int      // arcs kept in the hierarchy
	maxArcs  int      // cap on both
	shortcut []chArc  // scratch: shortcuts of the node being contracted
	from     []int32  // their tails
	wanted   []uint32 // c.round on the nodes a witness search looks for
	round    uint32
}

// newHierarchy contracts g with the given search key per edge. It returns
// nil when the graph being contracted would grow past maxArcs arcs, or
// the hierarchy past twice that: on levels that dense a plain search per
// row is the better plan. It stops early, returning ctx.Err(), when ctx is
// cancelled. The
// result depends only on g. Each contraction runs a bounded witness search
// per in-neighbour, so it takes about O(V·d·witnessSettle·d·log) for
// degree d (BenchmarkHierarchy measures it).
func newHierarchy(ctx context.Context, g *maps.Graph, key func(e int) float64, maxArcs int) (*hierarchy, error) {
	n := g.Nodes()
	c := &contractor{
		out: make([][]chArc, n), in: make([][]chArc, n),
		done: make([]bool, n), deleted: make([]int32, n),
		wdist: make([]float64, n), wanted: make([]uint32, n),
		maxArcs: maxArcs,
	}
	for i := range c.wdist {
		c.wdist[i] = math.Inf(1)
	}
	for u := int32(0); int(u) < n; u++ {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			if v := g.Targets[e]; v != u {
				c.addArc(u, v, key(int(e)), uint8(e-g.Offsets[u]))
			}
		}
	}

	prio := make([]float64, n)
	var queue minheap.Heap
	for x := int32(0); int(x) < n; x++ {
		prio[x] = c.priority(x)
		queue.Push(x, prio[x])
	}
	rank := int32(0)
	order := make([]int32, n) // order[rank] = node
	upOut := make([][]chArc, n)
	upIn := make([][]chArc, n)
	for queue.Len() > 0 {
		if rank%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		x, p := queue.Pop()
		if c.done[x] || p != prio[x] {
			continue // stale entry
		}
		if q := c.priority(x); q > p {
			prio[x] = q
			queue.Push(x, q)
			continue
		}
		// Every neighbour still in the graph outranks x.
		upOut[x], upIn[x] = slices.Clone(c.out[x]), slices.Clone(c.in[x])
		c.kept += len(upOut[x]) + len(upIn[x])
		c.contract(x)
		if c.arcs > c.maxArcs || c.kept > 2*c.maxArcs {
			return nil, nil
		}
		c.done[x] = true
		c.detach(x)
		order[rank] = x
		rank++
		for _, a := range upOut[x] {
			c.deleted[a.node]++
		}
		for _, a := range upIn[x] {
			c.deleted[a.node]++
		}
	}

	h := &hierarchy{node: make([]int32, n), pos: make([]int32, n), upOff: make([]int32, n+1), downOff: make([]int32, n+1)}
	pos := h.pos
	for r, x := range order {
		p := int32(n - 1 - r)
		h.node[p], pos[x] = x, p
	}
	for p, x := range h.node {
		for _, a := range upOut[x] {
			h.up = append(h.up, hArc{val: packKey(a.key, a.hop), at: pos[a.node]})
		}
		for _, a := range upIn[x] {
			h.down = append(h.down, hArc{val: packKey(a.key, a.hop), at: pos[a.node]})
		}
		h.upOff[p+1], h.downOff[p+1] = int32(len(h.up)), int32(len(h.down))
	}
	return h, nil
}

// packKey packs an integer key below 2^53 and a first move.
func packKey(key float64, hop uint8) uint64 { return uint64(key)<<8 | uint64(hop) }

// detach removes the arcs of a contracted x from its neighbours' lists,
// which so hold only nodes still in the graph.
func (c *contractor) detach(x int32) {
	drop := func(list []chArc) []chArc {
		return slices.DeleteFunc(list, func(a chArc) bool { return a.node == x })
	}
	for _, a := range c.out[x] {
		c.in[a.node] = drop(c.in[a.node])
	}
	for _, a := range c.in[x] {
		c.out[a.node] = drop(c.out[a.node])
	}
	c.arcs -= len(c.out[x]) + len(c.in[x])
	c.out[x], c.in[x] = nil, nil
}

// addArc adds u→v, or lowers an existing u→v to key; ties keep the
// existing arc.
func (c *contractor) addArc(u, v int32, key float64, hop uint8) {
	for i, a := range c.out[u] {
		if a.node == v {
			if key < a.key {
				c.out[u][i].key, c.out[u][i].hop = key, hop
				for j, b := range c.in[v] {
					if b.node == u {
						c.in[v][j].key, c.in[v][j].hop = key, hop
					}
				}
			}
			return
		}
	}
	c.out[u] = append(c.out[u], chArc{node: v, key: key, hop: hop})
	c.in[v] = append(c.in[v], chArc{node: u, key: key, hop: hop})
	c.arcs++
}

// priority orders contraction: the shortcuts x would add less the arcs it
// removes, plus its contracted neighbours, which spreads contraction
// evenly over the level.
func (c *contractor) priority(x int32) float64 {
	added := c.shortcuts(x, prioritySettle)
	removed := len(c.out[x]) + len(c.in[x])
	return float64(2*(added-removed)) + float64(c.deleted[x])
}

// contract adds the shortcuts that removing x needs.
func (c *contractor) contract(x int32) {
	c.shortcuts(x, witnessSettle)
	for i, s := range c.shortcut {
		c.addArc(c.from[i], s.node, s.key, s.hop)
	}
}

// shortcuts collects in c.shortcut and c.from the shortcuts removing x
// needs, by witness searches that settle at most settle nodes, and
// returns how many.
func (c *contractor) shortcuts(x int32, settle int) int {
	c.shortcut, c.from = c.shortcut[:0], c.from[:0]
	for _, in := range c.in[x] {
		u := in.node
		limit, wanted := math.Inf(-1), 0
		c.round++
		for _, out := range c.out[x] {
			if out.node != u {
				limit = max(limit, in.key+out.key)
				c.wanted[out.node] = c.round
				wanted++
			}
		}
		if wanted == 0 {
			continue
		}
		c.witness(u, x, limit, wanted, settle)
		for _, out := range c.out[x] {
			v := out.node
			if v == u {
				continue
			}
			if d := in.key + out.key; c.wdist[v] > d {
				c.shortcut = append(c.shortcut, chArc{node: v, key: d, hop: in.hop})
				c.from = append(c.from, u)
			}
		}
		for _, v := range c.touched {
			c.wdist[v] = math.Inf(1)
		}
		c.touched = c.touched[:0]
	}
	return len(c.shortcut)
}

// witness fills c.wdist with distances from u avoiding x, until it has
// settled the wanted nodes (marked with c.round), or passed limit, or
// settled settle nodes.
func (c *contractor) witness(u, x int32, limit float64, wanted, settle int) {
	h := &c.heap
	h.Reset()
	c.wdist[u] = 0
	c.touched = append(c.touched, u)
	h.Push(u, 0)
	for settled := 0; h.Len() > 0 && settled < settle; {
		v, d := h.Pop()
		if d > c.wdist[v] {
			continue
		}
		if d > limit {
			return
		}
		if c.wanted[v] == c.round {
			if wanted--; wanted == 0 {
				return
			}
		}
		settled++
		for _, a := range c.out[v] {
			w := a.node
			if nd := d + a.key; nd < c.wdist[w] && nd <= limit && w != x {
				if math.IsInf(c.wdist[w], 1) {
					c.touched = append(c.touched, w)
				}
				c.wdist[w] = nd
				h.Push(w, nd)
			}
		}
	}
}

// exactHierarchy contracts g for a table whose distances are exact
// integer keys (exactKeys), and returns nil for other kinds, whose float
// sums depend on the order of addition, and for levels too dense to
// contract.
func exactHierarchy(ctx context.Context, g *maps.Graph, kind table.DistKind) (*hierarchy, error) {
	octile := g.Metric == maps.MetricOctile
	if !exactKeys(octile, kind) {
		return nil, nil
	}
	keyed := keyedOctile(octile, kind)
	key := func(e int) float64 { return searchKey(g.Weights[e], keyed) }
	return newHierarchy(ctx, g, key, 4*(g.Edges()+g.Nodes()))
}
