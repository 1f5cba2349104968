// overlay.bench.mjs: times the overlay on the door scenario of Go's
// BenchmarkOverlayDoor (lookup/overlay_bench_test.go): for every 16th
// scenario of a Moving AI .scen file, block the middle cell of the table's
// path, answer the whole path through the overlay, unblock; repeated until
// at least 1 s has passed. Also the same pairs with nothing blocked.
//
//   node readers/js/overlay.bench.mjs TABLE MAP.scen
//
// Prints one line per measure: pairs, ns per query, mean path nodes.
import { readFileSync } from "node:fs";
import { openTable } from "./pathtable.mjs";
import { Overlay } from "./overlay.mjs";

const [tablePath, scenPath] = process.argv.slice(2);
if (!tablePath || !scenPath) {
  console.error("usage: node readers/js/overlay.bench.mjs TABLE MAP.scen");
  process.exit(2);
}
const t = openTable(new Uint8Array(readFileSync(tablePath)));
const lines = readFileSync(scenPath, "utf8").split("\n").slice(1).filter(Boolean);
const out = new Int32Array(t.maxPathNodes);
const cases = [];
for (let i = 0; i < lines.length; i += 16) {
  const f = lines[i].split(/\s+/);
  const s = t.nodeAt(Number(f[4]), Number(f[5]));
  const g = t.nodeAt(Number(f[6]), Number(f[7]));
  if (s < 0 || g < 0) continue;
  const k = t.path(s, g, out);
  if (k < 3) continue;
  cases.push({ s, g, door: out[k >> 1] });
}

function time(name, fn) {
  for (const c of cases) fn(c); // warm up
  let n = 0;
  let nodes = 0;
  const t0 = process.hrtime.bigint();
  let el = 0n;
  do {
    for (const c of cases) nodes += fn(c);
    n += cases.length;
    el = process.hrtime.bigint() - t0;
  } while (el < 1_000_000_000n);
  console.log(`${name}: pairs=${cases.length} ns_per_query=${(Number(el) / n).toFixed(0)} mean_nodes=${(nodes / n).toFixed(1)}`);
}

const ov = new Overlay(t);
time(`${t.layout} table path`, (c) => t.path(c.s, c.g, out));
time(`${t.layout} overlay door (block, path, unblock)`, (c) => {
  ov.block(c.door);
  const k = ov.path(c.s, c.g, out);
  ov.unblock(c.door);
  return k;
});
