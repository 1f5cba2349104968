// Package live solves shortest paths on a level graph at query time, with
// no table, and checks tables against those live answers.
//
// It is deliberately a second, independent implementation: it imports maps
// for the graph, and table and lookup only to read the table under test,
// never the builder's code. A Solver answers one pair at a time with A*
// (or Dijkstra, the same search with a zero heuristic); a TargetSearch
// answers every source toward one target with Dijkstra on the reversed
// graph; Verify compares a table with either.
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
// Typical use, one Solver per goroutine:
//
//	s := live.NewSolver(g, live.AStar)
//	r := s.Solve(from, to)
//	if r.Reachable {
//		fmt.Println(r.Cost, r.Path, r.Expanded)
//	}
package live
