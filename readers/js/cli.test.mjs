// driver.mjs against `pathtable query` on tables the CLI builds: every
// layout (flat, run-length, windowed), format versions 1 and 2
// (-graph-bins) and 3, the movement models, graph levels; all pairs of
// the small levels and sampled pairs of the shared maps, plus lines the
// CLI refuses. Answers must be byte for byte the CLI's, bad lines the same
// lines, exit statuses the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { openTable } from "./pathtable.mjs";
import { root, shared, pathtable, noGo, build, cliQuery, driverQuery, badLines, pairs, read, has } from "./testutil.mjs";

const gridFlags = [
  [],
  ["-diagonal", "10/14"],
  ["-connect", "4"],
  ["-compress"],
  ["-compress", "-diagonal", "10/14"],
  ["-compress", "-connect", "4"],
  ["-window", "2"],
  ["-window", "3", "-diagonal", "10/14"],
  ["-window", "3", "-connect", "4"],
  ["-graph-bins"],
  ["-diagonal", "10/14", "-graph-bins"],
  ["-compress", "-graph-bins"],
  ["-window", "3", "-connect", "4", "-graph-bins"],
];

// Lines the CLI refuses or answers specially, by level.
const extra = {
  "tiny.grid": ["0,0 1,2", "0,0 2,0", "2,0 0,0", "0,0 1,0", "0,0 3,3", "0,0 x", "0,0", "0,0 1,2 2,2", "# a comment", "", "  0,0\t1,2  ", "+0,00 1,2"],
  "maze.grid": ["0,0 11,7", "1,1 0,0", "0,0 12,0", "0,0 0,-1", "0,0 99999999999999999999,0"],
  "small.map": ["1,1 8,6", "0,0 1,1", "1,1 5,1", "1,1 1,1,1"],
  "unreachable.grid": ["0,0 7,4", "7,4 0,0", "0,0 3,4", "4,0 0,0"],
  "zero.json": ["a island", "island a", "a d", "a nowhere"],
  "lecture.gr": ["1 5", "5 1", "1 7", "0 1", "1"],
};

function levels() {
  const out = [["examples/tiny.grid", gridFlags]];
  for (const dir of ["testdata", "examples/c/levels"]) {
    for (const f of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${f}`;
      if (/\.(grid|map)$/.test(f)) out.push([path, gridFlags]);
      else if (/\.(gr|json)$/.test(f)) out.push([path, [[], ["-compress"]]]);
    }
  }
  return out;
}

// compare asks both the lines of queries on table and checks the answers
// alike; it returns how many lines were answered.
function compare(table, queries) {
  const input = queries.join("\n") + "\n";
  const want = cliQuery(table, input);
  const got = driverQuery(table, input);
  assert.equal(got.stdout, want.stdout, `${table}: answers differ`);
  assert.deepEqual(badLines(got.stderr), badLines(want.stderr), `${table}: bad lines differ:\n${got.stderr}\n---\n${want.stderr}`);
  assert.equal(got.status, want.status, `${table}: exit status`);
  return want.stdout.split("\n").length - 1;
}

// idsOf lists a table's node ids, as the reader names them.
function idsOf(table) {
  const t = openTable(read(table));
  const ids = [];
  for (let u = 0; u < t.nodeCount; u++) ids.push(t.nameOf(u));
  return ids;
}

for (const [level, flagSets] of levels()) {
  test(`${level}: driver.mjs answers as pathtable query`, (t) => {
    if (!pathtable()) return t.skip(noGo);
    const name = level.split("/").pop();
    let answered = 0;
    for (const flags of flagSets) {
      let table;
      try {
        table = build(level, flags);
      } catch (e) {
        // A level a layout refuses (zero-cost edges in a run-length table, say).
        t.diagnostic(`not built: ${e.message.split("\n")[0]}`);
        continue;
      }
      answered += compare(table, [...pairs(idsOf(table), 900), ...(extra[name] || [])]);
    }
    assert.ok(answered > 0);
  });
}

// The shared maps: sampled pairs, every layout (flat only where it is small).
const maps = [
  ["den312d.map", [[], ["-compress"], ["-window", "8"]]],
  ["maze-128-128-2.map", [["-compress"], ["-window", "6"]]],
  ["arena.map", [["-compress", "-connect", "4"]]],
];
for (const [map, flagSets] of maps) {
  test(`../shared/testmaps/${map}: driver.mjs answers as pathtable query on 1,000 pairs`, (t) => {
    if (!pathtable()) return t.skip(noGo);
    const level = join(shared, "testmaps", map);
    if (!has(level)) return t.skip("../shared/testmaps is absent");
    for (const flags of flagSets) {
      const table = build(level, flags);
      assert.equal(compare(table, pairs(idsOf(table), 1000)), 1000);
    }
  });
}

test("query lines: pathtable's longest line, comments, blank lines, spaces of every kind", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const table = build("examples/tiny.grid");
  const long = (k) => `0,0 ${" ".repeat(k - 7)}1,2`; // k bytes
  for (const lines of [
    ["0,0 1,2", long(65536), "0,0 1,2"],
    ["0,0 1,2", long(65537), "0,0 1,2"],
    ["0,0\t1,2\r", "# 0,0 1,2", "   ", "0,0\u00a01,2", "0,0\u20281,2", "-0,+0 0001,2", "0,0 1 ,2"],
  ]) {
    compare(table, lines);
  }
});

test("a table the reader refuses: one line on stderr, nothing on stdout, exit 1", () => {
  const r = driverQuery(join(root, "examples", "tiny.grid"), "0,0 1,2\n");
  assert.equal(r.stdout, "");
  assert.equal(r.status, 1);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  assert.match(r.stderr, /not a pathtable table/);
  const missing = driverQuery(join(root, "examples", "nonexistent.ptab"), "");
  assert.equal(missing.status, 1);
  assert.equal(missing.stdout, "");
});

test("version 3 grids: the graph rebuilt from the cells is the graph the -graph-bins twin stores", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const grids = levels().map(([level]) => level).filter((l) => /\.(grid|map)$/.test(l));
  for (const level of grids) {
    for (const model of [[], ["-diagonal", "10/14"], ["-connect", "4"]]) {
      const v3 = openTable(read(build(level, model)));
      const v1 = openTable(read(build(level, [...model, "-graph-bins"])));
      assert.equal(v3.version, 3);
      assert.equal(v1.version, 1);
      for (const k of ["offsets", "targets", "weights", "cells"]) assert.deepEqual(Array.from(v3[k]), Array.from(v1[k]), `${level} ${model}: ${k}`);
      for (let u = 0; u < v1.nodeCount; u++) assert.equal(v3.cellCost(u), v1.cellCost(u), `${level} ${model}: cost of node ${u}`);
    }
  }
});

test("distancesTo: every node's dist to a target, bit for bit, on every layout", (t) => {
  if (!pathtable()) return t.skip(noGo);
  const cases = [
    ["testdata/maze.grid", [[], ["-compress"], ["-window", "2"], ["-compress", "-diagonal", "10/14"], ["-compress", "-graph-bins"]]],
    ["testdata/unreachable.grid", [["-compress"], ["-window", "3", "-connect", "4"]]],
    ["testdata/lecture.gr", [["-compress"]]],
    ["examples/c/levels/float.json", [["-compress"]]],
    ["examples/c/levels/huge.json", [["-compress"]]],
  ];
  for (const [level, flagSets] of cases) {
    for (const flags of flagSets) {
      const tab = openTable(read(build(level, flags)));
      const out = new Float64Array(tab.nodeCount);
      for (let g = 0; g < tab.nodeCount; g++) {
        tab.distancesTo(g, out);
        for (let s = 0; s < tab.nodeCount; s++) assert.ok(Object.is(out[s], tab.dist(s, g)), `${level} ${flags}: ${s} -> ${g}: ${out[s]} vs ${tab.dist(s, g)}`);
      }
      tab.distancesTo(-1, out);
      assert.ok(out.every(Number.isNaN));
    }
  }
});

test("an interactive caller gets each answer before it sends the next line", async () => {
  const { spawn } = await import("node:child_process");
  const { driver } = await import("./testutil.mjs");
  const child = spawn(process.execPath, [driver, join(root, "examples", "tiny-runs-v3.ptab")], { stdio: ["pipe", "pipe", "inherit"] });
  let got = "";
  const answer = () =>
    new Promise((resolve) => {
      const on = (chunk) => {
        got += chunk;
        if (got.endsWith("\n")) {
          child.stdout.off("data", on);
          resolve(got);
          got = "";
        }
      };
      child.stdout.on("data", on);
    });
  child.stdout.setEncoding("utf8");
  child.stdin.write("0,0 1,2\n");
  assert.equal(await answer(), "0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2\n");
  child.stdin.write("0,0 2,0\n");
  assert.equal(await answer(), "0,0 -> 2,0 no path\n");
  child.stdin.end();
  const status = await new Promise((resolve) => child.on("exit", resolve));
  assert.equal(status, 0);
});
