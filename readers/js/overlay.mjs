// overlay.mjs: blocked nodes over a pathtable Table (pathtable.mjs), with
// paths answered exactly on the changed level, as Go's lookup.Overlay
// answers them for blocks.
//
//   import { openTable } from "./pathtable.mjs";
//   import { Overlay } from "./overlay.mjs";
//   const ov = new Overlay(openTable(bytes));
//   ov.block(ov.table.nodeAt(5, 3));
//   const n = ov.path(from, to, out); // out: Int32Array; ov.cost is its cost
//
// How a query is answered: the table's own path first (O(path length));
// when it crosses no blocked node, nor cuts the corner of one on an
// 8-connected grid, it is still a shortest path and the answer. Otherwise
// an A* over the table's graph avoids the blocked nodes, with the table's
// distance to the goal as its heuristic (blocking only raises distances,
// so it stays admissible, and it is exact wherever the table's path is
// untouched): the search stops at the first node it expands whose table
// path to the goal is unchanged, and the answer is the best path to that
// node followed by the table's path from it. This is the search of Go's
// lookup.Overlay (lookup/overlay_search.go), without its caches.
//
// Costs come out as Go's do, bit for bit: on "octile" levels with
// "octile16" distances the search runs on Go's exact integer keys and the
// cost is a + b·√2 counted along the whole path (any shortest path has the
// same a and b); otherwise it is the search's sum in path order to the node
// it stopped at plus the table's distance from there (exact on "int"
// levels below 2^53). Between paths of equal cost the search may pick
// another one than Go's (none did in the tests).
//
// An Overlay is for one thread; its scratch memory is O(nodes), allocated
// at the first search and reused. Windowed tables take no blocks (their
// paths reach a target only from inside its window, so no search could be
// exact over them), as in Go.

/** Thrown for a change an overlay cannot take. */
export class OverlayError extends Error {
  constructor(message) {
    super(message);
    this.name = "OverlayError";
  }
}

const SQRT2 = 1.4142135623730951;
const CARDINAL = [0, -1, 1, 0, 0, 1, -1, 0];

// Node status in a query's scratch.
const REACHED = 1; // g and parent are set
const CLOSED = 2; // expanded with its current g
const WALKED = 4; // status and h are known
const UNCHANGED = 8; // the table path from here to the goal crosses no block

/**
 * The graph of a table as CSR arrays (offsets, targets, weights), from the
 * reader's own arrays when it exposes them, else gathered once through
 * forEachEdge or neighbours: O(nodes + edges) once per table.
 */
export function graphOf(table) {
  if (table.offsets && table.targets && table.weights) {
    return { offsets: table.offsets, targets: table.targets, weights: table.weights };
  }
  const n = table.nodeCount;
  const offsets = new Int32Array(n + 1);
  const to = [];
  const w = [];
  for (let u = 0; u < n; u++) {
    const each = (v, c) => {
      to.push(v);
      w.push(c);
    };
    if (typeof table.forEachEdge === "function") {
      table.forEachEdge(u, each);
    } else if (typeof table.neighbours === "function") {
      for (const e of table.neighbours(u)) {
        if (Array.isArray(e)) each(e[0], e[1]);
        else each(e.to, e.cost);
      }
    } else {
      throw new OverlayError("this table gives no access to its edges (forEachEdge, neighbours or offsets/targets/weights)");
    }
    offsets[u + 1] = to.length;
  }
  return { offsets, targets: Int32Array.from(to), weights: Float64Array.from(w) };
}

// How a path's cost adds up on this table: "octile16" (searched on exact
// keys, counted as a + b·√2: any shortest path gives the same bits), "int"
// or "float" (summed in path order, as Go's search sums them; exact on
// "int" levels). From the reader's metric and distKind when it has them,
// else from the weights.
function costModel(table, weights) {
  const metric = table.metric;
  const distKind = table.distKind;
  if (metric === "octile") return distKind === "octile16" ? "octile16" : "float";
  if (metric === "int") return "int";
  if (metric === "float") return "float";
  // No metric from the reader: integers add exactly either way.
  for (let i = 0; i < weights.length; i++) {
    if (!Number.isInteger(weights[i])) return "float";
  }
  return "int";
}

// Octile costs a + b·√2 with parts below 2^16 have exact integer keys,
// a·2^34 + b·octileT (octileT the odd integer nearest √2·2^34), that order
// as the costs do and tie exactly where they do; their sums stay below 2^53,
// so float64 holds them exactly. Go's overlay searches on the same keys
// (table/octile.go): equal costs are true ties there, and here.
const OCTILE_S = 2 ** 34;
const OCTILE_T = 24296003999;
const KEY_LIMIT = 2 ** 50;

// octileKeys returns each edge's key, or null when a weight has none.
function octileKeys(weights) {
  const keys = new Float64Array(weights.length);
  for (let e = 0; e < weights.length; e++) {
    const w = weights[e];
    let a = 0;
    let b = 0;
    if (Number.isInteger(w)) {
      a = w;
    } else {
      b = Math.round(w / SQRT2);
      if (b * SQRT2 !== w) return null;
    }
    if (a >= 65536 || b >= 65536) return null;
    keys[e] = a * OCTILE_S + b * OCTILE_T;
  }
  return keys;
}

export class Overlay {
  /**
   * An overlay over table with nothing blocked: every query answers as the
   * table does. O(nodes + edges) once, for the graph's arrays (and the
   * cells' coordinates on grids).
   */
  constructor(table) {
    this.table = table;
    const g = graphOf(table);
    this.offsets = g.offsets;
    this.targets = g.targets;
    this.weights = g.weights;
    this.n = table.nodeCount;
    this.model = costModel(table, this.weights);
    this.keys = this.model === "octile16" ? octileKeys(this.weights) : null;
    this.allPairs = table.layout !== "window";
    this.blocked = new Uint8Array(this.n);
    this.blockedCount = 0;
    /** The cost of the last path answered (Infinity when none). */
    this.cost = Infinity;
    /** How the last path was answered: "table" (unchanged), "search", or "none". */
    this.how = "none";
    // Grid cells' coordinates, for the corner rule of diagonal moves.
    if (table.isGrid) {
      this.xs = new Int32Array(this.n);
      this.ys = new Int32Array(this.n);
      const xy = typeof table.xOf === "function";
      for (let u = 0; u < this.n; u++) {
        const c = xy ? null : table.cellOf(u);
        this.xs[u] = xy ? table.xOf(u) : c[0];
        this.ys[u] = xy ? table.yOf(u) : c[1];
      }
    }
    // near[u] counts the blocked cells beside u (N, E, S, W): only a
    // diagonal move out of such a node can cut a blocked corner.
    this.near = this.xs ? new Uint8Array(this.n) : null;
    this.sc = null; // the search's scratch, at the first search
  }

  /** Whether node id is blocked. O(1). */
  isBlocked(id) {
    return id >= 0 && id < this.n && this.blocked[id] === 1;
  }

  /** Blocks node id: no path enters or leaves it. O(1). */
  block(id) {
    this.check(id);
    if (this.blocked[id] === 0) {
      this.blocked[id] = 1;
      this.blockedCount++;
      this.touchNear(id, 1);
    }
  }

  /** Opens node id again. O(1). */
  unblock(id) {
    this.check(id);
    if (this.blocked[id] === 1) {
      this.blocked[id] = 0;
      this.blockedCount--;
      this.touchNear(id, -1);
    }
  }

  /**
   * Appends to out (an array) the nodes whose agent covers grid cell
   * (x, y): on a table for a k×k agent (build -clearance k, table.agent)
   * the cells (x-dx, y-dy), dx, dy in [0, k), that are nodes; on a one-cell
   * agent's table the node at (x, y), if any; nothing on graphs or outside
   * the grid. Closing a door at (x, y) means blocking all of them, as Go's
   * Table.AppendCovering and `pathtable -block x,y` do. O(k²).
   */
  covering(x, y, out = []) {
    const t = this.table;
    if (!t.isGrid || !(x >= 0 && y >= 0 && x < t.width && y < t.height)) return out;
    const k = t.agent > 1 ? t.agent : 1;
    for (let sy = Math.max(y - k + 1, 0); sy <= y; sy++) {
      for (let sx = Math.max(x - k + 1, 0); sx <= x; sx++) {
        const u = t.nodeAt(sx, sy);
        if (u >= 0) out.push(u);
      }
    }
    return out;
  }

  /** Blocks every node whose agent covers cell (x, y) (see covering) and returns how many. O(k²). */
  blockCell(x, y) {
    const nodes = this.covering(x, y);
    for (const u of nodes) this.block(u);
    return nodes.length;
  }

  /** Opens every node whose agent covers cell (x, y) again and returns how many. O(k²). */
  unblockCell(x, y) {
    const nodes = this.covering(x, y);
    for (const u of nodes) this.unblock(u);
    return nodes.length;
  }

  /** Opens every node. O(nodes). */
  clear() {
    this.blocked.fill(0);
    this.blockedCount = 0;
    if (this.near) this.near.fill(0);
  }

  // touchNear counts blocked cell id in or out of its cardinal
  // neighbours' near counts. O(1).
  touchNear(id, d) {
    if (!this.near) return;
    const x = this.xs[id];
    const y = this.ys[id];
    for (let i = 0; i < 4; i++) {
      const v = this.table.nodeAt(x + CARDINAL[2 * i], y + CARDINAL[2 * i + 1]);
      if (v >= 0) this.near[v] += d;
    }
  }

  check(id) {
    if (!this.allPairs) {
      throw new OverlayError("an overlay changes only tables of all pairs; this one is windowed");
    }
    if (!Number.isInteger(id) || id < 0 || id >= this.n) {
      throw new OverlayError(`node ${id} is not in this table of ${this.n} nodes`);
    }
  }

  /**
   * Writes the shortest path from `from` to `to` around the blocked nodes
   * into out (an Int32Array) and returns its node count: 0 when there is
   * none (blocked ends, no path, or not covered by a windowed table), and
   * -needed when out is too short (nothing useful written). Sets this.cost
   * (Infinity when none) and this.how. O(path length) when the table's path
   * crosses no block, else O(search): O((V' + E') log V') for the V' nodes
   * reached, plus the table paths walked from them, each node at most once.
   */
  path(from, to, out) {
    this.cost = Infinity;
    this.how = "none";
    const t = this.table;
    if (!(from >= 0 && from < this.n && to >= 0 && to < this.n)) return 0;
    if (this.blocked[from] || this.blocked[to]) return 0;
    const k = t.path(from, to, out);
    if (k === 0) return 0; // no stored path: costs only rose, so none now either
    if (this.blockedCount === 0 || (k > 0 && this.clean(out, k))) {
      if (k > 0) {
        this.cost = t.dist(from, to);
        this.how = "table";
      }
      return k;
    }
    // k < 0: out is short for the table's path; the search answers (and
    // says how long its path is).
    return this.search(from, to, out);
  }

  /** The cost of the shortest path around the blocked nodes (Infinity when none). */
  dist(from, to) {
    const sc = this.scratch();
    const k = this.path(from, to, sc.buf);
    if (k < 0) {
      sc.buf = new Int32Array(-k);
      this.path(from, to, sc.buf);
    }
    return this.cost;
  }

  // clean reports whether no step of path[0:k] crosses a block. O(k).
  clean(path, k) {
    for (let i = 0; i < k; i++) {
      if (this.blocked[path[i]]) return false;
      if (i > 0 && this.cutsCorner(path[i - 1], path[i])) return false;
    }
    return true;
  }

  // cutsCorner reports whether the move u -> v is diagonal on a grid and a
  // cell beside it is blocked: it would cut the blocked cell's corner, as no
  // move may cut a wall's. O(1).
  cutsCorner(u, v) {
    if (this.near === null || this.near[u] === 0) return false;
    const ux = this.xs[u], uy = this.ys[u], vx = this.xs[v], vy = this.ys[v];
    if (ux === vx || uy === vy) return false;
    const a = this.table.nodeAt(vx, uy);
    if (a >= 0 && this.blocked[a]) return true;
    const b = this.table.nodeAt(ux, vy);
    return b >= 0 && this.blocked[b] === 1;
  }

  // edgeCost returns the cheapest baked edge's cost from u to v (the one a
  // table path takes), Infinity when none. O(degree of u).
  edgeCost(u, v) {
    let best = Infinity;
    for (let e = this.offsets[u]; e < this.offsets[u + 1]; e++) {
      if (this.targets[e] === v && this.weights[e] < best) best = this.weights[e];
    }
    return best;
  }

  // edgeIndex returns the cheapest baked edge from u to v, -1 when none.
  // O(degree of u).
  edgeIndex(u, v) {
    let best = -1;
    for (let e = this.offsets[u]; e < this.offsets[u + 1]; e++) {
      if (this.targets[e] === v && (best < 0 || this.weights[e] < this.weights[best])) best = e;
    }
    return best;
  }

  scratch() {
    if (this.sc === null) {
      const n = this.n;
      this.sc = {
        g: new Float64Array(n),
        h: new Float64Array(n),
        parent: new Int32Array(n),
        stamp: new Uint32Array(n),
        flags: new Uint8Array(n),
        gen: 0,
        heap: new Heap(),
        level: [],
        chain: new Int32Array(n),
        buf: new Int32Array(256),
      };
    }
    return this.sc;
  }

  // at makes node u's state fresh when this query has not touched it.
  at(sc, u) {
    if (sc.stamp[u] !== sc.gen) {
      sc.stamp[u] = sc.gen;
      sc.flags[u] = 0;
      sc.g[u] = Infinity;
      sc.h[u] = Infinity;
      sc.parent[u] = -1;
    }
  }

  // walk follows the table's path from u toward goal t until a node whose
  // status is known, then gives every node on the way its status (whether
  // its table path crosses a block) and h (its table distance to t). Each
  // node is walked at most once a query. O(steps walked), each step one
  // table.next (O(1) flat, O(log row) run-length).
  walk(sc, u, t, keyed) {
    const tab = this.table;
    const flat = tab.layout === "flat";
    let k = 0;
    let x = u;
    let end = -1; // the node whose status ends the chain; -1: no path
    for (;;) {
      this.at(sc, x);
      if (sc.flags[x] & WALKED) {
        end = x;
        break;
      }
      if (x === t) {
        sc.flags[x] |= WALKED | UNCHANGED;
        sc.h[x] = 0;
        end = x;
        break;
      }
      sc.chain[k++] = x;
      const nx = tab.next(x, t);
      if (nx < 0 || k > this.n) break; // no baked path from x, so none now
      x = nx;
    }
    for (let i = k - 1; i >= 0; i--) {
      const y = sc.chain[i];
      sc.flags[y] |= WALKED;
      if (end < 0) {
        sc.h[y] = Infinity;
        continue;
      }
      const nx = i + 1 < k ? sc.chain[i + 1] : end;
      // h: keys summed along the walk (exact, the stored distance's key),
      // else the table's distance on flat tables, else costs summed along
      // the walk (only the search's order depends on their rounding).
      if (keyed) sc.h[y] = this.keys[this.edgeIndex(y, nx)] + sc.h[nx];
      else sc.h[y] = flat ? tab.dist(y, t) : this.weights[this.edgeIndex(y, nx)] + sc.h[nx];
      if ((sc.flags[nx] & UNCHANGED) && !this.blocked[y] && !this.blocked[nx] && !this.cutsCorner(y, nx)) {
        sc.flags[y] |= UNCHANGED;
      }
    }
  }

  // search answers from -> to by A* on the changed level (see the module
  // comment) and writes the path to out.
  search(s, t, out) {
    let keyed = this.keys !== null;
    let end = keyed ? this.searchOn(s, t, true) : -2;
    if (end === -2) {
      keyed = false; // a key sum left the exact range: search on costs
      end = this.searchOn(s, t, false);
    }
    if (end < 0) return 0;
    const sc = this.sc;
    // The path: s .. end by parents, then the table's path end .. t.
    let m = 0;
    for (let u = end; u >= 0; u = sc.parent[u]) m++;
    let tail = 0;
    for (let u = end; u !== t; u = this.table.next(u, t)) tail++;
    const need = m + tail;
    if (out.length < need) return -need;
    let i = m - 1;
    for (let u = end; u >= 0; u = sc.parent[u]) out[i--] = u;
    i = m;
    for (let u = end; u !== t; ) {
      u = this.table.next(u, t);
      out[i++] = u;
    }
    // Keys add up exactly, to the same value along any shortest path;
    // otherwise costs add up as Go's search adds them (on "int" levels
    // exactly too, below 2^53), then the table's distance from the node
    // the search stopped at.
    this.cost = keyed ? this.costSum(out, need) : sc.g[end] + this.table.dist(end, t);
    this.how = "search";
    return need;
  }

  // searchOn runs the A* on keys or on costs and returns the node it
  // stopped at, -1 when t cannot be reached, -2 when a key sum left the
  // keys' exact range.
  searchOn(s, t, keyed) {
    const sc = this.scratch();
    sc.gen++;
    if (sc.gen === 0xffffffff) {
      sc.stamp.fill(0);
      sc.gen = 1;
    }
    const heap = sc.heap;
    heap.reset();
    this.at(sc, s);
    this.walk(sc, s, t, keyed);
    if (sc.h[s] === Infinity) return -1;
    if (keyed && sc.h[s] >= KEY_LIMIT) return -2;
    sc.g[s] = 0;
    sc.flags[s] |= REACHED;
    // Nodes whose f is the least queued wait on a stack, last in first out
    // (an exact heuristic puts most of a search there, in O(1) each); the
    // heap holds the rest.
    let least = sc.h[s];
    const level = sc.level;
    level.length = 0;
    level.push(s);
    const { offsets, targets, blocked } = this;
    const weights = keyed ? this.keys : this.weights;
    for (;;) {
      let u;
      if (level.length > 0) {
        u = level.pop();
      } else if (heap.size > 0) {
        least = heap.minF();
        u = heap.pop();
      } else {
        break;
      }
      if (sc.flags[u] & CLOSED) continue; // queued again with a smaller g
      sc.flags[u] |= CLOSED;
      if (!(sc.flags[u] & WALKED)) this.walk(sc, u, t, keyed);
      if (sc.flags[u] & UNCHANGED) return u;
      const gu = sc.g[u];
      for (let e = offsets[u]; e < offsets[u + 1]; e++) {
        const v = targets[e];
        if (blocked[v] || this.cutsCorner(u, v)) continue;
        const gv = gu + weights[e];
        this.at(sc, v);
        if ((sc.flags[v] & REACHED) && gv >= sc.g[v]) continue;
        if (!(sc.flags[v] & WALKED)) this.walk(sc, v, t, keyed);
        if (sc.h[v] === Infinity) continue; // no baked path to t, so none now
        sc.g[v] = gv;
        sc.parent[v] = u;
        sc.flags[v] = (sc.flags[v] | REACHED) & ~CLOSED;
        const f = gv + sc.h[v];
        if (f <= least) level.push(v);
        else if (keyed && f >= KEY_LIMIT) return -2;
        else heap.push(v, f);
      }
    }
    return -1;
  }

  // costSum adds the costs along path[0:k] of an octile level as the
  // table's walked distances do (docs/FORMAT.md, "Walked distances"): a
  // count of unit and √2 moves, a + b·√2. O(k · degree).
  costSum(path, k) {
    let a = 0;
    let b = 0;
    for (let i = 1; i < k; i++) {
      const w = this.edgeCost(path[i - 1], path[i]);
      if (this.model === "octile16" && !Number.isInteger(w)) b += Math.round(w / SQRT2);
      else a += w;
    }
    return b === 0 ? a : a + b * SQRT2;
  }
}

// Heap is a binary min-heap of node ids by f; among equal f the node pushed
// last comes out first (as Go's search takes ties last in, first out).
class Heap {
  constructor() {
    this.ids = new Int32Array(64);
    this.fs = new Float64Array(64);
    this.seq = new Float64Array(64);
    this.size = 0;
    this.count = 0;
  }
  reset() {
    this.size = 0;
    this.count = 0;
  }
  minF() {
    return this.fs[0];
  }
  less(i, j) {
    return this.fs[i] < this.fs[j] || (this.fs[i] === this.fs[j] && this.seq[i] > this.seq[j]);
  }
  swap(i, j) {
    const { ids, fs, seq } = this;
    let t = ids[i]; ids[i] = ids[j]; ids[j] = t;
    t = fs[i]; fs[i] = fs[j]; fs[j] = t;
    t = seq[i]; seq[i] = seq[j]; seq[j] = t;
  }
  push(id, f) {
    if (this.size === this.ids.length) {
      const grow = (a) => {
        const b = new a.constructor(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids);
      this.fs = grow(this.fs);
      this.seq = grow(this.seq);
    }
    let i = this.size++;
    this.ids[i] = id;
    this.fs[i] = f;
    this.seq[i] = this.count++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop() {
    const top = this.ids[0];
    const last = --this.size;
    if (last > 0) {
      this.swap(0, last);
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= last) break;
        let c = l;
        if (l + 1 < last && this.less(l + 1, l)) c = l + 1;
        if (!this.less(c, i)) break;
        this.swap(i, c);
        i = c;
      }
    }
    return top;
  }
}
