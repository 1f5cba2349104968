// Damaged and hostile tables: the reader refuses each with a
// PathTableError (never another exception, a hang or a huge allocation)
// where the Go reader refuses it, and answers alike where it answers: the
// cases of examples/c/check.sh (bit flips, versions, magic, element
// counts, truncations, trailing bytes, a 5-byte "array of 4 billion",
// tampered bins behind a good checksum), every truncation and every
// single-bit flip of the worked examples, and hand-made documents that
// bend each rule of docs/FORMAT.md's msgpack subset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openTable, PathTableError } from "./pathtable.mjs";
import * as u from "./testutil.mjs";

const { root, read, pathtable, noGo, workDir } = u;
const examples = ["tiny.ptab", "tiny-runs.ptab", "tiny-v3.ptab", "tiny-runs-v3.ptab", "tiny-box.ptab"];
const example = (name) => read(join(root, "examples", name));

let files = 0;
// save writes bytes to a scratch file and returns its path.
function save(bytes) {
  const p = join(workDir(), `d${files++}.ptab`);
  writeFileSync(p, bytes);
  return p;
}

// refuses asserts that the reader refuses bytes with a PathTableError
// (code, when given) and returns it.
function refuses(bytes, label, code) {
  let err = null;
  try {
    openTable(bytes);
  } catch (e) {
    err = e;
  }
  assert.ok(err, `${label}: accepted`);
  assert.ok(err instanceof PathTableError, `${label}: ${err && err.stack}`);
  assert.ok(err.message.length > 0 && !err.message.includes("\n"), `${label}: one line`);
  if (code) assert.equal(err.code, code, `${label}: ${err.message}`);
  return err;
}

// cliRefuses asserts that pathtable refuses the table (exit 1, no answer).
function cliRefuses(bytes, label) {
  if (!pathtable()) return;
  const r = u.cliQuery(save(bytes), "0,0 1,2\n");
  assert.equal(r.status, 1, `${label}: pathtable accepts it: ${r.stdout}`);
  assert.equal(r.stdout, "", label);
}

// bothRefuse asserts that both readers refuse bytes.
function bothRefuse(bytes, label, code) {
  refuses(bytes, label, code);
  cliRefuses(bytes, label);
}

// alike asserts that both readers answer queries on bytes alike (the
// driver's answers, bad lines and exit status those of pathtable query).
function alike(bytes, queries, label) {
  const t = openTable(bytes); // accepted
  assert.ok(t.nodeCount >= 0);
  if (!pathtable()) return;
  const file = save(bytes);
  const input = queries.join("\n") + "\n";
  const want = u.cliQuery(file, input);
  const got = u.driverQuery(file, input);
  assert.equal(got.stdout, want.stdout, label);
  assert.deepEqual(u.badLines(got.stderr), u.badLines(want.stderr), label);
  assert.equal(got.status, want.status, label);
}

const tinyQueries = () => {
  const ids = ["0,0", "2,0", "0,1", "1,1", "0,2", "1,2"];
  return [...u.pairs(ids, 36), "0,0 1,0"];
};

function poke(bytes, at, ...values) {
  const b = Uint8Array.from(bytes);
  b.set(values, at);
  return b;
}

test("check.sh's damaged examples: refused by both readers", () => {
  for (const ex of examples) {
    const b = example(ex);
    const v3 = ex.endsWith("-v3.ptab") || ex === "tiny-box.ptab";
    bothRefuse(poke(b, b.length - 10, 0xff), `${ex} flip`, "checksum");
    bothRefuse(poke(b, 10, v3 ? 4 : 3), `${ex} version`);
    bothRefuse(poke(b, 1, 0x58), `${ex} magic`, "not-table");
    const elements = { "tiny.ptab": 0x9b, "tiny-runs.ptab": 0x9c, "tiny-v3.ptab": 0x99, "tiny-runs-v3.ptab": 0x98, "tiny-box.ptab": 0x98 }[ex];
    bothRefuse(poke(b, 0, elements), `${ex} elements`, "corrupt");
    bothRefuse(b.subarray(0, b.length - 13), `${ex} truncated`, "truncated");
    bothRefuse(Buffer.concat([b, Buffer.from([0])]), `${ex} trailing`, "corrupt");
    const other = { "tiny.ptab": 2, "tiny-runs.ptab": 3 }[ex] ?? 1;
    bothRefuse(poke(b, 10, other), `${ex} other version`);
  }
  const huge = Buffer.concat([Buffer.from([0xdd, 0xff, 0xff, 0xff, 0xff, 0xa8]), Buffer.from("PATHTABL"), Buffer.from([1, 0xc6, 0xff, 0xff, 0xff, 0xff])]);
  bothRefuse(huge, "huge", "corrupt");
});

test("every truncation of the worked examples is refused", () => {
  for (const ex of examples) {
    const b = example(ex);
    for (let n = 0; n < b.length; n++) refuses(b.subarray(0, n), `${ex} cut to ${n}`);
  }
});

test("every single-bit flip of the worked examples is refused, or answered as pathtable does", () => {
  let refused = 0;
  for (const ex of examples) {
    const b = example(ex);
    const c = Uint8Array.from(b);
    for (let i = 0; i < b.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        c[i] = b[i] ^ (1 << bit);
        try {
          openTable(c);
          alike(Uint8Array.from(c), tinyQueries(), `${ex} byte ${i} bit ${bit}`); // Go must accept it too
        } catch (e) {
          assert.ok(e instanceof PathTableError, `${ex} byte ${i} bit ${bit}: ${e.stack}`);
          refused++;
        }
      }
      c[i] = b[i];
    }
  }
  assert.ok(refused > 0);
});

test("the framing in every msgpack form docs/FORMAT.md allows: accepted, answered alike", () => {
  for (const ex of examples) {
    const { version, bins } = u.binsOf(example(ex));
    const forms = [
      { head: "array16" },
      { head: "array32" },
      { magic: "str8" },
      { magic: "str16" },
      { magic: "str32" },
      { version: "u8" },
      { version: "u16" },
      { version: "u64" },
      { version: "i8" },
      { version: "i64" },
      { bin: "bin16" },
      { bin: "bin32" },
      { sum: "u64" },
      { sum: "i64" },
    ];
    for (const opts of forms) alike(u.document(version, bins, opts), tinyQueries(), `${ex} ${JSON.stringify(opts)}`);
    // A checksum of more than 32 bits, or negative: refused.
    const doc = u.document(version, bins, { sum: "u64" });
    bothRefuse(poke(doc, doc.length - 8, 1), `${ex} checksum over 32 bits`, "corrupt");
    const neg = u.document(version, bins, { sum: "i32" });
    bothRefuse(poke(neg, neg.length - 4, 0xff), `${ex} negative checksum`);
  }
});

// withHeader re-encodes tiny-v3.ptab's document with its header entries
// changed by edit (a function of [key, value bytes] entries).
function withHeader(edit, ex = "tiny-v3.ptab", form) {
  const b = example(ex);
  const { version, bins } = u.binsOf(b);
  bins[0] = u.header(edit(u.headerEntries(b)), form);
  return u.document(version, bins);
}
const set = (key, value) => (entries) => entries.map(([k, v]) => [k, k === key ? value : v]);
const drop = (key) => (entries) => entries.filter(([k]) => k !== key);
const add = (...more) => (entries) => [...entries, ...more];

test("header rules: integer forms, unknown keys of any type; wrong types, duplicates, negatives refused", () => {
  const q = tinyQueries();
  const six = (form) => set("nodes", u.mp.uint(6, form));
  for (const form of ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"]) alike(withHeader(six(form)), q, `nodes as ${form}`);
  alike(withHeader((e) => e, "tiny-v3.ptab", "map16"), q, "header as map16");
  alike(withHeader((e) => e, "tiny-v3.ptab", "map32"), q, "header as map32");
  alike(withHeader(set("model", u.mp.str("8-connected, sqrt2 diagonals, no corner cutting", "str32"))), q, "model as str32");
  alike(withHeader(drop("model")), q, "no model");
  const unknown = [
    u.mp.nil(),
    Buffer.from([0xc2]),
    Buffer.from([0xc3]),
    Buffer.from([0xca, 0, 0, 0, 0]),
    Buffer.from([0xcb, 0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0xff]), // -1
    Buffer.from([0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    u.mp.bin([1, 2, 3]),
    Buffer.from([0xc7, 2, 5, 1, 2]), // ext8
    Buffer.from([0xd5, 5, 1, 2]), // fixext2
    u.mp.raw(u.mp.arrayHead(2), u.mp.str("a"), u.mp.uint(1)),
    u.mp.raw(u.mp.mapHead(1, "map16"), u.mp.str("a"), u.mp.arrayHead(0)),
  ];
  unknown.forEach((v, i) => alike(withHeader(add(["future", v])), q, `unknown key of value ${i}`));
  alike(withHeader(add([u.mp.uint(7), u.mp.str("x")])), q, "a key that is not a str");
  alike(withHeader(add([u.mp.nil(), u.mp.nil()])), q, "a nil key");
  // Nesting: the header map is depth 1; 32 deep is the limit.
  const nested = (depth) => {
    let v = u.mp.uint(0);
    for (let i = 0; i < depth; i++) v = u.mp.raw(u.mp.arrayHead(1), v);
    return v;
  };
  alike(withHeader(add(["deep", nested(30)])), q, "nested 31 deep");
  bothRefuse(withHeader(add(["deep", nested(31)])), "nested 32 deep", "corrupt");
  bothRefuse(withHeader(add(["deep", nested(10000)])), "nested 10000 deep", "corrupt");

  bothRefuse(withHeader(add(["nodes", u.mp.uint(6)])), "nodes twice", "corrupt");
  bothRefuse(withHeader(set("nodes", Buffer.from([0xd0, 0xfa]))), "nodes -6", "corrupt");
  bothRefuse(withHeader(set("nodes", Buffer.from([0xfa]))), "nodes as negative fixint", "corrupt");
  bothRefuse(withHeader(set("nodes", u.mp.str("6"))), "nodes as str", "corrupt");
  bothRefuse(withHeader(set("nodes", u.mp.nil())), "nodes nil", "corrupt");
  bothRefuse(withHeader(set("nodes", Buffer.from([0xcb, 0x40, 0x18, 0, 0, 0, 0, 0, 0]))), "nodes as float64 6.0", "corrupt");
  bothRefuse(withHeader(set("kind", u.mp.bin(Buffer.from("grid")))), "kind as bin", "corrupt");
  bothRefuse(withHeader(set("kind", u.mp.str("grId"))), "kind grId", "corrupt");
  bothRefuse(withHeader(set("names", u.mp.raw(u.mp.arrayHead(0)))), "a grid with names", "corrupt");
  bothRefuse(withHeader(set("names", u.mp.uint(0))), "names as int", "corrupt");
  bothRefuse(withHeader(set("connect", u.mp.uint(6))), "connect 6", "corrupt");
  bothRefuse(withHeader(set("diagonal", u.mp.str("sqrt3"))), "diagonal sqrt3", "corrupt");
  bothRefuse(withHeader(set("metric", u.mp.str("int"))), "metric int with octile16", "corrupt");
  bothRefuse(withHeader(set("dist_kind", u.mp.str("u16"))), "dist_kind u16 of octile", "corrupt");
  bothRefuse(withHeader(set("dist_kind", u.mp.str("u8"))), "dist_kind u8", "corrupt");
  bothRefuse(withHeader(set("first_enc", u.mp.str("u16"))), "first_enc u16", "corrupt");
  bothRefuse(withHeader(set("width", u.mp.uint(0))), "width 0", "corrupt");
  bothRefuse(withHeader(set("width", u.mp.uint(2 ** 24 + 1))), "width 2^24+1", "corrupt");
  bothRefuse(withHeader(set("edges", u.mp.uint(13))), "an edge fewer", "corrupt");
  bothRefuse(withHeader(add(["clearance", u.mp.uint(1)])), "clearance 1", "corrupt");
  bothRefuse(withHeader(add(["clearance", u.mp.uint(4)])), "clearance 4 on 3x3", "corrupt");
  bothRefuse(withHeader(add(["window", u.mp.uint(2)])), "window in a flat table", "corrupt");
  bothRefuse(withHeader(add(["runs", u.mp.uint(2)])), "runs in a flat table", "corrupt");
  bothRefuse(withHeader(add(["row_bytes", u.mp.uint(1)])), "row_bytes in a flat table", "corrupt");
  bothRefuse(withHeader(add(["layout", u.mp.str("window")])), "layout window in an 8-element flat document", "corrupt");
  bothRefuse(withHeader(add(["layout", u.mp.str("flat")])), "layout flat", "corrupt");
  // Clearance 2 is readable (and the grid the same): ids of cells that are
  // no node say why.
  alike(withHeader(add(["clearance", u.mp.uint(2)])), q, "clearance 2");
});

test("hostile counts and sizes: refused at once, with no allocation the file does not warrant", () => {
  const before = process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  const cases = [
    ["a header map of 2^32-1 entries", withHeader((e) => e, "tiny-v3.ptab", "map32"), (b) => {
      const d = u.split(b);
      b.set([0xff, 0xff, 0xff, 0xff], d.bins[2].at + 1);
      return u.reseal(b);
    }],
    ["an unknown array of 2^32-1", withHeader(add(["x", u.mp.raw(u.mp.arrayHead(2 ** 32 - 1, "array32"))])), (b) => b],
    ["an unknown str of 2^32-1 bytes", withHeader(add(["x", Buffer.from([0xdb, 0xff, 0xff, 0xff, 0xff])])), (b) => b],
    ["nodes 46340 in a flat table", withHeader(set("nodes", u.mp.uint(46340))), (b) => b],
    ["nodes 2^24 in a run-length table", withHeader(set("nodes", u.mp.uint(2 ** 24)), "tiny-runs-v3.ptab"), (b) => b],
    ["runs 2^30 in a run-length table", withHeader(set("runs", u.mp.uint(2 ** 30)), "tiny-runs.ptab"), (b) => b],
    ["a grid of 4096x4096", withHeader((e) => set("height", u.mp.uint(4096))(set("width", u.mp.uint(4096))(e))), (b) => b],
  ];
  for (const [label, doc, edit] of cases) bothRefuse(edit(Uint8Array.from(doc)), label);
  // A graph whose names array declares 2^32-1 names.
  if (pathtable()) {
    const g = read(u.build("testdata/lecture.gr"));
    const entries = u.headerEntries(g).map(([k, v]) => [k, k === "names" ? u.mp.raw(u.mp.arrayHead(2 ** 32 - 1, "array32")) : v]);
    const { version, bins } = u.binsOf(g);
    bins[0] = u.header(entries);
    bothRefuse(u.document(version, bins), "names of 2^32-1", "corrupt");
  }
  // A bin that declares 4 GiB, each in turn.
  const b = example("tiny.ptab");
  const d = u.split(b);
  for (let e = 2; e < d.count - 1; e++) {
    const head = d.bins[e].at - (d.bins[e].len < 256 ? 2 : 3);
    const big = Buffer.concat([b.subarray(0, head), Buffer.from([0xc6, 0xff, 0xff, 0xff, 0xff]), b.subarray(d.bins[e].at)]);
    refuses(big, `element ${e} of 4 GiB`);
  }
  assert.ok(performance.now() - t0 < 5000, "refusals take milliseconds");
  assert.ok(process.memoryUsage().arrayBuffers - before < 64 << 20, "no large allocation");
});

// The tampered tables of check.sh: damage behind a good checksum that only
// a reader's own checks catch. [table, level, flags].
const tables = {
  "lecture.gr": ["testdata/lecture.gr", []],
  "lecture.gr.runs": ["testdata/lecture.gr", ["-compress"]],
  tiny: ["examples/tiny.grid", []],
  "tiny.runs": ["examples/tiny.grid", ["-compress"]],
  "tiny.win": ["examples/tiny.grid", ["-window", "1"]],
  "tiny.g": ["examples/tiny.grid", ["-graph-bins"]],
  "tiny.g.runs": ["examples/tiny.grid", ["-compress", "-graph-bins"]],
  "tiny.g.win": ["examples/tiny.grid", ["-window", "1", "-graph-bins"]],
  "maze.grid.1014.g": ["testdata/maze.grid", ["-diagonal", "10/14", "-graph-bins"]],
  "maze.grid.g.runs": ["testdata/maze.grid", ["-compress", "-graph-bins"]],
  "maze.grid.runs": ["testdata/maze.grid", ["-compress"]],
  "maze.grid.4.g.win": ["testdata/maze.grid", ["-window", "3", "-connect", "4", "-graph-bins"]],
  "maze.grid.win": ["testdata/maze.grid", ["-window", "2"]],
};
const built = {};
const table = (name) => (built[name] ??= read(u.build(tables[name][0], tables[name][1])));

test("tampered tables (check.sh): refused by both readers", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const refused = [
    ["lecture.gr", 2, "=a132", "a131", "duplicate names"],
    ["lecture.gr.runs", 2, "=a132", "a131", "duplicate names"],
    ["tiny.runs", 2, "=a472756e73", "a472756e67", "layout rung"],
    ["tiny.runs", 2, "=aa72756e73313278346863", "aa72756e73313278356863", "first_enc runs12x5hc"],
    ["tiny.runs", 2, "=aa72756e73313278346863", "aa72756e73333278346863", "first_enc runs32x4hc, bins of runs12x4hc"],
    ["tiny.runs", 2, "=aa72756e73313278346863", "aa72756e73313678346863", "first_enc runs16x4hc, bins of runs12x4hc"],
    // 12-bit runs (start << 4 | move): run 1's start at 4095, and equal to run 0's in row 1
    // (tiny.runs's rows: none, then one run each: 0x0020, 0x0018 x 4).
    ["tiny.runs", 7, 2, "f8ff", "12-bit: a start of 4095"],
    ["tiny.runs", 7, 2, "6800", "12-bit: a start at the node count"],
    ["tiny.runs", 2, "=a472756e7305", "a472756e7304", "runs 4 of 5"],
    ["tiny.g.runs", 9, 2, "0100", "order repeats a node"],
    ["tiny.runs", 5, 2, "0100", "format 3: order repeats a node"],
    ["tiny.runs", 5, 0, "00000100", "format 3: order splits a component"],
    ["lecture.gr", 2, "=a5776964746800", "a5776964746803", "graph of width 3"],
    ["lecture.gr.runs", 2, "=a5776964746800", "a5776964746803", "graph of width 3"],
    ["lecture.gr", 2, "=a7636f6e6e65637400", "a7636f6e6e656374ff", "graph connect -1"],
    ["lecture.gr.runs", 2, "=a7636f6e6e65637400", "a7636f6e6e656374ff", "graph connect -1"],
    ...["tiny", "tiny.runs", "tiny.win", "tiny.g", "tiny.g.runs", "tiny.g.win"].map((n) => [n, 2, "=a8646961676f6e616c", "a8646961676f6e616d", "no diagonal"]),
    ...["tiny.g", "tiny.g.runs", "tiny.g.win"].map((n) => [n, 5, 0, "000000000000f83f", "octile cost 1.5"]),
    ["maze.grid.1014.g", 5, 0, "0000000000002540", "integer cost 10.5"],
    ["tiny.g.runs", 9, 0, "0600", "order names node 6 of 6"],
    ["tiny.g.runs", 10, 4, "ff000000", "row ends before it starts"],
    ["tiny.g.runs", 10, -4, "0e000000", "rows end before the runs"],
    ["tiny.runs", 6, 4, "ff", "format 3: row counts past the runs"],
    ["tiny.runs", 6, -1, "00", "format 3: row counts short of the runs"],
    ["tiny.runs", 2, "=a9726f775f627974657301", "a9726f775f627974657303", "format 3: row_bytes 3"],
    ["tiny.runs", 2, "=a9726f775f627974657301", "a9726f775f627974657302", "format 3: row_bytes 2, bin of 1-byte counts"],
    ...["tiny", "tiny.runs", "tiny.win"].flatMap((n) => [
      [n, 3, 0, "dc", "a cell closed"],
      [n, 3, 0, "df", "a wall opened"],
      [n, 3, 1, "02", "an open bit past the grid"],
      [n, 4, 0, "10", "a cost of 0"],
      [n, 4, 1, "a1", "a cost of 10"],
      [n, 2, "=a7636f6e6e65637408", "a7636f6e6e65637406", "6-connected"],
      [n, 2, "=a565646765730e", "a565646765730d", "an edge fewer"],
    ]),
    // More than check.sh: a target outside the graph, offsets that
    // decrease, a cell out of order, a NaN and an infinite cost.
    ["tiny.g", 4, 0, "06000000", "an edge to node 6 of 6"],
    ["tiny.g", 3, 8, "00000000", "offsets decrease"],
    ["tiny.g", 6, 4, "00000000", "cells out of order"],
    ["tiny.g", 5, 0, "000000000000f87f", "a NaN cost"],
    ["tiny.g", 5, 0, "000000000000f07f", "an infinite cost"],
  ];
  for (const [name, elem, at, hex, label] of refused) bothRefuse(u.tamper(table(name), elem, at, hex), `${name}: ${label}`);
});

test("tampered tables (check.sh): runs and windows that name no move, answered alike", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const answered = [
    ["tiny.g.runs", 11, -8, "ee"],
    ["tiny.g.runs", 11, -6, "ff"],
    ["tiny.g.runs", 11, 2, "ffff"],
    // tiny.runs's 12-bit runs (0x0020, 0x0018 x 4): run 1's move 14, run 2's no path.
    ["tiny.runs", 7, 2, "1e"],
    ["tiny.runs", 7, 4, "1f"],
    ["maze.grid.g.runs", 11, -179, "ee"],
    ["maze.grid.g.runs", 11, 200, "0000"],
    ["lecture.gr.runs", 11, -5, "77"],
    ["maze.grid.4.g.win", 9, 0, "9999999999999999"],
    ["maze.grid.win", 5, 0, "9999999999999999"],
    ["maze.grid.win", 5, 300, "0000000000000000"],
    // A flat table whose first moves loop (n0 -> n2 -> n0) or name no edge.
    ["tiny.g", 9, 30 + 2, "00"],
    ["tiny", 5, 30 + 2, "07"],
  ];
  // maze.grid.runs's 12-bit runs: moves that name no edge or no path, starts kept.
  const moves = [];
  for (const [run, m] of [[40, 14], [100, 15], [7, 7], [200, 13]]) {
    const good = table("maze.grid.runs");
    const runs = u.split(good).bins[7];
    const b = Uint8Array.from(good);
    const at = runs.at + 2 * (run % (runs.len / 2));
    b[at] = (b[at] & 0xf0) | m;
    u.reseal(b);
    moves.push(["maze.grid.runs", 7, `run ${run} move ${m}`, null, b]);
  }
  for (const [name, elem, at, hex, tampered] of [...answered, ...moves]) {
    const bytes = tampered ?? u.tamper(table(name), elem, at, hex);
    const t0 = openTable(bytes);
    const ids = [];
    for (let v = 0; v < t0.nodeCount; v++) ids.push(t0.nameOf(v));
    alike(bytes, u.pairs(ids, 900), `${name} tampered ${elem}@${at}`);
  }
});

test("random damage behind a good checksum: refused, or answered without a throw or a hang, as pathtable does", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const names = ["tiny", "tiny.runs", "tiny.win", "tiny.g", "tiny.g.runs", "tiny.g.win", "lecture.gr", "lecture.gr.runs", "maze.grid.runs", "maze.grid.g.runs", "maze.grid.win"];
  let s = 99;
  const rand = (k) => (s = (s * 1103515245 + 12345) % 2147483648) % k;
  let accepted = 0;
  let refused = 0;
  for (const name of names) {
    const good = table(name);
    const d = u.split(good);
    for (let i = 0; i < 120; i++) {
      const b = Uint8Array.from(good);
      for (let k = 1 + rand(3); k > 0; k--) {
        let e;
        do e = 2 + rand(d.count - 3);
        while (d.bins[e].len === 0);
        b[d.bins[e].at + rand(d.bins[e].len)] = rand(4) === 0 ? 0xff : rand(256);
      }
      u.reseal(b);
      let tab = null;
      try {
        tab = openTable(b);
      } catch (e) {
        assert.ok(e instanceof PathTableError, `${name} #${i}: ${e.stack}`);
      }
      // Ask pathtable about the first files of each table: the same verdict, the same answers.
      if (i < 12) {
        if (tab) alike(b, u.pairs(Array.from({ length: tab.nodeCount }, (_, v) => tab.nameOf(v)), 400), `${name} #${i}`);
        else cliRefuses(b, `${name} #${i}`);
      }
      if (!tab) {
        refused++;
        continue;
      }
      accepted++;
      const out = new Int32Array(tab.maxPathNodes);
      const dists = new Float64Array(tab.nodeCount);
      for (let g = 0; g < tab.nodeCount; g += 11) {
        tab.distancesTo(g, dists);
        for (let a = 0; a < tab.nodeCount; a++) assert.ok(Object.is(dists[a], tab.dist(a, g)), `${name} #${i}: distancesTo`);
      }
      for (let a = 0; a < tab.nodeCount; a += 7) {
        for (let g = 0; g < tab.nodeCount; g += 5) {
          const k = tab.path(a, g, out);
          assert.ok(k >= 0 && k <= tab.maxPathNodes);
          tab.next(a, g);
          tab.dist(a, g);
        }
      }
    }
  }
  t.diagnostic(`${accepted} accepted, ${refused} refused`);
  assert.ok(accepted > 0 && refused > 0);
});
