// Package verify checks a shortest-path table against live solves of the
// level it claims to be built from, with package solve as the independent
// reference.
//
// For each pair it checks, Table compares the table's distance with the
// live cost, checks that the table's first move is an edge of the level
// whose cost adds up with the distance from the next node, and walks the
// whole table path as package lookup does. Small levels are checked pair
// by pair in full (one Dijkstra per target on the reversed graph); larger
// ones on a seeded random sample (one A* per pair), the same pairs however
// many workers run. Moving AI scenario files (maps.ReadScenarios) add
// checks against published optimal lengths.
//
// The answer is a Report: how many pairs failed and the first mismatches,
// the most basic problems first, so that the root cause of a cascade (one
// bad entry breaks every path through it) is listed before its effects:
//
//	rep, err := verify.Table(ctx, tab, g, verify.Options{})
//	if err != nil {
//		return err // the table and the level do not even have the same nodes
//	}
//	for _, m := range rep.Mismatches {
//		fmt.Println(&m) // "1,1 -> 3,4: table cost 5, live cost 6 (distance differs: off by -1)"
//	}
//
// A table that covers windows (table.Header.AllPairs false) is checked
// origin by origin against a search confined to each window
// (solve.WindowSearch), and Report.Longer counts the covered pairs that
// confining makes longer than the level's shortest path.
//
// A table built for a square agent larger than one cell (build
// -clearance K) is checked against AgentGraph of the level loaded for one
// cell: the agent's graph derived again, footprint by footprint, with no
// code in common with maps.Footprint, which the builder's graph comes
// from.
//
// The files follow its jobs: verify.go runs a check, report.go holds what
// it reports, judge.go decides what is wrong with one pair, ranked.go keeps
// the first mismatches in order, allpairs.go, sample.go and window.go are
// the three engines (every pair, sampled pairs, windows), scenarios.go
// checks published lengths, and costcheck.go compares costs as
// maps.Metric.SameCost does (bench compares with it too).
package verify
