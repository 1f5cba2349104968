package build

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync/atomic"

	"github.com/pathtable/pathtable/internal/minheap"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A contraction hierarchy ranks the nodes and adds shortcut arcs so that
// between any two nodes some shortest path first climbs in rank and then
// descends. Nodes are contracted least important first: contracting x
// removes it from the graph and, for each in-neighbour u and out-neighbour
// v still present, adds the shortcut u→v of cost w(u→x) + w(x→v) unless a
// witness search finds a path from u to v without x that costs no more. A
// shortcut remembers the first move of its first original edge, so a row
// built over shortcuts still stores real first moves. Geisberger, Sanders,
// Schultes and Delling, "Contraction Hierarchies" (2008).
//
// Contraction goes in rounds, so that the workers share it: each round
// contracts every node that is less important than all its neighbours
// (by priority, then by number), an independent set. Witness searches of a
// round avoid every node the round contracts, so that each shortcut it
// skips has a witness that survives the round; they only read the graph,
// so they run in parallel, and the round's shortcuts are then added in
// node order. The hierarchy so depends on the level alone, never on the
// workers (Vetter, "Parallel time-dependent contraction hierarchies",
// 2009, contracts independent sets the same way).

// chArc is an arc of the graph being contracted: the other end, the
// search key of its cost, and the first move of its tail.
type chArc struct {
	key  float64
	node int32
	hop  uint8
}

// Witness searches stop after settling this many nodes: a shortcut added
// because a witness was not found in time is merely unneeded, never
// wrong. Smaller limits left shortcuts that made the cores of open and
// cluttered levels dense and slow to contract (BenchmarkHierarchy).
const witnessSettle = 128

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
	// work is the arcs the contraction's witness searches scanned (see
	// contractWork).
	work int
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
	out, in [][]chArc
	done    []bool
	deleted []int32 // contracted neighbours, part of the priority
	// inRound marks the nodes the current round contracts, which witness
	// searches avoid.
	inRound []bool
	arcs    int // live arcs
	kept    int // arcs kept in the hierarchy
	maxArcs int // cap on both
	// work counts the arcs witness searches have scanned, the bulk of the
	// contraction's time, and maxWork caps it.
	work, maxWork int
	workers       int
	progress      *atomic.Int64     // counts contracted nodes, when not nil
	symmetric     bool              // every arc has its reverse at the same key
	scratch       []*witnessScratch // one per worker
	team          *team             // the workers, scratch[0] the caller's
	// On grids, the cells' coordinates and the least keys of a straight
	// and a diagonal move, which bound the key of a path below (see
	// lowerBound); nil x when the level has no geometry.
	x, y               []int32
	straight, diagonal float64
}

// witnessScratch is one worker's scratch for witness searches, and what
// they found for its current node.
type witnessScratch struct {
	wdist    []float64
	touched  []int32
	heap     minheap.Heap
	wanted   []uint32 // round on the nodes a witness search looks for
	round    uint32
	want     []wantedNode // the nodes it has yet to settle
	targets  []wantedNode // all it looked for, which its heuristic aims at
	tx, ty   []int32      // the targets' coordinates, on grids
	hval     []float64    // toWanted of each node the search reached
	bound    []float64    // each wanted node's bound
	resolved []uint32     // round on the wanted nodes with a short witness
	shortcut []chArc      // the shortcuts of the node being contracted
	from     []int32      // their tails
	work     int          // arcs scanned, since the contractor last summed it
	// For symmetric graphs (see symmetricShortcuts): each out-neighbour's
	// index in x's list, the pairs that need shortcuts, and the keys of
	// u's out-neighbours, valid where near is the round.
	slot    []int32
	need    []bool
	near    []uint32
	nearKey []float64
}

func newWitnessScratch(n int) *witnessScratch {
	ws := &witnessScratch{wdist: make([]float64, n), wanted: make([]uint32, n), bound: make([]float64, n), resolved: make([]uint32, n), hval: make([]float64, n),
		slot: make([]int32, n), near: make([]uint32, n), nearKey: make([]float64, n)}
	for i := range ws.wdist {
		ws.wdist[i] = math.Inf(1)
	}
	return ws
}

// newHierarchy contracts g with the given search key per edge, on up to
// workers goroutines. It returns nil when the graph being contracted would
// grow past maxArcs arcs, or the hierarchy past twice that, or when its
// witness searches would scan more than maxWork arcs: on levels that
// dense, or that costly to contract, a search per row is the better plan.
// It stops early, returning ctx.Err(), when ctx is cancelled. The result
// depends only on g, never on workers. Each contraction runs a bounded
// witness search per in-neighbour, so it takes about
// O(V·d·witnessSettle·d·log) for degree d, and at most O(maxWork·log),
// divided by the workers (BenchmarkHierarchy measures it).
func newHierarchy(ctx context.Context, g *maps.Graph, key func(e int) float64, maxArcs, maxWork, workers int) (*hierarchy, error) {
	return contractGraph(ctx, g, key, maxArcs, maxWork, workers, nil)
}

// contractGraph is newHierarchy, adding to progress, when not nil, the
// nodes each round contracts.
func contractGraph(ctx context.Context, g *maps.Graph, key func(e int) float64, maxArcs, maxWork, workers int, progress *atomic.Int64) (*hierarchy, error) {
	n := g.Nodes()
	c := newContractor(n, maxArcs, maxWork, workers)
	c.progress = progress
	defer c.team.stop()
	c.geometry(g, key)
	if err := c.addEdges(ctx, g, key); err != nil {
		return nil, err
	}
	var err error
	if c.symmetric, err = c.isSymmetric(ctx); err != nil {
		return nil, err
	}
	up, err := c.contract(ctx)
	if up == nil || err != nil {
		return nil, err
	}
	return c.hierarchy(up), nil
}

// newContractor returns a contractor of a graph of n nodes, with no arcs
// yet, on up to workers goroutines (its team: stop it when done). O(n ·
// workers).
func newContractor(n, maxArcs, maxWork, workers int) *contractor {
	workers = max(1, workers)
	c := &contractor{
		out: make([][]chArc, n), in: make([][]chArc, n),
		done: make([]bool, n), deleted: make([]int32, n), inRound: make([]bool, n),
		maxArcs: maxArcs, maxWork: maxWork, workers: workers,
		scratch: make([]*witnessScratch, workers),
	}
	for w := range c.scratch {
		c.scratch[w] = newWitnessScratch(n)
	}
	c.team = newTeam(workers)
	return c
}

// upArcs are what contraction keeps of a graph: the nodes in the order
// they were contracted, least important first, and each node's arcs to
// and from the nodes that outrank it.
type upArcs struct {
	order   []int32
	out, in [][]chArc
}

// contractRound is the scratch of one round of contraction.
type contractRound struct {
	nodes     []int32   // the round's independent nodes
	shortcuts [][]chArc // of each node of the round, by index
	tails     [][]int32
	touched   []bool  // neighbours of the round's nodes
	next      []int32 // the nodes touched, whose priorities change
}

// contract contracts every node of c's graph in rounds of independent
// nodes, least important first, and returns what it keeps; nil when the
// graph or the hierarchy grows past c's caps or the witness searches
// scan more than c.maxWork arcs. It returns ctx.Err() when ctx is done.
// O(newHierarchy).
func (c *contractor) contract(ctx context.Context) (*upArcs, error) {
	n := len(c.out)
	prio := make([]float64, n)
	// cand holds the nodes that may be independent this round:
	// at first every node, then the nodes whose priority or whose
	// neighbours' changed in the last round (see candidates).
	cand := make([]int32, n)
	for x := range cand {
		cand[x] = int32(x)
	}
	if err := c.priorities(ctx, cand, prio); err != nil {
		return nil, err
	}
	up := &upArcs{order: make([]int32, 0, n), out: make([][]chArc, n), in: make([][]chArc, n)}
	rd := &contractRound{shortcuts: make([][]chArc, n), tails: make([][]int32, n), touched: make([]bool, n)}
	for live := n; live > 0; live -= len(rd.nodes) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if rd.nodes, err = c.independent(ctx, cand, prio, rd.nodes[:0]); err != nil {
			return nil, err
		}
		if err := c.roundShortcuts(ctx, rd); err != nil {
			return nil, err
		}
		if !c.removeRound(rd, up) {
			return nil, nil
		}
		if c.progress != nil {
			c.progress.Add(int64(len(rd.nodes)))
		}
		// The round's neighbours lost an arc and may have gained
		// shortcuts: their priorities change.
		for _, y := range rd.next {
			rd.touched[y] = false
		}
		if err := c.update(ctx, rd.next, prio); err != nil {
			return nil, err
		}
		cand = c.candidates(rd.next, rd.touched, cand[:0])
		if c.work > c.maxWork {
			return nil, nil
		}
	}
	return up, nil
}

// roundShortcuts finds the shortcuts that contracting each node of the
// round needs, on the workers. O(witness searches of the round).
func (c *contractor) roundShortcuts(ctx context.Context, rd *contractRound) error {
	return c.parallel(ctx, len(rd.nodes), parallelChunk, func(ws *witnessScratch, i int) {
		if c.symmetric {
			c.symmetricShortcuts(ws, rd.nodes[i], witnessSettle)
		} else {
			c.shortcuts(ws, rd.nodes[i], witnessSettle)
		}
		rd.shortcuts[i] = append(rd.shortcuts[i][:0], ws.shortcut...)
		rd.tails[i] = append(rd.tails[i][:0], ws.from...)
	})
}

// removeRound contracts the round's nodes: it adds their shortcuts, moves
// their arcs to up and marks their neighbours in rd.touched and rd.next.
// It reports false when the graph or the hierarchy grows past c's caps.
// O(the round's arcs and shortcuts).
func (c *contractor) removeRound(rd *contractRound, up *upArcs) bool {
	rd.next = rd.next[:0]
	for i, x := range rd.nodes {
		// Every neighbour still in the graph outranks x. The round's
		// nodes are not neighbours, so no shortcut of the round starts
		// or ends at one of them, and their arcs are theirs to keep.
		up.out[x], up.in[x] = c.out[x], c.in[x]
		c.kept += len(up.out[x]) + len(up.in[x])
		for k, s := range rd.shortcuts[i] {
			c.addArc(rd.tails[i][k], s.node, s.key, s.hop)
		}
		if c.arcs > c.maxArcs || c.kept > 2*c.maxArcs {
			return false
		}
		c.done[x] = true
		c.inRound[x] = false
		c.out[x], c.in[x] = nil, nil
		c.arcs -= len(up.out[x]) + len(up.in[x])
		up.order = append(up.order, x)
		for _, arcs := range [][]chArc{up.out[x], up.in[x]} {
			for _, a := range arcs {
				c.deleted[a.node]++
				if !rd.touched[a.node] {
					rd.touched[a.node] = true
					rd.next = append(rd.next, a.node)
				}
			}
		}
	}
	return true
}

// hierarchy returns the hierarchy of what contraction kept: nodes by
// position, the most important first, and each one's up and down arcs.
// O(V + arcs).
func (c *contractor) hierarchy(up *upArcs) *hierarchy {
	n := len(up.order)
	h := &hierarchy{node: make([]int32, n), pos: make([]int32, n), upOff: make([]int32, n+1), downOff: make([]int32, n+1), work: c.work}
	pos := h.pos
	for r, x := range up.order {
		p := int32(n - 1 - r)
		h.node[p], pos[x] = x, p
	}
	h.up, h.down = make([]hArc, 0, c.kept/2), make([]hArc, 0, c.kept/2)
	for p, x := range h.node {
		for _, a := range up.out[x] {
			h.up = append(h.up, hArc{val: packKey(a.key, a.hop), at: pos[a.node]})
		}
		for _, a := range up.in[x] {
			h.down = append(h.down, hArc{val: packKey(a.key, a.hop), at: pos[a.node]})
		}
		h.upOff[p+1], h.downOff[p+1] = int32(len(h.up)), int32(len(h.down))
	}
	h.layout(nil, 1, nil)
	return h
}

// independent appends to dst, in order, the nodes of live that are less
// important than every neighbour still in the graph: lower priority, or
// equal priority and a lower number, and marks them in c.inRound. No two
// of them are neighbours, and the least important live node is always
// one when live holds every node that may be (see candidates).
// O(arcs of live), on the workers, and O(r log r) for the r it appends.
// It fails only when ctx is done.
func (c *contractor) independent(ctx context.Context, live []int32, prio []float64, dst []int32) ([]int32, error) {
	less := func(x, y int32) bool { return prio[x] < prio[y] || prio[x] == prio[y] && x < y }
	err := c.parallel(ctx, len(live), scanChunk, func(_ *witnessScratch, i int) {
		x := live[i]
		for _, arcs := range [2][]chArc{c.out[x], c.in[x]} {
			for _, a := range arcs {
				if !less(x, a.node) {
					return
				}
			}
		}
		c.inRound[x] = true
	})
	if err != nil {
		return dst, err
	}
	start := len(dst)
	for _, x := range live {
		if c.inRound[x] {
			dst = append(dst, x)
		}
	}
	slices.Sort(dst[start:])
	return dst, nil
}

// scanChunk is how many nodes a worker takes at a time from a pass that
// spends a few arcs' time on each.
const scanChunk = 256

// priorities sets prio of each node of nodes, on the workers. O(their
// degrees²). It fails only when ctx is done.
func (c *contractor) priorities(ctx context.Context, nodes []int32, prio []float64) error {
	return c.parallel(ctx, len(nodes), parallelChunk, func(_ *witnessScratch, i int) {
		prio[nodes[i]] = c.priority(nodes[i])
	})
}

// parallelChunk is how many nodes a worker takes from a round at a time:
// a few witness searches, which the task's overhead is small beside, and
// small enough that the rounds of small levels still spread.
const parallelChunk = 4

// parallel calls do(ws, i) for i in 0..count-1 on the workers, chunk
// indices at a time, each with its own witness scratch, then adds their
// witness searches' work to c.work. do may read the graph, never change
// it, except for what belongs to i alone. It fails only when ctx is done.
func (c *contractor) parallel(ctx context.Context, count, chunk int, do func(ws *witnessScratch, i int)) error {
	// A pass too short for a few chunks a worker, such as the last
	// rounds' few costly nodes, is cut finer so that it still spreads.
	chunk = max(1, min(chunk, count/(4*c.workers)))
	chunks := (count + chunk - 1) / chunk
	workers := min(c.workers, chunks)
	if workers <= 1 {
		for i := range count {
			do(c.scratch[0], i)
		}
	} else {
		err := c.team.run(ctx, chunks, func(w, k int) {
			ws := c.scratch[w]
			for i := k * chunk; i < min(count, (k+1)*chunk); i++ {
				do(ws, i)
			}
		})
		if err != nil {
			return err
		}
	}
	for _, ws := range c.scratch {
		c.work += ws.work
		ws.work = 0
	}
	return nil
}

// packKey packs an integer key below 2^53 and a first move.
func packKey(key float64, hop uint8) uint64 { return uint64(key)<<8 | uint64(hop) }

// update removes the arcs of contracted nodes from the lists of nodes,
// their neighbours, which so hold only nodes still in the graph, in the
// order they had, and sets their priorities: one pass, since each node's
// lists and priority are its own and its priority reads only them.
// O(their degrees²), on the workers. It fails only when ctx is done.
func (c *contractor) update(ctx context.Context, nodes []int32, prio []float64) error {
	gone := func(a chArc) bool { return c.done[a.node] }
	return c.parallel(ctx, len(nodes), parallelChunk, func(_ *witnessScratch, i int) {
		y := nodes[i]
		c.out[y] = slices.DeleteFunc(c.out[y], gone)
		c.in[y] = slices.DeleteFunc(c.in[y], gone)
		prio[y] = c.priority(y)
	})
}

// candidates appends to dst, in no set order, the nodes that may be
// independent in the next round, given the last round's neighbours, once
// updated: those and their neighbours. Any other node kept its arcs, its
// priority and its neighbours' priorities, so it is as dependent as it
// was in the last round, which contracted every independent node. mark is
// all false and is left so. O(arcs of next).
func (c *contractor) candidates(next []int32, mark []bool, dst []int32) []int32 {
	for _, y := range next {
		mark[y] = true
	}
	dst = append(dst, next...)
	for _, y := range next {
		for _, arcs := range [2][]chArc{c.out[y], c.in[y]} {
			for _, a := range arcs {
				if !mark[a.node] {
					mark[a.node] = true
					dst = append(dst, a.node)
				}
			}
		}
	}
	for _, y := range dst {
		mark[y] = false
	}
	return dst
}

// addEdges adds g's edges but loops, each u→v once at its least key, the
// first such edge's move on a tie, as addArc would one edge at a time:
// out-lists node by node on the workers, in-lists then in tail order.
// O(E·d) for degree d. It fails only when ctx is done.
func (c *contractor) addEdges(ctx context.Context, g *maps.Graph, key func(e int) float64) error {
	n := g.Nodes()
	backing := make([]chArc, g.Edges())
	err := c.parallel(ctx, n, scanChunk, func(_ *witnessScratch, i int) {
		u := int32(i)
		lo, hi := g.Offsets[u], g.Offsets[u+1]
		out := backing[lo:lo:hi]
	edges:
		for e := lo; e < hi; e++ {
			v := g.Targets[e]
			if v == u {
				continue
			}
			k, hop := key(int(e)), uint8(e-lo)
			for j := range out {
				if out[j].node == v {
					if k < out[j].key {
						out[j].key, out[j].hop = k, hop
					}
					continue edges
				}
			}
			out = append(out, chArc{node: v, key: k, hop: hop})
		}
		c.out[u] = out
	})
	if err != nil {
		return err
	}
	indeg := make([]int32, n+1)
	for u := range c.out {
		c.arcs += len(c.out[u])
		for _, a := range c.out[u] {
			indeg[a.node+1]++
		}
	}
	for v := range n {
		indeg[v+1] += indeg[v]
	}
	inBacking := make([]chArc, c.arcs)
	for v := range c.in {
		c.in[v] = inBacking[indeg[v]:indeg[v]:indeg[v+1]]
	}
	for u := range c.out {
		for _, a := range c.out[u] {
			c.in[a.node] = append(c.in[a.node], chArc{node: int32(u), key: a.key, hop: a.hop})
		}
	}
	return nil
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

// priority orders contraction: the shortcuts x could need at most (one
// per in-neighbour and other out-neighbour) less the arcs it removes, plus
// its contracted neighbours, which spreads contraction evenly over the
// level. Counting the shortcuts without witness searches makes this a
// minimum-degree order, which keeps the cores of open levels sparse:
// bounded witness searches here, which find only some witnesses, made the
// hierarchies of open grids several times denser and their contraction a
// hundred times slower (BenchmarkHierarchy). O(degree²).
func (c *contractor) priority(x int32) float64 {
	added := 0
	for _, in := range c.in[x] {
		for _, out := range c.out[x] {
			if out.node != in.node {
				added++
			}
		}
	}
	removed := len(c.out[x]) + len(c.in[x])
	return float64(2*(added-removed)) + float64(c.deleted[x])
}

// shortcuts collects in ws.shortcut and ws.from the shortcuts removing x
// needs, by witness searches that settle at most settle nodes, and
// returns how many. It only reads the graph.
func (c *contractor) shortcuts(ws *witnessScratch, x int32, settle int) int {
	ws.shortcut, ws.from = ws.shortcut[:0], ws.from[:0]
	for _, in := range c.in[x] {
		u := in.node
		ws.round++
		ws.want = ws.want[:0]
		for _, out := range c.out[x] {
			if out.node != u {
				ws.wanted[out.node] = ws.round
				ws.want = append(ws.want, wantedNode{out.node, in.key + out.key})
			}
		}
		if len(ws.want) == 0 {
			continue
		}
		c.shortWitnesses(ws, u, x)
		if len(ws.want) > 0 {
			c.witness(ws, u, x, settle)
		}
		for _, out := range c.out[x] {
			v := out.node
			if v == u {
				continue
			}
			if d := in.key + out.key; ws.resolved[v] != ws.round && ws.wdist[v] > d {
				ws.shortcut = append(ws.shortcut, chArc{node: v, key: d, hop: in.hop})
				ws.from = append(ws.from, u)
			}
		}
		for _, v := range ws.touched {
			ws.wdist[v] = math.Inf(1)
		}
		ws.touched = ws.touched[:0]
	}
	return len(ws.shortcut)
}

// shortWitnesses marks resolved the nodes of ws.want with a witness of one
// or two arcs from u, avoiding x and the round's nodes, and drops them from
// ws.want: on grids most witnesses are that short, and looking at u's arcs
// and theirs costs less than a search. O(d²) for degree d.
func (c *contractor) shortWitnesses(ws *witnessScratch, u, x int32) {
	for _, w := range ws.want {
		ws.bound[w.node] = w.bound
	}
	for _, a := range c.out[u] {
		y := a.node
		if y == x || c.inRound[y] {
			continue
		}
		if ws.wanted[y] == ws.round && a.key <= ws.bound[y] {
			ws.resolved[y] = ws.round
		}
		ws.work += len(c.out[y])
		for _, b := range c.out[y] {
			if v := b.node; ws.wanted[v] == ws.round && a.key+b.key <= ws.bound[v] {
				ws.resolved[v] = ws.round
			}
		}
	}
	ws.want = slices.DeleteFunc(ws.want, func(w wantedNode) bool { return ws.resolved[w.node] == ws.round })
}

// wantedNode is a node a witness search looks for, and the cost of the
// path through the contracted node that a witness must match.
type wantedNode struct {
	node  int32
	bound float64
}

// witness fills ws.wdist with distances from u avoiding x and the nodes
// of the current round, until it has settled every node of ws.want, or
// passed the bound of every one it has not, or settled settle nodes. On
// grids it is an A* search toward the nearest of them (see toWanted),
// which settles each node at its distance and leaves alone the nodes no
// path within the bounds can pass. Whatever it finds is a real path, so
// the bound decides only how many shortcuts are added, never whether one
// is missing.
func (c *contractor) witness(ws *witnessScratch, u, x int32, settle int) {
	limit := math.Inf(-1)
	for _, w := range ws.want {
		limit = max(limit, w.bound)
	}
	ws.targets = append(ws.targets[:0], ws.want...)
	if c.x != nil {
		ws.tx, ws.ty = ws.tx[:0], ws.ty[:0]
		for _, t := range ws.targets {
			ws.tx, ws.ty = append(ws.tx, c.x[t.node]), append(ws.ty, c.y[t.node])
		}
	}
	h := &ws.heap
	h.Reset()
	ws.wdist[u] = 0
	ws.touched = append(ws.touched, u)
	ws.hval[u] = c.toWanted(ws, u)
	h.Push(u, ws.hval[u])
	for settled := 0; h.Len() > 0 && settled < settle; {
		v, f := h.Pop()
		d := ws.wdist[v]
		// A node's heuristic is fixed for the search: the one computed
		// when it was first reached.
		if f > d+ws.hval[v] {
			continue // stale
		}
		if f > limit {
			return
		}
		if ws.wanted[v] == ws.round && ws.resolved[v] != ws.round {
			// v is done: the search need only reach the others' bounds.
			i := slices.IndexFunc(ws.want, func(w wantedNode) bool { return w.node == v })
			ws.want = slices.Delete(ws.want, i, i+1)
			if len(ws.want) == 0 {
				return
			}
			limit = math.Inf(-1)
			for _, w := range ws.want {
				limit = max(limit, w.bound)
			}
		}
		settled++
		ws.work += len(c.out[v])
		for _, a := range c.out[v] {
			w := a.node
			if nd := d + a.key; nd < ws.wdist[w] && nd <= limit && w != x && !c.inRound[w] {
				fresh := math.IsInf(ws.wdist[w], 1)
				if fresh {
					ws.hval[w] = c.toWanted(ws, w)
				}
				fw := nd + ws.hval[w]
				if fw > limit {
					continue
				}
				if fresh {
					ws.touched = append(ws.touched, w)
				}
				ws.wdist[w] = nd
				h.Push(w, fw)
			}
		}
	}
}

// exactHierarchy contracts g for a table whose distances are exact
// integer keys (exactKeys), and returns nil for other kinds, whose float
// sums depend on the order of addition, and for levels too dense to
// contract, or whose witness searches would scan more than maxWork arcs.
func exactHierarchy(ctx context.Context, g *maps.Graph, kind table.DistKind, maxWork, workers int) (*hierarchy, error) {
	return exactHierarchyProgress(ctx, g, kind, maxWork, workers, nil)
}

// exactHierarchyProgress is exactHierarchy, adding to progress, when not
// nil, the nodes it contracts as it goes.
func exactHierarchyProgress(ctx context.Context, g *maps.Graph, kind table.DistKind, maxWork, workers int, progress *atomic.Int64) (*hierarchy, error) {
	octile := g.Metric == maps.MetricOctile
	if !exactKeys(octile, kind) {
		return nil, nil
	}
	keyed := keyedOctile(octile, kind)
	key := func(e int) float64 { return searchKey(g.Weights[e], keyed) }
	return contractGraph(ctx, g, key, 4*(g.Edges()+g.Nodes()), maxWork, workers, progress)
}

// layout renumbers the positions for sweeps: grouped by component
// (comp[x] for node x, from 0 to count-1; every node in 0 when comp is
// nil), then by level, the highest first, then by key[x], which should
// number nodes that are close in the level close together; when key is
// nil, by up arcs, then by node, so that the sweep's loop over a
// position's up arcs runs the same number of times over long stretches,
// and the processor predicts where it ends. A node's level is
// one more than the highest of the lower-ranked nodes it shares an arc
// with, so every arc still points to a smaller position (no arc joins two
// components). Nodes of one level are independent and, numbered in level
// order, close in the level, so that a sweep reads the heads of one
// stretch of positions from a few nearby stretches instead of all over
// (Bastert et al. reorder PHAST's sweeps the same way), and a sweep for
// targets of one component need only cover its range. It returns the
// first position of each component, and len(h.node) last.
// O(V log V + U).
func (h *hierarchy) layout(comp []int32, count int, key []int32) []int32 {
	n := len(h.node)
	level := make([]int32, n) // by position
	for p := n - 1; p >= 0; p-- {
		for _, a := range h.up[h.upOff[p]:h.upOff[p+1]] {
			level[a.at] = max(level[a.at], level[p]+1)
		}
		for _, a := range h.down[h.downOff[p]:h.downOff[p+1]] {
			level[a.at] = max(level[a.at], level[p]+1)
		}
	}
	compOf := func(x int32) int32 {
		if comp == nil {
			return 0
		}
		return comp[x]
	}
	byNew := make([]int32, n) // old position of each new one
	for p := range byNew {
		byNew[p] = int32(p)
	}
	slices.SortFunc(byNew, func(p, q int32) int {
		x, y := h.node[p], h.node[q]
		if c := cmp.Compare(compOf(x), compOf(y)); c != 0 {
			return c
		}
		if c := cmp.Compare(level[q], level[p]); c != 0 {
			return c
		}
		if key != nil {
			x, y = key[x], key[y]
		} else if c := cmp.Compare(h.upOff[p+1]-h.upOff[p], h.upOff[q+1]-h.upOff[q]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	h.renumber(byNew)
	start := make([]int32, count+1)
	for _, x := range h.node {
		start[compOf(x)+1]++
	}
	for c := range count {
		start[c+1] += start[c]
	}
	return start
}

// renumber moves the node at each old position byNew[q] to position q,
// with its arcs, whose ends follow. O(V + arcs).
func (h *hierarchy) renumber(byNew []int32) {
	n := len(h.node)
	moved := make([]int32, n) // new position of each old one
	for q, p := range byNew {
		moved[p] = int32(q)
	}
	old := *h
	h.node, h.pos = make([]int32, n), make([]int32, n)
	h.upOff, h.downOff = make([]int32, n+1), make([]int32, n+1)
	h.up, h.down = make([]hArc, 0, len(old.up)), make([]hArc, 0, len(old.down))
	for q, p := range byNew {
		x := old.node[p]
		h.node[q], h.pos[x] = x, int32(q)
		for _, a := range old.up[old.upOff[p]:old.upOff[p+1]] {
			h.up = append(h.up, hArc{val: a.val, at: moved[a.at]})
		}
		for _, a := range old.down[old.downOff[p]:old.downOff[p+1]] {
			h.down = append(h.down, hArc{val: a.val, at: moved[a.at]})
		}
		h.upOff[q+1], h.downOff[q+1] = int32(len(h.up)), int32(len(h.down))
	}
}

// geometry fills c's coordinates and least move keys from g's grid. O(E).
func (c *contractor) geometry(g *maps.Graph, key func(e int) float64) {
	if g.Grid == nil {
		return
	}
	n := g.Nodes()
	c.x, c.y = make([]int32, n), make([]int32, n)
	for u := range int32(n) {
		x, y := g.Grid.XY(u)
		c.x[u], c.y[u] = int32(x), int32(y)
	}
	c.straight, c.diagonal = math.Inf(1), math.Inf(1)
	for u := range int32(n) {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			v := g.Targets[e]
			dx, dy := abs32(c.x[u]-c.x[v]), abs32(c.y[u]-c.y[v])
			switch {
			case dx > 1 || dy > 1: // not a grid move: no bound
				c.x, c.y = nil, nil
				return
			case dx == 1 && dy == 1:
				c.diagonal = min(c.diagonal, key(int(e)))
			default:
				c.straight = min(c.straight, key(int(e)))
			}
		}
	}
	if math.IsInf(c.straight, 1) {
		c.x, c.y = nil, nil
		return
	}
	c.diagonal = min(c.diagonal, 2*c.straight)
}

// toWanted bounds below the key of any path from w to the nearest node
// of the witness search's wanted ones: with m diagonal and M-m straight
// steps at the least, M and m the larger and smaller coordinate gaps.
// Consistent, so an A* search with it settles nodes at their distance.
// 0 without geometry. O(wanted).
func (c *contractor) toWanted(ws *witnessScratch, w int32) float64 {
	if c.x == nil {
		return 0
	}
	best := math.Inf(1)
	x, y, diag, straight := c.x[w], c.y[w], c.diagonal, c.straight
	ty := ws.ty[:len(ws.tx)]
	for i, tx := range ws.tx {
		dx, dy := abs32(x-tx), abs32(y-ty[i])
		m, M := min(dx, dy), max(dx, dy)
		best = min(best, diag*float64(m)+straight*float64(M-m))
	}
	return best
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
