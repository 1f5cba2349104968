// Types of overlay.mjs: blocked nodes over a pathtable Table, with paths
// answered exactly around them (as Go's lookup.Overlay answers blocks).

// "./pathtable.js": TypeScript maps it to pathtable.d.ts (a type-only import, erased).
import type { Table, PathBuffer } from "./pathtable.js";

/** Thrown for a change an overlay cannot take: a bad id, or any block on a windowed table. */
export class OverlayError extends Error {
  readonly name: "OverlayError";
  constructor(message: string);
}

/** A table's graph as CSR arrays (read only): node u's out-edges are offsets[u]..offsets[u+1]-1. */
export interface Graph {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly weights: Float64Array;
}

/** The table's CSR arrays (its own, no copy, when it exposes them; else gathered once: O(V + E)). */
export function graphOf(table: Table): Graph;

export class Overlay {
  /** An overlay over table with nothing blocked. O(V) once (cell coordinates on grids). */
  constructor(table: Table);
  readonly table: Table;
  /** How many nodes are blocked. */
  readonly blockedCount: number;
  /** The cost of the last path answered: bit for bit pathtable's (`query -block`); Infinity when none. */
  readonly cost: number;
  /** How the last path was answered: "table" (its stored path crosses no block), "across" (a detour across the row or column through the block, from the baked distances), "search" (A*), "none". */
  readonly how: "table" | "across" | "search" | "none";
  /** Whether node id is blocked. O(1). */
  isBlocked(id: number): boolean;
  /** Blocks node id: no path enters or leaves it, nor cuts its corner diagonally. O(1). Throws OverlayError on a bad id or a windowed table. */
  block(id: number): void;
  /** Opens node id again. O(1). Throws as block does. */
  unblock(id: number): void;
  /**
   * Appends to out the nodes whose agent covers grid cell (x, y): on a k×k
   * agent's table (table.agent) the cells (x-dx, y-dy), dx, dy in [0, k),
   * that are nodes; else the node at (x, y), if any; nothing on graphs.
   * As Go's Table.AppendCovering and `pathtable -block x,y`. O(k²).
   */
  covering(x: number, y: number, out?: number[]): number[];
  /** Blocks every node covering cell (x, y); returns how many. O(k²). */
  blockCell(x: number, y: number): number;
  /** Opens every node covering cell (x, y) again; returns how many. O(k²). */
  unblockCell(x: number, y: number): number;
  /** Opens every node. O(V). */
  clear(): void;
  /**
   * Writes the shortest path from -> to around the blocked nodes into out
   * and returns its node count: 0 when there is none (an end blocked, no
   * path, not covered, a bad id); -k when out is shorter than the path's k
   * nodes. Sets cost and how. The path is the CLI's (`pathtable query
   * -block`) node for node. O(path length) when the stored path crosses
   * no block; else, on grids, the distances of the cells of the line
   * through the block that could beat the baked path (a run-length
   * table's first such query places 8 landmarks: O(8·(V+E) log V) once),
   * and failing that an A* whose heuristic is the table's own distance:
   * O((V' + E') log V') for the V' nodes it reaches, plus the stored paths
   * walked from them, each node at most once. The first search allocates
   * O(V) of scratch, kept for the next; after it, only a line's arrays,
   * once for each line met while the blocks stay as they are.
   */
  path(from: number, to: number, out: PathBuffer): number;
  /** The cost of the shortest path around the blocked nodes; Infinity when none. As path. */
  dist(from: number, to: number): number;
  /** Whether the move u -> v is diagonal on a grid and cuts a blocked cell's corner. O(1). */
  cutsCorner(u: number, v: number): boolean;
  /** The cheapest baked edge's cost u -> v; Infinity when none. O(degree). */
  edgeCost(u: number, v: number): number;
}
