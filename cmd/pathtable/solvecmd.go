package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/pathtable/pathtable/solve"
)

func runSolve(ctx context.Context, args []string) error {
	fs := newFlagSet("solve", "[-astar=true|false] [-json] [-connect 4|8] [-diagonal sqrt2|10/14] [-clearance K] LEVEL FROM TO")
	astar := fs.Bool("astar", true, "search with A* and the level's admissible heuristic; false: plain Dijkstra")
	jsonOut := fs.Bool("json", false, "print the answer as one JSON object")
	var lf levelFlags
	lf.register(fs)
	if err := parseArgs(fs, args, 3, "solve needs LEVEL FROM TO"); err != nil {
		return err
	}
	opt, err := lf.options(false)
	if err != nil {
		return err
	}
	lvl, err := loadLevel(fs.Arg(0), opt)
	if err != nil {
		return err
	}
	g := lvl.Graph
	from, err := g.Node(fs.Arg(1))
	if err != nil {
		return fmt.Errorf("FROM: %v", err)
	}
	to, err := g.Node(fs.Arg(2))
	if err != nil {
		return fmt.Errorf("TO: %v", err)
	}
	alg := solve.AStar
	if !*astar {
		alg = solve.Dijkstra
	}
	r := solve.NewSolver(g, alg).Solve(from, to)
	a := pathAnswer{
		name: func(u int) string { return g.NodeName(int32(u)) },
		from: fs.Arg(1), to: fs.Arg(2), reachable: r.Reachable, cost: r.Cost, live: true, expanded: r.Expanded,
	}
	for _, u := range r.Path {
		a.nodes = append(a.nodes, int(u))
	}
	w := bufio.NewWriter(stdout)
	writeAnswer(w, &a, *jsonOut)
	return w.Flush()
}
