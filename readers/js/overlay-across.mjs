// overlay-across.mjs: Go's "detours across a line" stage of the overlay
// (lookup/overlay_across.go, overlay_crossing.go), step
// for step, so that the overlay picks the crossing Go picks. Internal to
// overlay.mjs.
//
// On a grid whose moves join neighbouring cells, a path from one side of
// the row (or column) through the first block the stored path meets to
// the other side runs along that line between the last time it stands on
// one neighbouring line and the first time it reaches the other; the baked
// distances from the source and to the target, which blocks only raise,
// bound every such crossing from below in one pass along the line. Where
// the best crossing's stored paths from the source and to the target cross
// no block, they and the run along the line are a shortest path: a door
// shut in a corridor costs the distances of the cells that could beat it,
// not an A* that closes the corridor first.

import { MinHeap, OCTILE_S, OCTILE_T, KEY_LIMIT, HSET, UNCHANGED, WALKED, walk } from "./overlay-search.mjs";

const MAX_WALKED_CELLS = 48;
const MAX_WALKED_PER_STEP = 8;
const MAX_CROSSING_TRIES = 4;
const BAKED_LANDMARKS = 8;
const MAX_STARTS = 8;

// octileKeyOf is the key of the octile length of a move of dx, dy.
function octileKeyOf(dx, dy) {
  dx = Math.abs(dx);
  dy = Math.abs(dy);
  const lo = Math.min(dx, dy);
  return (Math.max(dx, dy) - lo) * OCTILE_S + lo * OCTILE_T;
}

/**
 * acrossable reports whether the stage may answer on ov's table: a grid
 * searched on exact keys whose moves cost what their reverse does and join
 * neighbouring cells. O(E·degree) once, then O(1).
 */
export function acrossable(ov) {
  if (ov._acrossable === undefined) ov._acrossable = ov.table.isGrid && ov.keys !== null && symmetric(ov) && gridMoves(ov).adjacent;
  return ov._acrossable;
}

/**
 * symmetric reports whether every move of ov's table has a reverse move of
 * the same cost (Go's Table.symmetric): O(E·degree) once, then O(1).
 */
export function symmetric(ov) {
  if (ov._symmetric === undefined) ov._symmetric = buildSymmetric(ov);
  return ov._symmetric;
}

function buildSymmetric(ov) {
  const { offsets, targets, weights, n } = ov;
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      let back = false;
      for (let f = offsets[v]; f < offsets[v + 1]; f++) {
        if (targets[f] === u && weights[f] === weights[e]) {
          back = true;
          break;
        }
      }
      if (!back) return false;
    }
  }
  return true;
}

// gridMoves is Go's Table.gridMoves: whether every move joins neighbouring
// cells, and costs at least (exactly) its octile length.
function gridMoves(ov) {
  if (ov._moves) return ov._moves;
  const { offsets, targets, keys, xs, ys, n } = ov;
  const m = { adjacent: true, octileFloor: keys !== null, octileExact: keys !== null };
  for (let u = 0; u < n && m.adjacent; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      const dx = xs[u] - xs[v];
      const dy = ys[u] - ys[v];
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) {
        m.adjacent = m.octileFloor = m.octileExact = false;
        break;
      }
      if (m.octileFloor) {
        const geo = octileKeyOf(dx, dy);
        m.octileFloor = keys[e] >= geo;
        m.octileExact = m.octileExact && keys[e] === geo;
      }
    }
  }
  ov._moves = m;
  return m;
}

// moveKey is the key of the cheapest open move u -> v, Infinity where none.
// O(1): the cheapest baked edge of each of a node's eight directions is
// looked up once a table (acrossable grids join neighbouring cells only).
function moveKey(ov, u, v) {
  const e = dirEdges(ov)[u * 9 + (ov.xs[v] - ov.xs[u] + 1) * 3 + (ov.ys[v] - ov.ys[u] + 1)];
  if (e < 0 || ov.blocked[u] === 1 || ov.blocked[v] === 1 || ov.cutsCorner(u, v)) return Infinity;
  return ov.keys[e];
}

// dirEdges returns, for node u and direction d = (dx+1)·3 + (dy+1), the
// cheapest baked edge from u that way at entry u·9 + d, -1 where none.
// O(V + E) once.
function dirEdges(ov) {
  if (ov._dirEdges) return ov._dirEdges;
  const { offsets, targets, weights, xs, ys, n } = ov;
  const dir = new Int32Array(9 * n).fill(-1);
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      const i = u * 9 + (xs[v] - xs[u] + 1) * 3 + (ys[v] - ys[u] + 1);
      if (dir[i] < 0 || weights[e] < weights[dir[i]]) dir[i] = e;
    }
  }
  ov._dirEdges = dir;
  return dir;
}

// crossing returns the line through pivot (a column when vertical) with
// its open cells, their neighbours on the lines either side and the keys
// of the moves among them; cached until the blocks change. O(W + H).
function crossing(ov, vertical, pivot) {
  const cache = ov._crossings;
  const id = pivot * 2 + (vertical ? 1 : 0);
  let l = cache.get(id);
  if (l === undefined) {
    l = buildCrossing(ov, vertical, pivot);
    if (cache.size < 64) cache.set(id, l);
  }
  return l;
}

function buildCrossing(ov, vertical, pivot) {
  const tab = ov.table;
  const at = vertical ? ov.xs[pivot] : ov.ys[pivot];
  const n = vertical ? tab.height : tab.width;
  const node = (a, b) => (a < 0 || a >= n ? -1 : vertical ? tab.nodeAt(b, a) : tab.nodeAt(a, b));
  let count = 0;
  for (let a = 0; a < n; a++) {
    const v = node(a, at);
    if (v >= 0 && ov.blocked[v] === 0) count++;
  }
  // Cell i's neighbour j (at pos-1+j) on side s (0: the lower line) is
  // entry (i*2 + s)*3 + j of side, onto (the move onto cell i) and off.
  const l = newLine(ov, count);
  l.vertical = vertical;
  l.at = at;
  l.pivot = pivot;
  l.length = count;
  l.fwd.fill(Infinity, 0, count);
  l.back.fill(Infinity, 0, count);
  let i = 0;
  for (let a = 0; a < n; a++) {
    const v = node(a, at);
    if (v < 0 || ov.blocked[v] === 1) continue;
    l.node[i] = v;
    l.pos[i] = a;
    for (let side = 0; side < 2; side++) {
      const b = side === 0 ? at - 1 : at + 1;
      for (let j = 0; j < 3; j++) {
        const x = node(a - 1 + j, b);
        const e = (i * 2 + side) * 3 + j;
        l.side[e] = x;
        l.onto[e] = x >= 0 ? moveKey(ov, x, v) : Infinity;
        l.off[e] = x >= 0 ? moveKey(ov, v, x) : Infinity;
      }
    }
    if (i > 0 && l.pos[i - 1] === a - 1) {
      l.fwd[i - 1] = moveKey(ov, l.node[i - 1], v);
      l.back[i - 1] = moveKey(ov, v, l.node[i - 1]);
    }
    i++;
  }
  l.toPivot = null;
  if (ov.flat) {
    l.toPivot = l.pivots;
    for (let i = 0; i < count; i++) l.toPivot[i] = tab._octileKey(l.node[i], pivot);
  }
  return l;
}

// newLine returns a line's arrays for count cells: a line the blocks made
// stale (ov._spareLines) where one is large enough, else new ones.
function newLine(ov, count) {
  const spare = ov._spareLines;
  for (let i = spare.length - 1; i >= 0; i--) {
    if (spare[i].node.length >= count) {
      const l = spare[i];
      spare[i] = spare[spare.length - 1];
      spare.pop();
      return l;
    }
  }
  return {
    vertical: false,
    at: 0,
    pivot: -1,
    length: 0,
    node: new Int32Array(count),
    pos: new Int32Array(count),
    side: new Int32Array(6 * count),
    onto: new Float64Array(6 * count),
    off: new Float64Array(6 * count),
    fwd: new Float64Array(count), // the move to the next cell, where it lies at pos+1
    back: new Float64Array(count), // the move from the next cell, likewise
    pivots: new Float64Array(count), // toPivot's memory
    toPivot: null, // flat tables: each cell's baked distance to the pivot
  };
}

/**
 * dropLines forgets ov's lines after a change of its blocks, keeping their
 * arrays for the next lines built. O(lines kept).
 */
export function dropLines(ov) {
  for (const l of ov._crossings.values()) if (ov._spareLines.length < 64) ov._spareLines.push(l);
  ov._crossings.clear();
}

// Reach is what one query knows of each cell of a line (Go's crossReach),
// in arrays kept by the overlay and grown to the longest line.
class Reach {
  constructor(n) {
    this.bound = new Float64Array(n); // a lower bound of any crossing through the cell
    this.active = new Uint8Array(n); // its distances are read; runs may pass it
    this.in = new Float64Array(n); // least key onto it from the entry line; NaN until read
    this.inFrom = new Int32Array(n);
    this.out = new Float64Array(n); // least key from it across the exit line to the target; NaN until read
    this.outTo = new Int32Array(n);
    this.key = new Float64Array(n); // least key onto it: from the entry line at from, or along the line from prev
    this.from = new Int32Array(n);
    this.prev = new Int32Array(n);
  }
}

function reach(ov, n) {
  if (!ov._reach || ov._reach.key.length < n) ov._reach = new Reach(Math.max(n, 64));
  return ov._reach;
}

// EndKeys reads the baked distances between one end of a query and other
// nodes as keys: a flat table's row, else sums along stored paths toward
// the end, walked once each in a scratch of the end's own (Go's endKeys).
class EndKeys {
  constructor(ov, sc, end, budget) {
    this.ov = ov;
    this.sc = sc;
    this.end = end;
    this.budget = budget; // {left}: shared by both ends of a query
  }
  start() {
    if (!this.ov.flat) this.sc.begin();
    return true;
  }
  key(u) {
    const ov = this.ov;
    if (ov.flat) return ov.table._octileKey(u, this.end);
    const sc = this.sc;
    sc.at(u);
    if (!(sc.flags[u] & HSET)) {
      if (this.budget.left <= 0) return Infinity;
      walk(ov, sc, u, this.end, true);
      this.budget.left -= sc.chainLen + 1;
    }
    return sc.h[u];
  }
  // clean: Go's endKeys.clean; on flat tables, false where a blocked node
  // lies on a shortest baked path from u to the end (mayMeetBlock).
  clean(u) {
    if (this.ov.flat) return !mayMeetBlock(this.ov, u, this.end);
    const sc = this.sc;
    return sc.stamp[u] !== sc.gen || (sc.flags[u] & UNCHANGED) !== 0;
  }
  // toEnd appends the stored path from u to the end to out[at:] (the one
  // the walks followed on run-length tables) and returns the new length,
  // -1 where there is none.
  toEnd(out, at, u) {
    const ov = this.ov;
    if (ov.flat) return appendStored(ov, out, at, u, this.end);
    const sc = this.sc;
    const limit = at + ov.n;
    out[at++] = u;
    while (u !== this.end) {
      if (!sc.known(u, WALKED) || sc.next[u] < 0 || at >= limit) return -1;
      u = sc.next[u];
      out[at++] = u;
    }
    return at;
  }
  // fromEnd appends a shortest baked path from the end to u: the path
  // from u to the end reversed (moves cost what their reverse does), as
  // Go's pathFromEnd.
  fromEnd(out, at, u) {
    const end = this.toEnd(out, at, u);
    for (let i = at, j = end - 1; i < j; i++, j--) {
      const x = out[i];
      out[i] = out[j];
      out[j] = x;
    }
    return end;
  }
}

// mayMeetBlock reports whether a blocked node c lies on a shortest baked
// path from u to end, d(u, c) + d(c, end) = d(u, end) on the rows' keys;
// false past MAX_PROBES blocked nodes (Go's endKeys.mayMeetBlock).
function mayMeetBlock(ov, u, end) {
  if (ov.blockedCount > MAX_PROBES) return false;
  const t = ov.table;
  const du = t._octileKey(u, end);
  for (const c of ov.blockedSet) {
    if (t._octileKey(u, c) + t._octileKey(c, end) <= du) return true;
  }
  return false;
}

// MAX_PROBES is Go's maxProbes.
const MAX_PROBES = 64;

// appendStored writes the stored path from -> to at out[at:] and returns
// the new length, -1 where there is none.
function appendStored(ov, out, at, from, to) {
  const tmp = ov.scratch().tmp;
  const k = ov.table.path(from, to, tmp);
  if (k <= 0 || at + k > out.length) return -1;
  for (let i = 0; i < k; i++) out[at + i] = tmp[i];
  return at + k;
}

/**
 * across answers s -> t, whose stored path stored[0:k] crosses a block in
 * its step into stored[cut], from the baked distances when it can prove a
 * shortest path (Go's query.across): it writes the path to ov's result
 * buffer and returns its node count with its key in ov.acrossKey; 0 where
 * it cannot (the search answers). O(cells read).
 */
export function across(ov, stored, k, cut, s, t) {
  if (cut <= 0 || cut >= k || !acrossable(ov)) return 0;
  const c = pivot(ov, stored[cut - 1], stored[cut]);
  const { xs, ys } = ov;
  const ends = pivotKeys(ov, stored, k, c);
  if (between(ys[s], ys[c], ys[t])) {
    const m = acrossLine(ov, crossing(ov, false, c), s, t, ends, ys[s] > ys[c]);
    if (m > 0) return m;
  }
  if (between(xs[s], xs[c], xs[t])) {
    const m = acrossLine(ov, crossing(ov, true, c), s, t, ends, xs[s] > xs[c]);
    if (m > 0) return m;
  }
  return 0;
}

function between(a, b, c) {
  return (a < b && b < c) || (c < b && b < a);
}

// pivot is the blocked cell the step u -> v crosses: v, else a blocked
// corner it cuts, else v.
function pivot(ov, u, v) {
  if (ov.blocked[v]) return v;
  const tab = ov.table;
  for (const [x, y] of [
    [ov.xs[v], ov.ys[u]],
    [ov.xs[u], ov.ys[v]],
  ]) {
    const w = tab.nodeAt(x, y);
    if (w >= 0 && ov.blocked[w]) return w;
  }
  return v;
}

// pivotKeys is Go's: the baked distance of the query (or a lower bound)
// and, on flat tables, the distances between the ends and the pivot.
function pivotKeys(ov, stored, k, pivotNode) {
  const s = stored[0];
  const t = stored[k - 1];
  const r = { old: 0, fromS: 0, toT: 0, known: false, steps: k };
  if (ov.flat) {
    const tab = ov.table;
    r.old = tab._octileKey(s, t);
    r.fromS = tab._octileKey(s, pivotNode);
    r.toT = tab._octileKey(pivotNode, t);
    r.known = r.fromS !== Infinity && r.toT !== Infinity;
    return r;
  }
  if (gridMoves(ov).octileExact) r.old = octileLength(ov, stored, k);
  return r;
}

function octileLength(ov, path, k) {
  const cells = ov.table.cells;
  const w = ov.table.width;
  let straight = 0;
  let diagonal = 0;
  for (let i = 1; i < k; i++) {
    const d = cells[path[i]] - cells[path[i - 1]];
    if (d === 1 || d === -1 || d === w || d === -w) straight++;
    else diagonal++;
  }
  if (straight >= 65536 || diagonal >= 65536) return 0;
  return straight * OCTILE_S + diagonal * OCTILE_T;
}

// acrossLine is across over one line, entered from its higher side when
// fromHigh (Go's query.acrossLine).
function acrossLine(ov, l, s, t, ends, fromHigh) {
  const into = fromHigh ? 1 : 0;
  const outof = 1 - into;
  const L = l.length;
  if (L === 0) return 0;
  const floor = gridMoves(ov).octileFloor;
  const sx = ov.xs[s], sy = ov.ys[s], tx = ov.xs[t], ty = ov.ys[t];
  let most = L;
  let marks = null;
  if (!ov.flat) {
    most = MAX_WALKED_CELLS;
    marks = bakedLandmarks(ov);
  }
  const rs = reach(ov, L);
  let least = Infinity;
  for (let i = 0; i < L; i++) {
    let b = 0;
    if (floor) {
      const x = l.vertical ? l.at : l.pos[i];
      const y = l.vertical ? l.pos[i] : l.at;
      b = octileKeyOf(sx - x, sy - y) + octileKeyOf(x - tx, y - ty);
    }
    if (ends.known && l.toPivot !== null) {
      const dp = l.toPivot[i];
      b = Math.max(b, Math.abs(dp - ends.fromS) + Math.abs(dp - ends.toT));
    }
    if (marks !== null) {
      for (let j = 0; j < marks.length; j++) {
        const row = marks[j];
        const dc = row[l.node[i]], ds = row[s], dt = row[t];
        if (ds !== Infinity && dt !== Infinity) b = Math.max(b, Math.abs(dc - ds) + Math.abs(dc - dt));
      }
    }
    rs.bound[i] = b;
    rs.active[i] = 0;
    rs.in[i] = NaN;
    rs.out[i] = NaN;
    least = Math.min(least, b);
  }
  const budget = ov._budget || (ov._budget = { left: 0 });
  budget.left = MAX_WALKED_PER_STEP * ends.steps;
  const fromS = ov._fromS || (ov._fromS = new EndKeys(ov, null, 0, budget));
  const toT = ov._toT || (ov._toT = new EndKeys(ov, null, 0, budget));
  fromS.sc = ov.scratch();
  fromS.end = s;
  toT.sc = ov.flat ? null : ov.endScratch();
  toT.end = t;
  let best = Infinity;
  let limit = Math.max(ends.old, least);
  let active = 0;
  for (let read = false; ; read = true) {
    let added = false;
    for (let i = 0; i < L; i++) {
      if (!rs.active[i] && (rs.bound[i] < limit || (!read && rs.bound[i] === limit))) {
        rs.active[i] = 1;
        added = true;
        active++;
      }
    }
    if (read && !added) break;
    if (active > most) return 0; // too far to walk: the search answers
    if (!read && (!fromS.start() || !toT.start())) return 0;
    best = runAlong(l, rs, into, outof, fromS, toT);
    if (budget.left <= 0) return 0; // too far to walk: the search answers
    limit = best;
  }
  if (best === Infinity || best >= KEY_LIMIT) return 0;
  // Crossings tie often; one's stored paths may cross a block where
  // another's do not: try a few, in order along the line.
  let tries = 0;
  for (let i = 0; i < L; i++) {
    if (tries === MAX_CROSSING_TRIES) break;
    if (!rs.active[i] || rs.key[i] + rs.out[i] !== best) continue;
    tries++;
    const m = crossingPath(ov, l, rs, i, fromS, toT);
    if (m > 0) {
      ov.acrossKey = best;
      return m;
    }
  }
  return 0;
}

// runAlong is Go's: the key of the best crossing whose run stays among the
// active cells, each cell's best left in rs.
function runAlong(l, rs, into, outof, fromS, toT) {
  const L = l.length;
  for (let i = 0; i < L; i++) {
    rs.key[i] = Infinity;
    rs.from[i] = -1;
    rs.prev[i] = -1;
    if (!rs.active[i]) continue;
    if (rs.in[i] !== rs.in[i]) {
      rs.in[i] = Infinity;
      rs.inFrom[i] = -1;
      for (let j = 0; j < 3; j++) {
        const e = (i * 2 + into) * 3 + j;
        const p = l.side[e];
        if (p >= 0 && l.onto[e] !== Infinity) {
          const k = fromS.key(p) + l.onto[e];
          if (k < rs.in[i]) {
            rs.in[i] = k;
            rs.inFrom[i] = p;
          }
        }
      }
    }
    rs.key[i] = rs.in[i];
    rs.from[i] = rs.inFrom[i];
  }
  for (let i = 1; i < L; i++) {
    if (rs.active[i] && rs.active[i - 1]) {
      const k = rs.key[i - 1] + l.fwd[i - 1];
      if (k < rs.key[i]) {
        rs.key[i] = k;
        rs.from[i] = -1;
        rs.prev[i] = i - 1;
      }
    }
  }
  for (let i = L - 2; i >= 0; i--) {
    if (rs.active[i] && rs.active[i + 1]) {
      const k = rs.key[i + 1] + l.back[i];
      if (k < rs.key[i]) {
        rs.key[i] = k;
        rs.from[i] = -1;
        rs.prev[i] = i + 1;
      }
    }
  }
  let best = Infinity;
  for (let i = 0; i < L; i++) {
    if (rs.key[i] === Infinity) continue;
    if (rs.out[i] !== rs.out[i]) {
      rs.out[i] = Infinity;
      rs.outTo[i] = -1;
      for (let j = 0; j < 3; j++) {
        const e = (i * 2 + outof) * 3 + j;
        const q = l.side[e];
        if (q >= 0 && l.off[e] !== Infinity) {
          const k = l.off[e] + toT.key(q);
          if (k < rs.out[i]) {
            rs.out[i] = k;
            rs.outTo[i] = q;
          }
        }
      }
    }
    if (rs.key[i] + rs.out[i] < best) best = rs.key[i] + rs.out[i];
  }
  return best;
}

// crossingPath writes the path of the crossing that leaves the line at
// cell i to ov's result buffer: the stored path from the source to its
// entry, its run along the line, the stored path from its exit to the
// target; 0 where a stored path crosses a block.
function crossingPath(ov, l, rs, i, fromS, toT) {
  const exit = rs.outTo[i];
  if (!toT.clean(exit)) return 0;
  const sc = ov.scratch();
  const run = sc.chain; // the run, from the exit cell back to the entry
  let r = 0;
  for (; rs.from[i] < 0; i = rs.prev[i]) run[r++] = l.node[i];
  run[r++] = l.node[i];
  if (!fromS.clean(rs.inFrom[i])) return 0;
  const out = ov.result();
  let m = fromS.fromEnd(out, 0, rs.inFrom[i]);
  if (m < 0 || !ov.clean(out, m)) return 0;
  for (let j = r - 1; j >= 0; j--) out[m++] = run[j];
  const leg = m;
  m = toT.toEnd(out, leg, exit);
  if (m < 0 || !ov.cleanFrom(out, leg, m)) return 0;
  return m;
}

/**
 * bakedLandmarks places Go's 8 landmarks on the baked level of a
 * run-length table and returns their rows of exact key distances: the
 * farthest node from a start in the level's largest part, then each time
 * the node farthest from every landmark placed (Go's
 * changeSet.placeLandmarks on the baked level, ties to the lowest id).
 * O(8·(V+E) log V) once per table.
 */
function bakedLandmarks(ov) {
  const tab = ov.table;
  if (tab._bakedLandmarks !== undefined) return tab._bakedLandmarks;
  const n = ov.n;
  const d = new Float64Array(n);
  const near = new Float64Array(n).fill(Infinity);
  let best = -1;
  let size = 0;
  let last = -1;
  for (let u = 0, tries = 0; u < n && tries < MAX_STARTS && size * 2 < n; u++) {
    if (near[u] !== Infinity) continue; // in a part already searched
    const reached = keyDistances(ov, u, d);
    tries++;
    last = u;
    for (let v = 0; v < n; v++) if (d[v] !== Infinity) near[v] = 0;
    if (reached > size) {
      best = u;
      size = reached;
    }
  }
  let rows = null;
  if (best >= 0) {
    if (best !== last) keyDistances(ov, best, d);
    near.fill(Infinity);
    rows = [];
    for (let i = 0; i < BAKED_LANDMARKS; i++) {
      const from = i === 0 ? d : near;
      let far = -1;
      let at = -1;
      for (let u = 0; u < n; u++) {
        if (from[u] > far && from[u] !== Infinity) {
          far = from[u];
          at = u;
        }
      }
      keyDistances(ov, at, d);
      rows.push(Float64Array.from(d));
      for (let u = 0; u < n; u++) near[u] = Math.min(near[u], d[u]);
    }
  }
  Object.defineProperty(tab, "_bakedLandmarks", { value: rows, enumerable: false });
  return rows;
}

// keyDistances fills d with the exact baked key distance from src (Infinity
// where unreached) and returns how many nodes it reached: Dijkstra on keys.
function keyDistances(ov, src, d) {
  const { offsets, targets, keys } = ov;
  d.fill(Infinity);
  const heap = new MinHeap();
  d[src] = 0;
  heap.push(src, 0);
  let reached = 0;
  const done = new Uint8Array(d.length);
  while (heap.size > 0) {
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    reached++;
    const du = d[u];
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = targets[e];
      const dv = du + keys[e];
      if (dv < d[v]) {
        d[v] = dv;
        heap.push(v, dv);
      }
    }
  }
  return reached;
}
