package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
	"github.com/pathtable/pathtable/table"
)

// benchReport is what bench prints with -json.
type benchReport struct {
	Queries        int     `json:"queries"`
	Reachable      int     `json:"reachable"`
	Steps          int     `json:"steps"` // path steps summed over the queries
	TableNsQuery   float64 `json:"table_ns_per_query"`
	TableNsStep    float64 `json:"table_ns_per_step"`
	AStarNsQuery   float64 `json:"astar_ns_per_query"`
	AStarExpanded  float64 `json:"astar_expanded_per_query"`
	SpeedUp        float64 `json:"speedup"`
	CostMismatches int     `json:"cost_mismatches"`
}

func runBench(ctx context.Context, args []string) error {
	fs := newFlagSet("bench", "[-scen FILE] [-pairs N] [-seed S] [-time D] [-json] [-max-memory SIZE] TABLE LEVEL")
	memoryFlag(fs)
	scen := fs.String("scen", "", "Moving AI scenario `file` to take the queries from (grids)")
	pairs := fs.Int("pairs", 1000, "number of random queries when there is no -scen (at most 1048576)")
	seed := fs.Uint64("seed", 1, "seed for the random queries")
	minTime := fs.Duration("time", 300*time.Millisecond, "run each side at least this long")
	jsonOut := fs.Bool("json", false, "print the report as one JSON object")
	if err := parseArgs(fs, args, 2, "bench needs TABLE LEVEL"); err != nil {
		return err
	}
	if *pairs <= 0 || *pairs > maxBenchPairs {
		return usagef("-pairs must be positive and at most %d, not %d", maxBenchPairs, *pairs)
	}
	if *minTime < 0 {
		return usagef("-time must be >= 0 (0: one round each side), not %v", *minTime)
	}
	t, err := table.Open(fs.Arg(0))
	if err != nil {
		return tableMemoryHint(err)
	}
	if !t.AllPairs() {
		return fmt.Errorf("%s is windowed: bench times tables of all pairs against live searches of any pair", fs.Arg(0))
	}
	lt := lookup.New(t)
	lv, err := loadLevel(fs.Arg(1), build.LevelOptions(&t.Header))
	if err != nil {
		return err
	}
	if err := staleError(fs.Arg(0), &t.Header, lv); err != nil {
		return err
	}
	if lt.Len() == 0 {
		return fmt.Errorf("%s: the table has no nodes to query", fs.Arg(0))
	}

	var queries [][2]int
	if *scen != "" {
		scens, err := maps.ReadScenarios(*scen)
		if err != nil {
			return err
		}
		for _, sc := range scens {
			s, ok1 := lt.NodeAt(sc.StartX, sc.StartY)
			g, ok2 := lt.NodeAt(sc.GoalX, sc.GoalY)
			if !ok1 || !ok2 {
				return fmt.Errorf("%s:%d: scenario cell is not a node of this table", *scen, sc.Line)
			}
			queries = append(queries, [2]int{s, g})
		}
		if len(queries) == 0 {
			return fmt.Errorf("%s: no scenarios", *scen)
		}
	} else {
		r := rand.New(rand.NewPCG(*seed, 0))
		for range *pairs {
			queries = append(queries, [2]int{r.IntN(lt.Len()), r.IntN(lt.Len())})
		}
	}

	rep := benchReport{Queries: len(queries)}
	buf := make([]int, 0, lt.Len())
	for _, q := range queries {
		if p, ok := lt.AppendPath(buf[:0], q[0], q[1]); ok {
			rep.Reachable++
			rep.Steps += len(p) - 1
		}
	}
	// The table side: whole paths, repeated until minTime has passed.
	rounds, start := 0, time.Now()
	for time.Since(start) < *minTime || rounds == 0 {
		for _, q := range queries {
			buf, _ = lt.AppendPath(buf[:0], q[0], q[1])
		}
		rounds++
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	tableNs := float64(time.Since(start).Nanoseconds()) / float64(rounds)
	rep.TableNsQuery = tableNs / float64(len(queries))
	if rep.Steps > 0 {
		rep.TableNsStep = tableNs / float64(rep.Steps)
	}

	// The live side: A* with paths, once over the set, more if quick.
	solver := solve.NewSolver(lv.Graph, solve.AStar)
	metric := lv.Graph.Metric // the table's too: it is not stale
	var expanded int
	rounds, start = 0, time.Now()
	for time.Since(start) < *minTime || rounds == 0 {
		for _, q := range queries {
			res := solver.Solve(int32(q[0]), int32(q[1]))
			if rounds == 0 {
				expanded += res.Expanded
				d, ok := lt.Dist(q[0], q[1])
				if ok != res.Reachable || (ok && !metric.SameCost(d, res.Cost)) {
					rep.CostMismatches++
				}
			}
		}
		rounds++
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	liveNs := float64(time.Since(start).Nanoseconds()) / float64(rounds)
	rep.AStarNsQuery = liveNs / float64(len(queries))
	rep.AStarExpanded = float64(expanded) / float64(len(queries))
	rep.SpeedUp = liveNs / tableNs

	if *jsonOut {
		b, _ := json.Marshal(rep)
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		fmt.Fprintf(stdout, "%d queries (%d reachable, %d steps)\n", rep.Queries, rep.Reachable, rep.Steps)
		fmt.Fprintf(stdout, "table: %.0f ns/query, %.2f ns/step\n", rep.TableNsQuery, rep.TableNsStep)
		fmt.Fprintf(stdout, "A*:    %.0f ns/query, %.0f nodes expanded/query\n", rep.AStarNsQuery, rep.AStarExpanded)
		fmt.Fprintf(stdout, "speed-up: %.0fx\n", rep.SpeedUp)
	}
	if rep.CostMismatches > 0 {
		return fmt.Errorf("%d queries where the table and A* disagree: run verify", rep.CostMismatches)
	}
	return nil
}
