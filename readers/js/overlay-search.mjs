// overlay-search.mjs: the A* of overlay.mjs, step for step Go's
// (lookup/overlay_search.go, and the walks, seed and heuristic of
// overlay_walk.go), so that between paths of equal cost it picks the one Go
// picks: the same heuristic values, the same order of a node's moves, the
// same queue (nodes of the least f last in, first out; up to 32 buckets of
// larger f, then Go's binary heap, whose order among equal keys this file
// copies too) and the same stopping rule (the first node expanded whose
// stored path to the goal crosses no block). Internal to the overlay.

// Node status in a query's scratch, as Go's searchNode flags.
export const REACHED = 1; // g and parent are set
export const CLOSED = 2; // expanded with its current g
export const HSET = 4; // h is set
export const WALKED = 8; // the status (UNCHANGED) and next are known
export const UNCHANGED = 16; // the stored path from here to the goal crosses no block

// Exact octile keys (Go's table.OctileKey): a·2^34 + b·OCTILE_T.
export const OCTILE_S = 2 ** 34;
export const OCTILE_T = 24296003999;
export const KEY_LIMIT = 2 ** 50; // table.OctileKeyLimit
const MAX_BUCKETS = 32;

/**
 * Scratch is one query's working memory over n nodes: O(n), allocated
 * once and reused; entries are valid where their stamp is the current
 * generation, so a query forgets the last one in O(1).
 */
export class Scratch {
  constructor(n) {
    this.g = new Float64Array(n);
    this.h = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.next = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.flags = new Uint8Array(n);
    this.gen = 0;
    this.chain = new Int32Array(n + 1);
    this.steps = new Float64Array(n + 1);
    this.chainLen = 0;
    this.walkEnd = -1;
    this.walkClean = true;
    this.level = [];
    this.later = []; // buckets {f, nodes}, largest f first
    this.nb = 0;
    this.heap = new MinHeap();
  }

  begin() {
    this.gen++;
    if (this.gen === 0x100000000) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.level.length = 0;
    this.nb = 0;
    this.heap.reset();
  }

  at(u) {
    if (this.stamp[u] !== this.gen) {
      this.stamp[u] = this.gen;
      this.flags[u] = 0;
      this.g[u] = 0;
      this.h[u] = 0;
      this.parent[u] = 0;
      this.next[u] = 0;
    }
  }

  known(u, flag) {
    return this.stamp[u] === this.gen && (this.flags[u] & flag) !== 0;
  }

  // push queues u with priority f above the current least, as Go's
  // scratch.push: into f's bucket, a new one, or the heap past MAX_BUCKETS.
  push(f, u) {
    const later = this.later;
    let i = this.nb;
    while (i > 0 && later[i - 1].f < f) i--;
    if (i > 0 && later[i - 1].f === f) {
      later[i - 1].nodes.push(u);
      return;
    }
    if (this.nb === MAX_BUCKETS) {
      this.heap.push(u, f);
      return;
    }
    if (this.nb === later.length) later.push({ f: 0, nodes: [] });
    this.nb++;
    const spare = later[this.nb - 1];
    for (let j = this.nb - 1; j > i; j--) later[j] = later[j - 1];
    spare.f = f;
    spare.nodes.length = 0;
    spare.nodes.push(u);
    later[i] = spare;
  }

  // nextLevel makes the bucket of least f the level when it comes before
  // the heap's least, and returns its f; NaN when it does not.
  nextLevel() {
    if (this.nb === 0) return NaN;
    const b = this.later[this.nb - 1];
    if (this.heap.size > 0 && this.heap.minKey() < b.f) return NaN;
    this.nb--;
    const level = this.level;
    this.level = b.nodes;
    b.nodes = level;
    level.length = 0;
    return b.f;
  }
}

/** MinHeap is Go's internal/minheap, operation for operation (ties pop as Go's do). */
export class MinHeap {
  constructor() {
    this.keys = new Float64Array(64);
    this.nodes = new Int32Array(64);
    this.size = 0;
  }
  reset() {
    this.size = 0;
  }
  minKey() {
    return this.keys[0];
  }
  push(node, key) {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      const n = new Int32Array(this.size * 2);
      n.set(this.nodes);
      this.keys = k;
      this.nodes = n;
    }
    const { keys, nodes } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      nodes[i] = nodes[p];
      i = p;
    }
    keys[i] = key;
    nodes[i] = node;
  }
  // pop removes an entry of least key; its key is left in lastKey.
  pop() {
    const { keys, nodes } = this;
    const top = nodes[0];
    this.lastKey = keys[0];
    const n = --this.size;
    if (n === 0) return top;
    const lastKey = keys[n];
    const lastNode = nodes[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1] < keys[c]) c++;
      if (lastKey <= keys[c]) break;
      keys[i] = keys[c];
      nodes[i] = nodes[c];
      i = c;
    }
    keys[i] = lastKey;
    nodes[i] = lastNode;
    return top;
  }
}

// stepCost returns the baked cost (or key) of the cheapest edge u -> v.
function stepCost(ov, u, v, keyed) {
  const e = ov.edgeIndex(u, v);
  if (e < 0) return Infinity;
  return keyed ? ov.keys[e] : ov.weights[e];
}

/**
 * hAt is a flat table's stored distance from u to t (its exact key when
 * keyed), O(1).
 */
export function hAt(ov, u, t, keyed) {
  return keyed ? ov.table._octileKey(u, t) : ov.table.dist(u, t);
}

/**
 * walk follows the stored path from x toward t and marks the nodes on the
 * way with their status, successor and (run-length tables) baked distance,
 * as Go's walker of the table's layout does. O(new nodes walked).
 */
export function walk(ov, sc, x, t, keyed) {
  if (ov.flat) walkFlat(ov, sc, x, t);
  else walkRuns(ov, sc, x, t, keyed);
}

// walkChain follows the stored path from x toward t into sc.chain until t,
// a walked node or a dead end, marking t or the dead end as Go's walkers
// do; run-length walks (flat false) keep each step's cost (keys when keyed)
// in sc.steps and go on past steps that cross a block, flat walks stop
// after the first. It leaves the walk's end in sc.walkEnd, its length in
// sc.chainLen and whether the end's stored path crosses no block in
// sc.walkClean, and returns the index of the last step that crosses a
// block, -1 for none.
function walkChain(ov, sc, x, t, keyed, flat) {
  const tab = ov.table;
  const { chain, steps } = sc;
  let k = 0;
  let clean = true;
  let cut = -1;
  for (;;) {
    if (sc.known(x, WALKED)) {
      clean = (sc.flags[x] & UNCHANGED) !== 0;
      break;
    }
    if (x === t) {
      sc.at(x);
      sc.h[x] = 0;
      sc.next[x] = -1;
      sc.flags[x] |= WALKED | UNCHANGED | HSET;
      break;
    }
    const v = tab.next(x, t);
    if (v < 0 || k >= ov.n) {
      sc.at(x);
      sc.h[x] = Infinity;
      sc.next[x] = -1;
      sc.flags[x] |= WALKED | HSET;
      clean = false;
      break;
    }
    chain[k] = x;
    if (!flat) steps[k] = stepCost(ov, x, v, keyed);
    k++;
    const crosses = ov.stepCrosses(x, v);
    if (crosses) cut = k - 1;
    x = v;
    if (crosses && flat) break;
  }
  sc.walkEnd = x;
  sc.chainLen = k;
  sc.walkClean = clean;
  return cut;
}

// walkFlat is Go's walkRows (distances from rows): it stops at the first step that
// crosses a block.
function walkFlat(ov, sc, x, t) {
  const cut = walkChain(ov, sc, x, t, false, true);
  const { chain, chainLen: k, walkClean: clean } = sc;
  x = sc.walkEnd;
  if (clean && cut < 0 && k > 0) {
    const u = chain[0];
    sc.at(u);
    sc.flags[u] |= WALKED | UNCHANGED;
    sc.next[u] = k > 1 ? chain[1] : x;
    return;
  }
  for (let i = k - 1; i >= 0; i--) {
    const u = chain[i];
    sc.at(u);
    sc.flags[u] |= WALKED;
    sc.next[u] = x;
    if (clean && i > cut) sc.flags[u] |= UNCHANGED;
    x = u;
  }
}

// walkRuns is Go's walkSums (distances summed along walks): to t or a walked node, summing the
// costs (keys when keyed) backward into each node's h.
function walkRuns(ov, sc, x, t, keyed) {
  const cut = walkChain(ov, sc, x, t, keyed, false);
  const { chain, steps, chainLen: k, walkClean: clean } = sc;
  x = sc.walkEnd;
  let h = sc.h[x];
  for (let i = k - 1; i >= 0; i--) {
    h += steps[i];
    const u = chain[i];
    sc.at(u);
    sc.h[u] = h;
    sc.next[u] = x;
    sc.flags[u] |= WALKED | HSET;
    if (clean && i > cut) sc.flags[u] |= UNCHANGED;
    x = u;
  }
}

// seed gives the nodes of stored[0:cut] (the stored path, whose step into
// stored[cut] crosses a block) their status without a walk each, as Go's
// walkers' seed does.
function seed(ov, sc, stored, k, cut, t, keyed) {
  if (ov.flat) {
    for (let i = 0; i < cut; i++) {
      sc.at(stored[i]);
      sc.flags[stored[i]] |= WALKED;
    }
    return;
  }
  if (cut === 0) return;
  let m = cut;
  if (ov.table.isGrid && stored[k - 1] === t) m = k;
  else walkRuns(ov, sc, stored[m - 1], t, keyed);
  const last = stored[m - 1];
  sc.at(last);
  if (m === k) {
    sc.h[last] = 0;
    sc.next[last] = -1;
    sc.flags[last] |= WALKED | UNCHANGED | HSET;
  }
  let h = sc.h[last];
  let clean = (sc.flags[last] & UNCHANGED) !== 0;
  for (let i = m - 2; i >= 0; i--) {
    const u = stored[i];
    const v = stored[i + 1];
    const e = ov.edgeIndex(u, v);
    if (e < 0) return;
    if (clean && ov.stepCrosses(u, v)) clean = false;
    h += keyed ? ov.keys[e] : ov.weights[e];
    sc.at(u);
    sc.h[u] = h;
    sc.next[u] = v;
    sc.flags[u] |= WALKED | HSET;
    if (clean) sc.flags[u] |= UNCHANGED;
  }
}

// setH gives u its baked distance to t: the row's, or a walk's sum.
function setH(ov, sc, u, t, keyed) {
  if (!ov.flat) {
    walkRuns(ov, sc, u, t, keyed);
    return;
  }
  sc.h[u] = hAt(ov, u, t, keyed);
  sc.flags[u] |= HSET;
}

/**
 * searchOn runs Go's overlay A* from s to t on keys or on costs and returns
 * the first node it expands whose stored path is unchanged; -1 when t
 * cannot be reached, -2 when a key sum left the keys' exact range.
 * stored[0:k] is the stored path from s to t, whose step into stored[cut]
 * crosses a block. O((V' + E') log V') for the V' nodes reached.
 */
export function searchOn(ov, sc, s, t, stored, k, cut, keyed) {
  sc.begin();
  seed(ov, sc, stored, k, cut, t, keyed);
  sc.at(s);
  if (!(sc.flags[s] & HSET)) setH(ov, sc, s, t, keyed);
  if (sc.h[s] === Infinity) return -1;
  if (keyed && sc.h[s] >= KEY_LIMIT) return -2;
  sc.g[s] = 0;
  sc.parent[s] = -1;
  sc.flags[s] |= REACHED;
  let least = sc.h[s];
  sc.level.push(s);
  const { offsets, targets, blocked } = ov;
  const costs = keyed ? ov.keys : ov.weights;
  const { g, h, flags, parent, stamp } = sc;
  for (;;) {
    let u;
    if (sc.level.length > 0) {
      u = sc.level.pop();
    } else {
      const f = sc.nextLevel();
      if (f === f) {
        least = f;
        continue;
      }
      if (sc.heap.size === 0) return -1;
      u = sc.heap.pop();
      least = sc.heap.lastKey;
    }
    if (flags[u] & CLOSED) continue; // queued again with a smaller g
    flags[u] |= CLOSED;
    if (!(flags[u] & WALKED)) walk(ov, sc, u, t, keyed);
    if (flags[u] & UNCHANGED) return u;
    const gu = g[u];
    const near = blocked[u] === 1 || (ov.near !== null && ov.near[u] !== 0);
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      if (blocked[v] || (near && ov.stepCrosses(u, v))) continue;
      const gv = gu + costs[e];
      if (stamp[v] !== sc.gen) {
        sc.at(v);
      } else if ((flags[v] & REACHED) !== 0 && gv >= g[v]) {
        continue;
      }
      if (!(flags[v] & HSET)) setH(ov, sc, v, t, keyed);
      if (h[v] === Infinity) continue; // no baked path to t, so none now
      g[v] = gv;
      parent[v] = u;
      flags[v] = (flags[v] | REACHED) & ~CLOSED;
      const f = gv + h[v];
      if (f <= least) {
        sc.level.push(v);
      } else {
        if (keyed && f >= KEY_LIMIT) return -2;
        sc.push(f, v);
      }
    }
  }
}
