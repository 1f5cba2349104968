// viewer.mjs: the pathtable viewer, a static page over the JavaScript
// reader (readers/js/pathtable.mjs) and its overlay (readers/js/overlay.mjs).
//
// It opens a table (file picker, or ?table=URL), draws the level on a
// canvas and answers clicks: start and goal -> the path and its cost, from
// the table; shift-click (or heat mode) -> the distance of every node to
// the clicked one, shaded; right- or alt-click (or block mode) -> the cell
// is blocked (or opened again) and the path is answered again exactly
// around the blocked cells by the overlay. Every answer is also written to
// the DOM (#answer, as `pathtable query` prints it, with data-cost and
// data-path) for the browser test (check.mjs) and for copying.
import { openTable, formatCost } from "../../readers/js/pathtable.mjs";
import { Overlay, graphOf } from "../../readers/js/overlay.mjs";

const $ = (id) => document.getElementById(id);
const canvas = $("grid");
const ctx = canvas.getContext("2d");

const MAX_PX = 800; // the canvas's longest side, at most
const colors = {
  wall: "#2b2b2b",
  cell: [246, 243, 235], // cheapest cells
  costly: [176, 132, 84], // costliest cells
  blocked: "#c62828",
  path: "#1565c0",
  start: "#2e7d32",
  goal: "#d81b60",
  unreachable: "#9e9e9e",
  uncovered: "#cfd8dc",
  edge: "#cfcfcf",
};

const state = {
  table: null,
  overlay: null, // blocked cells; a windowed table's takes none
  graph: null, // CSR arrays
  name: "",
  cs: 1, // cell size in CSS pixels (grids)
  pos: null, // graphs: node positions [x0, y0, x1, y1, ...]
  radius: 0,
  cost: null, // per node: the cost of moving onto it (grids), for shading
  costMin: 0,
  costMax: 0,
  start: -1,
  goal: -1,
  heatTarget: -1,
  heat: null, // per node: distance to heatTarget (Infinity none, NaN not covered)
  out: null, // path buffer, nodeCount long (a path visits each node at most once)
  pathLen: 0,
  base: null, // the table's own path while the answer goes around a block
  baseLen: 0,
  heatMax: 0,
};

function mode(ev) {
  if (ev.shiftKey) return "heat";
  if (ev.altKey || ev.button === 2) return "block";
  return document.querySelector('input[name="mode"]:checked').value;
}

// --- loading ------------------------------------------------------------

async function loadURL(url) {
  $("source").textContent = url;
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`fetch ${url}: ${res.status} ${res.statusText}`);
    load(await res.arrayBuffer(), url);
  } catch (e) {
    fail(e);
  }
}

// fail shows why a table could not be opened, and forgets the last one.
function fail(e) {
  $("error").textContent = String(e && e.message ? e.message : e);
  state.table = null;
  state.overlay = null;
  $("table").textContent = "No table.";
  $("answer").textContent = "";
  $("info").textContent = "";
  $("legend").textContent = "";
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  document.body.dataset.ready = "error";
}

function load(bytes, name) {
  $("error").textContent = "";
  const t = openTable(bytes);
  state.table = t;
  state.name = name;
  state.graph = graphOf(t);
  state.overlay = new Overlay(t);
  state.start = state.goal = state.heatTarget = -1;
  state.heat = null;
  state.pathLen = 0;
  state.out = new Int32Array(Math.max(1, t.nodeCount));
  state.base = new Int32Array(Math.max(1, t.nodeCount));
  state.baseLen = 0;
  layoutCanvas();
  cellCosts();
  describe();
  $("answer").textContent = "";
  setAnswer(null);
  $("info").textContent = t.layout === "window"
    ? "Windowed table: blocking is off (an overlay needs a table of all pairs)."
    : "";
  draw();
  document.body.dataset.ready = "1";
}

function describe() {
  const t = state.table;
  const lines = [
    `${state.name}`,
    `layout ${t.layout}, ${t.nodeCount} nodes` + (t.isGrid ? `, grid ${t.width}x${t.height}` : ", graph"),
  ];
  lines.push(`version ${t.version}, metric ${t.metric}, distances ${t.distKind}`);
  if (t.model) lines.push(t.model);
  if (t.layout === "window") lines.push(`window ${t.window}`);
  if (t.layout === "runs") {
    const enc = t.header.first_enc;
    // "b": a pair whose bounding box is all open cells takes H_1, its row unread.
    lines.push(`first moves ${enc}` + (/hw?b$/.test(enc) ? " (open boxes: H_1)" : ""));
  }
  $("table").textContent = lines.join("\n");
}

// layoutCanvas sizes the canvas: a square per cell on grids; on graphs the
// level's coordinates when it has them, else the nodes on a circle.
function layoutCanvas() {
  const t = state.table;
  let w, h;
  if (t.isGrid) {
    state.cs = Math.max(1, Math.min(40, Math.floor(MAX_PX / Math.max(t.width, t.height))));
    w = t.width * state.cs;
    h = t.height * state.cs;
    state.pos = null;
  } else {
    w = h = Math.min(MAX_PX, 640);
    const n = t.nodeCount;
    const r = w / 2 - 30;
    state.pos = new Float64Array(2 * n);
    state.radius = Math.max(3, Math.min(14, (Math.PI * r) / Math.max(1, n) - 1));
    if (t.x && t.y && t.x.length === n && n > 0) {
      // The level's own coordinates, scaled into the canvas.
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (let u = 0; u < n; u++) {
        x0 = Math.min(x0, t.x[u]);
        x1 = Math.max(x1, t.x[u]);
        y0 = Math.min(y0, t.y[u]);
        y1 = Math.max(y1, t.y[u]);
      }
      // Margins: 30 px, and 70 on the right for the names.
      const k = Math.min((w - 100) / Math.max(x1 - x0, 1e-9), (h - 60) / Math.max(y1 - y0, 1e-9));
      w = Math.ceil((x1 - x0) * k) + 100;
      h = Math.ceil((y1 - y0) * k) + 60;
      for (let u = 0; u < n; u++) {
        state.pos[2 * u] = 30 + (t.x[u] - x0) * k;
        state.pos[2 * u + 1] = 30 + (t.y[u] - y0) * k;
      }
      state.radius = Math.min(state.radius, 10);
    } else {
      // No coordinates: the nodes on a circle, in id order.
      for (let u = 0; u < n; u++) {
        const a = (2 * Math.PI * u) / Math.max(1, n) - Math.PI / 2;
        state.pos[2 * u] = w / 2 + r * Math.cos(a);
        state.pos[2 * u + 1] = h / 2 + r * Math.sin(a);
      }
    }
  }
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  canvas.dataset.cell = String(state.cs);
  canvas.dataset.width = String(w);
  canvas.dataset.height = String(h);
}

// cellCosts reads each grid cell's cost of moving onto it (the reader's
// cellCost: 1 to 9), for shading. O(nodes).
function cellCosts() {
  const t = state.table;
  const n = t.nodeCount;
  const c = new Float64Array(n).fill(Infinity);
  if (t.isGrid) for (let u = 0; u < n; u++) c[u] = t.cellCost(u);
  let lo = Infinity;
  let hi = -Infinity;
  for (let u = 0; u < n; u++) {
    if (c[u] === Infinity) continue;
    lo = Math.min(lo, c[u]);
    hi = Math.max(hi, c[u]);
  }
  state.cost = c;
  state.costMin = lo;
  state.costMax = hi;
}

// --- answers ------------------------------------------------------------

function nodeName(u) {
  const t = state.table;
  if (t.isGrid) {
    const [x, y] = t.cellOf(u);
    return `${x},${y}`;
  }
  return t.nameOf(u);
}

// answer asks the overlay (which answers as the table does while nothing is
// blocked) for the path from start to goal, and shows it.
function answer() {
  const t = state.table;
  const ov = state.overlay;
  const s = state.start;
  const g = state.goal;
  state.pathLen = 0;
  state.baseLen = 0;
  if (s < 0 || g < 0) {
    setAnswer(null);
    return;
  }
  const head = `${nodeName(s)} -> ${nodeName(g)}`;
  if (t.layout === "window" && !t.covered(s, g)) {
    setAnswer({ text: `${head} not covered (outside the window of ${nodeName(g)})`, how: "uncovered" });
    return;
  }
  const t0 = performance.now();
  const k = ov.path(s, g, state.out);
  const ms = performance.now() - t0;
  if (k <= 0) {
    setAnswer({ text: `${head} no path`, how: "none", ms });
    return;
  }
  state.pathLen = k;
  // The table's own path, drawn faintly while the answer goes around a block.
  state.baseLen = ov.how === "search" || ov.how === "across" ? t.path(s, g, state.base) : 0;
  const names = [];
  for (let i = 0; i < k; i++) names.push(nodeName(state.out[i]));
  setAnswer({ text: `${head} cost ${formatCost(ov.cost)} path ${names.join(" ")}`, cost: ov.cost, path: names.join(" "), how: ov.how, ms });
}

function setAnswer(a) {
  const el = $("answer");
  el.textContent = a ? a.text : "";
  el.dataset.cost = a && a.cost !== undefined ? String(a.cost) : "";
  el.dataset.path = a && a.path ? a.path : "";
  el.dataset.how = a ? a.how : "";
  const ov = state.overlay;
  const blocked = [];
  if (ov && ov.blockedCount > 0) {
    for (let u = 0; u < state.table.nodeCount && blocked.length < 50; u++) {
      if (ov.isBlocked(u)) blocked.push(nodeName(u));
    }
  }
  const info = [];
  if (a && a.how === "table") {
    const why = ov && ov.blockedCount > 0 ? " (its path crosses no blocked cell)" : "";
    info.push(`from the table${why}, ${a.ms.toFixed(2)} ms`);
  }
  if (a && a.how === "search") info.push(`searched around the blocked cells, ${a.ms.toFixed(2)} ms`);
  if (a && a.how === "across") info.push(`a detour across the line through the blocked cell, from the table's distances, ${a.ms.toFixed(2)} ms`);
  if (ov && ov.blockedCount > 0) {
    info.push(`blocked (${ov.blockedCount}): ${blocked.join(" ")}${ov.blockedCount > blocked.length ? " ..." : ""}`);
  }
  if (state.heatTarget >= 0) {
    let max = 0;
    for (const x of state.heat) if (x < Infinity && x > max) max = x;
    info.push(`heat map: distance of every node to ${nodeName(state.heatTarget)}, at most ${formatCost(max)}`);
    $("info").dataset.heatMax = String(max);
  } else {
    $("info").dataset.heatMax = "";
  }
  if (state.table && state.table.layout === "window") info.push("windowed table: blocking is off");
  $("info").textContent = info.join("\n");
  $("info").dataset.blocked = blocked.join(" ");
}

// heatMap fills state.heat with every node's distance to target v: the
// table's, while nothing is blocked (the reader's distancesTo, bit for bit
// its dist: flat tables one O(1) lookup per node; run-length and windowed
// tables one walk per node that stops at the first node already known,
// O(nodes) moves in all); with blocked cells, an exact Dijkstra toward v
// over the changed level.
function heatMap(v) {
  const t = state.table;
  const d = new Float64Array(t.nodeCount);
  const ov = state.overlay;
  if (ov && ov.blockedCount > 0) reverseDijkstra(v, d);
  else t.distancesTo(v, d);
  state.heat = d;
}

// reverseDijkstra gives d[u] = the cost of u's shortest path to v around
// the blocked cells. O((V + E) log V), with the reversed edges built per
// call (O(E)).
function reverseDijkstra(v, d) {
  const ov = state.overlay;
  const { offsets, targets, weights } = state.graph;
  const n = state.table.nodeCount;
  const rin = new Int32Array(n + 1);
  for (let e = 0; e < targets.length; e++) rin[targets[e] + 1]++;
  for (let u = 0; u < n; u++) rin[u + 1] += rin[u];
  const rfrom = new Int32Array(targets.length);
  const rw = new Float64Array(targets.length);
  const fill = rin.slice(0, n);
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const i = fill[targets[e]]++;
      rfrom[i] = u;
      rw[i] = weights[e];
    }
  }
  d.fill(Infinity);
  d[v] = 0;
  const heap = [[0, v]];
  const done = new Uint8Array(n);
  while (heap.length) {
    const [du, u] = popMin(heap);
    if (done[u]) continue;
    done[u] = 1;
    for (let i = rin[u]; i < rin[u + 1]; i++) {
      const p = rfrom[i]; // the edge p -> u
      if (ov.isBlocked(p) || ov.cutsCorner(p, u)) continue;
      const dp = du + rw[i];
      if (dp < d[p]) {
        d[p] = dp;
        pushMin(heap, [dp, p]);
      }
    }
  }
  for (let u = 0; u < n; u++) if (ov.isBlocked(u)) d[u] = Infinity;
}

function pushMin(h, x) {
  h.push(x);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p][0] <= h[i][0]) break;
    [h[p], h[i]] = [h[i], h[p]];
    i = p;
  }
}

function popMin(h) {
  const top = h[0];
  const last = h.pop();
  if (h.length) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      let c = i;
      if (l < h.length && h[l][0] < h[c][0]) c = l;
      if (l + 1 < h.length && h[l + 1][0] < h[c][0]) c = l + 1;
      if (c === i) break;
      [h[c], h[i]] = [h[i], h[c]];
      i = c;
    }
  }
  return top;
}

// --- drawing ------------------------------------------------------------

function mix(a, b, f) {
  return `rgb(${a.map((x, i) => Math.round(x + (b[i] - x) * f)).join(",")})`;
}

// heatColor shades a distance from near (yellow) to far (deep blue).
const ramp = [
  [253, 231, 37],
  [94, 201, 98],
  [33, 145, 140],
  [59, 82, 139],
  [68, 1, 84],
];
function heatColor(f) {
  const x = Math.min(0.9999, Math.max(0, f)) * (ramp.length - 1);
  const i = Math.floor(x);
  return mix(ramp[i], ramp[i + 1], x - i);
}

function nodeColor(u) {
  if (state.overlay && state.overlay.isBlocked(u)) return colors.blocked;
  if (state.heat) {
    const d = state.heat[u];
    if (Number.isNaN(d)) return colors.uncovered;
    if (d === Infinity) return colors.unreachable;
    return heatColor(state.heatMax > 0 ? d / state.heatMax : 0);
  }
  const c = state.cost[u];
  const span = state.costMax - state.costMin;
  return mix(colors.cell, colors.costly, span > 0 && c !== Infinity ? (c - state.costMin) / span : 0);
}

function center(u) {
  const t = state.table;
  if (t.isGrid) {
    const [x, y] = t.cellOf(u);
    return [(x + 0.5) * state.cs, (y + 0.5) * state.cs];
  }
  return [state.pos[2 * u], state.pos[2 * u + 1]];
}

function draw() {
  const t = state.table;
  const w = Number(canvas.dataset.width);
  const h = Number(canvas.dataset.height);
  ctx.clearRect(0, 0, w, h);
  if (state.heat) {
    state.heatMax = 0;
    for (const d of state.heat) if (Number.isFinite(d) && d > state.heatMax) state.heatMax = d;
  }
  const cs = state.cs;
  if (t.isGrid) {
    ctx.fillStyle = colors.wall;
    ctx.fillRect(0, 0, w, h);
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        const u = t.nodeAt(x, y);
        if (u < 0) continue;
        ctx.fillStyle = nodeColor(u);
        ctx.fillRect(x * cs, y * cs, cs, cs);
      }
    }
    if (cs >= 6) {
      ctx.strokeStyle = "rgba(0,0,0,0.08)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= t.width; x++) {
        ctx.moveTo(x * cs + 0.5, 0);
        ctx.lineTo(x * cs + 0.5, h);
      }
      for (let y = 0; y <= t.height; y++) {
        ctx.moveTo(0, y * cs + 0.5);
        ctx.lineTo(w, y * cs + 0.5);
      }
      ctx.stroke();
    }
    if (state.overlay && state.overlay.blockedCount > 0) {
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = Math.max(1, cs / 8);
      ctx.beginPath();
      for (let u = 0; u < t.nodeCount; u++) {
        if (!state.overlay.isBlocked(u)) continue;
        const [x, y] = t.cellOf(u);
        const m = cs * 0.2;
        ctx.moveTo(x * cs + m, y * cs + m);
        ctx.lineTo((x + 1) * cs - m, (y + 1) * cs - m);
        ctx.moveTo((x + 1) * cs - m, y * cs + m);
        ctx.lineTo(x * cs + m, (y + 1) * cs - m);
      }
      ctx.stroke();
    }
  } else {
    const { offsets, targets } = state.graph;
    ctx.strokeStyle = colors.edge;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let u = 0; u < t.nodeCount; u++) {
      for (let e = offsets[u]; e < offsets[u + 1]; e++) {
        const [ax, ay] = center(u);
        const [bx, by] = center(targets[e]);
        ctx.moveTo(ax, ay);
        ctx.lineTo(bx, by);
      }
    }
    ctx.stroke();
    if (t.nodeCount <= 64 && targets.length <= 256) {
      // Edge costs, once per pair of nodes.
      ctx.fillStyle = "#777";
      ctx.font = "10px sans-serif";
      ctx.textAlign = "center";
      for (let u = 0; u < t.nodeCount; u++) {
        for (let e = offsets[u]; e < offsets[u + 1]; e++) {
          const v = targets[e];
          if (v < u && t.edgeCost(v, u) === t.weights[e]) continue; // drawn from v
          const [ax, ay] = center(u);
          const [bx, by] = center(v);
          ctx.fillText(formatCost(t.weights[e]), (ax + bx) / 2, (ay + by) / 2 - 3);
        }
      }
      ctx.textAlign = "start";
    }
    for (let u = 0; u < t.nodeCount; u++) {
      const [x, y] = center(u);
      ctx.fillStyle = state.heat || (state.overlay && state.overlay.isBlocked(u)) ? nodeColor(u) : "#fff";
      ctx.strokeStyle = "#555";
      ctx.beginPath();
      ctx.arc(x, y, state.radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      if (t.nodeCount <= 64) {
        ctx.fillStyle = "#222";
        ctx.font = "11px sans-serif";
        ctx.fillText(t.nameOf(u), x + state.radius + 2, y - state.radius);
      }
    }
  }
  // The table's path where a block changed it (dashed), the path, its ends.
  if (state.baseLen > 1) {
    ctx.strokeStyle = "rgba(21,101,192,0.45)";
    ctx.lineWidth = t.isGrid ? Math.max(1.5, cs / 5) : 2;
    ctx.setLineDash([Math.max(3, cs / 2), Math.max(3, cs / 2)]);
    ctx.beginPath();
    for (let i = 0; i < state.baseLen; i++) {
      const [x, y] = center(state.base[i]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (state.pathLen > 1) {
    ctx.strokeStyle = colors.path;
    ctx.lineWidth = t.isGrid ? Math.max(2, cs / 3) : 3;
    ctx.lineJoin = ctx.lineCap = "round";
    ctx.beginPath();
    for (let i = 0; i < state.pathLen; i++) {
      const [x, y] = center(state.out[i]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  const dot = (u, color) => {
    if (u < 0) return;
    const [x, y] = center(u);
    ctx.fillStyle = color;
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = Math.max(1, cs / 10);
    ctx.beginPath();
    ctx.arc(x, y, t.isGrid ? Math.max(5, cs * 0.4) : state.radius, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  };
  if (state.heatTarget >= 0) {
    const [x, y] = center(state.heatTarget);
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 2;
    const r = t.isGrid ? Math.max(7, cs * 0.55) : state.radius + 4;
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r);
  }
  dot(state.start, colors.start);
  dot(state.goal, colors.goal);
  legend();
}

function legend() {
  const items = [];
  const sw = (c, label) => `<span><i style="background:${c}"></i>${label}</span>`;
  if (state.table.isGrid) items.push(sw(colors.wall, "wall"));
  if (state.heat) {
    items.push(sw(heatColor(0), "0"), sw(heatColor(0.5), fmt(state.heatMax / 2)), sw(heatColor(1), `${fmt(state.heatMax)} (distance to the marked node)`));
    items.push(sw(colors.unreachable, "no path"));
    if (state.table.layout === "window") items.push(sw(colors.uncovered, "not covered"));
  } else if (state.table.isGrid && state.costMax > state.costMin) {
    items.push(sw(mix(colors.cell, colors.costly, 0), `cost ${fmt(state.costMin)}`), sw(mix(colors.cell, colors.costly, 1), `cost ${fmt(state.costMax)}`));
  }
  items.push(sw(colors.start, "start"), sw(colors.goal, "goal"), sw(colors.path, "path"));
  if (state.baseLen > 1) items.push(sw("rgba(21,101,192,0.45)", "the table's path (dashed)"));
  items.push(sw(colors.blocked, "blocked"));
  $("legend").innerHTML = items.join("");
}

function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

// --- input --------------------------------------------------------------

// cellAtEvent returns the grid cell under the pointer as [x, y], or null.
function cellAtEvent(ev) {
  const t = state.table;
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((ev.clientX - r.left - canvas.clientLeft) / state.cs);
  const y = Math.floor((ev.clientY - r.top - canvas.clientTop) / state.cs);
  return t.isGrid && x >= 0 && y >= 0 && x < t.width && y < t.height ? [x, y] : null;
}

// nodeAtEvent returns the node under the pointer, or -1.
function nodeAtEvent(ev) {
  const t = state.table;
  const r = canvas.getBoundingClientRect();
  const px = ev.clientX - r.left - canvas.clientLeft;
  const py = ev.clientY - r.top - canvas.clientTop;
  if (t.isGrid) {
    const c = cellAtEvent(ev);
    return c ? t.nodeAt(c[0], c[1]) : -1;
  }
  let best = -1;
  let bd = Infinity;
  for (let u = 0; u < t.nodeCount; u++) {
    const dx = state.pos[2 * u] - px;
    const dy = state.pos[2 * u + 1] - py;
    const d = dx * dx + dy * dy;
    if (d < bd) {
      bd = d;
      best = u;
    }
  }
  return bd <= (state.radius + 4) ** 2 ? best : -1;
}

function click(ev) {
  if (!state.table) return;
  ev.preventDefault();
  const m = mode(ev);
  if (m === "block") {
    const ov = state.overlay;
    if (state.table.layout === "window") {
      $("error").textContent = "a windowed table takes no blocks: its paths reach a target only from inside its window";
      return;
    }
    // A cell closes every node whose agent covers it (one node for a
    // one-cell agent, up to k² for a k×k one), as `pathtable -block x,y`.
    const c = cellAtEvent(ev);
    const nodes = c ? ov.covering(c[0], c[1]) : [];
    if (!c) {
      const u = nodeAtEvent(ev);
      if (u >= 0) nodes.push(u);
    }
    if (nodes.length === 0) return; // a wall no agent stands over
    const open = nodes.every((u) => ov.isBlocked(u));
    for (const u of nodes) {
      if (open) ov.unblock(u);
      else ov.block(u);
    }
    if (state.heatTarget >= 0) heatMap(state.heatTarget);
    answer();
    draw();
    return;
  }
  const u = nodeAtEvent(ev);
  if (u < 0) return; // a wall or nothing
  if (m === "heat") {
    state.heatTarget = u;
    heatMap(u);
  } else {
    state.heat = null;
    state.heatTarget = -1;
    if (state.start < 0 || state.goal >= 0) {
      state.start = u;
      state.goal = -1;
    } else {
      state.goal = u;
    }
  }
  answer();
  draw();
}

canvas.addEventListener("click", click);
canvas.addEventListener("contextmenu", click); // right-click blocks
$("clear").addEventListener("click", () => {
  if (!state.overlay || state.table.layout === "window") return;
  state.overlay.clear();
  if (state.heatTarget >= 0) heatMap(state.heatTarget);
  answer();
  draw();
});
for (const r of document.querySelectorAll('input[name="mode"]')) {
  r.addEventListener("change", () => {
    if (r.value !== "heat" && r.checked) {
      state.heat = null;
      state.heatTarget = -1;
      if (state.table) {
        answer();
        draw();
      }
    }
  });
}
$("file").addEventListener("change", async () => {
  const f = $("file").files[0];
  if (!f) return;
  $("source").textContent = f.name;
  try {
    load(await f.arrayBuffer(), f.name);
  } catch (e) {
    fail(e);
  }
});

// For tests and the console: where node u is drawn, in CSS pixels of the
// canvas, and the state.
window.pathtableViewer = { state, center: (u) => center(u) };

const param = new URLSearchParams(location.search).get("table");
if (param) loadURL(param);
else document.body.dataset.ready = "empty";
