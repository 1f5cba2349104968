// overlay.ties.test.mjs: the overlay's paths against `pathtable query
// -block`, node for node, on levels where many paths tie: den312d and
// open rooms (from ../shared/testmaps when present) and generated open
// rooms with pillars, flat and run-length, each with several sets of
// blocked cells (the busiest cell of the pairs' stored paths, it and its
// neighbours, the three busiest, random ones), hundreds of pairs each. Go's
// overlay picks one of the tied shortest paths by the order it explores
// (a detour across the line through the block, else its A*); the JS
// overlay must pick the same one. Needs go (the CLI is built once).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { openTable } from "./pathtable.mjs";
import { Overlay } from "./overlay.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
let tmp = "";
let pt = "";
let noGo = "";

before(() => {
  tmp = mkdtempSync(join(tmpdir(), "pathtable-ties-"));
  try {
    execFileSync("go", ["build", "-o", join(tmp, "pathtable"), "./cmd/pathtable"], { cwd: root, stdio: "pipe" });
    pt = join(tmp, "pathtable");
  } catch (e) {
    noGo = `no CLI to compare with (go build ./cmd/pathtable: ${String(e.message).split("\n")[0]})`;
  }
});
after(() => rmSync(tmp, { recursive: true, force: true }));

// rand is a fixed xorshift, so every run tests the same pairs and blocks.
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

// room writes a w×h open room in Moving AI's format, a pillar every
// `every` cells (none when 0): the most tied paths a level has.
function room(w, h, every) {
  const rows = [];
  for (let y = 0; y < h; y++) {
    let row = "";
    for (let x = 0; x < w; x++) row += every > 0 && x % every === every - 1 && y % every === every - 1 ? "@" : ".";
    rows.push(row);
  }
  const file = join(tmp, `room-${w}x${h}-${every}.map`);
  writeFileSync(file, `type octile\nheight ${h}\nwidth ${w}\nmap\n${rows.join("\n")}\n`);
  return file;
}

const shared = (name) => join(root, "..", "shared", "testmaps", name);

// level: a file, or a function that writes one (generated levels need no
// ../shared).
const levels = [
  ["den312d", () => shared("den312d.map")],
  ["room-32-32-4", () => shared("room-32-32-4.map")],
  ["maze-32-32-2", () => shared("maze-32-32-2.map")],
  ["open room 40x30", () => room(40, 30, 0)],
  ["room 48x48, a pillar every 6 cells", () => room(48, 48, 6)],
];

const PAIRS = 300;

const nameOf = (t, u) => `${t.xOf(u)},${t.yOf(u)}`;

// blockSets returns the blocked cells to try: the busiest cell of the
// pairs' stored paths, it with its four neighbours, the three busiest,
// and a few random cells.
function blockSets(t, pairs, r) {
  const n = t.nodeCount;
  const count = new Int32Array(n);
  const out = new Int32Array(n);
  for (const [u, v] of pairs) {
    const k = t.path(u, v, out);
    for (let i = 1; i < k - 1; i++) count[out[i]]++;
  }
  const order = Array.from({ length: n }, (_, u) => u).sort((a, b) => count[b] - count[a] || a - b);
  const busiest = order[0];
  const cross = [busiest];
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const v = t.nodeAt(t.xOf(busiest) + dx, t.yOf(busiest) + dy);
    if (v >= 0) cross.push(v);
  }
  const some = [];
  while (some.length < 4) {
    const u = r(n);
    if (!some.includes(u)) some.push(u);
  }
  return [[busiest], cross, order.slice(0, 3), some];
}

for (const [name, make] of levels) {
  for (const layout of ["-flat", "-compress"]) {
    test(`overlay ties ${name} ${layout}`, (ctx) => {
      if (noGo) return ctx.skip(noGo);
      const level = make();
      if (!existsSync(level)) return ctx.skip(`${level} is absent`);
      const file = join(tmp, `${basename(level)}${layout}.ptab`);
      execFileSync(pt, ["build", "-quiet", layout, "-o", file, level], { stdio: "pipe" });
      const t = openTable(new Uint8Array(readFileSync(file)));
      const n = t.nodeCount;
      const r = rand(n * 31 + 7);
      const pairs = [];
      for (let i = 0; i < PAIRS; i++) pairs.push([r(n), r(n)]);
      const out = new Int32Array(n);
      const how = { table: 0, across: 0, search: 0, none: 0 };
      for (const blocked of blockSets(t, pairs, r)) {
        const ov = new Overlay(t);
        for (const u of blocked) ov.block(u);
        const open = pairs.filter(([u, v]) => !ov.isBlocked(u) && !ov.isBlocked(v));
        const args = ["query"];
        for (const u of blocked) args.push("-block", nameOf(t, u));
        args.push(file);
        const input = open.map(([u, v]) => `${nameOf(t, u)} ${nameOf(t, v)}`).join("\n") + "\n";
        const lines = execFileSync(pt, args, { input, encoding: "utf8", maxBuffer: 1 << 26 }).trimEnd().split("\n");
        assert.equal(lines.length, open.length, "the CLI answered every pair");
        for (let i = 0; i < open.length; i++) {
          const [u, v] = open[i];
          const what = `${name} ${layout} blocked [${blocked.map((x) => nameOf(t, x)).join(" ")}] ${nameOf(t, u)} -> ${nameOf(t, v)}`;
          const m = / (?:cost (\S+) path (.*)|no path)$/.exec(lines[i]);
          assert.ok(m, `${what}: the CLI says ${lines[i]}`);
          const k = ov.path(u, v, out);
          how[ov.how]++;
          if (m[1] === undefined) {
            assert.equal(k, 0, `${what}: the CLI finds no path, the overlay one of ${k} nodes`);
            continue;
          }
          assert.ok(Object.is(ov.cost, Number(m[1])), `${what}: cost ${ov.cost}, the CLI's ${m[1]}`);
          const names = [];
          for (let j = 0; j < k; j++) names.push(nameOf(t, out[j]));
          assert.equal(names.join(" "), m[2], `${what}: the overlay's path (${ov.how}) is not the CLI's`);
        }
      }
      // Every stage answered some pairs: a test that never reached the
      // detour or the A* would prove nothing of their tie-breaking.
      assert.ok(how.across > 0 && how.search > 0, `stages: ${JSON.stringify(how)}`);
      ctx.diagnostic(`node for node the CLI's: ${JSON.stringify(how)}`);
    });
  }
}
