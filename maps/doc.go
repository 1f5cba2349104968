// Package maps loads game levels into graphs: the first step of every
// pathtable pipeline, before build makes a table of the graph or a live
// solver searches it.
//
// Load reads a level file and picks its format by extension:
//
//   - .map: a Moving AI benchmark grid ('.', 'G', 'S' passable; '@', 'O',
//     'T', 'W' blocked);
//   - .grid: pathtable's own ASCII grid, where '1'..'9' is the cost of
//     moving onto a cell, '.' costs 1 and '#' is blocked;
//   - .gr: a DIMACS shortest-path graph;
//   - .json: a waypoint graph with named nodes and optional coordinates.
//
// It returns a Level: the Graph, and what identifies the file (its bytes,
// format and the options used), so that a table built from it can later
// tell whether the file has changed. Parse and ParseFormat read bytes
// already in memory into a Graph alone; ParseLevel into a Level.
//
//	lvl, err := maps.Load("arena.map", maps.Options{})
//	if err != nil {
//		return err // a *ParseError, "arena.map:LINE:COL: ..."
//	}
//	g := lvl.Graph
//	u, err := g.Node("3,4") // "x,y" on grids, the id on graphs
//
// A Graph is compressed sparse row adjacency: the out-edges of node u are
// Targets[Offsets[u]:Offsets[u+1]], with their costs in Weights. The order
// of a node's out-edges is part of every table built from it, since a
// first move is stored as a position in that list: grids list them in the
// order of Directions, graphs in order of target node.
//
// Grids become graphs under a movement model (Options.Moves): 8-connected
// with √2 diagonals and no corner cutting by default (DefaultMoves), or
// 4-connected, or integer 10/14 costs. Each move costs the model's step
// times the cost of the cell moved onto. Nodes are the passable cells in
// row-major order, and Grid maps between nodes and cells.
//
// Options.Clearance loads a grid for a square agent K cells a side (true
// clearance): it stands on cell (x, y) and covers [x, x+K) × [y, y+K),
// so the nodes are the cells whose whole footprint is passable, each
// costing its dearest cell. Footprint derives that grid, in O(w·h) for
// any K; GridGraph makes the graph of any cost grid under a model.
//
// Bad input never panics: every loader returns a *ParseError naming the
// file, line and column (or JSON path), wrapping a sentinel such as
// ErrBadCell or ErrTooLarge for errors.Is. Sizes are checked before
// anything is allocated in proportion to what a file declares. Loading is
// O(file size + V + E), O(E log E) for graph formats, which sort edges.
package maps
