// Open-box wildcards (docs/FORMAT.md, the "b" run-length encodings): the
// reader answers H_1 for a pair whose bounding box is all open cells,
// without reading the row, and refuses a "b" encoding wherever the rule
// does not hold. The box test is checked against a scan of every box of
// generated levels; the answers against the flat table's distances (every
// pair) and the ranking rule; the refusals against pathtable's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openTable, PathTableError } from "./pathtable.mjs";
import * as u from "./testutil.mjs";

const { root, read, pathtable, noGo, workDir } = u;

let files = 0;
function save(bytes, ext = ".ptab") {
  const p = join(workDir(), `box${files++}${ext}`);
  writeFileSync(p, bytes);
  return p;
}

// level writes a Moving AI map of w x h cells, '@' with probability p
// (a seeded generator: the same level on every run), and returns its path.
function level(w, h, p, seed) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows = [];
  for (let y = 0; y < h; y++) {
    let row = "";
    for (let x = 0; x < w; x++) row += rnd() < p ? "@" : ".";
    rows.push(row);
  }
  return save(`type octile\nheight ${h}\nwidth ${w}\nmap\n${rows.join("\n")}\n`, ".map");
}

// withEnc returns the table bytes with the header's first_enc set to enc
// (the header encoded again, the checksum recomputed).
function withEnc(bytes, enc) {
  const { version, bins } = u.binsOf(bytes);
  const entries = u.headerEntries(bytes).map(([k, v]) => [k, k === "first_enc" ? u.mp.str(enc) : v]);
  bins[0] = u.header(entries);
  return u.document(version, bins);
}

const firstEnc = (bytes) => openTable(bytes).header.first_enc;

// boxed returns a b table of level: pathtable's own when it writes one,
// else its run-length table with a b encoding put in the header (its rows
// answer every target, so the rule changes no distance).
function boxed(lv, flags = []) {
  const b = read(u.build(lv, ["-compress", ...flags]));
  const enc = firstEnc(b);
  if (/bj?$/.test(enc)) return b;
  return withEnc(b, enc.endsWith("j") ? enc.slice(0, -1) + "bj" : enc + "b"); // a j encoding's b comes before its j
}

// The rank-1 slot of the ranking rule, scanned: the lowest key
// 985*max + 408*min of |target - neighbour|, ties by the lower slot.
function rank1(t, s, g) {
  const [gx, gy] = t.cellOf(g);
  let best = -1;
  let bestKey = Infinity;
  t.forEachEdge(s, (v, cost, slot) => {
    const [vx, vy] = t.cellOf(v);
    const ax = Math.abs(gx - vx);
    const ay = Math.abs(gy - vy);
    const key = 985 * Math.max(ax, ay) + 408 * Math.min(ax, ay);
    if (key < bestKey) {
      bestKey = key;
      best = v;
    }
  });
  return best;
}

// scanOpen reports, cell by cell, whether the box of s and g is open.
function scanOpen(t, s, g) {
  const [sx, sy] = t.cellOf(s);
  const [gx, gy] = t.cellOf(g);
  for (let y = Math.min(sy, gy); y <= Math.max(sy, gy); y++) {
    for (let x = Math.min(sx, gx); x <= Math.max(sx, gx); x++) if (t.nodeAt(x, y) < 0) return false;
  }
  return true;
}

const models = [[], ["-connect", "4"], ["-diagonal", "10/14"]];

test("b tables: the box test is every box's scan; open boxes answer H_1; every pair's distance is the flat table's", (t) => {
  if (!pathtable()) return t.skip(noGo);
  let open = 0;
  let closed = 0;
  for (const [w, h, p, seed] of [
    [9, 7, 0, 1],
    [12, 9, 0.15, 2],
    [13, 8, 0.3, 3],
    [1, 10, 0.1, 4],
    [11, 1, 0.1, 5],
  ]) {
    const lv = level(w, h, p, seed);
    for (const model of models) {
      const label = `${w}x${h} p=${p} ${model.join(" ")}`;
      const bt = openTable(boxed(lv, model));
      const flat = openTable(read(u.build(lv, model)));
      assert.match(bt.header.first_enc, /^runs(12|16|32)x4h[wc]?bj?$/, label);
      const out = new Int32Array(bt.maxPathNodes);
      for (let s = 0; s < bt.nodeCount; s++) {
        for (let g = 0; g < bt.nodeCount; g++) {
          const want = s !== g && scanOpen(bt, s, g);
          assert.equal(bt.boxOpen(s, g), want, `${label}: box ${bt.nameOf(s)} ${bt.nameOf(g)}`);
          if (want) {
            open++;
            assert.equal(bt.next(s, g), rank1(bt, s, g), `${label}: H_1 ${bt.nameOf(s)} -> ${bt.nameOf(g)}`);
          } else closed++;
          assert.ok(Object.is(bt.dist(s, g), flat.dist(s, g)), `${label}: dist ${bt.nameOf(s)} -> ${bt.nameOf(g)}: ${bt.dist(s, g)} vs ${flat.dist(s, g)}`);
          const k = bt.path(s, g, out);
          assert.equal(k > 0, flat.dist(s, g) !== Infinity, label);
          let cost = 0;
          for (let i = 1; i < k; i++) cost += bt.edgeCost(out[i - 1], out[i]);
          if (k > 0) assert.ok(Math.abs(cost - flat.dist(s, g)) < 1e-9, `${label}: path cost ${s} -> ${g}`);
        }
      }
      assert.equal(bt.boxOpen(-1, 0), false);
      assert.equal(bt.boxOpen(0, bt.nodeCount), false);
      assert.equal(flat.boxOpen(0, 1), false, "a flat table has no open-box rule");
    }
  }
  assert.ok(open > 1000 && closed > 1000, `${open} open and ${closed} closed boxes`);
});

test("b tables: driver.mjs answers as pathtable query, where pathtable reads b tables", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const lv = level(12, 9, 0.15, 2);
  for (const model of models) {
    const file = save(boxed(lv, model));
    const ids = [];
    const bt = openTable(read(file));
    for (let s = 0; s < bt.nodeCount; s++) ids.push(bt.nameOf(s));
    const input = u.pairs(ids, 1e9).join("\n") + "\n";
    const want = u.cliQuery(file, input);
    if (want.status !== 0) return t.skip(`pathtable refuses b tables: ${want.stderr.split("\n")[0]}`);
    const got = u.driverQuery(file, input);
    assert.equal(got.stdout, want.stdout, `${model}: answers differ`);
    assert.equal(got.status, 0);
  }
});

// refusedBoth asserts that the reader refuses bytes as corrupt, naming the
// encoding, and that pathtable refuses them too.
function refusedBoth(bytes, enc, label) {
  let err = null;
  try {
    openTable(bytes);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof PathTableError, `${label}: ${err ? err.stack : "accepted"}`);
  assert.equal(err.code, "corrupt", `${label}: ${err.message}`);
  assert.ok(err.message.includes(`"${enc}"`) && !err.message.includes("\n"), `${label}: ${err.message}`);
  const r = u.cliQuery(save(bytes), "0,0 1,2\n");
  assert.equal(r.status, 1, `${label}: pathtable accepts it`);
  assert.equal(r.stdout, "", label);
}

test("a b encoding where the rule does not hold is corrupt, for both readers", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const tiny = join(root, "examples", "tiny.grid"); // cells of cost 2
  const lv = level(12, 9, 0.15, 2);
  const lecture = join(root, "testdata", "lecture.gr");
  // Costs: a table of a level with costs, and a b table whose costs bin
  // holds every cell's cost 1 (not empty).
  const costs = read(u.build(tiny, ["-compress"]));
  for (const enc of ["runs12x4hb", "runs12x4hwb"]) refusedBoth(withEnc(costs, enc), enc, `tiny.grid (costs) ${enc}`);
  const bt = boxed(lv);
  const { version, bins } = u.binsOf(bt);
  const n = openTable(bt).nodeCount;
  const ones = Buffer.alloc(Math.ceil(n / 2), 0x11);
  if (n % 2 === 1) ones[ones.length - 1] = 0x01;
  bins[2] = ones; // the costs bin
  refusedBoth(u.document(version, bins), firstEnc(bt), "a b table with a costs bin of ones");
  // A graph table; grid tables of formats 1 and 2.
  refusedBoth(withEnc(read(u.build(lecture, ["-compress"])), "runs16x4hb"), "runs16x4hb", "graph");
  refusedBoth(withEnc(read(u.build(lv, ["-compress", "-graph-bins"])), "runs16x4hwb"), "runs16x4hwb", "format 2 grid");
  refusedBoth(withEnc(read(u.build(lv, ["-graph-bins"])), "runs16x4hb"), "runs16x4hb", "format 1 flat grid");
  refusedBoth(withEnc(read(u.build(lv)), "u8b"), "u8b", "format 3 flat grid");
  // Encodings that are none of the six: b without h, 16-bit starts with
  // 8-bit moves, the suffixes in another order.
  const plain = read(u.build(lv, ["-compress"]));
  for (const enc of ["runs16x4b", "runs16x4wb", "runs16x8hb", "runs16x8hwb", "runs16x4bh", "runs16x4hbw", "runs16x4hbb", "runs32x8b", "runs12x4b", "runs12x4hbw", "runs12x8hb"]) {
    refusedBoth(withEnc(plain, enc), enc, `b encoding ${enc}`);
  }
});

test("a b table of a level of one open cell and of a grid with no open box but the cells' own", (t) => {
  if (!pathtable()) return t.skip(noGo);
  // A checkerboard of walls, 4-connected: every box of two cells holds a wall.
  const rows = [];
  for (let y = 0; y < 7; y++) {
    let row = "";
    for (let x = 0; x < 7; x++) row += (x + y) % 2 === 0 && x % 3 !== 0 ? "@" : ".";
    rows.push(row);
  }
  const lv = save(`type octile\nheight 7\nwidth 7\nmap\n${rows.join("\n")}\n`, ".map");
  const bt = openTable(boxed(lv, ["-connect", "4"]));
  const flat = openTable(read(u.build(lv, ["-connect", "4"])));
  for (let s = 0; s < bt.nodeCount; s++) for (let g = 0; g < bt.nodeCount; g++) assert.ok(Object.is(bt.dist(s, g), flat.dist(s, g)));
  const one = save("type octile\nheight 2\nwidth 2\nmap\n.@\n@@\n", ".map");
  const t1 = openTable(boxed(one));
  assert.equal(t1.nodeCount, 1);
  assert.equal(t1.next(0, 0), -1);
  assert.equal(t1.boxOpen(0, 0), false);
  assert.equal(t1.path(0, 0, new Int32Array(1)), 1);
});

test("docs/FORMAT.md's worked example: examples/tiny-box.ptab", () => {
  const t = openTable(read(join(root, "examples", "tiny-box.ptab")));
  assert.equal(t.header.first_enc, "runs12x4hwb");
  assert.equal(t.nodeCount, 10);
  assert.equal(t.header.runs, 10);
  const at = (x, y) => t.nodeAt(x, y);
  // 0,0 -> 3,2: rows 0 and 1 read (boxes with walls), then H_1 east along the open bottom row.
  assert.equal(t.boxOpen(at(0, 0), at(3, 2)), false);
  assert.equal(t.boxOpen(at(0, 1), at(3, 2)), false);
  assert.equal(t.boxOpen(at(0, 2), at(3, 2)), true);
  assert.equal(t.boxOpen(at(2, 0), at(3, 2)), true);
  assert.equal(t.boxOpen(at(3, 2), at(3, 2)), false);
  const out = new Int32Array(t.maxPathNodes);
  const k = t.path(at(0, 0), at(3, 2), out);
  assert.deepEqual(Array.from(out.subarray(0, k), (u) => t.nameOf(u)), ["0,0", "0,1", "0,2", "1,2", "2,2", "3,2"]);
  assert.equal(t.dist(at(0, 0), at(3, 2)), 5);
  assert.equal(t.next(at(0, 2), at(3, 2)), at(1, 2));
  // 3,0 -> 2,2: open, H_1 the diagonal; 2,0 -> 0,2: the box holds the walls.
  assert.equal(t.next(at(3, 0), at(2, 2)), at(2, 1));
  assert.equal(t.dist(at(2, 0), at(0, 2)), 4); // around the wall: 2,1 2,2 1,2 0,2
});
