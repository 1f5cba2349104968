#!/usr/bin/env node
// driver.mjs: the JavaScript reader's driver for the cross-check
// (readers/check), as the readers' contract says.
//
//	node readers/js/driver.mjs TABLE < queries          answer "FROM TO" lines as `pathtable query`
//	node readers/js/driver.mjs -bench TABLE < queries   time whole paths and first moves
//
// Query mode prints, for each good line, the line `pathtable query TABLE`
// prints; a bad line (wrong field count, a malformed cell, a wall, outside
// the grid, an unknown name) gets a one-line message on stderr, and the
// exit status is 1 at the end. A table the reader refuses: one line on
// stderr, nothing on stdout, exit 1.
import { readFileSync, readSync, writeSync } from "node:fs";
import { openTable, formatCost, quote } from "./pathtable.mjs";

const MAX_LINE = 64 << 10; // pathtable's longest query line

function fail(msg) {
  process.stderr.write(`pathtable-js: ${msg}\n`);
  process.exit(1);
}

// Go's unicode.IsSpace, which strings.Fields splits on.
const SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

function fields(line) {
  return line.split(SPACE).filter((f) => f !== "");
}

function load(path) {
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    fail(`${path}: ${e.code === "ENOENT" ? "no such file or directory" : e.message}`);
  }
  try {
    return openTable(bytes);
  } catch (e) {
    if (e && e.name === "PathTableError") fail(`${path}: ${e.message}`);
    throw e;
  }
}

// Output goes out in large writes: one per 64 KiB of answers.
let outBuf = [];
let outLen = 0;
function emit(s) {
  outBuf.push(s);
  outLen += s.length;
  if (outLen >= 1 << 16) flush();
}
function flush() {
  if (outBuf.length === 0) return;
  const b = Buffer.from(outBuf.join(""));
  for (let off = 0; off < b.length; ) off += writeSync(1, b, off);
  outBuf = [];
  outLen = 0;
}

// readChunk reads what stdin has, up to buf's size, waiting when a
// non-blocking stdin has nothing yet; 0 at the end.
function readChunk(buf) {
  for (;;) {
    try {
      return readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code === "EOF") return 0;
      if (e.code !== "EAGAIN") throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

// eachLine calls fn(line, number) for each line of stdin as it arrives,
// and flushes the answers whenever it has used up what stdin held, so an
// interactive caller gets each answer before it sends the next line. A
// line longer than pathtable's longest stops the reading, as pathtable does.
function eachLine(fn) {
  const buf = Buffer.alloc(1 << 16);
  let rest = Buffer.alloc(0);
  let number = 0;
  for (;;) {
    const k = readChunk(buf);
    let data = k > 0 ? Buffer.concat([rest, buf.subarray(0, k)]) : rest;
    let from = 0;
    for (let nl = data.indexOf(10, from); nl >= 0; nl = data.indexOf(10, from)) {
      number++;
      if (nl - from > MAX_LINE) return tooLong(number);
      fn(data.toString("utf8", from, nl), number);
      from = nl + 1;
    }
    rest = data.subarray(from);
    if (rest.length > MAX_LINE) return tooLong(number + 1);
    if (k === 0) {
      if (rest.length > 0) fn(rest.toString("utf8"), number + 1); // the last line, without a newline
      return;
    }
    rest = Buffer.from(rest);
    flush();
  }
}

function tooLong(number) {
  flush();
  fail(`stdin:${number}: line longer than ${MAX_LINE} bytes`);
}

function query(path) {
  const t = load(path);
  const out = new Int32Array(t.maxPathNodes);
  let bad = 0;
  eachLine((line, number) => {
    const where = `stdin:${number}`;
    const f = fields(line);
    if (f.length === 0 || f[0].startsWith("#")) return;
    let err = null;
    let s = -1;
    let g = -1;
    if (f.length !== 2) err = `want FROM TO, got ${quote(line.trim())}`;
    else {
      try {
        s = t.node(f[0]);
      } catch (e) {
        err = `FROM: ${e.message}`;
      }
      if (!err) {
        try {
          g = t.node(f[1]);
        } catch (e) {
          err = `TO: ${e.message}`;
        }
      }
    }
    if (err) {
      flush();
      process.stderr.write(`pathtable-js: ${where}: ${err}\n`);
      bad++;
      return;
    }
    let ans = `${f[0]} -> ${f[1]}`;
    if (!t.covered(s, g)) ans += ` not covered (outside the window of ${f[1]})`;
    else {
      const k = t.path(s, g, out);
      if (k <= 0) ans += " no path";
      else {
        ans += ` cost ${formatCost(t.dist(s, g))} path`;
        for (let j = 0; j < k; j++) ans += " " + t.nameOf(out[j]);
      }
    }
    emit(ans + "\n");
  });
  flush();
  if (bad > 0) fail(`${bad} bad query lines`);
  process.exit(0);
}

// bench resolves every pair once, then times (1) whole paths into one
// reused buffer, pair after pair, until at least 1 s has passed: ns per
// step, a path of k nodes having k-1; (2) next for the same pairs, until
// at least 1 s: ns per call.
function bench(path) {
  const t = load(path);
  const froms = [];
  const tos = [];
  const lines = readFileSync(0, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const f = fields(lines[i]);
    if (f.length === 0 || f[0].startsWith("#")) continue;
    if (f.length !== 2) fail(`stdin:${i + 1}: want FROM TO`);
    try {
      froms.push(t.node(f[0]));
      tos.push(t.node(f[1]));
    } catch (e) {
      fail(`stdin:${i + 1}: ${e.message}`);
    }
  }
  const n = froms.length;
  if (n === 0) fail("no pairs on stdin");
  const from = Int32Array.from(froms);
  const to = Int32Array.from(tos);
  const out = new Int32Array(t.maxPathNodes);
  let stepsPerRound = 0;
  for (let i = 0; i < n; i++) stepsPerRound += Math.max(t.path(from[i], to[i], out) - 1, 0);
  const second = 1000000000n;

  let steps = 0;
  let sink = 0;
  let t0 = process.hrtime.bigint();
  let el = 0n;
  do {
    for (let i = 0; i < n; i++) sink += t.path(from[i], to[i], out);
    steps += stepsPerRound;
    el = process.hrtime.bigint() - t0;
  } while (el < second);
  const pathNs = Number(el) / Math.max(steps, 1);

  let calls = 0;
  t0 = process.hrtime.bigint();
  do {
    for (let i = 0; i < n; i++) sink += t.next(from[i], to[i]);
    calls += n;
    el = process.hrtime.bigint() - t0;
  } while (el < second);
  const nextNs = Number(el) / calls;
  if (sink === 0.5) process.stderr.write("");
  const spp = stepsPerRound / n;
  process.stdout.write(`pairs=${n} steps_per_path=${+spp.toFixed(2)} path_step_ns=${pathNs.toFixed(2)} next_ns=${nextNs.toFixed(2)}\n`);
}

const args = process.argv.slice(2);
if (args.length === 2 && args[0] === "-bench") bench(args[1]);
else if (args.length === 1 && !args[0].startsWith("-")) query(args[0]);
else {
  process.stderr.write("usage: node driver.mjs [-bench] TABLE < queries\n");
  process.exit(2);
}
