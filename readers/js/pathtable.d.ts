// Types of pathtable.mjs: a reader of pathtable tables (.ptab) for
// browsers and Node. See README.md for costs and a step-by-step guide.

/** The bytes of a table: an ArrayBuffer, or a Uint8Array (a Node Buffer) or other view. */
export type TableBytes = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** Why a file was refused (or, for Table.node, why an id names no node). */
export type PathTableErrorCode = "not-table" | "part" | "version" | "truncated" | "checksum" | "corrupt" | "bad-id";

/** The one error openTable throws for a file it refuses; the message names the element or value at fault. */
export class PathTableError extends Error {
  readonly name: "PathTableError";
  readonly code: PathTableErrorCode;
  constructor(code: PathTableErrorCode, message: string);
}

/** The table's header, as the file holds it (docs/FORMAT.md "The header"). */
export interface Header {
  readonly kind: "grid" | "graph";
  readonly nodes: number;
  readonly edges: number;
  readonly width: number;
  readonly height: number;
  readonly names: readonly string[] | null;
  readonly metric: "int" | "octile" | "float";
  readonly dist_kind: "u16" | "u32" | "u64" | "octile16" | "octile32" | "f64";
  readonly first_enc: string;
  readonly model: string;
  readonly connect: number;
  readonly diagonal: string;
  readonly source: string;
  readonly format: string;
  readonly input_hash: string;
  readonly layout: "" | "runs" | "window";
  readonly window: number;
  readonly runs: number;
  readonly clearance: number;
  readonly row_bytes: number;
}

/** Something path() can write node ids into. */
export type PathBuffer = Int32Array | Uint32Array | Float64Array | number[];

/**
 * Answers queries from one table (make it with openTable). Node ids are
 * 0..nodeCount-1; every query takes any number and answers "none" for an
 * id out of range. Queries allocate nothing (but cellOf and nameOf on
 * grids, which return new values).
 */
export declare class Table {
  private constructor();
  /** The header's fields. */
  readonly header: Header;
  /** The file's format version: 1, 2 or 3. */
  readonly version: 1 | 2 | 3;
  /** "flat": every pair stored; "runs": run-length first moves; "window": pairs within a window. */
  readonly layout: "flat" | "runs" | "window";
  readonly kind: "grid" | "graph";
  readonly isGrid: boolean;
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** Grid size in cells; 0 for graphs. */
  readonly width: number;
  readonly height: number;
  /** Grids: 4 or 8; graphs 0. */
  readonly connect: number;
  /** Grids: "sqrt2" or "10/14"; graphs "". */
  readonly diagonal: string;
  /** The movement model in words, e.g. "8-connected, sqrt2 diagonals, no corner cutting". */
  readonly model: string;
  readonly metric: "int" | "octile" | "float";
  readonly distKind: string;
  /** A windowed table's DELTA; 0 otherwise. */
  readonly window: number;
  /** The side of the square agent the grid table was built for (1: one cell). */
  readonly agent: number;
  /** A buffer of this many nodes holds any path the table gives. */
  readonly maxPathNodes: number;
  /** The graph in CSR form (read only): node u's out-edges are offsets[u]..offsets[u+1]-1, to targets[e] at cost weights[e]. */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly weights: Float64Array;
  /** Grids: each node's cell y*width + x, ascending (read only); null for graphs. */
  readonly cells: Int32Array | null;
  /** Graph node coordinates where the level gives them (read only); else null. */
  readonly x: Float64Array | null;
  readonly y: Float64Array | null;

  /** Whether u is a node id. O(1). */
  valid(u: number): boolean;
  /** The node at grid cell (x, y), or -1 (a wall, outside the grid, a graph). O(1) (O(log n) on sparse grids). */
  nodeAt(x: number, y: number): number;
  /** Node u's cell as a new [x, y], or null (a graph, a bad id). O(1). */
  cellOf(u: number): [number, number] | null;
  /** Node u's column, or -1. O(1), no allocation. */
  xOf(u: number): number;
  /** Node u's row, or -1. O(1), no allocation. */
  yOf(u: number): number;
  /** The cost (1 to 9) of entering node u's cell on grids; 0 on graphs or for a bad id. O(1). */
  cellCost(u: number): number;
  /** Node u's id: "x,y" on grids, its name on graphs; "" for a bad id. O(1). */
  nameOf(u: number): string;
  /** The node an id names ("x,y" on grids, as pathtable parses it; a name on graphs), or -1. O(1). */
  nodeByName(id: string): number;
  /** nodeByName that throws a PathTableError (code "bad-id") saying why, in pathtable's words. */
  node(id: string): number;
  /** Node u's out-degree (0 for a bad id). O(1). */
  degree(u: number): number;
  /** Calls fn(to, cost, slot) for each out-edge of u in slot order. O(degree). */
  forEachEdge(u: number, fn: (to: number, cost: number, slot: number) => void): void;
  /** The cost of the edge u -> v, or NaN when there is none. O(degree). */
  edgeCost(u: number, v: number): number;
  /** Whether the table answers the pair: always for valid ids but outside a windowed table's window. O(1). */
  covered(from: number, to: number): boolean;
  /**
   * Whether the table answers the pair by its open-box rule (a run-length
   * table with a "b" first-move encoding, from !== to, and every cell of
   * their bounding box open): the first move is then H_1, the row unread.
   * False on every other table. O(1).
   */
  boxOpen(from: number, to: number): boolean;
  /** The node after from on the stored path to to, or -1 (no path, from == to, not covered, a bad id). O(1); O(log row) run-length. */
  next(from: number, to: number): number;
  /**
   * The stored path's cost: stored (flat) or walked (run-length, windowed),
   * bit for bit pathtable's; Infinity when there is no path; NaN when the
   * pair is not covered or an id is bad. O(1) flat, else O(path length).
   */
  dist(from: number, to: number): number;
  /**
   * Writes dist(s, to) for every node s into out[s], bit for bit: a heat
   * map of distances to one node. O(n) flat; O(n) walk steps in all on
   * run-length and windowed tables of "int" and "octile" metrics (paths
   * share their tails); O(sum of path lengths) on "float" ones. Scratch of
   * O(n) is allocated at the first call.
   */
  distancesTo(to: number, out: Float64Array | number[]): void;
  /**
   * Writes the stored path from -> to (both included) into out and returns
   * its node count: 1 when from == to; 0 when there is no path, the pair is
   * not covered or an id is bad; -k when out is shorter than the path's k
   * nodes (out then holds its first out.length nodes). A buffer of
   * maxPathNodes always suffices. O(path length). Allocates nothing.
   */
  path(from: number, to: number, out: PathBuffer): number;
}

/**
 * Reads and checks a table (every check of docs/FORMAT.md), returning a
 * Table; throws PathTableError for a file it refuses. O(bytes + V + E);
 * the payloads stay in the given bytes, which must not change afterwards.
 */
export function openTable(bytes: TableBytes): Table;

/** CRC-32C of u8[from, to), continued from crc (0 to start). */
export function crc32c(u8: Uint8Array, crc?: number, from?: number, to?: number): number;

/** A cost as pathtable prints it: the shortest decimal that reads back as the same float64, never in exponent notation. */
export function formatCost(v: number): string;

/** s quoted as Go's strconv.Quote would, cut at 40 characters. */
export function quote(s: string): string;
