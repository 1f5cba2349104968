// Package solve answers shortest-path queries on a level graph at query
// time, with no table: A* and Dijkstra from one source to one target
// (Solver, solver.go, with its heuristics in heuristic.go and its queue in
// heap.go), Dijkstra from every node to one target on the reversed graph
// (TargetSearch, target.go), and the same confined to a target's window of
// a grid (WindowSearch, window.go), the meaning of a windowed table.
//
// It is deliberately a second, independent implementation: it imports only
// maps for the graph, never the builder's code, so that package verify can
// check the builder's tables against it, and `pathtable solve` and `bench`
// can answer and time queries without a table.
//
// A* uses an admissible, consistent heuristic chosen from the level's
// movement model:
//
//   - 8-connected grids with √2 diagonals: octile distance,
//     (dmax−dmin) + √2·dmin;
//   - 8-connected grids with 10/14 costs: 10·(dmax−dmin) + 14·dmin;
//   - 4-connected grids: Manhattan distance (×10 with 10/14 costs);
//   - graphs with coordinates: Euclidean distance, scaled by the smallest
//     ratio of an edge's cost to its length (at most 1), so that no edge
//     is cheaper than the estimate says;
//   - graphs without coordinates: zero (A* is then Dijkstra).
//
// Grid estimates are multiplied by the cheapest cell cost, since every move
// costs at least that many cardinal or diagonal steps.
//
// Load a level with package maps, then make one Solver per goroutine
// (Clone makes another cheaply) and ask it pairs; see the example:
//
//	s := solve.NewSolver(g, solve.AStar)
//	r := s.Solve(from, to) // SolveCost skips the path and allocates nothing
//	if r.Reachable {
//		fmt.Println(r.Cost, r.Path, r.Expanded)
//	}
//
// A query costs O((V' + E') log V') for the V' nodes it reaches; a
// TargetSearch run costs O((V + E) log V) and answers every source at once.
package solve
