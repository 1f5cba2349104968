// testutil.mjs: helpers of the reader's tests (not a test file itself):
// the pathtable CLI built once per test process, tables built with it,
// queries asked of the CLI and of driver.mjs, and the bytes of documents
// taken apart, tampered with and put together again.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { crc32c } from "./pathtable.mjs";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
export const shared = join(root, "..", "shared");
export const driver = join(here, "driver.mjs");

let work = null;
let cli; // the CLI's path, null when go is missing, undefined before the first try

/** workDir is this process's scratch directory, removed at exit. */
export function workDir() {
  if (!work) {
    work = mkdtempSync(join(tmpdir(), "ptjs-"));
    process.on("exit", () => rmSync(work, { recursive: true, force: true }));
  }
  return work;
}

/**
 * pathtable returns the path of the pathtable CLI, built from this
 * repository with `go build` (or $PATHTABLE when set), or null when go is
 * missing: the tests that need it skip with a message.
 */
export function pathtable() {
  if (cli !== undefined) return cli;
  if (process.env.PATHTABLE) return (cli = process.env.PATHTABLE);
  const out = join(workDir(), "pathtable");
  const r = spawnSync("go", ["build", "-o", out, "./cmd/pathtable"], { cwd: root, encoding: "utf8" });
  if (r.error && r.error.code === "ENOENT") return (cli = null);
  if (r.status !== 0) throw new Error(`go build ./cmd/pathtable: ${r.stderr}`);
  return (cli = out);
}

export const noGo = "go is not installed: the tests that build tables with the pathtable CLI are skipped";

let tables = 0;

/** build builds level with the CLI's build flags and returns the table's path. */
export function build(level, flags = []) {
  const out = join(workDir(), `t${tables++}.ptab`);
  const r = spawnSync(pathtable(), ["build", "-quiet", ...flags, "-o", out, level], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`pathtable build ${flags.join(" ")} ${level}: ${r.stderr}`);
  return out;
}

/**
 * rand returns a fixed xorshift generator of integers in [0, n), so that
 * every run tests the same pairs and blocks.
 */
export function rand(seed) {
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

/** run runs a command with input on stdin: { stdout, stderr, status }. */
export function run(cmd, args, input) {
  const r = spawnSync(cmd, args, { cwd: root, input, encoding: "utf8", maxBuffer: 1 << 30, timeout: 120000 });
  if (r.error && r.error.code !== "EPIPE") throw r.error; // EPIPE: it refused the table before reading stdin
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** cliQuery asks `pathtable query TABLE` the lines of input. */
export const cliQuery = (table, input) => run(pathtable(), ["query", table], input);

/** driverQuery asks `node driver.mjs TABLE` the lines of input. */
export const driverQuery = (table, input) => run(process.execPath, [driver, table], input);

/** badLines returns the line numbers of the stdin:N: messages in stderr. */
export function badLines(stderr) {
  return [...stderr.matchAll(/stdin:(\d+):/g)].map((m) => Number(m[1]));
}

/** pairs returns count pseudo-random "FROM TO" pairs of ids (the same on every run), or all pairs when they are at most count. */
export function pairs(ids, count) {
  const out = [];
  if (ids.length * ids.length <= count) {
    for (const a of ids) for (const b of ids) out.push(`${a} ${b}`);
    return out;
  }
  let s = 7;
  const next = () => (s = (s * 75 + 74) % 65537);
  for (let i = 0; i < count; i++) out.push(`${ids[next() % ids.length]} ${ids[next() % ids.length]}`);
  return out;
}

export const read = (path) => readFileSync(path);
export const has = (path) => existsSync(path);

// ---------------------------------------------------------------- documents

/**
 * split takes a document apart as pathtable writes it (an array head, the
 * magic, the version, bins, a uint32 checksum): the bins' content offsets
 * and lengths, by document element, and the checksum's offset.
 */
export function split(b) {
  let p = 0;
  const c0 = b[p++];
  if (c0 >= 0x90 && c0 <= 0x9f) {
    // fixarray
  } else throw new Error("split: not a fixarray");
  const count = c0 & 0x0f;
  p += 9; // a8 PATHTABL
  p += 1; // fixint version
  const bins = { 0: null, 1: null };
  for (let e = 2; e < count - 1; e++) {
    const c = b[p++];
    const w = c === 0xc4 ? 1 : c === 0xc5 ? 2 : 4;
    let len = 0;
    for (let i = 0; i < w; i++) len = len * 256 + b[p++];
    bins[e] = { at: p, len };
    p += len;
  }
  return { count, bins, sumAt: p };
}

/** reseal recomputes a document's checksum (the 5-byte uint32 form) over its bins. */
export function reseal(b) {
  const d = split(b);
  let crc = 0;
  for (let e = 2; e < d.count - 1; e++) crc = crc32c(b, crc, d.bins[e].at, d.bins[e].at + d.bins[e].len);
  new DataView(b.buffer, b.byteOffset).setUint32(d.sumAt + 1, crc, false);
  return b;
}

/**
 * tamper overwrites the bytes of bin ELEMENT from at (a negative at counts
 * from its end; "=HEX" the first occurrence of those bytes) with hex, and
 * recomputes the checksum, as examples/c/tamper does.
 */
export function tamper(bytes, element, at, hex) {
  const b = Uint8Array.from(bytes);
  const bin = split(b).bins[element];
  const content = b.subarray(bin.at, bin.at + bin.len);
  let off;
  if (typeof at === "string" && at.startsWith("=")) {
    off = Buffer.from(content).indexOf(Buffer.from(at.slice(1), "hex"));
    if (off < 0) throw new Error(`tamper: ${at.slice(1)} not in element ${element}`);
  } else off = at < 0 ? bin.len + at : at;
  const data = Buffer.from(hex, "hex");
  if (off < 0 || off + data.length > bin.len) throw new Error("tamper: outside the bin");
  content.set(data, off);
  return reseal(b);
}

// ---------------------------------------------------------------- msgpack writing

const cat = (...parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const be = (v, w) => {
  const b = Buffer.alloc(w);
  for (let i = w - 1; i >= 0; i--) {
    b[i] = Number(BigInt(v) & 0xffn);
    v = BigInt(v) >> 8n;
  }
  return b;
};

/** mp encodes msgpack values for hand-made documents; form picks a longer encoding than the shortest. */
export const mp = {
  uint(v, form) {
    if (form === "u8") return cat([0xcc], be(v, 1));
    if (form === "u16") return cat([0xcd], be(v, 2));
    if (form === "u32") return cat([0xce], be(v, 4));
    if (form === "u64") return cat([0xcf], be(v, 8));
    if (form === "i8") return cat([0xd0], be(v, 1));
    if (form === "i16") return cat([0xd1], be(v, 2));
    if (form === "i32") return cat([0xd2], be(v, 4));
    if (form === "i64") return cat([0xd3], be(v, 8));
    if (v < 128) return Buffer.from([v]);
    if (v < 256) return mp.uint(v, "u8");
    if (v < 65536) return mp.uint(v, "u16");
    if (v < 2 ** 32) return mp.uint(v, "u32");
    return mp.uint(v, "u64");
  },
  str(s, form) {
    const b = Buffer.from(s);
    if (form === "str8") return cat([0xd9], be(b.length, 1), b);
    if (form === "str16") return cat([0xda], be(b.length, 2), b);
    if (form === "str32") return cat([0xdb], be(b.length, 4), b);
    if (b.length < 32) return cat([0xa0 | b.length], b);
    if (b.length < 256) return mp.str(s, "str8");
    return b.length < 65536 ? mp.str(s, "str16") : mp.str(s, "str32");
  },
  bin(b, form) {
    b = Buffer.from(b);
    if (form === "bin16" || (!form && b.length >= 256 && b.length < 65536)) return cat([0xc5], be(b.length, 2), b);
    if (form === "bin32" || (!form && b.length >= 65536)) return cat([0xc6], be(b.length, 4), b);
    return cat([0xc4], be(b.length, 1), b);
  },
  arrayHead(n, form) {
    if (form === "array16") return cat([0xdc], be(n, 2));
    if (form === "array32") return cat([0xdd], be(n, 4));
    return n < 16 ? Buffer.from([0x90 | n]) : n < 65536 ? mp.arrayHead(n, "array16") : mp.arrayHead(n, "array32");
  },
  mapHead(n, form) {
    if (form === "map16") return cat([0xde], be(n, 2));
    if (form === "map32") return cat([0xdf], be(n, 4));
    return n < 16 ? Buffer.from([0x80 | n]) : n < 65536 ? mp.mapHead(n, "map16") : mp.mapHead(n, "map32");
  },
  nil: () => Buffer.from([0xc0]),
  raw: (...parts) => cat(...parts),
};

/**
 * readHeader decodes a pathtable-written header bin into [key, value
 * bytes] pairs (fixstr keys; values re-encoded byte for byte), so a test can
 * change one and encode the map again.
 */
export function headerEntries(bytes) {
  const d = split(bytes);
  const h = bytes.subarray(d.bins[2].at, d.bins[2].at + d.bins[2].len);
  let p = 0;
  let n;
  if (h[0] >= 0x80 && h[0] <= 0x8f) {
    n = h[0] & 0x0f;
    p = 1;
  } else if (h[0] === 0xde) {
    n = (h[1] << 8) | h[2];
    p = 3;
  } else throw new Error("headerEntries: not a fixmap or map16");
  const skipValue = () => {
    const c = h[p++];
    if (c <= 0x7f || c === 0xc0) return;
    if (c >= 0xa0 && c <= 0xbf) p += c & 0x1f;
    else if (c === 0xd9) p += 1 + h[p];
    else if (c === 0xcc) p += 1;
    else if (c === 0xcd) p += 2;
    else if (c === 0xce) p += 4;
    else if (c >= 0x90 && c <= 0x9f) {
      for (let i = 0, k = c & 0x0f; i < k; i++) skipValue();
    } else if (c === 0xdc) {
      const k = (h[p] << 8) | h[p + 1];
      p += 2;
      for (let i = 0; i < k; i++) skipValue();
    } else throw new Error(`headerEntries: code ${c.toString(16)}`);
  };
  const out = [];
  for (let i = 0; i < n; i++) {
    const kl = h[p++] & 0x1f;
    const key = Buffer.from(h.subarray(p, p + kl)).toString();
    p += kl;
    const v0 = p;
    skipValue();
    out.push([key, Buffer.from(h.subarray(v0, p))]);
  }
  return out;
}

/**
 * document encodes a table document: the magic, the version, the bins
 * (header first, as bytes) and the CRC-32C of their contents; opts pick
 * other encodings of the framing (head, magic, version, bin, sum forms).
 */
export function document(version, bins, opts = {}) {
  const parts = [mp.arrayHead(bins.length + 3, opts.head), mp.str("PATHTABL", opts.magic), mp.uint(version, opts.version)];
  let crc = 0;
  for (const b of bins) {
    parts.push(mp.bin(b, opts.bin));
    crc = crc32c(Uint8Array.from(b), crc);
  }
  parts.push(mp.uint(crc, opts.sum || "u32"));
  return cat(...parts);
}

/** bins returns a pathtable-written document's bins (contents) and version. */
export function binsOf(bytes) {
  const d = split(bytes);
  const out = [];
  for (let e = 2; e < d.count - 1; e++) out.push(Buffer.from(bytes.subarray(d.bins[e].at, d.bins[e].at + d.bins[e].len)));
  return { version: bytes[10], bins: out };
}

/** header encodes [key, value bytes] entries as a map. */
export function header(entries, form) {
  return cat(mp.mapHead(entries.length, form), ...entries.flatMap(([k, v]) => [typeof k === "string" ? mp.str(k) : k, v]));
}
