// The reader's API on the worked examples of docs/FORMAT.md
// (examples/*.ptab): node lookup both ways, next, dist, path into a
// caller's buffer, edges; and the helpers (CRC-32C, cost printing).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openTable, crc32c, formatCost, PathTableError } from "./pathtable.mjs";
import { root, read } from "./testutil.mjs";

const SQRT2 = 1.4142135623730951;
const examples = [
  { file: "tiny.ptab", version: 1, layout: "flat" },
  { file: "tiny-runs.ptab", version: 2, layout: "runs" },
  { file: "tiny-v3.ptab", version: 3, layout: "flat" },
  { file: "tiny-runs-v3.ptab", version: 3, layout: "runs" },
];

test("crc32c: the check value of 123456789 is 0xE3069283", () => {
  assert.equal(crc32c(new TextEncoder().encode("123456789")), 0xe3069283);
  // Continued in pieces, any split gives the same.
  const b = new TextEncoder().encode("123456789abcdefghijklmnop");
  const whole = crc32c(b);
  for (let i = 0; i <= b.length; i++) assert.equal(crc32c(b, crc32c(b, 0, 0, i), i), whole);
});

test("formatCost prints as Go's FormatFloat(v, 'f', -1, 64)", () => {
  const cases = [
    [0, "0"],
    [2, "2"],
    [2.414213562373095, "2.414213562373095"],
    [1e21, "1000000000000000000000"],
    [1.5e22, "15000000000000000000000"],
    [1e-7, "0.0000001"],
    [1.2345e-9, "0.0000000012345"],
    [Infinity, "+Inf"],
  ];
  for (const [v, want] of cases) assert.equal(formatCost(v), want, String(v));
  for (const v of [1e21, 3.3e-7, 123456789e15, 5e-324]) assert.equal(Number(formatCost(v)), v);
});

for (const ex of examples) {
  test(`${ex.file}: the worked example`, () => {
    const bytes = read(join(root, "examples", ex.file));
    // From a Buffer, an ArrayBuffer at an odd offset, and a plain ArrayBuffer alike.
    const odd = new Uint8Array(bytes.length + 1);
    odd.set(bytes, 1);
    for (const input of [bytes, odd.subarray(1), Uint8Array.from(bytes).buffer]) {
      const t = openTable(input);
      assert.equal(t.version, ex.version);
      assert.equal(t.layout, ex.layout);
      assert.equal(t.nodeCount, 6);
      assert.equal(t.edgeCount, 14);
      assert.equal(t.width, 3);
      assert.equal(t.height, 3);
      assert.equal(t.isGrid, true);
      assert.equal(t.connect, 8);
      assert.equal(t.diagonal, "sqrt2");
      assert.equal(t.model, "8-connected, sqrt2 diagonals, no corner cutting");
      // Nodes at cells 0, 2, 3, 4, 6, 7; (1,0), (2,1), (2,2) are walls.
      const cells = [[0, 0], [2, 0], [0, 1], [1, 1], [0, 2], [1, 2]];
      cells.forEach(([x, y], u) => {
        assert.equal(t.nodeAt(x, y), u);
        assert.deepEqual(t.cellOf(u), [x, y]);
        assert.equal(t.xOf(u), x);
        assert.equal(t.yOf(u), y);
        assert.equal(t.nameOf(u), `${x},${y}`);
        assert.equal(t.nodeByName(`${x},${y}`), u);
      });
      for (const [x, y] of [[1, 0], [2, 1], [2, 2], [-1, 0], [3, 0], [0, 3], [0.5, 0]]) assert.equal(t.nodeAt(x, y), -1);
      assert.equal(t.nodeByName(" 1 , 2 "), 5); // spaces around the numbers, as pathtable allows
      assert.equal(t.nodeByName("+1,002"), 5);
      for (const bad of ["1,0", "3,3", "x", "1,2,3", "", "1;2"]) assert.equal(t.nodeByName(bad), -1, bad);
      assert.throws(() => t.node("1,0"), { name: "PathTableError", code: "bad-id", message: "cell 1,0 is a wall, not a node" });
      assert.throws(() => t.node("0,9"), { message: "cell 0,9 is outside the 3x3 grid" });
      assert.throws(() => t.node("x"), { message: 'bad cell "x": want x,y' });
      assert.equal(t.nameOf(6), "");
      assert.equal(t.cellOf(-1), null);
      // Costs of entering: (1,1) costs 2 (version 3 tables carry them, the others tell them by the edges).
      assert.deepEqual([0, 1, 2, 3, 4, 5].map((u) => t.cellCost(u)), [1, 1, 1, 2, 1, 1]);

      // Edges: node 2 (0,1) has N n0 (1), E n3 (2), SE n5 (sqrt2), S n4 (1).
      const edges = [];
      t.forEachEdge(2, (to, cost, slot) => edges.push([to, cost, slot]));
      assert.deepEqual(edges, [[0, 1, 0], [3, 2, 1], [5, SQRT2, 2], [4, 1, 3]]);
      assert.equal(t.degree(1), 0);
      assert.equal(t.edgeCost(4, 3), 2 * SQRT2);
      assert.ok(Number.isNaN(t.edgeCost(0, 5)));
      assert.deepEqual(Array.from(t.offsets), [0, 1, 1, 5, 8, 11, 14]);

      // 0,0 -> 1,2: n0 n2 n5, cost 1 + sqrt2.
      const out = new Int32Array(t.maxPathNodes);
      assert.equal(t.path(0, 5, out), 3);
      assert.deepEqual(Array.from(out.subarray(0, 3)), [0, 2, 5]);
      assert.equal(t.dist(0, 5), 1 + SQRT2);
      assert.equal(t.dist(0, 5), 2.414213562373095);
      assert.equal(t.next(0, 5), 2);
      assert.equal(t.next(2, 5), 5);
      // A buffer too short: -k, and its prefix.
      const short = new Int32Array(2);
      assert.equal(t.path(0, 5, short), -3);
      assert.deepEqual(Array.from(short), [0, 2]);
      assert.equal(t.path(0, 5, []), -3);
      const arr = [];
      arr.length = 3;
      assert.equal(t.path(0, 5, arr), 3);
      assert.deepEqual(arr, [0, 2, 5]);
      // 0,0 -> 2,0: no path (node 1 is walled in).
      assert.equal(t.path(0, 1, out), 0);
      assert.equal(t.dist(0, 1), Infinity);
      assert.equal(t.next(0, 1), -1);
      assert.equal(t.covered(0, 1), true);
      // s = t: a path of one node, cost 0, no next.
      assert.equal(t.path(3, 3, out), 1);
      assert.equal(out[0], 3);
      assert.equal(t.dist(3, 3), 0);
      assert.equal(t.next(3, 3), -1);
      // Ids out of range never throw.
      for (const [a, b] of [[-1, 0], [0, 6], [6, 6], [1e9, 0], [0.5, 1], [NaN, 0]]) {
        assert.equal(t.path(a, b, out), 0);
        assert.equal(t.next(a, b), -1);
        assert.ok(Number.isNaN(t.dist(a, b)));
        assert.equal(t.covered(a, b), false);
      }
      // Every pair: path, next and dist agree with each other.
      for (let s = 0; s < 6; s++) {
        for (let g = 0; g < 6; g++) {
          const k = t.path(s, g, out);
          if (k === 0) {
            assert.equal(t.dist(s, g), Infinity);
            assert.equal(t.next(s, g), -1);
            continue;
          }
          assert.equal(out[0], s);
          assert.equal(out[k - 1], g);
          assert.equal(t.next(s, g), k > 1 ? out[1] : -1);
          let sum = 0;
          for (let i = 1; i < k; i++) sum += t.edgeCost(out[i - 1], out[i]);
          assert.ok(Math.abs(sum - t.dist(s, g)) < 1e-9, `${s}->${g}`);
        }
      }
    }
  });
}

test("the header's fields are the file's", () => {
  const t = openTable(read(join(root, "examples", "tiny-runs.ptab")));
  assert.equal(t.header.first_enc, "runs16x4");
  assert.equal(t.header.runs, 15);
  assert.equal(t.header.layout, "runs");
  assert.equal(t.header.source, "tiny.grid");
  assert.equal(t.header.names, null);
  assert.ok(Object.isFrozen(t.header));
  assert.equal(openTable(read(join(root, "examples", "tiny-runs-v3.ptab"))).header.first_enc, "runs12x4hc");
});

test("openTable refuses what is not bytes with a TypeError, and empty bytes as no table", () => {
  assert.throws(() => openTable("PATHTABL"), TypeError);
  assert.throws(() => openTable(null), TypeError);
  assert.throws(() => openTable(new Uint8Array(0)), (e) => e instanceof PathTableError && e.code === "not-table");
});
