// check.mjs: the viewer's browser test. It builds a table of a level with
// the CLI, serves the repository on localhost (serve.mjs), opens the viewer
// in headless Chromium (Playwright's core driving /usr/bin/chromium), clicks
// two cells and checks the path and cost the page shows against
// `pathtable path` (cost bit for bit as float64, path node for node); then
// blocks a cell on that path with a right-click and checks the new answer
// against `pathtable path -block` (cost bit for bit; the path valid: its
// moves are edges of the level, it avoids the blocked cell and cuts none of
// its corners, and its costs add up to the cost). Before that it
// shift-clicks the goal for the heat map and checks every node's distance
// in it against the CLI's. It saves screenshots and prints their paths.
//
//   node examples/web/check.mjs [-pathtable BIN] [-level FILE] [-build "FLAGS"] [-screenshot PNG] [-graph LEVEL|""]
//
// -graph names a graph level (default testdata/waypoints.json; "" skips
// it) whose table the page opens too: two clicks on nodes and a blocked
// node, checked against the CLI the same way, and a screenshot.
//
// Run it through check.sh, which installs what is missing. Exit status 0
// when every answer matches.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { openTable } from "../../readers/js/pathtable.mjs";
import { Overlay, graphOf } from "../../readers/js/overlay.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const began = Date.now();

const opt = {
  pathtable: "",
  level: existsSync(join(root, "..", "shared", "testmaps", "den312d.map"))
    ? join(root, "..", "shared", "testmaps", "den312d.map")
    : join(root, "testdata", "maze.grid"),
  build: "",
  screenshot: "/tmp/pathtable-viewer.png",
  graph: join(root, "testdata", "waypoints.json"),
  browser: process.env.CHROMIUM || "/usr/bin/chromium",
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const k = argv[i].replace(/^-+/, "");
  if (!(k in opt) || i + 1 >= argv.length) {
    console.error(`check.mjs: unknown or incomplete argument ${argv[i]}`);
    console.error('usage: node examples/web/check.mjs [-pathtable BIN] [-level FILE] [-build "FLAGS"] [-screenshot PNG] [-graph LEVEL|""] [-browser CHROMIUM]');
    process.exit(2);
  }
  opt[k] = argv[i + 1];
}

const say = (...a) => console.log("check.mjs:", ...a);
let failures = 0;
function fail(msg) {
  failures++;
  console.error(`check.mjs: FAIL: ${msg}`);
}

const tmp = mkdtempSync(join(tmpdir(), "pathtable-web-"));
let server = null;
let context = null;
async function cleanup() {
  if (context) await context.close().catch(() => {});
  if (server) server.kill();
  rmSync(tmp, { recursive: true, force: true });
}

try {
  await main();
} catch (e) {
  fail(e && e.stack ? e.stack : String(e));
}
await cleanup();
say(`${failures === 0 ? "ok" : `${failures} failure(s)`} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
process.exit(failures === 0 ? 0 : 1);

async function main() {
  // --- the table, built by the CLI --------------------------------------
  let pt = opt.pathtable;
  if (!pt) {
    pt = join(tmp, "pathtable");
    execFileSync("go", ["build", "-o", pt, "./cmd/pathtable"], { cwd: root, stdio: "inherit" });
  }
  const tablePath = join(tmp, "level.ptab");
  const flags = opt.build.split(/\s+/).filter(Boolean);
  execFileSync(pt, ["build", "-quiet", ...flags, "-o", tablePath, opt.level], { stdio: ["ignore", "ignore", "inherit"] });
  const cli = (...args) => execFileSync(pt, args, { encoding: "utf8" }).trim();
  say(`table of ${opt.level}${flags.length ? " " + flags.join(" ") : ""}`);

  // The two cells: the first node, and the node farthest from it (the
  // longest path the check can show), as the reader in Node sees them.
  const t = openTable(new Uint8Array(readFileSync(tablePath)));
  if (!t.isGrid) throw new Error("the check clicks grid cells: give it a grid level");
  const s = 0;
  let g = -1;
  let far = -1;
  for (let u = 0; u < t.nodeCount; u++) {
    const d = t.dist(s, u);
    if (Number.isFinite(d) && d > far) {
      far = d;
      g = u;
    }
  }
  const [sx, sy] = t.cellOf(s);
  const [gx, gy] = t.cellOf(g);
  const want = parseAnswer(cli("path", tablePath, `${sx},${sy}`, `${gx},${gy}`));

  // --- the page ---------------------------------------------------------
  server = spawn(process.execPath, [join(here, "serve.mjs"), "-mount", `/check=${tmp}`], { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((ok, no) => {
    let buf = "";
    server.stdout.on("data", (d) => {
      buf += d;
      const m = /^(http:\/\/\S+)\n/.exec(buf);
      if (m) ok(m[1]);
    });
    server.on("exit", (c) => no(new Error(`serve.mjs exited with ${c}`)));
  });
  context = await chromium.launchPersistentContext(join(tmp, "profile"), {
    executablePath: opt.browser,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1400, height: 900 },
    timeout: 30000,
  });
  const page = context.pages()[0] || (await context.newPage());
  const logs = [];
  page.on("console", (m) => logs.push(`console.${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logs.push(`page error: ${e.message}`));
  const url = `${base}examples/web/index.html?table=/check/level.ptab`;
  await page.goto(url);
  try {
    await page.waitForSelector('body[data-ready="1"], body[data-ready="error"]', { timeout: 15000 });
    if ((await page.getAttribute("body", "data-ready")) !== "1") throw new Error("the page says it could not open the table");
  } catch (e) {
    const err = await page.textContent("#error").catch(() => "");
    throw new Error(`the page did not load the table: ${err || e.message}\n${logs.join("\n")}`);
  }
  say(`page loaded: ${url}`);

  const box = await page.locator("#grid").boundingBox();
  const cs = Number(await page.getAttribute("#grid", "data-cell"));
  const at = (x, y) => [box.x + (x + 0.5) * cs, box.y + (y + 0.5) * cs];
  const answer = async () => ({
    text: await page.textContent("#answer"),
    cost: await page.getAttribute("#answer", "data-cost"),
    path: await page.getAttribute("#answer", "data-path"),
  });

  // --- two clicks: the table's path ---------------------------------------
  await page.mouse.click(...at(sx, sy));
  await page.mouse.click(...at(gx, gy));
  const got = await answer();
  say(`page:  ${got.text.slice(0, 160)}${got.text.length > 160 ? " ..." : ""}`);
  say(`CLI:   ${want.line.slice(0, 160)}${want.line.length > 160 ? " ..." : ""}`);
  sameCost("path", got.cost, want.cost);
  if (got.path !== want.path) fail(`path: the page shows\n  ${got.path}\nthe CLI\n  ${want.path}`);

  // --- the heat map of distances to the goal --------------------------------
  await page.keyboard.down("Shift");
  await page.mouse.click(...at(gx, gy));
  await page.keyboard.up("Shift");
  const info = await page.textContent("#info");
  if (!/heat map/.test(info)) fail(`shift-click showed no heat map: #info is "${info}"`);
  // Every node's distance, against the CLI's answer for the pair.
  const lines = [];
  for (let u = 0; u < t.nodeCount; u++) lines.push(`${t.xOf(u)},${t.yOf(u)} ${gx},${gy}`);
  const answers = execFileSync(pt, ["query", tablePath], { input: lines.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 28 })
    .trimEnd()
    .split("\n");
  const heat = await page.evaluate(() => Array.from(window.pathtableViewer.state.heat));
  let wrong = 0;
  for (let u = 0; u < t.nodeCount; u++) {
    const m = / cost (\S+) path | (no path)$| (not covered)/.exec(answers[u]);
    const want = !m ? undefined : m[1] !== undefined ? Number(m[1]) : m[2] ? Infinity : NaN;
    if (!Object.is(heat[u], want)) {
      if (wrong++ < 3) fail(`heat map: ${lines[u]}: the page has ${heat[u]}, the CLI says ${answers[u]}`);
    }
  }
  const heatMax = await page.getAttribute("#info", "data-heat-max");
  say(`heat map: ${t.nodeCount - wrong} of ${t.nodeCount} distances to the goal the CLI's, bit for bit (farthest ${heatMax})`);
  const heatShot = opt.screenshot.replace(/(\.png)?$/, "-heat.png");
  await page.screenshot({ path: heatShot, fullPage: true });
  say(`screenshot (heat map of distances to ${gx},${gy}): ${heatShot}`);
  await page.check('input[name="mode"][value="heat"]');
  await page.check('input[name="mode"][value="path"]'); // back to the plain level

  // --- block a cell on the path: the overlay's answer -----------------------
  const cells = want.path.split(" ");
  const mid = cells[Math.floor(cells.length / 2)];
  const [bx, by] = mid.split(",").map(Number);
  await page.mouse.click(...at(bx, by), { button: "right" });
  const blocked = await answer();
  if (t.layout === "window") {
    // A windowed table takes no blocks (nor does the CLI's -block): the page says so.
    const err = await page.textContent("#error");
    if (!/windowed/.test(err)) fail(`blocking on a windowed table: #error is "${err}"`);
    if (blocked.cost !== got.cost) fail(`blocking on a windowed table changed the answer to ${blocked.text}`);
    say(`block ${mid}: refused on a windowed table, as the CLI refuses -block`);
  } else {
    const wantB = parseAnswer(cli("path", "-block", mid, tablePath, `${sx},${sy}`, `${gx},${gy}`));
    say(`block ${mid}: page ${blocked.text.slice(0, 120)} ...`);
    say(`block ${mid}: CLI  ${wantB.line.slice(0, 120)} ...`);
    sameCost(`path with ${mid} blocked`, blocked.cost, wantB.cost);
    // The nodes the cell closes: itself, or for a k×k agent every node whose
    // footprint covers it (as the CLI's -block).
    const closed = new Overlay(t).covering(bx, by).map((u) => `${t.xOf(u)},${t.yOf(u)}`);
    const shown = await page.getAttribute("#info", "data-blocked");
    if (shown !== closed.join(" ")) fail(`the page lists blocked cells "${shown}", want "${closed.join(" ")}"`);
    if (blocked.path) {
      validPath(t, blocked.path, new Set(closed), Number(blocked.cost), sx, sy, gx, gy);
      // The overlay breaks ties as Go's does (readers/js/OVERLAY.md).
      if (blocked.path !== wantB.path) fail(`block ${mid}: the page's path is not the CLI's:\n  ${blocked.path}\nthe CLI\n  ${wantB.path}`);
      say(`block ${mid}: the page's path is valid and the CLI's, node for node`);
    } else if (wantB.path) {
      fail(`block ${mid}: the page finds no path, the CLI does`);
    }
  }
  await page.screenshot({ path: opt.screenshot, fullPage: true });
  say(`screenshot (the path, ${mid} blocked): ${opt.screenshot}`);
  if (opt.graph) await graphPhase(page, base, pt);

  // --- a damaged table: refused with the reader's message, nothing drawn ----
  const bytes = readFileSync(tablePath);
  writeFileSync(join(tmp, "damaged.ptab"), bytes.subarray(0, bytes.length >> 1));
  await page.goto(`${base}examples/web/index.html?table=/check/damaged.ptab`);
  await page.waitForSelector('body[data-ready="1"], body[data-ready="error"]', { timeout: 15000 });
  const state = await page.getAttribute("body", "data-ready");
  const err = await page.textContent("#error");
  if (state !== "error" || !err) fail(`a truncated table: the page says ${state}, "${err}"`);
  else say(`a truncated table: the page says "${err}"`);

  // --- the file picker opens a table too ------------------------------------
  await page.setInputFiles("#file", tablePath);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  const desc = await page.textContent("#table");
  if (!desc.includes(`${t.nodeCount} nodes`)) fail(`the file picker's table: "${desc}"`);
  else say(`the file picker opened ${t.nodeCount} nodes`);
  if (t.layout === "runs") {
    const enc = t.header.first_enc;
    if (!desc.includes(`first moves ${enc}`)) fail(`a run-length table's encoding ${enc} is not shown: "${desc}"`);
    else say(`first moves ${enc}${/b$/.test(enc) ? ", open boxes answered by H_1" : ""}`);
  }
  if (logs.some((l) => l.startsWith("page error") || l.startsWith("console.error"))) {
    fail(`the page logged errors:\n${logs.join("\n")}`);
  }
}

// graphPhase opens a table of a graph level: clicks on the first node and
// the one farthest from it, then blocks the middle node of that path.
async function graphPhase(page, base, pt) {
  const file = join(tmp, "graph.ptab");
  execFileSync(pt, ["build", "-quiet", "-o", file, opt.graph], { stdio: ["ignore", "ignore", "inherit"] });
  const cli = (...args) => execFileSync(pt, args, { encoding: "utf8" }).trim();
  const t = openTable(new Uint8Array(readFileSync(file)));
  let g = -1;
  let far = -1;
  for (let u = 0; u < t.nodeCount; u++) {
    const d = t.dist(0, u);
    if (Number.isFinite(d) && d > far) {
      far = d;
      g = u;
    }
  }
  const S = t.nameOf(0);
  const G = t.nameOf(g);
  await page.goto(`${base}examples/web/index.html?table=/check/graph.ptab`);
  await page.waitForSelector('body[data-ready="1"], body[data-ready="error"]', { timeout: 15000 });
  if ((await page.getAttribute("body", "data-ready")) !== "1") throw new Error(`the page could not open the table of ${opt.graph}: ${await page.textContent("#error")}`);
  const box = await page.locator("#grid").boundingBox();
  const at = async (u) => {
    const [x, y] = await page.evaluate((u) => window.pathtableViewer.center(u), u);
    return [box.x + x, box.y + y];
  };
  await page.mouse.click(...(await at(0)));
  await page.mouse.click(...(await at(g)));
  const want = parseAnswer(cli("path", file, S, G));
  const got = {
    text: await page.textContent("#answer"),
    cost: await page.getAttribute("#answer", "data-cost"),
    path: await page.getAttribute("#answer", "data-path"),
  };
  say(`graph ${opt.graph}: page ${got.text}`);
  say(`graph ${opt.graph}: CLI  ${want.line}`);
  sameCost(`graph path`, got.cost, want.cost);
  if (got.path !== want.path) fail(`graph path: the page shows ${got.path}, the CLI ${want.path}`);
  const names = want.path.split(" ");
  if (names.length >= 3) {
    const mid = names[Math.floor(names.length / 2)];
    await page.mouse.click(...(await at(t.nodeByName(mid))), { button: "right" });
    const wantB = parseAnswer(cli("path", "-block", mid, file, S, G));
    const cost = await page.getAttribute("#answer", "data-cost");
    const path = await page.getAttribute("#answer", "data-path");
    say(`graph, ${mid} blocked: page ${await page.textContent("#answer")}`);
    say(`graph, ${mid} blocked: CLI  ${wantB.line}`);
    sameCost(`graph path with ${mid} blocked`, cost, wantB.cost);
    // Another path of the same cost would do (ties); the cost is checked.
    if (path !== wantB.path) say(`graph, ${mid} blocked: another path of the same cost than the CLI's`);
  }
  const shot = opt.screenshot.replace(/(\.png)?$/, "-graph.png");
  await page.screenshot({ path: shot, fullPage: true });
  say(`screenshot (graph ${opt.graph}): ${shot}`);
}

// parseAnswer reads one answer line of `pathtable path`.
function parseAnswer(line) {
  const m = /^\S+ -> \S+ (?:cost (\S+) path (.*)|no path)$/.exec(line);
  if (!m) throw new Error(`unexpected CLI answer: ${line}`);
  return { line, cost: m[1] ?? "", path: m[2] ?? "" };
}

// sameCost compares two printed costs as float64 bits.
function sameCost(what, got, want) {
  if (want === "" && got === "") return;
  const a = new Float64Array([Number(got)]);
  const b = new Float64Array([Number(want)]);
  const ua = new BigUint64Array(a.buffer)[0];
  const ub = new BigUint64Array(b.buffer)[0];
  if (got === "" || ua !== ub) fail(`${what}: the page's cost ${got} is not the CLI's ${want}`);
}

// validPath checks a path the page shows with a cell blocked: from start
// to goal, every move an edge of the level, none onto or off a closed node
// nor past its corner, and its costs adding up to cost (as the
// table's walked distances add: see docs/FORMAT.md, "Walked distances").
function validPath(t, path, closed, cost, sx, sy, gx, gy) {
  const { offsets, targets, weights } = graphOf(t);
  const ids = path.split(" ").map((c) => {
    const [x, y] = c.split(",").map(Number);
    return t.nodeAt(x, y);
  });
  const cells = path.split(" ");
  if (cells[0] !== `${sx},${sy}` || cells[cells.length - 1] !== `${gx},${gy}`) fail(`blocked path runs ${cells[0]} .. ${cells[cells.length - 1]}`);
  let a = 0;
  let b = 0;
  let sum = 0;
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] < 0) return fail(`blocked path: ${cells[i]} is not a node`);
    if (closed.has(cells[i])) return fail(`blocked path enters the blocked node ${cells[i]}`);
    if (i === 0) continue;
    const u = ids[i - 1];
    const v = ids[i];
    let w = Infinity;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) if (targets[e] === v && weights[e] < w) w = weights[e];
    if (w === Infinity) return fail(`blocked path: no edge ${cells[i - 1]} -> ${cells[i]}`);
    const [ux, uy] = t.cellOf(u);
    const [vx, vy] = t.cellOf(v);
    if (ux !== vx && uy !== vy && (closed.has(`${vx},${uy}`) || closed.has(`${ux},${vy}`))) {
      return fail(`blocked path: ${cells[i - 1]} -> ${cells[i]} cuts the corner of a blocked node`);
    }
    if (Number.isInteger(w)) a += w;
    else b += Math.round(w / Math.SQRT2);
    sum += w;
  }
  const counted = t.metric === "int" || (t.metric === "octile" && /^octile/.test(t.distKind));
  const exact = counted ? a + b * Math.SQRT2 : sum;
  if (exact !== cost) fail(`blocked path: its moves add up to ${exact}, the page says ${cost}`);
}
