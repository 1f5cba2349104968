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
// How a query is answered, in Go's stages and Go's order, so that among
// shortest paths of equal cost it returns the one Go's lookup.Overlay (and
// `pathtable query -block`) returns, node for node:
//  1. The table's own path (O(path length)): when it crosses no blocked
//     node, nor cuts the corner of one on an 8-connected grid, it is still
//     a shortest path and the answer ("table").
//  2. On grids searched on exact octile keys, a detour across the row or
//     column through the first block the stored path meets, from the baked
//     distances alone (overlay-across.mjs, Go's overlay_across.go):
//     "across".
//  3. Go's A* over the table's graph, skipping blocked nodes, with the
//     table's distance to the goal as its heuristic, stopping at the first
//     node it expands whose stored path is unchanged, then that stored path
//     (overlay-search.mjs, Go's overlay_search.go): "search".
//
// Costs come out as Go's do, bit for bit: on "octile" levels with
// "octile16" distances the search runs on Go's exact integer keys and the
// cost is a + b·√2 counted along the whole path (any shortest path has the
// same a and b); otherwise it is the search's sum in path order to the node
// it stopped at plus the table's distance from there (exact on "int"
// levels below 2^53).
//
// An Overlay is for one thread; its scratch memory is O(nodes), allocated
// at the first search and reused. Windowed tables take no blocks (their
// paths reach a target only from inside its window, so no search could be
// exact over them), as in Go.

import { Scratch, searchOn, OCTILE_S, OCTILE_T } from "./overlay-search.mjs";
import { across, dropLines, symmetric } from "./overlay-across.mjs";

/** Thrown for a change an overlay cannot take. */
export class OverlayError extends Error {
  constructor(message) {
    super(message);
    this.name = "OverlayError";
  }
}

const SQRT2 = 1.4142135623730951;
const CARDINAL = [0, -1, 1, 0, 0, 1, -1, 0];

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
    this.blockedSet = new Set(); // the blocked nodes, for across's hint (mayMeetBlock)
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
    this.flat = table.layout === "flat";
    this.sc = null; // the search's scratch, at the first search
    this.sc2 = null; // a second one, for the detours across a line
    this.acrossKey = 0; // the key of the last detour across a line
    this._crossings = new Map(); // lines through blocks, until the blocks change
    this._spareLines = []; // the arrays of lines the blocks made stale
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
      this.blockedSet.add(id);
      this.touchNear(id, 1);
      dropLines(this);
    }
  }

  /** Opens node id again. O(1). */
  unblock(id) {
    this.check(id);
    if (this.blocked[id] === 1) {
      this.blocked[id] = 0;
      this.blockedCount--;
      this.blockedSet.delete(id);
      this.touchNear(id, -1);
      dropLines(this);
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
    this.blockedSet.clear();
    if (this.near) this.near.fill(0);
    dropLines(this);
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
    if (this.blockedCount === 0) {
      const k = t.path(from, to, out);
      if (k > 0) {
        this.cost = t.dist(from, to);
        this.how = "table";
      }
      return k;
    }
    // The stored path, checked for the first step that crosses a block,
    // as Go's Overlay checks it.
    const sc = this.scratch();
    const stored = sc.stored;
    const k = t.path(from, to, stored);
    if (k <= 0) return 0; // no stored path: costs only rose, so none now either
    let cut = 1;
    while (cut < k && !this.stepCrosses(stored[cut - 1], stored[cut])) cut++;
    if (cut === k) {
      this.cost = t.dist(from, to);
      this.how = "table";
      return this.answer(stored, k, out);
    }
    // Go's stages in Go's order: a detour across the line through the
    // block, else the A*.
    const m = across(this, stored, k, cut, from, to);
    if (m > 0) {
      this.cost = keyCost(this.acrossKey);
      this.how = "across";
      return this.answer(sc.result, m, out);
    }
    // Go's searchBack: where the block lies past the stored path's middle
    // on a level whose moves cost what their reverse does, the A* runs
    // from the target back to the source, with no stored path, and its
    // path is reversed.
    if (2 * cut > k && symmetric(this)) return this.search(to, from, stored, 0, 0, out, true);
    return this.search(from, to, stored, k, cut, out, false);
  }

  // answer copies path[0:k] to out; -k when out is too short.
  answer(path, k, out) {
    if (out.length < k) return -k;
    for (let i = 0; i < k; i++) out[i] = path[i];
    return k;
  }

  /** The cost of the shortest path around the blocked nodes (Infinity when none). */
  dist(from, to) {
    const sc = this.scratch();
    this.path(from, to, sc.result);
    return this.cost;
  }

  // clean reports whether no step of path[0:k] crosses a block. O(k).
  clean(path, k) {
    return this.cleanFrom(path, 0, k);
  }

  // cleanFrom is clean of path[from:to].
  cleanFrom(path, from, to) {
    for (let i = from; i < to; i++) {
      if (this.blocked[path[i]]) return false;
      if (i > from && this.cutsCorner(path[i - 1], path[i])) return false;
    }
    return true;
  }

  // stepCrosses reports whether the move u -> v enters or leaves a blocked
  // node or cuts a blocked corner. O(1).
  stepCrosses(u, v) {
    return this.blocked[u] === 1 || this.blocked[v] === 1 || this.cutsCorner(u, v);
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

  // scratch is the search's memory, O(nodes), at the first search; it
  // also holds the stored path and the answer being assembled.
  scratch() {
    if (this.sc === null) {
      this.sc = new Scratch(this.n);
      this.sc.stored = new Int32Array(this.n);
      this.sc.result = new Int32Array(2 * this.n + 2); // a detour is assembled from two stored paths and a run
      this.sc.tmp = new Int32Array(this.n);
    }
    return this.sc;
  }

  // endScratch is a second scratch, for the walks toward a query's target
  // while the first walks toward its source (the detour across a line on
  // run-length tables).
  endScratch() {
    if (this.sc2 === null) this.sc2 = new Scratch(this.n);
    return this.sc2;
  }

  // result is the buffer an answer is assembled in.
  result() {
    return this.scratch().result;
  }

  // search answers from -> to by Go's A* on the changed level (see
  // overlay-search.mjs) and writes the path to out, reversed when back.
  search(s, t, stored, k, cut, out, back) {
    const sc = this.scratch();
    let keyed = this.keys !== null;
    let end = keyed ? searchOn(this, sc, s, t, stored, k, cut, true) : -2;
    if (end === -2) {
      keyed = false; // a key sum left the exact range: search on costs
      end = searchOn(this, sc, s, t, stored, k, cut, false);
    }
    if (end < 0) return 0;
    // The path: s .. end by parents, then the stored path end .. t.
    const res = sc.result;
    let m = 0;
    for (let u = end; u >= 0; u = sc.parent[u]) m++;
    let i = m - 1;
    for (let u = end; u >= 0; u = sc.parent[u]) res[i--] = u;
    const tmp = sc.tmp;
    const tk = this.table.path(end, t, tmp);
    if (tk <= 0 || m - 1 + tk > res.length) return 0;
    for (let j = 1; j < tk; j++) res[m - 1 + j] = tmp[j];
    const need = m - 1 + tk;
    // Keys add up exactly, to the same value along any shortest path;
    // otherwise costs add up as Go's search adds them (on "int" levels
    // exactly too, below 2^53), then the table's distance from the node
    // the search stopped at.
    this.cost = keyed ? this.costSum(res, need) : sc.g[end] + this.table.dist(end, t);
    this.how = "search";
    if (back) res.subarray(0, need).reverse();
    return this.answer(res, need, out);
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

// keyCost is the cost of an exact octile key, a + b·√2, as a stored
// distance reads (Go's keyCost): b is the key times the inverse of OCTILE_T
// modulo 2^34, a what remains. O(1).
function keyCost(key) {
  const k = BigInt(key);
  const b = (k * 0x2ba43004256d425fn) & (2n ** 34n - 1n);
  const a = (k - b * BigInt(OCTILE_T)) >> 34n;
  return b === 0n ? Number(a) : Number(a) + Number(b) * SQRT2;
}
