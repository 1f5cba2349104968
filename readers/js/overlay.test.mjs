// overlay.test.mjs: the overlay against `pathtable query -block` on the
// test levels, every layout that takes blocks (flat and run-length), over
// grids of every movement model and graphs of every metric: for each level
// a few sets of blocked nodes and every pair (small levels) or a sample;
// the overlay's cost must be the CLI's bit for bit and its path the CLI's
// node for node (and valid: moves that are edges, no blocked node, no
// blocked corner cut, costs adding up to the cost); "no path" where the
// CLI says so. Needs go (the
// CLI is built once); skips with a message without it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { openTable } from "./pathtable.mjs";
import { Overlay, OverlayError, graphOf } from "./overlay.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
let tmp = "";
let pt = "";
let noGo = "";

before(() => {
  tmp = mkdtempSync(join(tmpdir(), "pathtable-overlay-"));
  try {
    execFileSync("go", ["build", "-o", join(tmp, "pathtable"), "./cmd/pathtable"], { cwd: root, stdio: "pipe" });
    pt = join(tmp, "pathtable");
  } catch (e) {
    noGo = `no CLI to compare with (go build ./cmd/pathtable: ${String(e.message).split("\n")[0]})`;
  }
});
after(() => rmSync(tmp, { recursive: true, force: true }));

// level file, build flags
const levels = [
  ["examples/tiny.grid", ""],
  ["testdata/maze.grid", ""],
  ["testdata/maze.grid", "-diagonal 10/14"],
  ["testdata/maze.grid", "-connect 4"],
  ["testdata/small.map", ""],
  ["testdata/small.map", "-graph-bins"], // formats 1 and 2: the graph stored, not rebuilt
  ["testdata/unreachable.grid", ""],
  ["testdata/tutorial.json", ""],
  ["testdata/waypoints.json", ""],
  ["testdata/lecture.gr", ""],
  ["testdata/zero-cycle.gr", ""],
  ["testdata/zero.json", ""],
  // u32 and u64 distances, awkward float costs.
  ["examples/c/levels/wide.json", ""],
  ["examples/c/levels/huge.json", ""],
  ["examples/c/levels/float.json", ""],
  // A shared map (skipped when ../shared is absent): long detours.
  ["../shared/testmaps/den312d.map", ""],
];

// rand is a fixed xorshift, so every run tests the same blocks.
function rand(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

function build(level, flags) {
  const out = join(tmp, `${basename(level)}${flags.replace(/[^a-z0-9]+/gi, "_")}.ptab`);
  execFileSync(pt, ["build", "-quiet", ...flags.split(" ").filter(Boolean), "-o", out, join(root, level)], { stdio: "pipe" });
  return out;
}

const nameOf = (t, u) => {
  if (!t.isGrid) return t.nameOf(u);
  const [x, y] = t.cellOf(u);
  return `${x},${y}`;
};

// costSum adds a path's costs as docs/FORMAT.md "Walked distances" says.
function checkPath(t, g, ov, path, k, from, to, cost, what) {
  assert.ok(k >= 1, `${what}: empty path`);
  assert.equal(path[0], from, `${what}: starts at ${nameOf(t, path[0])}`);
  assert.equal(path[k - 1], to, `${what}: ends at ${nameOf(t, path[k - 1])}`);
  let a = 0;
  let b = 0;
  let sum = 0;
  for (let i = 0; i < k; i++) {
    assert.ok(!ov.isBlocked(path[i]), `${what}: path enters blocked ${nameOf(t, path[i])}`);
    if (i === 0) continue;
    const u = path[i - 1];
    const v = path[i];
    let w = Infinity;
    for (let e = g.offsets[u]; e < g.offsets[u + 1]; e++) if (g.targets[e] === v && g.weights[e] < w) w = g.weights[e];
    assert.ok(w < Infinity, `${what}: no edge ${nameOf(t, u)} -> ${nameOf(t, v)}`);
    assert.ok(!ov.cutsCorner(u, v), `${what}: ${nameOf(t, u)} -> ${nameOf(t, v)} cuts a blocked corner`);
    if (Number.isInteger(w)) a += w;
    else b += Math.round(w / Math.SQRT2);
    sum += w;
  }
  if (t.metric !== "float") {
    assert.equal(a + b * Math.SQRT2, cost, `${what}: the path's costs add up to ${a + b * Math.SQRT2}, not ${cost}`);
  } else {
    assert.ok(Math.abs(sum - cost) <= 1e-9 * Math.max(1, cost), `${what}: the path's costs add up to ${sum}, not ${cost}`);
  }
}

// samePath fails unless path[0:k] is the CLI's path (its nodes' names,
// space-separated), node for node: the overlay breaks ties as Go's does.
function samePath(t, path, k, want, what) {
  const names = [];
  for (let j = 0; j < k; j++) names.push(nameOf(t, path[j]));
  assert.equal(names.join(" "), want, `${what}: the overlay's path is not the CLI's`);
}

for (const [level, flags] of levels) {
  for (const layout of ["", "-compress"]) {
    const all = [flags, layout].filter(Boolean).join(" ");
    test(`overlay ${level} ${all}`.trim(), (ctx) => {
      if (noGo) return ctx.skip(noGo);
      if (!existsSync(join(root, level))) return ctx.skip(`${level} is absent`);
      const file = build(level, all);
      const t = openTable(new Uint8Array(readFileSync(file)));
      const g = graphOf(t);
      const n = t.nodeCount;
      const r = rand(n * 7919 + all.length);
      let answered = 0;
      // Block sets: none, one node, three, and a sixth of the nodes.
      for (const count of [0, 1, 3, Math.max(2, Math.floor(n / 6))]) {
        const ov = new Overlay(t);
        const blocked = [];
        while (blocked.length < Math.min(count, n - 2)) {
          const u = r(n);
          if (!ov.isBlocked(u)) {
            ov.block(u);
            blocked.push(u);
          }
        }
        const open = [];
        for (let u = 0; u < n; u++) if (!ov.isBlocked(u)) open.push(u);
        const pairs = [];
        if (open.length <= 70) {
          for (const u of open) for (const v of open) pairs.push([u, v]);
        } else {
          for (let i = 0; i < 2000; i++) pairs.push([open[r(open.length)], open[r(open.length)]]);
        }
        const args = ["query"];
        for (const u of blocked) args.push("-block", nameOf(t, u));
        args.push(file);
        const input = pairs.map(([u, v]) => `${nameOf(t, u)} ${nameOf(t, v)}`).join("\n") + "\n";
        const lines = execFileSync(pt, args, { input, encoding: "utf8", maxBuffer: 1 << 28 }).trimEnd().split("\n");
        assert.equal(lines.length, pairs.length, "the CLI answered every pair");
        const out = new Int32Array(n);
        for (let i = 0; i < pairs.length; i++) {
          const [u, v] = pairs[i];
          const what = `${basename(level)} ${all} blocked [${blocked.map((x) => nameOf(t, x)).join(" ")}] ${nameOf(t, u)} -> ${nameOf(t, v)}`;
          const m = / (?:cost (\S+) path (.*)|no path)$/.exec(lines[i]);
          assert.ok(m, `${what}: CLI says ${lines[i]}`);
          const k = ov.path(u, v, out);
          if (m[1] === undefined) {
            assert.equal(k, 0, `${what}: the CLI finds no path, the overlay one of ${k} nodes`);
            assert.equal(ov.cost, Infinity);
            continue;
          }
          assert.ok(k > 0, `${what}: the overlay finds no path, the CLI ${lines[i]}`);
          const want = Number(m[1]);
          assert.ok(Object.is(ov.cost, want), `${what}: cost ${ov.cost}, the CLI's ${m[1]}`);
          assert.ok(Object.is(ov.dist(u, v), want), `${what}: dist ${ov.dist(u, v)}, the CLI's ${m[1]}`);
          checkPath(t, g, ov, out, k, u, v, ov.cost, what);
          samePath(t, out, k, m[2], what);
          answered++;
        }
      }
      ctx.diagnostic(`${answered} paths, each node for node the CLI's`);
    });
  }
}

// A larger agent's table: `-block x,y` closes every node whose agent
// covers the cell; blockCell does the same.
for (const [level, layout] of [
  ["testdata/unreachable.grid", ""],
  ["testdata/unreachable.grid", "-compress"],
  ["../shared/testmaps/den312d.map", ""],
  ["../shared/testmaps/den312d.map", "-compress"],
]) {
  test(`overlay blockCell on a 2x2 agent's table of ${level} ${layout}`.trim(), (ctx) => {
    if (noGo) return ctx.skip(noGo);
    if (!existsSync(join(root, level))) return ctx.skip(`${level} is absent`);
    const file = build(level, `-clearance 2 ${layout}`.trim());
    const t = openTable(new Uint8Array(readFileSync(file)));
    assert.equal(t.agent, 2);
    const g = graphOf(t);
    const n = t.nodeCount;
    const r = rand(4242 + layout.length);
    // Cells some agent covers: a node's cell or one right of or below it.
    const cells = [];
    const probe = new Overlay(t);
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        if (probe.covering(x, y).length > 0) cells.push([x, y]);
      }
    }
    let answered = 0;
    for (let round = 0; round < 6; round++) {
      const ov = new Overlay(t);
      const blocked = [];
      for (let i = 0; i < 1 + (round % 3); i++) {
        const [x, y] = cells[r(cells.length)];
        assert.ok(ov.blockCell(x, y) > 0);
        blocked.push(`${x},${y}`);
      }
      const open = [];
      for (let u = 0; u < n; u++) if (!ov.isBlocked(u)) open.push(u);
      const pairs = [];
      if (open.length <= 70) {
        for (const u of open) for (const v of open) pairs.push([u, v]);
      } else {
        for (let i = 0; i < 1000; i++) pairs.push([open[r(open.length)], open[r(open.length)]]);
      }
      const args = ["query"];
      for (const c of blocked) args.push("-block", c);
      args.push(file);
      const input = pairs.map(([u, v]) => `${nameOf(t, u)} ${nameOf(t, v)}`).join("\n") + "\n";
      const lines = execFileSync(pt, args, { input, encoding: "utf8", maxBuffer: 1 << 28 }).trimEnd().split("\n");
      const out = new Int32Array(n);
      for (let i = 0; i < pairs.length; i++) {
        const [u, v] = pairs[i];
        const what = `${basename(level)} 2x2 agent ${layout} blocked cells [${blocked.join(" ")}] ${nameOf(t, u)} -> ${nameOf(t, v)}`;
        const m = / (?:cost (\S+) path (.*)|no path)$/.exec(lines[i]);
        assert.ok(m, `${what}: CLI says ${lines[i]}`);
        const k = ov.path(u, v, out);
        if (m[1] === undefined) {
          assert.equal(k, 0, `${what}: the CLI finds no path`);
          continue;
        }
        assert.ok(Object.is(ov.cost, Number(m[1])), `${what}: cost ${ov.cost}, the CLI's ${m[1]}`);
        checkPath(t, g, ov, out, k, u, v, ov.cost, what);
        samePath(t, out, k, m[2], what);
        answered++;
      }
      if (blocked.length === 1) {
        const [x, y] = blocked[0].split(",").map(Number);
        const nodes = ov.covering(x, y);
        assert.equal(ov.unblockCell(x, y), nodes.length);
        for (const u of nodes) assert.ok(!ov.isBlocked(u), `unblockCell ${x},${y} opens ${nameOf(t, u)}`);
        assert.equal(ov.blockedCount, 0);
      }
    }
    ctx.diagnostic(`${answered} paths`);
  });
}

test("overlay refuses what it cannot take", (ctx) => {
  if (noGo) return ctx.skip(noGo);
  const win = openTable(new Uint8Array(readFileSync(build("testdata/maze.grid", "-window 2"))));
  const ow = new Overlay(win);
  assert.throws(() => ow.block(0), OverlayError);
  const t = openTable(new Uint8Array(readFileSync(build("testdata/maze.grid", ""))));
  const ov = new Overlay(t);
  for (const bad of [-1, t.nodeCount, 1.5, NaN]) assert.throws(() => ov.block(bad), OverlayError, `block(${bad})`);
  assert.equal(ov.path(-1, 0, new Int32Array(8)), 0);
  assert.equal(ov.path(0, t.nodeCount, new Int32Array(8)), 0);
  // A short buffer: -needed, with blocks or without.
  const a = t.nodeAt(0, 0);
  const z = t.nodeAt(11, 7);
  const full = new Int32Array(t.nodeCount);
  const k = ov.path(a, z, full);
  assert.ok(k > 2);
  assert.equal(ov.path(a, z, new Int32Array(2)), -k);
  const mid = full[Math.floor(k / 2)];
  ov.block(mid);
  const k2 = ov.path(a, z, full);
  assert.ok(k2 > 0);
  assert.equal(ov.path(a, z, new Int32Array(2)), -k2);
  // A blocked end: no path.
  assert.equal(ov.path(mid, z, full), 0);
  assert.equal(ov.path(a, mid, full), 0);
  assert.equal(ov.cost, Infinity);
  ov.clear();
  assert.equal(ov.blockedCount, 0);
  assert.equal(ov.path(a, z, full), k);
  assert.equal(ov.how, "table");
});
