// pathtable.mjs: a reader of pathtable tables (.ptab, docs/FORMAT.md,
// versions 1, 2 and 3; flat, run-length and windowed layouts; grid and graph
// tables) for JavaScript, in Node 20+ and in browsers. One ES module, no
// dependencies: its own msgpack subset decoder and CRC-32C.
//
//	import { openTable } from "./pathtable.mjs";
//	const t = openTable(await (await fetch("level.ptab")).arrayBuffer());
//	const out = new Int32Array(t.maxPathNodes);
//	const k = t.path(t.nodeAt(0, 0), t.nodeAt(1, 2), out); // out[0..k)
//
// openTable checks everything docs/FORMAT.md "What a reader must check"
// lists, as the Go reader (package table) does, and refuses a damaged or
// hostile file with a PathTableError; it never trusts a length before it
// has checked it against the bytes that remain, so it allocates no more
// than the file's size warrants. Queries allocate nothing.
//
// The payloads are used in place: first moves, windows and run moves are
// bytes and distances are read through a DataView, always in place; the
// graph's bins, version 2 row starts and run starts are typed-array views
// over the caller's bytes where their offset is aligned for the element
// type (and the platform little-endian, as every browser's is), else one
// copy of that bin (the format aligns nothing). The caller must not
// change the bytes afterwards.

const MAGIC = "PATHTABL";
const PART_MAGIC = "PATHPART";
const SQRT2 = 1.4142135623730951; // Go's math.Sqrt2, Math.SQRT2
const MAX_PAYLOAD = 0xffffffff; // a msgpack bin32 holds at most 2^32-1 bytes
const MAX_FLAT_NODES = 46340;
const MAX_CELLS = 1 << 24; // grid cells; the nodes of windowed and run-length tables
const MAX_WINDOW = 127;
const MAX_DEGREE = 254;
const MAX_NARROW_NODES = 1 << 16; // nodes a run-length table with 16-bit starts holds
const MAX_PACKED_NODES = 1 << 12; // nodes a run-length table with 12-bit starts holds
const MAX_DEPTH = 32; // msgpack nesting in a header
const MAX_COST = 9; // a grid cell's cost to enter, version 3
const NO_MOVE = 0xff;
const NIBBLE_NONE = 0xf;
const SYMBOL_BASE = 8; // run moves 8..14 are heuristic symbols H_1..H_7
const MAX_SYMBOL_RANK = 7;
const TWO32 = 4294967296;

// The eight grid directions, in the order of out-edges: N NE E SE S SW W NW.
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];
// DIR_OF_SIGN[(sx+1)*3 + sy+1] is the direction toward the sign pair (sx, sy), 8 for (0, 0).
const DIR_OF_SIGN = new Uint8Array([7, 6, 5, 0, 8, 4, 1, 2, 3]);

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * PathTableError is the one error openTable throws for a file it refuses
 * (and that Table.node throws for an id that names no node). code is
 * "not-table", "part", "version", "truncated", "checksum", "corrupt" or
 * "bad-id"; the message names the element or value at fault.
 */
export class PathTableError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "PathTableError";
    this.code = code;
  }
}

const corrupt = (msg) => new PathTableError("corrupt", "corrupt table: " + msg);
const truncated = (msg) => new PathTableError("truncated", "truncated table: " + msg);
const notTable = () => new PathTableError("not-table", "not a pathtable table (bad magic)");

// ---------------------------------------------------------------- CRC-32C

// Slicing-by-8 tables of the reflected Castagnoli polynomial 0x82F63B78.
const CRC = (() => {
  const t = new Int32Array(256 * 8);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    t[i] = c;
  }
  for (let i = 0; i < 256; i++) {
    for (let s = 1; s < 8; s++) {
      const p = t[(s - 1) * 256 + i];
      t[s * 256 + i] = (p >>> 8) ^ t[p & 0xff];
    }
  }
  return t;
})();

/**
 * crc32c continues the CRC-32C of bytes u8[from, to) from crc (0 to
 * start), as docs/FORMAT.md's checksum. O(bytes).
 */
export function crc32c(u8, crc = 0, from = 0, to = u8.length) {
  const t = CRC;
  let c = ~crc;
  let i = from;
  for (const end8 = to - 8; i <= end8; i += 8) {
    const lo = c ^ (u8[i] | (u8[i + 1] << 8) | (u8[i + 2] << 16) | (u8[i + 3] << 24));
    c =
      t[1792 + (lo & 0xff)] ^
      t[1536 + ((lo >>> 8) & 0xff)] ^
      t[1280 + ((lo >>> 16) & 0xff)] ^
      t[1024 + (lo >>> 24)] ^
      t[768 + u8[i + 4]] ^
      t[512 + u8[i + 5]] ^
      t[256 + u8[i + 6]] ^
      t[u8[i + 7]];
  }
  for (; i < to; i++) c = t[(c ^ u8[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

// ---------------------------------------------------------------- msgpack

const utf8 = new TextDecoder("utf-8");
const utf8Strict = new TextDecoder("utf-8", { fatal: true });

// Reader reads the msgpack subset of docs/FORMAT.md from u8[pos, end):
// every length is checked against the bytes that remain before it is used.
// Running out of bytes throws truncated; a caller inside a bin (the header)
// turns that into corrupt.
class Reader {
  constructor(u8, pos, end) {
    this.u8 = u8;
    this.pos = pos;
    this.end = end;
  }
  left() {
    return this.end - this.pos;
  }
  byte() {
    if (this.pos >= this.end) throw truncated("the file ends inside a value");
    return this.u8[this.pos++];
  }
  // be reads a big-endian unsigned integer of w bytes (exact below 2^53;
  // larger values are only ever refused, never used).
  be(w) {
    let v = 0;
    for (let i = 0; i < w; i++) v = v * 256 + this.byte();
    return v;
  }
  fits(n) {
    if (n > this.end - this.pos) throw truncated(`${n} bytes declared, ${this.end - this.pos} remain`);
  }
  // take returns the offset of the next n bytes and skips them.
  take(n) {
    this.fits(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }
  // uintCode reads the integer after code c, of any msgpack integer
  // encoding, whose value must be >= 0.
  uintCode(c) {
    if (c <= 0x7f) return c;
    if (c >= 0xcc && c <= 0xcf) return this.be(1 << (c - 0xcc));
    if (c >= 0xd0 && c <= 0xd3) {
      const w = 1 << (c - 0xd0);
      if (this.pos < this.end && this.u8[this.pos] & 0x80) throw corrupt("a negative integer");
      return this.be(w);
    }
    if (c >= 0xe0) throw corrupt("a negative integer");
    throw corrupt(`msgpack code 0x${c.toString(16)} is not an integer`);
  }
  uint() {
    return this.uintCode(this.byte());
  }
  // lengthOf returns the length that code c heads for one kind of value
  // (codes lo..hi hold it in their low bits; w8, w16, w32 in the bytes
  // that follow; 0: none), or -1 for a code of another kind.
  lengthOf(c, lo, hi, w8, w16, w32) {
    if (hi !== 0 && c >= lo && c <= hi) return c - lo;
    if (w8 !== 0 && c === w8) return this.be(1);
    if (c === w16) return this.be(2);
    if (c === w32) return this.be(4);
    return -1;
  }
  head(what, lo, hi, w8, w16, w32) {
    const c = this.byte();
    const n = this.lengthOf(c, lo, hi, w8, w16, w32);
    if (n < 0) throw corrupt(`msgpack code 0x${c.toString(16)} where ${what} belongs`);
    return n;
  }
  arrayLen() {
    return this.head("an array", 0x90, 0x9f, 0, 0xdc, 0xdd);
  }
  mapLen() {
    return this.head("a map", 0x80, 0x8f, 0, 0xde, 0xdf);
  }
  strLen() {
    return this.head("a string", 0xa0, 0xbf, 0xd9, 0xda, 0xdb);
  }
  binLen() {
    return this.head("a bin", 0, 0, 0xc4, 0xc5, 0xc6);
  }
  str() {
    const n = this.strLen();
    const at = this.take(n);
    return utf8.decode(this.u8.subarray(at, at + n));
  }
  // skip reads past one value of any msgpack type at nesting depth.
  skip(depth) {
    const c = this.byte();
    let size = 0;
    let items = 0;
    if (c <= 0x7f || c >= 0xe0) {
      // fixint
    } else if (c <= 0x8f) items = 2 * (c & 0x0f);
    else if (c <= 0x9f) items = c & 0x0f;
    else if (c <= 0xbf) size = c & 0x1f;
    else if (c === 0xc0 || c === 0xc2 || c === 0xc3) {
      // nil, false, true
    } else if (c >= 0xca && c <= 0xd3) size = [4, 8, 1, 2, 4, 8, 1, 2, 4, 8][c - 0xca];
    else if (c >= 0xd4 && c <= 0xd8) size = 1 + (1 << (c - 0xd4));
    else {
      let w;
      if (c === 0xc4 || c === 0xc7 || c === 0xd9) w = 1;
      else if (c === 0xc5 || c === 0xc8 || c === 0xda || c === 0xdc || c === 0xde) w = 2;
      else if (c === 0xc6 || c === 0xc9 || c === 0xdb || c === 0xdd || c === 0xdf) w = 4;
      else throw corrupt(`invalid msgpack code 0x${c.toString(16)}`);
      const v = this.be(w);
      if (c === 0xdc || c === 0xdd) items = v;
      else if (c === 0xde || c === 0xdf) items = 2 * v;
      else if (c >= 0xc7 && c <= 0xc9) size = 1 + v; // the ext type byte
      else size = v;
    }
    this.take(size);
    if (items === 0) return;
    if (items > this.left()) throw corrupt(`a value declares ${items} elements, ${this.left()} bytes remain`);
    if (depth >= MAX_DEPTH) throw corrupt(`values nested deeper than ${MAX_DEPTH}`);
    for (let i = 0; i < items; i++) this.skip(depth + 1);
  }
}

// ---------------------------------------------------------------- header

const STR_KEYS = new Set(["kind", "metric", "dist_kind", "first_enc", "model", "diagonal", "source", "format", "input_hash", "layout"]);
const INT_KEYS = new Set(["nodes", "edges", "width", "height", "connect", "window", "runs", "clearance", "row_bytes"]);

// decodeHeader decodes the header bin u8[at, at+len) by docs/FORMAT.md's
// rules: str fields are msgpack str, integer fields any integer >= 0,
// names an array of str or nil, a known key at most once, any other key
// skipped with its value. O(len).
function decodeHeader(u8, at, len) {
  const h = {
    kind: "", nodes: 0, edges: 0, width: 0, height: 0, names: null, metric: "", dist_kind: "",
    first_enc: "", model: "", connect: 0, diagonal: "", source: "", format: "", input_hash: "",
    layout: "", window: 0, runs: 0, clearance: 0, row_bytes: 0,
  };
  const rd = new Reader(u8, at, at + len);
  const seen = new Set();
  try {
    const n = rd.mapLen();
    if (n > rd.left() / 2) throw corrupt(`a map declares ${n} entries, ${rd.left()} bytes remain`);
    for (let i = 0; i < n; i++) {
      const c = rd.byte();
      const kn = rd.lengthOf(c, 0xa0, 0xbf, 0xd9, 0xda, 0xdb);
      if (kn < 0) {
        rd.pos--; // not a string: skip the key as a value, then its value
        rd.skip(2);
        rd.skip(2);
        continue;
      }
      const kat = rd.take(kn);
      const key = kn <= 10 ? utf8.decode(u8.subarray(kat, kat + kn)) : "";
      const known = STR_KEYS.has(key) || INT_KEYS.has(key) || key === "names";
      if (!known) {
        rd.skip(2);
        continue;
      }
      if (seen.has(key)) throw corrupt(`key "${key}" twice`);
      seen.add(key);
      try {
        if (STR_KEYS.has(key)) h[key] = rd.str();
        else if (INT_KEYS.has(key)) h[key] = rd.uint();
        else h.names = readNames(rd, u8);
      } catch (e) {
        throw e instanceof PathTableError ? corrupt(`${key}: ${plain(e)}`) : e;
      }
    }
    if (rd.left() !== 0) throw corrupt(`${rd.left()} bytes after the map`);
  } catch (e) {
    if (e instanceof PathTableError) throw corrupt("header: " + plain(e));
    throw e;
  }
  return h;
}

// plain is an error's message without its sentinel prefix.
function plain(e) {
  return e.message.replace(/^(corrupt table|truncated table): /, "");
}

// readNames reads the names value: nil, or an array of str. Each name
// keeps its bytes' exact identity for the duplicate check (key).
function readNames(rd, u8) {
  if (rd.u8[rd.pos] === 0xc0 && rd.pos < rd.end) {
    rd.pos++;
    return null;
  }
  const n = rd.arrayLen();
  if (n > rd.left()) throw corrupt(`an array declares ${n} elements, ${rd.left()} bytes remain`);
  const names = new Array(n);
  const keys = new Array(n);
  for (let i = 0; i < n; i++) {
    const len = rd.strLen();
    const at = rd.take(len);
    const b = u8.subarray(at, at + len);
    try {
      names[i] = keys[i] = utf8Strict.decode(b);
    } catch {
      // Not UTF-8: shown with U+FFFD, but told apart by its bytes.
      names[i] = utf8.decode(b);
      let key = "\u0000";
      for (let j = 0; j < b.length; j += 4096) key += String.fromCharCode.apply(null, b.subarray(j, j + 4096));
      keys[i] = key;
    }
  }
  return { names, keys };
}

const DIST_WIDTH = { u16: 2, u32: 4, u64: 8, octile16: 4, octile32: 8, f64: 8 };
// Run-length first-move encodings: [start bytes, move bits, symbols, wrap,
// boxes, components]. The "b" forms (docs/FORMAT.md "Open-box wildcards")
// answer H_1 for a pair whose bounding box is all open cells, without
// reading the row; the "c" forms' rows wrap within their source's
// component, and a target in another has no path (docs/FORMAT.md "Rows
// that cover their component").
const RUN_ENCODINGS = {
  runs16x4: [2, 4, false, false, false],
  runs16x8: [2, 8, false, false, false],
  runs32x4: [4, 4, false, false, false],
  runs32x8: [4, 8, false, false, false],
  runs16x4h: [2, 4, true, false, false],
  runs32x4h: [4, 4, true, false, false],
  runs32x8h: [4, 8, true, false, false],
  runs16x4hw: [2, 4, true, true, false],
  runs32x4hw: [4, 4, true, true, false],
  runs32x8hw: [4, 8, true, true, false],
  runs16x4hb: [2, 4, true, false, true],
  runs32x4hb: [4, 4, true, false, true],
  runs32x8hb: [4, 8, true, false, true],
  runs16x4hwb: [2, 4, true, true, true],
  runs32x4hwb: [4, 4, true, true, true],
  runs32x8hwb: [4, 8, true, true, true],
  runs16x4hc: [2, 4, true, true, false, true],
  runs32x4hc: [4, 4, true, true, false, true],
  runs32x8hc: [4, 8, true, true, false, true],
  runs16x4hcb: [2, 4, true, true, true, true],
  runs32x4hcb: [4, 4, true, true, true, true],
  runs32x8hcb: [4, 8, true, true, true, true],
};
// The "j" forms (docs/FORMAT.md "The jump move J"): any symbol encoding
// with "j" appended stores J, not H_7, in move 14 and J_2, not H_6, in 13.
for (const [name, run] of Object.entries(RUN_ENCODINGS)) {
  if (run[2]) RUN_ENCODINGS[name + "j"] = [run[0], run[1], true, run[3], run[4], run[5] === true, true];
}
// The "runs12x4" forms (docs/FORMAT.md "12-bit run starts"): each 16-bit
// symbol form, a run one little-endian uint16, start << 4 | move (move
// bits 0: no separate array), on tables of at most 4,096 nodes.
for (const [name, run] of Object.entries(RUN_ENCODINGS)) {
  if (run[2] && name.startsWith("runs16x4")) RUN_ENCODINGS["runs12x4" + name.slice(8)] = [2, 0, true, run[3], run[4], run[5] === true, run[6] === true, true];
}

// J's preference lists, by sector (jumpSector): direction codes nearest
// first to the sector's centre (docs/FORMAT.md "The jump move J").
const JUMP_PREFS = [
  [4, 3, 5, 2, 6, 0, 1, 7], [3, 4, 2, 5, 6, 1, 0, 7], [3, 2, 4, 1, 0, 5, 6, 7], [2, 3, 1, 4, 0, 6, 5, 7],
  [0, 1, 7, 2, 6, 4, 3, 5], [1, 0, 2, 7, 6, 3, 4, 5], [1, 2, 0, 3, 4, 7, 6, 5], [2, 1, 3, 0, 4, 6, 7, 5],
  [4, 5, 3, 6, 2, 0, 7, 1], [5, 4, 6, 3, 2, 7, 0, 1], [5, 6, 4, 7, 0, 3, 2, 1], [6, 5, 7, 4, 0, 2, 3, 1],
  [0, 7, 1, 6, 2, 4, 5, 3], [7, 0, 6, 1, 2, 5, 4, 3], [7, 6, 0, 5, 4, 1, 2, 3], [6, 7, 5, 0, 4, 2, 1, 3],
];

// jumpSector is the sector of a target at (dx, dy) != (0, 0): quadrant * 4
// + part (docs/FORMAT.md "The jump move J"). O(1).
function jumpSector(dx, dy) {
  const a = Math.abs(dx);
  const b = Math.abs(dy);
  let q = dx < 0 || (dx === 0 && dy < 0) ? 2 : 0;
  if (dy < 0 || (dy === 0 && dx > 0)) q |= 1;
  const p = 2 * a <= b ? 0 : a <= b ? 1 : a <= 2 * b ? 2 : 3;
  return q * 4 + p;
}

// jumpMasks returns, by node, the directions whose neighbouring cell is a
// node with a successor when entered that way, as jump point search
// prunes (docs/FORMAT.md "The jump move J"). O(V).
function jumpMasks(w, h, cells) {
  const open = new Uint8Array(w * h);
  for (const c of cells) open[c] = 1;
  const at = (x, y) => x >= 0 && y >= 0 && x < w && y < h && open[y * w + x] === 1;
  const masks = new Uint8Array(cells.length);
  for (let u = 0; u < cells.length; u++) {
    const x = cells[u] % w;
    const y = (cells[u] - x) / w;
    for (let d = 0; d < 8; d++) {
      const ex = DX[d];
      const ey = DY[d];
      const nx = x + ex;
      const ny = y + ey;
      if (!at(nx, ny)) continue;
      const ok = ex !== 0 && ey !== 0
        ? at(nx + ex, ny) || at(nx, ny + ey)
        : at(nx + ex, ny + ey) || (at(nx - ey, ny + ex) && !at(nx - ey - ex, ny + ex - ey)) || (at(nx + ey, ny - ex) && !at(nx + ey - ex, ny - ex - ey));
      if (ok) masks[u] |= 1 << d;
    }
  }
  return masks;
}

const windowBlock = (delta) => ((2 * delta + 1) * (2 * delta + 1) + 1) >>> 1;

// validateHeader checks the header's fields against each other, as the Go
// reader's Header.validate, checkSymbols and checkRowBytes do, for a
// document of version and elements; it returns the layout's name.
function validateHeader(h, version, elements) {
  const n = h.nodes;
  if (h.layout !== "" && h.layout !== "runs" && h.layout !== "window") throw corrupt(`unknown layout "${h.layout}"`);
  const layout = h.layout === "" ? "flat" : h.layout;
  const dw = DIST_WIDTH[h.dist_kind];
  if (!Object.hasOwn(DIST_WIDTH, h.dist_kind)) throw corrupt(`unknown distance encoding "${h.dist_kind}"`);
  const run = Object.hasOwn(RUN_ENCODINGS, h.first_enc) ? RUN_ENCODINGS[h.first_enc] : null;
  if (layout === "flat") {
    if (n > MAX_FLAT_NODES || n * n * dw > MAX_PAYLOAD) throw corrupt(`${n} nodes with ${dw}-byte distances: too many for a flat table`);
  } else if (layout === "window") {
    if (h.window < 1 || h.window > MAX_WINDOW) throw corrupt(`window half-width ${h.window}: want 1 to ${MAX_WINDOW}`);
    if (n > MAX_CELLS) throw corrupt(`${n} nodes: a windowed table holds at most ${MAX_CELLS}`);
    if (n * windowBlock(h.window) > MAX_PAYLOAD) throw corrupt(`${n} nodes with windows of half-width ${h.window}: too many moves`);
  } else {
    if (n > MAX_CELLS) throw corrupt(`${n} nodes: a run-length table holds at most ${MAX_CELLS}`);
    if (h.runs > Math.floor(MAX_PAYLOAD / 4)) throw corrupt(`${h.runs} runs: a run-length table holds at most ${Math.floor(MAX_PAYLOAD / 4)}`);
    if (!run) throw corrupt(`run-length table has unknown first-move encoding "${h.first_enc}"`);
    if (run[0] === 2 && n > MAX_NARROW_NODES) throw corrupt(`run-length table of ${n} nodes has 16-bit starts ("${h.first_enc}")`);
    if (run[7] && n > MAX_PACKED_NODES) throw corrupt(`run-length table of ${n} nodes has 12-bit starts ("${h.first_enc}"); they hold at most ${MAX_PACKED_NODES}`);
  }
  if (layout === "flat" && h.first_enc !== "u8") throw corrupt(`unknown first-move encoding "${h.first_enc}"`);
  if (layout === "window") {
    if (h.first_enc !== "window4") throw corrupt(`windowed table has first-move encoding "${h.first_enc}", want "window4"`);
    if (h.kind !== "grid") throw corrupt(`windowed table of kind "${h.kind}": windows need a grid`);
  }
  if (layout === "runs" && run[2] && h.kind !== "grid") throw corrupt(`a ${h.kind} table has first-move encoding "${h.first_enc}", whose heuristic symbols only grid tables carry`);
  if (layout !== "window" && h.window !== 0) throw corrupt(`window ${h.window} in a table of layout "${h.layout}"`);
  if (layout !== "runs" && h.runs !== 0) throw corrupt(`${h.runs} runs in a table of layout "${h.layout}"`);
  if (h.edges > n * MAX_DEGREE) throw corrupt(`${h.edges} edges for ${n} nodes`);
  const k = h.dist_kind;
  if (h.metric === "int") {
    if (k !== "u16" && k !== "u32" && k !== "u64") throw corrupt(`metric "int" with distance encoding "${k}"`);
  } else if (h.metric === "octile") {
    if (k !== "octile16" && k !== "octile32" && k !== "f64") throw corrupt(`metric "octile" with distance encoding "${k}"`);
  } else if (h.metric === "float") {
    if (k !== "f64") throw corrupt(`metric "float" with distance encoding "${k}"`);
  } else throw corrupt(`unknown metric "${h.metric}"`);
  if (h.kind === "grid") {
    const w = h.width;
    const ht = h.height;
    if (w <= 0 || ht <= 0 || w > MAX_CELLS || ht > MAX_CELLS || w * ht > MAX_CELLS) throw corrupt(`grid size ${w}x${ht}`);
    if (h.names !== null) throw corrupt("grid table has node names");
    if (h.connect !== 4 && h.connect !== 8) throw corrupt(`grid connectivity ${h.connect}, want 4 or 8`);
    if (h.diagonal !== "sqrt2" && h.diagonal !== "10/14") throw corrupt(`grid diagonal "${h.diagonal}", want "sqrt2" or "10/14"`);
    if (h.clearance === 1 || h.clearance > Math.min(w, ht)) throw corrupt(`clearance ${h.clearance} on a ${w}x${ht} grid`);
  } else if (h.kind === "graph") {
    if (h.width !== 0 || h.height !== 0 || h.connect !== 0 || h.diagonal !== "" || h.clearance !== 0) {
      throw corrupt(`graph table has grid fields (width ${h.width}, height ${h.height}, connect ${h.connect}, diagonal "${h.diagonal}", clearance ${h.clearance})`);
    }
    const count = h.names ? h.names.names.length : 0;
    if (count !== n) throw corrupt(`graph table names ${count} of ${n} nodes`);
    const seen = new Map();
    for (let u = 0; u < n; u++) {
      const key = h.names.keys[u];
      if (seen.has(key)) throw corrupt(`nodes ${seen.get(key)} and ${u} have the same name ${quote(h.names.names[u])}`);
      seen.set(key, u);
    }
  } else throw corrupt(`unknown kind "${h.kind}"`);
  const cells = h.kind === "grid" && version === 3;
  if (layout === "runs" && run[2] && !cells) throw corrupt(`first-move encoding "${h.first_enc}" has heuristic symbols, which only grid tables of format 3 carry`);
  if (cells && layout === "runs") {
    if (h.row_bytes !== 1 && h.row_bytes !== 2 && h.row_bytes !== 4) throw corrupt(`a run-length grid table of format 3 has row_bytes ${h.row_bytes}, want 1, 2 or 4`);
  } else if (h.row_bytes !== 0) throw corrupt(`row_bytes ${h.row_bytes} in a table whose rows bin holds no run counts`);
  if (version === 3 && h.kind !== "grid") throw corrupt(`a table of kind "${h.kind}" in a version 3 document, which only grids have`);
  if (version !== 3 && (layout === "flat" ? 1 : 2) !== version) throw corrupt(`layout "${h.layout}" in a version ${version} document`);
  const want = (cells ? 6 : 10) + (layout === "runs" ? 3 : 2);
  if (elements !== want) throw corrupt(`a table of layout "${h.layout}" takes ${want} elements, the document has ${elements}`);
  return layout;
}

/** quote quotes s as Go's strconv.Quote does for printable text, cut at 40 bytes. */
export function quote(s) {
  const long = s.length > 40;
  return JSON.stringify(long ? s.slice(0, 40) : s) + (long ? "..." : "");
}

// ---------------------------------------------------------------- views

// View makers: a typed array of count elements over u8[at...], in place
// where aligned (and little-endian), else one copy.
function int32s(u8, at, count) {
  const abs = u8.byteOffset + at;
  if (LITTLE_ENDIAN && abs % 4 === 0) return new Int32Array(u8.buffer, abs, count);
  const out = new Int32Array(count);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(u8.subarray(at, at + 4 * count));
  else {
    const dv = new DataView(u8.buffer, abs, 4 * count);
    for (let i = 0; i < count; i++) out[i] = dv.getInt32(4 * i, true);
  }
  return out;
}

function uint32s(u8, at, count) {
  const v = int32s(u8, at, count);
  return new Uint32Array(v.buffer, v.byteOffset, count);
}

// unpackRuns splits 12-bit runs (words start << 4 | move) into starts and
// byte moves (NO_MOVE for 0xF), checking that each row's starts increase
// and lie below the n nodes. O(runs).
function unpackRuns(words, rowStart, n) {
  const starts = new Uint16Array(words.length);
  const moves = new Uint8Array(words.length);
  for (let r = 0; r < n; r++) {
    let prev = -1;
    for (let i = rowStart[r]; i < rowStart[r + 1]; i++) {
      const start = words[i] >>> 4;
      if (start >= n) throw corrupt(`runs: run ${i}, of the row of rank ${r}, starts at rank ${start} of ${n} nodes`);
      if (start <= prev) throw corrupt(`runs: run ${i}, of the row of rank ${r}, starts at rank ${start}, not after the run before it (${prev})`);
      prev = start;
      starts[i] = start;
      const m = words[i] & 0xf;
      moves[i] = m === NIBBLE_NONE ? NO_MOVE : m;
    }
  }
  return [starts, moves];
}

function uint16s(u8, at, count) {
  const abs = u8.byteOffset + at;
  if (LITTLE_ENDIAN && abs % 2 === 0) return new Uint16Array(u8.buffer, abs, count);
  const out = new Uint16Array(count);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(u8.subarray(at, at + 2 * count));
  else {
    const dv = new DataView(u8.buffer, abs, 2 * count);
    for (let i = 0; i < count; i++) out[i] = dv.getUint16(2 * i, true);
  }
  return out;
}

function float64s(u8, at, count) {
  const abs = u8.byteOffset + at;
  if (LITTLE_ENDIAN && abs % 8 === 0) return new Float64Array(u8.buffer, abs, count);
  const out = new Float64Array(count);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(u8.subarray(at, at + 8 * count));
  else {
    const dv = new DataView(u8.buffer, abs, 8 * count);
    for (let i = 0; i < count; i++) out[i] = dv.getFloat64(8 * i, true);
  }
  return out;
}

// ---------------------------------------------------------------- document

/**
 * openTable reads a table from its bytes (an ArrayBuffer, or a Uint8Array
 * or other view), checks it as docs/FORMAT.md says, and returns a Table;
 * it throws a PathTableError for a file it refuses. Time O(bytes) for the
 * checksum plus O(V + E) (version 3: O(width*height + E)); memory: the
 * graph where it must be rebuilt or copied, an index of O(n) or O(cells),
 * and none for the payloads, which stay in the caller's bytes.
 */
export function openTable(bytes) {
  let u8;
  if (bytes instanceof Uint8Array) u8 = bytes;
  else if (bytes instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && bytes instanceof SharedArrayBuffer)) u8 = new Uint8Array(bytes);
  else if (ArrayBuffer.isView(bytes)) u8 = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  else throw new TypeError("openTable: want an ArrayBuffer or a Uint8Array");
  const doc = readDocument(u8);
  if (doc.layout === "flat") return new FlatTable(doc);
  if (doc.layout === "runs") return new RunsTable(doc);
  return new WindowTable(doc);
}

// readDocument reads the document in u8 in the Go reader's order: the
// opening (magic, version, element count), the header bin, each bin's
// length against the header's before it is read, the checksum, nothing
// after it; then the graph (or the cells, rebuilt) and the layout's order
// and rows. It returns what the tables are made of.
function readDocument(u8) {
  const rd = new Reader(u8, 0, u8.length);
  // The opening: anything but an array opened by a string of 8 bytes is
  // not a table.
  let elements;
  try {
    elements = rd.arrayLen();
    if (elements < 2 || rd.strLen() !== 8) throw notTable();
    rd.fits(8);
  } catch {
    throw notTable();
  }
  const magic = String.fromCharCode(...u8.subarray(rd.pos, rd.pos + 8));
  rd.pos += 8;
  if (magic === PART_MAGIC) throw new PathTableError("part", "a part of a sharded build, not a table: join the parts with pathtable merge");
  if (magic !== MAGIC) throw notTable();
  const version = at("version", () => rd.uint());
  if (version !== 1 && version !== 2 && version !== 3) {
    throw new PathTableError("version", `unsupported table format version ${version} (this reader reads 1, 2 and 3)`);
  }
  const shapes = version === 1 ? [12] : version === 2 ? [12, 13] : [8, 9];
  if (!shapes.includes(elements)) throw corrupt(`document has ${elements} elements, want ${shapes.join(" or ")}`);
  const hlen = at("header", () => rd.binLen());
  const hat = at("header", () => rd.take(hlen));
  const h = decodeHeader(u8, hat, hlen);
  const layout = validateHeader(h, version, elements);
  const cells = version === 3;
  const n = h.nodes;
  const m = h.edges;
  const grid = h.kind === "grid";
  const run = layout === "runs" ? RUN_ENCODINGS[h.first_enc] : null;

  // The bins after the header, their exact lengths, and the first of
  // those that may all be empty instead (x and y; a grid's costs).
  let names, lens, empty, emptyN;
  if (cells) {
    names = ["open", "costs"];
    lens = [Math.ceil((h.width * h.height) / 8), Math.ceil(n / 2)];
    empty = 1;
    emptyN = 1;
  } else {
    names = ["offsets", "targets", "weights", "cells", "x", "y"];
    lens = [4 * (n + 1), 4 * m, 8 * m, grid ? 4 * n : 0, 8 * n, 8 * n];
    empty = 4;
    emptyN = 2;
  }
  if (layout === "flat") {
    names.push("first", "dist");
    lens.push(n * n, n * n * DIST_WIDTH[h.dist_kind]);
  } else if (layout === "window") {
    names.push("first", "dist");
    lens.push(n * windowBlock(h.window), 0);
  } else {
    names.push("order", "rows", "runs");
    lens.push(run[0] * n, cells ? h.row_bytes * n : 4 * (n + 1), run[0] * h.runs + Math.ceil((run[1] * h.runs) / 8));
  }
  let crc = crc32c(u8, 0, hat, hat + hlen);
  const bins = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const size = at(name + " length", () => rd.binLen());
    if (i === empty && size === 0) {
      for (let j = i + 1; j < i + emptyN; j++) lens[j] = 0;
    } else if (size !== lens[i]) {
      throw corrupt(`${name} has ${size} bytes, want ${lens[i]} for ${n} nodes and ${m} edges`);
    }
    const bat = at(name, () => rd.take(size));
    bins[name] = { at: bat, len: size };
    crc = crc32c(u8, crc, bat, bat + size);
  }
  const sum = at("checksum", () => rd.uint());
  if (sum > 0xffffffff) throw corrupt(`checksum ${sum} is over 32 bits`);
  if (sum !== crc) {
    const hex = (v) => v.toString(16).padStart(8, "0");
    throw new PathTableError("checksum", `table checksum mismatch (file corrupt): stored ${hex(sum)}, computed ${hex(crc)}`);
  }
  if (rd.left() !== 0) throw corrupt(`${rd.left()} bytes after the checksum`);
  if (run && run[4] && bins.costs.len !== 0) {
    throw corrupt(`first-move encoding "${h.first_enc}" has open-box wildcards, which only grids of cost-1 cells carry: the costs bin holds ${bins.costs.len} bytes`);
  }

  const doc = { u8, h, version, layout, run, bins };
  if (cells) rebuildGraph(doc);
  else readGraph(doc);
  return doc;
}

// at runs read, naming what in the error it throws: running out of bytes
// is truncated, anything else corrupt.
function at(what, read) {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof PathTableError)) throw e;
    if (e.code === "truncated") throw truncated(`${what}: ${plain(e)}`);
    throw corrupt(`${what}: ${plain(e)}`);
  }
}

// readGraph sets doc's graph from the graph bins of a version 1 or 2
// document and checks it: offsets span the edges, every out-degree 0..254,
// every target a node, every weight finite, >= 0 and of the metric; cells
// strictly increasing inside the grid. O(V + E).
function readGraph(doc) {
  const { u8, h, bins } = doc;
  const n = h.nodes;
  const m = h.edges;
  const offsets = int32s(u8, bins.offsets.at, n + 1);
  const targets = int32s(u8, bins.targets.at, m);
  const weights = float64s(u8, bins.weights.at, m);
  if (offsets[0] !== 0 || offsets[n] !== m) throw corrupt(`graph offsets do not match its ${m} edges`);
  for (let u = 0; u < n; u++) {
    if (offsets[u] > offsets[u + 1]) throw corrupt(`graph offsets decrease at node ${u}`);
  }
  for (let i = 0; i < m; i++) {
    const v = targets[i];
    if (v < 0 || v >= n) throw corrupt(`edge ${i} points to node ${v} of ${n}`);
  }
  for (let i = 0; i < m; i++) {
    const w = weights[i];
    if (!(w >= 0) || w === Infinity) throw corrupt(`edge ${i} has cost ${w}: cost must be a finite number >= 0`);
  }
  for (let u = 0; u < n; u++) {
    const d = offsets[u + 1] - offsets[u];
    if (d > MAX_DEGREE) throw corrupt(`node ${u} has out-degree ${d}`);
  }
  let cells = null;
  if (h.kind === "grid") {
    cells = int32s(u8, bins.cells.at, n);
    const size = h.width * h.height;
    let prev = -1;
    for (let u = 0; u < n; u++) {
      const c = cells[u];
      if (c <= prev || c >= size) throw corrupt(`node ${u} has cell ${c}`);
      prev = c;
    }
  }
  checkCosts(h.metric, weights);
  doc.offsets = offsets;
  doc.targets = targets;
  doc.weights = weights;
  doc.cells = cells;
  if (bins.x.len > 0) {
    doc.x = float64s(u8, bins.x.at, n);
    doc.y = float64s(u8, bins.y.at, n);
  }
}

// checkCosts refuses weights that break the metric's rule: integers below
// 2^31 for "int"; k or k*sqrt2 for such an integer k for "octile".
function checkCosts(metric, weights) {
  if (metric === "int") {
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i];
      if (w !== Math.trunc(w) || w >= 2147483648) throw corrupt(`edge ${i} has cost ${w} in a level of integer costs`);
    }
  } else if (metric === "octile") {
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i];
      if (w === Math.trunc(w) && w < 2147483648) continue;
      const k = Math.round(w / SQRT2);
      if (!(k >= 0 && k < 2147483648 && k * SQRT2 === w)) throw corrupt(`edge ${i} has cost ${w}, neither k nor k*sqrt2, in an octile level`);
    }
  }
}

// rebuildGraph makes a version 3 table's graph from its open bits and
// costs by the grid rules (internal/gridgraph.Build): nodes are the open
// cells in row-major order; each node's out-edges N, NE, E, SE, S, SW, W,
// NW (N, E, S, W when 4-connected) to open cells in the grid, a diagonal
// only when both cardinal cells beside it are open; an edge costs the
// entered cell's cost times 1 or sqrt2, or 10 or 14. O(width*height + E).
function rebuildGraph(doc) {
  const { u8, h, bins } = doc;
  const w = h.width;
  const ht = h.height;
  const size = w * ht;
  const n = h.nodes;
  const open = u8.subarray(bins.open.at, bins.open.at + bins.open.len);
  const packed = u8.subarray(bins.costs.at, bins.costs.at + bins.costs.len);
  if (size % 8 !== 0 && open[open.length - 1] >> size % 8 !== 0) throw corrupt(`open bits past the grid's ${size} cells`);
  let count = 0;
  for (let i = 0; i < open.length; i++) {
    let b = open[i];
    while (b) {
      b &= b - 1;
      count++;
    }
  }
  if (count !== n) throw corrupt(`${count} open cells for ${n} nodes`);
  if (packed.length > 0 && n % 2 === 1 && packed[packed.length - 1] >> 4 !== 0) throw corrupt(`costs padding is ${packed[packed.length - 1] >> 4}, want 0`);
  const cost = new Uint8Array(size); // 0: closed
  const cells = new Int32Array(n);
  const node = new Int32Array(size).fill(-1);
  for (let c = 0, u = 0; c < size; c++) {
    if (((open[c >> 3] >> (c & 7)) & 1) === 0) continue;
    let k = 1;
    if (packed.length > 0) {
      k = (packed[u >> 1] >> ((u & 1) << 2)) & 0xf;
      if (k === 0 || k > MAX_COST) throw corrupt(`node ${u} (cell ${c}) costs ${k}, want 1 to ${MAX_COST}`);
    }
    cost[c] = k;
    cells[u] = c;
    node[c] = u;
    u++;
  }
  const eight = h.connect === 8;
  const c1014 = h.diagonal === "10/14";
  // Each node's moves as a bit set of directions, then the edges.
  const moves = new Uint8Array(n);
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) {
    const c = cells[u];
    const x = c % w;
    const y = (c - x) / w;
    const north = y > 0 && cost[c - w] !== 0;
    const east = x < w - 1 && cost[c + 1] !== 0;
    const south = y < ht - 1 && cost[c + w] !== 0;
    const west = x > 0 && cost[c - 1] !== 0;
    let mv = (north ? 1 : 0) | (east ? 4 : 0) | (south ? 16 : 0) | (west ? 64 : 0);
    if (eight) {
      if (north && east && cost[c - w + 1] !== 0) mv |= 2;
      if (south && east && cost[c + w + 1] !== 0) mv |= 8;
      if (south && west && cost[c + w - 1] !== 0) mv |= 32;
      if (north && west && cost[c - w - 1] !== 0) mv |= 128;
    }
    moves[u] = mv;
    let d = 0;
    for (let b = mv; b; b &= b - 1) d++;
    offsets[u + 1] = offsets[u] + d;
  }
  const m = offsets[n];
  if (m !== h.edges) throw corrupt(`the cells make ${m} edges, the header says ${h.edges}`);
  const targets = new Int32Array(m);
  const weights = new Float64Array(m);
  const step = DX.map((dx, d) => DY[d] * w + dx);
  for (let u = 0, e = 0; u < n; u++) {
    const c = cells[u];
    for (let d = 0; d < 8; d++) {
      if (((moves[u] >> d) & 1) === 0) continue;
      const dest = c + step[d];
      const k = cost[dest];
      targets[e] = node[dest];
      weights[e] = c1014 ? k * (d & 1 ? 14 : 10) : d & 1 ? k * SQRT2 : k;
      e++;
    }
  }
  if (h.metric === "int") checkCosts(h.metric, weights);
  doc.offsets = offsets;
  doc.targets = targets;
  doc.weights = weights;
  doc.cells = cells;
  doc.byCell = node; // built anyway: the grid's cell -> node index
  doc.cellCost = cost;
}

// ---------------------------------------------------------------- tables

// Cost sums, as docs/FORMAT.md "Walked distances" (table.CostSum).
const SUM_FLOAT = 0;
const SUM_INT = 1;
const SUM_OCTILE = 2;

// Go's unicode.IsSpace, for cells with spaces around their numbers.
function isGoSpace(c) {
  return (c >= 9 && c <= 13) || c === 32 || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

function goTrim(s) {
  let i = 0;
  let j = s.length;
  while (i < j && isGoSpace(s.charCodeAt(i))) i++;
  while (j > i && isGoSpace(s.charCodeAt(j - 1))) j--;
  return s.slice(i, j);
}

const INT = /^[+-]?[0-9]+$/;

// atoi parses a base-10 int64 as Go's strconv.Atoi: an optional sign and
// ASCII digits. It returns a number (a BigInt past 15 digits), or null.
function atoi(s) {
  if (!INT.test(s)) return null;
  if (s.length <= 15) return Number(s);
  const v = BigInt(s);
  if (v < -(2n ** 63n) || v >= 2n ** 63n) return null;
  return v;
}

/**
 * Table answers queries from one table. Node ids are 0..nodeCount-1; every
 * query takes any number and answers "none" for ids out of range. Make it
 * with openTable.
 */
export class Table {
  constructor(doc) {
    const h = doc.h;
    this.header = Object.freeze({ ...h, names: h.names ? h.names.names : null });
    this.version = doc.version;
    this.layout = doc.layout;
    this.kind = h.kind;
    this.isGrid = h.kind === "grid";
    this.nodeCount = h.nodes;
    this.edgeCount = h.edges;
    this.width = this.isGrid ? h.width : 0;
    this.height = this.isGrid ? h.height : 0;
    this.connect = h.connect;
    this.diagonal = h.diagonal;
    this.model = h.model;
    this.metric = h.metric;
    this.distKind = h.dist_kind;
    this.window = h.window;
    this.agent = Math.max(h.clearance, 1);
    this.offsets = doc.offsets;
    this.targets = doc.targets;
    this.weights = doc.weights;
    this.cells = doc.cells;
    this.x = doc.x || null;
    this.y = doc.y || null;
    this.maxPathNodes = Math.max(this.nodeCount, 1);
    this._sumMode =
      h.metric === "int" ? SUM_INT : h.metric === "octile" && (h.dist_kind === "octile16" || h.dist_kind === "octile32") ? SUM_OCTILE : SUM_FLOAT;
    this._names = h.names ? h.names.names : null;
    this._byName = null;
    if (this._names) {
      this._byName = new Map();
      for (let u = this._names.length - 1; u >= 0; u--) this._byName.set(this._names[u], u);
    }
    // The grid's cell -> node index where it is not much larger than the
    // nodes (as lookup.Table does); else a binary search in cells.
    this._byCell = null;
    if (this.isGrid) {
      const size = this.width * this.height;
      if (size > 64 * this.nodeCount + 1024) {
        // sparse: a binary search in cells
      } else if (doc.byCell) this._byCell = doc.byCell;
      else {
        const idx = new Int32Array(size).fill(-1);
        for (let u = 0; u < this.nodeCount; u++) idx[this.cells[u]] = u;
        this._byCell = idx;
      }
    }
    // Grids: the cost of entering each node's cell, 1 to 9: version 3
    // stores them; versions 1 and 2 tell them by the weight of a cardinal
    // edge into the node (1 where no edge enters it).
    this._cost = null;
    if (this.isGrid) {
      const n = this.nodeCount;
      const cost = new Uint8Array(n);
      if (doc.cellCost) for (let u = 0; u < n; u++) cost[u] = doc.cellCost[this.cells[u]];
      else {
        const scale = h.diagonal === "10/14" ? 10 : 1;
        for (let u = 0; u < n; u++) {
          for (let e = this.offsets[u]; e < this.offsets[u + 1]; e++) {
            const v = this.targets[e];
            const d = Math.abs(this.cells[v] - this.cells[u]);
            const k = this.weights[e] / scale;
            if ((d === 1 || d === this.width) && k >= 1 && k <= MAX_COST && k === Math.trunc(k)) cost[v] = k;
          }
        }
        for (let u = 0; u < n; u++) if (cost[u] === 0) cost[u] = 1;
      }
      this._cost = cost;
    }
  }

  /** valid reports whether u is a node id. O(1). */
  valid(u) {
    return Number.isInteger(u) && u >= 0 && u < this.nodeCount;
  }

  /** nodeAt returns the node at grid cell (x, y), or -1 (a wall, outside the grid, a graph). O(1), or O(log n) on sparse grids. */
  nodeAt(x, y) {
    if (!this.isGrid || !Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return this._nodeOfCell(y * this.width + x);
  }

  _nodeOfCell(c) {
    if (this._byCell) return this._byCell[c];
    const cells = this.cells;
    let lo = 0;
    let hi = this.nodeCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cells[mid] < c) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.nodeCount && cells[lo] === c ? lo : -1;
  }

  /** xOf and yOf return node u's grid column and row, or -1. O(1). */
  xOf(u) {
    return this.isGrid && this.valid(u) ? this.cells[u] % this.width : -1;
  }
  yOf(u) {
    return this.isGrid && this.valid(u) ? Math.floor(this.cells[u] / this.width) : -1;
  }

  /** cellOf returns node u's cell [x, y] (a new array), or null on graphs and for a bad id. O(1). */
  cellOf(u) {
    if (!this.isGrid || !this.valid(u)) return null;
    const c = this.cells[u];
    return [c % this.width, Math.floor(c / this.width)];
  }

  /** cellCost returns the cost of entering node u's cell (1 to 9) on grids; 0 on graphs and for a bad id. O(1). */
  cellCost(u) {
    return this._cost && this.valid(u) ? this._cost[u] : 0;
  }

  /** nameOf returns node u's id: "x,y" on grids, its name on graphs; "" for a bad id. O(1) (a new string on grids). */
  nameOf(u) {
    if (!this.valid(u)) return "";
    if (this.isGrid) {
      const c = this.cells[u];
      return (c % this.width) + "," + Math.floor(c / this.width);
    }
    return this._names[u];
  }

  /** nodeByName returns the node of an id ("x,y" on grids, a name on graphs), or -1. O(1) (a Map lookup on graphs). */
  nodeByName(id) {
    const r = this._resolve(String(id));
    return typeof r === "number" ? r : -1;
  }

  /** node is nodeByName that throws a PathTableError (code "bad-id") saying why an id names no node, in the words of pathtable. */
  node(id) {
    const r = this._resolve(String(id));
    if (typeof r === "number") return r;
    throw new PathTableError("bad-id", r);
  }

  // _resolve returns the node of id, or why there is none (a string), as
  // lookup.Table.Node does.
  _resolve(id) {
    if (!this.isGrid) {
      const u = this._byName.get(id);
      return u === undefined ? `no node ${quote(id)} in this graph` : u;
    }
    const comma = id.indexOf(",");
    const x = comma < 0 ? null : atoi(goTrim(id.slice(0, comma)));
    const y = comma < 0 ? null : atoi(goTrim(id.slice(comma + 1)));
    if (x === null || y === null) return `bad cell ${quote(id)}: want x,y`;
    // A BigInt is past 15 digits, far outside any grid; -0 prints as 0.
    if (typeof x !== "number" || typeof y !== "number" || x < 0 || y < 0 || x >= this.width || y >= this.height) {
      return `cell ${String(x)},${String(y)} is outside the ${this.width}x${this.height} grid`;
    }
    const u = this._nodeOfCell(y * this.width + x);
    if (u >= 0) return u;
    const k = this.agent;
    if (k > 1) {
      return `cell ${x},${y} is too narrow for a ${k}x${k} agent (it would cover ${x},${y} to ${x + k - 1},${y + k - 1})`;
    }
    return `cell ${x},${y} is a wall, not a node`;
  }

  /** degree returns node u's out-degree, 0 for a bad id. O(1). */
  degree(u) {
    return this.valid(u) ? this.offsets[u + 1] - this.offsets[u] : 0;
  }

  /** forEachEdge calls fn(to, cost, slot) for each out-edge of node u, in slot order. O(degree). */
  forEachEdge(u, fn) {
    if (!this.valid(u)) return;
    const lo = this.offsets[u];
    const hi = this.offsets[u + 1];
    for (let e = lo; e < hi; e++) fn(this.targets[e], this.weights[e], e - lo);
  }

  /** edgeCost returns the cost of the edge u -> v, or NaN when there is none. O(degree). */
  edgeCost(u, v) {
    if (!this.valid(u)) return NaN;
    for (let e = this.offsets[u]; e < this.offsets[u + 1]; e++) if (this.targets[e] === v) return this.weights[e];
    return NaN;
  }

  /** covered reports whether the table answers (from, to): always for valid ids but in windowed tables. O(1). */
  covered(from, to) {
    return this.valid(from) && this.valid(to) && this._covers(from, to);
  }

  _covers() {
    return true;
  }

  /**
   * boxOpen reports whether the table answers the pair by its open-box
   * rule (docs/FORMAT.md "Open-box wildcards"): a run-length table with
   * a "b" encoding, from != to, and every cell of their bounding box open;
   * the first move is then H_1 and the row is not read. False on every
   * other table. O(1).
   */
  boxOpen(from, to) {
    return false;
  }

  /** next returns the node after from on the stored path to to, or -1 (no path, from == to, not covered, a bad id). O(1) flat, O(log row) run-length, O(1) windowed. */
  next(from, to) {
    if (!this.valid(from) || !this.valid(to)) return -1;
    return this._next(from, to);
  }

  /**
   * dist returns the cost of the stored path from -> to: stored (flat) or
   * walked (run-length, windowed; added as docs/FORMAT.md "Walked
   * distances" says, bit for bit the CLI's); Infinity when there is no
   * path; NaN when the pair is not covered (windowed tables) or an id is
   * bad. O(1) flat, O(path length) otherwise.
   */
  dist(from, to) {
    if (!this.covered(from, to)) return NaN;
    return this._dist(from, to);
  }

  /**
   * path writes the stored path from -> to, from and to included, into
   * out (an Int32Array or array), and returns its node count: 1 when
   * from == to; 0 when there is no path, the pair is not covered or an id
   * is bad; -k when out is shorter than the path's k nodes (out then holds
   * its first out.length nodes): a buffer of maxPathNodes always holds one.
   * O(path length), times log(row) on run-length tables. Allocates nothing.
   */
  path(from, to, out) {
    if (!this.covered(from, to)) return 0;
    return this._path(from, to, out);
  }

  /**
   * distancesTo writes dist(s, to) for every node s into out[s] (a
   * Float64Array of nodeCount): bit for bit what dist returns, Infinity
   * for no path, NaN where not covered (all NaN for a bad to). O(n) on flat
   * tables; on run-length and windowed tables of "int" and "octile" metrics
   * O(n) walk steps in all (each node's path shares the rest of its
   * successor's), O(sum of path lengths) on "float" ones, whose sums depend
   * on the order they add up in. Allocates scratch of O(n) at the first
   * call, then nothing.
   */
  distancesTo(to, out) {
    const n = Math.min(this.nodeCount, out.length);
    if (!this.valid(to)) {
      out.fill(NaN, 0, n);
      return;
    }
    if (this.layout === "flat" || this._sumMode === SUM_FLOAT) {
      for (let s = 0; s < n; s++) out[s] = this.dist(s, to);
      return;
    }
    if (!this._dA) {
      const m = this.nodeCount;
      this._dA = new Float64Array(m);
      this._dB = new Float64Array(m);
      this._dState = new Uint8Array(m);
      this._dChain = new Int32Array(m);
      this._dSlot = new Uint8Array(m);
    }
    const A = this._dA;
    const B = this._dB;
    const state = this._dState; // 0: not walked, 1: on the walk now, 2: done
    const chain = this._dChain;
    const slots = this._dSlot;
    const { offsets, targets, weights } = this;
    const octile = this._sumMode === SUM_OCTILE;
    state.fill(0);
    A[to] = 0;
    B[to] = 0;
    state[to] = 2;
    for (let s = 0; s < n; s++) {
      if (!this._covers(s, to)) {
        out[s] = NaN;
        continue;
      }
      // Walk from s until a node already done, a dead end or a cycle (a
      // damaged table's), then add the costs back along the walk.
      let u = s;
      let len = 0;
      while (state[u] === 0) {
        state[u] = 1;
        const m = this._slot(u, to);
        const lo = offsets[u];
        chain[len] = u;
        slots[len++] = m;
        if (m >= offsets[u + 1] - lo) {
          u = -1;
          break;
        }
        u = targets[lo + m];
      }
      let a = 0;
      let b = 0;
      if (u < 0 || state[u] === 1) a = Infinity;
      else {
        a = A[u];
        b = B[u];
      }
      for (let i = len - 1; i >= 0; i--) {
        const x = chain[i];
        if (a !== Infinity) {
          const w = weights[offsets[x] + slots[i]];
          if (!octile || w === Math.trunc(w)) a += w;
          else b += Math.round(w / SQRT2);
        }
        A[x] = a;
        B[x] = b;
        state[x] = 2;
      }
      a = A[s];
      b = B[s];
      // Counts past 2^53 would round: walk those alone.
      out[s] = a === Infinity ? Infinity : a < 9007199254740992 && b < 9007199254740992 ? a + b * SQRT2 : this._dist(s, to);
    }
  }

  // _sum adds the costs of the edges along the walk that _slot(u, to)
  // gives, from from until to, as table.CostSum does (docs/FORMAT.md
  // "Walked distances"): integers (and octile counts) exactly, floats in
  // path order; Infinity when a move names no edge or the walk passes
  // limit steps (a damaged table's cycle).
  _sum(from, to, limit) {
    const offsets = this.offsets;
    const weights = this.weights;
    const targets = this.targets;
    const mode = this._sumMode;
    let f = 0;
    let a = 0;
    let ahi = 0;
    let b = 0;
    let bhi = 0;
    let u = from;
    for (let steps = 0; u !== to; steps++) {
      const lo = offsets[u];
      const m = this._slot(u, to);
      if (m >= offsets[u + 1] - lo || steps >= limit) return Infinity;
      const w = weights[lo + m];
      if (mode === SUM_FLOAT) f += w;
      else if (mode === SUM_INT || w === Math.trunc(w)) {
        a += w;
        if (a >= 4503599627370496) {
          // Past 2^52: carry whole multiples of 2^32, so the sum stays exact.
          const c = a - (a % TWO32);
          ahi += c;
          a -= c;
        }
      } else {
        b += Math.round(w / SQRT2);
        if (b >= 4503599627370496) {
          const c = b - (b % TWO32);
          bhi += c;
          b -= c;
        }
      }
      u = targets[lo + m];
    }
    if (mode === SUM_FLOAT) return f;
    return (ahi + a) + (bhi + b) * SQRT2;
  }
}

// hopTable returns the targets of each node's slots at stride (the
// smallest power of two >= the largest degree): hops[u*stride + m] is the
// node slot m of u leads to, -1 past its degree; in the order of nodes
// order (rank space, run-length tables: its ranks) when given. Only where
// it is no more than 4 times the edges' memory (every grid's); else null,
// and walks read offsets and targets.
function hopTable(t, order, rank) {
  const { offsets, targets, nodeCount: n } = t;
  let maxDeg = 0;
  for (let u = 0; u < n; u++) maxDeg = Math.max(maxDeg, offsets[u + 1] - offsets[u]);
  let stride = 1;
  while (stride < maxDeg) stride *= 2;
  if (n * stride > 4 * (targets.length + n) + 1024) return { hops: null, stride };
  const hops = new Int32Array(n * stride).fill(-1);
  for (let i = 0; i < n; i++) {
    const u = order ? order[i] : i;
    const lo = offsets[u];
    const hi = offsets[u + 1];
    for (let e = lo; e < hi; e++) hops[i * stride + e - lo] = rank ? rank[targets[e]] : targets[e];
  }
  return { hops, stride };
}

class FlatTable extends Table {
  constructor(doc) {
    super(doc);
    const { u8, bins, h } = doc;
    this._first = u8.subarray(bins.first.at, bins.first.at + bins.first.len);
    this._dv = new DataView(u8.buffer, u8.byteOffset + bins.dist.at, bins.dist.len);
    this._dk = ["u16", "u32", "u64", "octile16", "octile32", "f64"].indexOf(h.dist_kind);
    const { hops, stride } = hopTable(this);
    this._hops = hops;
    this._stride = stride;
  }

  _next(from, to) {
    return this._hop(from, this._first[to * this.nodeCount + from]);
  }

  _hop(u, m) {
    if (this._hops) return m < this._stride ? this._hops[u * this._stride + m] : -1;
    const lo = this.offsets[u];
    return m < this.offsets[u + 1] - lo ? this.targets[lo + m] : -1;
  }

  _slot(u, to) {
    return this._first[to * this.nodeCount + u];
  }

  /** distance value i, as table.DistKind.At: Infinity when unreachable. */
  _dist(from, to) {
    const dv = this._dv;
    const i = to * this.nodeCount + from;
    switch (this._dk) {
      case 0: {
        const v = dv.getUint16(2 * i, true);
        return v === 0xffff ? Infinity : v;
      }
      case 1: {
        const v = dv.getUint32(4 * i, true);
        return v === 0xffffffff ? Infinity : v;
      }
      case 2: {
        const lo = dv.getUint32(8 * i, true);
        const hi = dv.getUint32(8 * i + 4, true);
        return lo === 0xffffffff && hi === 0xffffffff ? Infinity : hi * TWO32 + lo;
      }
      case 3: {
        const a = dv.getUint16(4 * i, true);
        return a === 0xffff ? Infinity : a + dv.getUint16(4 * i + 2, true) * SQRT2;
      }
      case 4: {
        const a = dv.getUint32(8 * i, true);
        return a === 0xffffffff ? Infinity : a + dv.getUint32(8 * i + 4, true) * SQRT2;
      }
      default: {
        const v = dv.getFloat64(8 * i, true);
        return v === Infinity ? Infinity : v;
      }
    }
  }

  // _octileKey returns the stored distance from -> to of an "octile16"
  // table as Go's exact search key (table.OctileKey: a·2^34 + b·24296003999),
  // Infinity when unreachable: the overlay's searches order and tie on
  // these, as Go's do. Other distance kinds have none (NaN). O(1).
  _octileKey(from, to) {
    if (this._dk !== 3) return NaN;
    const i = 4 * (to * this.nodeCount + from);
    const a = this._dv.getUint16(i, true);
    return a === 0xffff ? Infinity : a * 17179869184 + this._dv.getUint16(i + 2, true) * 24296003999;
  }

  _path(from, to, out) {
    const first = this._first;
    const n = this.nodeCount;
    const row = to * n;
    const cap = out.length;
    const hops = this._hops;
    const stride = this._stride;
    const offsets = this.offsets;
    const targets = this.targets;
    if (cap > 0) out[0] = from;
    let len = 1;
    for (let u = from; u !== to; ) {
      const m = first[row + u];
      if (len >= n) return 0; // a cycle: only in a damaged table
      let v;
      if (hops) {
        if (m >= stride) return 0;
        v = hops[u * stride + m];
      } else {
        const lo = offsets[u];
        v = m < offsets[u + 1] - lo ? targets[lo + m] : -1;
      }
      if (v < 0) return 0; // no path, or a move that names no edge
      u = v;
      if (len < cap) out[len] = u;
      len++;
    }
    return len <= cap ? len : -len;
  }
}

class RunsTable extends Table {
  constructor(doc) {
    super(doc);
    const { u8, bins, h, run, version } = doc;
    const n = h.nodes;
    const [sb, mb, symbols, wrap, box, comps, jump, packed] = run;
    // order and its inverse rank; order must be a permutation.
    const order = new Int32Array(n);
    const rank = new Int32Array(n).fill(-1);
    const ob = bins.order.at;
    // rows: version 3 sums each row's run count, never past R; version 2
    // holds the n+1 starts.
    let rowStart;
    const R = h.runs;
    if (version === 3) {
      rowStart = new Uint32Array(n + 1);
      const w = h.row_bytes;
      const rb = bins.rows.at;
      let sum = 0;
      for (let r = 0; r < n; r++) {
        const p = rb + w * r;
        sum += w === 1 ? u8[p] : w === 2 ? u8[p] | (u8[p + 1] << 8) : (u8[p] | (u8[p + 1] << 8) | (u8[p + 2] << 16) | (u8[p + 3] << 24)) >>> 0;
        if (sum > R) throw corrupt(`rows: the rows up to row ${r} hold ${sum} runs, more than the table's ${R}`);
        rowStart[r + 1] = sum;
      }
      if (sum !== R) throw corrupt(`rows do not span the ${R} runs: they hold ${sum}`);
    } else {
      rowStart = uint32s(u8, bins.rows.at, n + 1);
      if (rowStart[0] !== 0 || rowStart[n] !== R) throw corrupt(`rows do not span the ${R} runs`);
      for (let r = 0; r < n; r++) if (rowStart[r] > rowStart[r + 1]) throw corrupt(`row ${r} ends before it starts`);
    }
    for (let r = 0; r < n; r++) {
      const p = ob + sb * r;
      const u = sb === 2 ? u8[p] | (u8[p + 1] << 8) : (u8[p] | (u8[p + 1] << 8) | (u8[p + 2] << 16) | (u8[p + 3] << 24)) >>> 0;
      if (u >= n || rank[u] >= 0) throw corrupt(`order: rank ${r} names node ${u}, not a permutation of ${n} nodes`);
      order[r] = u;
      rank[u] = r;
    }
    this._order = order;
    this._rank = rank;
    this._rowStart = rowStart;
    // c encodings: each rank's component, as its first rank.
    this._comp = comps ? componentStarts(this.offsets, this.targets, order) : null;
    const rat = bins.runs.at;
    if (packed) {
      [this._starts, this._moves] = unpackRuns(uint16s(u8, rat, R), rowStart, n);
    } else {
      this._starts = sb === 2 ? uint16s(u8, rat, R) : uint32s(u8, rat, R);
      this._moves = u8.subarray(rat + sb * R, rat + bins.runs.len);
    }
    this._nibble = mb === 4;
    this._symbols = symbols;
    this._wrap = wrap;
    const { hops, stride } = hopTable(this, order, rank);
    this._hops = hops; // rank space
    this._stride = stride;
    if (symbols) {
      // Each rank's cell, and the slot of its move in each direction (0xFF: none), for H_k.
      this._xy = new Int32Array(2 * n);
      this._dirSlot = new Uint8Array(8 * n).fill(NO_MOVE);
      for (let r = 0; r < n; r++) {
        const u = order[r];
        const c = this.cells[u];
        const x = c % this.width;
        const y = (c - x) / this.width;
        this._xy[2 * r] = x;
        this._xy[2 * r + 1] = y;
        for (let e = this.offsets[u]; e < this.offsets[u + 1]; e++) {
          const cv = this.cells[this.targets[e]];
          const vx = cv % this.width;
          const d = DIR_OF_SIGN[(vx - x + 1) * 3 + (cv - vx) / this.width - y + 1];
          if (d < 8 && this._dirSlot[8 * r + d] === NO_MOVE) this._dirSlot[8 * r + d] = e - this.offsets[u];
        }
      }
      this._keys = new Float64Array(MAX_DEGREE + 1);
      // j encodings: each rank's jump set, a bit per direction.
      this._jumpSet = null;
      if (jump) {
        const masks = jumpMasks(this.width, this.height, this.cells);
        this._jumpSet = new Uint8Array(n);
        for (let r = 0; r < n; r++) {
          let has = 0;
          for (let d = 0; d < 8; d++) if (this._dirSlot[8 * r + d] !== NO_MOVE) has |= 1 << d;
          this._jumpSet[r] = has & masks[order[r]] || has;
        }
      }
    }
    // Open-box wildcards: the summed-area table of open cells (only b
    // tables, always format 3 grids whose cells cost 1).
    this._box = box;
    this._sat = box ? openCellSums(this.width, this.height, doc.cellCost) : null;
  }

  // _boxOpen reports whether every cell of the bounding box of ranks r's
  // and tr's cells is open. O(1).
  _boxOpen(r, tr) {
    const xy = this._xy;
    const ax = xy[2 * r];
    const ay = xy[2 * r + 1];
    const bx = xy[2 * tr];
    const by = xy[2 * tr + 1];
    return boxOpen(this._sat, this.width + 1, Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
  }

  boxOpen(from, to) {
    return this._box && this.valid(from) && this.valid(to) && from !== to && this._boxOpen(this._rank[from], this._rank[to]);
  }

  // _move is the move for target rank tr from rank r (r != tr): H_1 where
  // the table has open-box wildcards and the pair's box is open, else the
  // row's (_rowMove). O(1) or O(log row).
  _move(r, tr) {
    if (this._box) {
      // _boxOpen and _symbol's H_1, inlined: this is every query's path.
      const xy = this._xy;
      const ax = xy[2 * r];
      const ay = xy[2 * r + 1];
      const bx = xy[2 * tr];
      const by = xy[2 * tr + 1];
      const x0 = ax < bx ? ax : bx;
      const x1 = ax < bx ? bx : ax;
      const y0 = ay < by ? ay : by;
      const y1 = ay < by ? by : ay;
      const S = this._sat;
      const W = this.width + 1;
      const a = y0 * W;
      const b = (y1 + 1) * W;
      if (S[b + x1 + 1] - S[b + x0] - S[a + x1 + 1] + S[a + x0] === (x1 - x0 + 1) * (y1 - y0 + 1)) {
        const j = this._dirSlot[8 * r + DIR_OF_SIGN[(Math.sign(bx - ax) + 1) * 3 + Math.sign(by - ay) + 1]];
        return j !== NO_MOVE ? j : this._symbol(r, tr, 1);
      }
    }
    return this._rowMove(r, tr);
  }

  // _rowMove is the move stored for target rank tr in the row of rank r:
  // the last run whose start <= tr (a wrapped row's last run below its
  // first start), a symbol decoded to its slot; NO_MOVE when none.
  // O(log row).
  _rowMove(r, tr) {
    const starts = this._starts;
    const lo = this._rowStart[r];
    const hi = this._rowStart[r + 1];
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (starts[mid] <= tr) a = mid + 1;
      else b = mid;
    }
    let i;
    if (a === lo) {
      if (!this._wrap || hi === lo) return NO_MOVE;
      i = hi - 1;
    } else i = a - 1;
    let m;
    if (this._nibble) {
      m = (this._moves[i >>> 1] >> ((i & 1) << 2)) & 0xf;
      if (m === NIBBLE_NONE) return NO_MOVE;
    } else m = this._moves[i];
    if (this._symbols && m >= SYMBOL_BASE && m < SYMBOL_BASE + MAX_SYMBOL_RANK) return this._symbol(r, tr, m - SYMBOL_BASE + 1);
    return m;
  }

  // _symbol decodes H_k from rank r toward rank tr: the slot of rank k when
  // r's slots are ranked by the heuristic key of the vector from the cell
  // each leads to to tr's cell, ties by lower slot; the move toward the
  // sign of the vector is H_1 when r has it. O(1) for that, else O(degree^2).
  _symbol(r, tr, k) {
    // J in H_7's move, J_2 in H_6's.
    if (k >= MAX_SYMBOL_RANK - 1 && this._jumpSet !== null) return this._jump(r, tr, MAX_SYMBOL_RANK + 1 - k);
    const u = this._order[r];
    const lo = this.offsets[u];
    const deg = this.offsets[u + 1] - lo;
    if (k > deg) return NO_MOVE;
    const xy = this._xy;
    const dx = xy[2 * tr] - xy[2 * r];
    const dy = xy[2 * tr + 1] - xy[2 * r + 1];
    if (k === 1) {
      const d = DIR_OF_SIGN[(Math.sign(dx) + 1) * 3 + Math.sign(dy) + 1];
      if (d < 8) {
        const j = this._dirSlot[8 * r + d];
        if (j !== NO_MOVE) return j;
      }
    }
    const keys = this._keys;
    const cells = this.cells;
    const w = this.width;
    const tx = xy[2 * tr];
    const ty = xy[2 * tr + 1];
    for (let j = 0; j < deg; j++) {
      const cv = cells[this.targets[lo + j]];
      const vx = cv % w;
      let ax = Math.abs(tx - vx);
      let ay = Math.abs(ty - (cv - vx) / w);
      keys[j] = ax > ay ? 985 * ax + 408 * ay : 985 * ay + 408 * ax;
    }
    for (let j = 0; j < deg; j++) {
      let rk = 1;
      for (let i = 0; i < deg; i++) if (keys[i] < keys[j] || (keys[i] === keys[j] && i < j)) rk++;
      if (rk === k) return j;
    }
    return NO_MOVE;
  }

  // _jump decodes J_n (n = 1, J, in move 14; n = 2 in move 13) from rank
  // r toward rank tr: for J, the direct move one step away; else the n-th
  // direction of the target's sector's list in r's jump set. O(1).
  _jump(r, tr, n) {
    const xy = this._xy;
    const dx = xy[2 * tr] - xy[2 * r];
    const dy = xy[2 * tr + 1] - xy[2 * r + 1];
    if (n === 1 && Math.abs(dx) <= 1 && Math.abs(dy) <= 1) {
      const d = DIR_OF_SIGN[(dx + 1) * 3 + dy + 1];
      if (d < 8 && this._dirSlot[8 * r + d] !== NO_MOVE) return this._dirSlot[8 * r + d];
    }
    const set = this._jumpSet[r];
    if (set === 0 || (dx === 0 && dy === 0)) return NO_MOVE;
    for (const c of JUMP_PREFS[jumpSector(dx, dy)]) if ((set >> c) & 1 && --n === 0) return this._dirSlot[8 * r + c];
    return NO_MOVE;
  }

  // _apart reports whether ranks r and tr lie in different components of
  // a c table: no path joins them, and the row is not read. O(1).
  _apart(r, tr) {
    return this._comp !== null && this._comp[r] !== this._comp[tr];
  }

  _slot(u, to) {
    return u === to || this._apart(this._rank[u], this._rank[to]) ? NO_MOVE : this._move(this._rank[u], this._rank[to]);
  }

  _next(from, to) {
    if (from === to || this._apart(this._rank[from], this._rank[to])) return -1;
    const m = this._move(this._rank[from], this._rank[to]);
    if (this._hops) {
      if (m >= this._stride) return -1;
      const r = this._hops[this._rank[from] * this._stride + m];
      return r < 0 ? -1 : this._order[r];
    }
    const lo = this.offsets[from];
    return m < this.offsets[from + 1] - lo ? this.targets[lo + m] : -1;
  }

  _dist(from, to) {
    return this._sum(from, to, this.nodeCount);
  }

  _path(from, to, out) {
    const n = this.nodeCount;
    const order = this._order;
    const rank = this._rank;
    const hops = this._hops;
    const stride = this._stride;
    const cap = out.length;
    const tr = rank[to];
    const box = this._box;
    // Once a step's box with the target is open, every later step's is: H_1
    // stays inside it. The rest of the path is H_1 moves, tested no more.
    let boxed = false;
    if (cap > 0) out[0] = from;
    let len = 1;
    if (this._apart(rank[from], tr)) return 0; // another component: no path
    for (let r = rank[from]; r !== tr; ) {
      let m;
      if (boxed || (box && (boxed = this._boxOpen(r, tr)))) m = this._symbol(r, tr, 1);
      else m = this._rowMove(r, tr);
      if (len >= n) return 0; // a cycle: only in a damaged table
      let v;
      if (hops) {
        if (m >= stride) return 0;
        v = hops[r * stride + m];
        if (v < 0) return 0;
        r = v;
        v = order[r];
      } else {
        const u = order[r];
        const lo = this.offsets[u];
        if (m >= this.offsets[u + 1] - lo) return 0;
        v = this.targets[lo + m];
        r = rank[v];
      }
      if (len < cap) out[len] = v;
      len++;
    }
    return len <= cap ? len : -len;
  }
}

// componentStarts returns, by rank of order, the first rank of the
// component of that rank's node: union-find over the edges, each taken
// either way, then one pass by rank that refuses a component whose ranks
// are not consecutive (docs/FORMAT.md "Rows that cover their component").
// O((V + E) log V) at worst.
function componentStarts(offsets, targets, order) {
  const n = order.length;
  const root = new Int32Array(n);
  for (let u = 0; u < n; u++) root[u] = u;
  const find = (u) => {
    while (root[u] !== u) u = root[u] = root[root[u]];
    return u;
  };
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const a = find(u);
      const b = find(targets[e]);
      if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const start = new Int32Array(n);
  const seen = new Uint8Array(n);
  let prev = -1;
  for (let r = 0; r < n; r++) {
    const c = find(order[r]);
    if (c === prev) {
      start[r] = start[r - 1];
      continue;
    }
    if (seen[c]) throw corrupt(`order: the component of node ${order[r]} comes back at rank ${r} after other nodes; its ranks must be consecutive`);
    seen[c] = 1;
    start[r] = r;
    prev = c;
  }
  return start;
}

// openCellSums returns the summed-area table of a grid's open cells
// (cost[c] != 0): S[y*(w+1) + x] is the number of open cells in
// [0,x)x[0,y). (w+1)(h+1) entries; O(w*h) time.
function openCellSums(w, h, cost) {
  const W = w + 1;
  const S = new Int32Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    const c0 = y * w;
    const s0 = (y + 1) * W;
    for (let x = 0; x < w; x++) {
      if (cost[c0 + x] !== 0) row++;
      S[s0 + x + 1] = S[s0 - W + x + 1] + row;
    }
  }
  return S;
}

// boxOpen reports whether every cell of [x0,x1]x[y0,y1] (x0 <= x1, y0 <=
// y1) is open, by S = openCellSums(...) of row length W = width+1. O(1).
function boxOpen(S, W, x0, y0, x1, y1) {
  const a = y0 * W;
  const b = (y1 + 1) * W;
  return S[b + x1 + 1] - S[b + x0] - S[a + x1 + 1] + S[a + x0] === (x1 - x0 + 1) * (y1 - y0 + 1);
}

class WindowTable extends Table {
  constructor(doc) {
    super(doc);
    const { u8, bins, h } = doc;
    const n = h.nodes;
    this._delta = h.window;
    this._side = 2 * h.window + 1;
    this._blockBytes = windowBlock(h.window);
    this._blocks = u8.subarray(bins.first.at, bins.first.at + bins.first.len);
    this.maxPathNodes = Math.max(1, Math.min(n, this._side * this._side));
    // The slot of each node's first out-edge in each direction, 0xFF: none.
    const dirSlot = new Uint8Array(8 * n).fill(NO_MOVE);
    const { offsets, targets, cells, width: w } = this;
    for (let u = 0; u < n; u++) {
      const cu = cells[u];
      const ux = cu % w;
      const uy = (cu - ux) / w;
      for (let e = offsets[u]; e < offsets[u + 1]; e++) {
        const cv = cells[targets[e]];
        const vx = cv % w;
        const ddx = vx - ux;
        const ddy = (cv - vx) / w - uy;
        if (ddx < -1 || ddx > 1 || ddy < -1 || ddy > 1) continue;
        const d = DIR_OF_SIGN[(ddx + 1) * 3 + ddy + 1];
        if (d < 8 && dirSlot[8 * u + d] === NO_MOVE) dirSlot[8 * u + d] = e - offsets[u];
      }
    }
    this._dirSlot = dirSlot;
  }

  // _cell returns from's cell in to's window (row-major), or -1 outside it.
  _cell(from, to) {
    const w = this.width;
    const cf = this.cells[from];
    const ct = this.cells[to];
    const fx = cf % w;
    const tx = ct % w;
    const wx = fx - tx + this._delta;
    const wy = (cf - fx) / w - (ct - tx) / w + this._delta;
    const side = this._side;
    return wx < 0 || wy < 0 || wx >= side || wy >= side ? -1 : wy * side + wx;
  }

  _covers(from, to) {
    return this._cell(from, to) >= 0;
  }

  // _dir is the direction stored in to's block for window cell i (8: none).
  _dir(to, i) {
    const d = (this._blocks[to * this._blockBytes + (i >>> 1)] >> ((i & 1) << 2)) & 0xf;
    return d < 8 ? d : 8;
  }

  _slot(u, to) {
    const i = this._cell(u, to);
    if (i < 0) return NO_MOVE;
    const d = this._dir(to, i);
    return d < 8 ? this._dirSlot[8 * u + d] : NO_MOVE;
  }

  _next(from, to) {
    const m = this._slot(from, to);
    return m === NO_MOVE ? -1 : this.targets[this.offsets[from] + m];
  }

  _dist(from, to) {
    return this._sum(from, to, this._side * this._side);
  }

  _path(from, to, out) {
    const side = this._side;
    const limit = side * side;
    const i0 = this._cell(from, to);
    let wx = i0 % side;
    let wy = (i0 - wx) / side;
    const base = to * this._blockBytes;
    const blocks = this._blocks;
    const dirSlot = this._dirSlot;
    const offsets = this.offsets;
    const targets = this.targets;
    const cap = out.length;
    if (cap > 0) out[0] = from;
    let len = 1;
    for (let u = from; u !== to; ) {
      const i = wy * side + wx;
      const d = (blocks[base + (i >>> 1)] >> ((i & 1) << 2)) & 0xf;
      if (d >= 8 || len >= limit) return 0;
      const m = dirSlot[8 * u + d];
      wx += DX[d];
      wy += DY[d];
      if (m === NO_MOVE || wx < 0 || wy < 0 || wx >= side || wy >= side) return 0;
      u = targets[offsets[u] + m];
      if (len < cap) out[len] = u;
      len++;
    }
    return len <= cap ? len : -len;
  }
}

/**
 * formatCost prints a cost as pathtable does (Go's strconv.FormatFloat(v,
 * 'f', -1, 64)): the shortest decimal that reads back as v, never in
 * exponent notation; "+Inf" for Infinity.
 */
export function formatCost(v) {
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  if (Number.isNaN(v)) return "NaN";
  const s = String(v);
  if (!/e/.test(s)) return s;
  const neg = v < 0;
  const [mant, expS] = Math.abs(v).toExponential().split("e");
  const exp = Number(expS);
  const digits = mant.replace(".", "");
  let out;
  if (exp < 0) out = "0." + "0".repeat(-exp - 1) + digits;
  else if (digits.length <= exp + 1) out = digits + "0".repeat(exp + 1 - digits.length);
  else out = digits.slice(0, exp + 1) + "." + digits.slice(exp + 1);
  return (neg ? "-" : "") + out;
}
