package build

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
)

// On a symmetric graph (every arc u→v has an arc v→u of the same key, as
// on grids and undirected graphs) contraction keeps it symmetric: a
// witness u⇝v, reversed, is a witness v⇝u of the same key through the
// same nodes, and the shortcut v→u costs what u→v does. So each pair of
// x's neighbours is decided once, by a search from the smaller node for
// the larger ones, and both shortcuts are added or neither: half the
// witness searches' targets. The decision is a pure function of the
// graph, as the one-way decisions are, so the hierarchy still depends on
// the level alone.

// isSymmetric reports whether every arc of c has its reverse at the same
// key, on the workers. O(E·d). It fails only when ctx is done.
func (c *contractor) isSymmetric(ctx context.Context) (bool, error) {
	var odd atomic.Bool
	err := c.parallel(ctx, len(c.out), scanChunk, func(_ *witnessScratch, i int) {
		for _, a := range c.out[i] {
			k := slices.IndexFunc(c.out[a.node], func(b chArc) bool { return b.node == int32(i) })
			if k < 0 || c.out[a.node][k].key != a.key {
				odd.Store(true)
				return
			}
		}
	})
	return !odd.Load(), err
}

// symmetricShortcuts is shortcuts on a symmetric graph: it searches from
// each in-neighbour u of x for the out-neighbours above u only, and adds
// u→v and v→u when that search finds no witness. It emits the shortcuts
// in the order shortcuts does (in-neighbours, then out-neighbours, in
// list order). It only reads the graph.
func (c *contractor) symmetricShortcuts(ws *witnessScratch, x int32, settle int) int {
	ws.shortcut, ws.from = ws.shortcut[:0], ws.from[:0]
	out := c.out[x]
	d := len(out)
	for j, o := range out {
		ws.slot[o.node] = int32(j)
	}
	ws.need = slices.Grow(ws.need[:0], d*d)[:d*d]
	clear(ws.need)
	for _, in := range c.in[x] {
		u := in.node
		ws.round++
		ws.want = ws.want[:0]
		for _, o := range out {
			if o.node > u {
				ws.wanted[o.node] = ws.round
				ws.want = append(ws.want, wantedNode{o.node, in.key + o.key})
			}
		}
		if len(ws.want) == 0 {
			continue
		}
		c.wantedWitnesses(ws, u, x)
		if len(ws.want) > 0 {
			c.witness(ws, u, x, settle)
		}
		iu := int(ws.slot[u])
		for _, o := range out {
			v := o.node
			if v <= u {
				continue
			}
			if d0 := in.key + o.key; ws.resolved[v] != ws.round && ws.wdist[v] > d0 {
				jv := int(ws.slot[v])
				ws.need[iu*d+jv], ws.need[jv*d+iu] = true, true
			}
		}
		for _, v := range ws.touched {
			ws.wdist[v] = math.Inf(1)
		}
		ws.touched = ws.touched[:0]
	}
	for _, in := range c.in[x] {
		u := in.node
		iu := int(ws.slot[u])
		for _, o := range out {
			if v := o.node; v != u && ws.need[iu*d+int(ws.slot[v])] {
				ws.shortcut = append(ws.shortcut, chArc{node: v, key: in.key + o.key, hop: in.hop})
				ws.from = append(ws.from, u)
			}
		}
	}
	return len(ws.shortcut)
}

// wantedWitnesses does what shortWitnesses does, from the wanted nodes'
// side: it marks u's usable out-neighbours with their keys, then looks
// at each wanted node's in-arcs for a marked tail, stopping at the first
// witness. O(d + wanted·d), so fewer wanted nodes cost less.
func (c *contractor) wantedWitnesses(ws *witnessScratch, u, x int32) {
	for _, a := range c.out[u] {
		if y := a.node; y != x && !c.inRound[y] {
			ws.near[y], ws.nearKey[y] = ws.round, a.key
		}
	}
	ws.work += len(c.out[u])
	for _, w := range ws.want {
		v := w.node
		if ws.near[v] == ws.round && ws.nearKey[v] <= w.bound {
			ws.resolved[v] = ws.round
			continue
		}
		for _, b := range c.in[v] {
			ws.work++
			if y := b.node; ws.near[y] == ws.round && ws.nearKey[y]+b.key <= w.bound {
				ws.resolved[v] = ws.round
				break
			}
		}
	}
	ws.want = slices.DeleteFunc(ws.want, func(w wantedNode) bool { return ws.resolved[w.node] == ws.round })
}
