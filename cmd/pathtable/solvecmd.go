package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/build/live"
	"github.com/pathtable/pathtable/maps"
)

func runSolve(ctx context.Context, args []string) error {
	fs := newFlagSet("solve", "[-astar=true|false] [-json] [-connect 4|8] [-diagonal sqrt2|10/14] LEVEL FROM TO")
	astar := fs.Bool("astar", true, "search with A* and the level's admissible heuristic; false: plain Dijkstra")
	jsonOut := fs.Bool("json", false, "print the answer as one JSON object")
	var lf levelFlags
	lf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 3 {
		fs.Usage()
		return usagef("solve needs LEVEL FROM TO")
	}
	opt, err := lf.options()
	if err != nil {
		return err
	}
	lvl, err := loadLevel(fs.Arg(0), opt)
	if err != nil {
		return err
	}
	g := lvl.graph
	from, err := levelNode(g, fs.Arg(1))
	if err != nil {
		return fmt.Errorf("FROM: %v", err)
	}
	to, err := levelNode(g, fs.Arg(2))
	if err != nil {
		return fmt.Errorf("TO: %v", err)
	}
	alg := live.AStar
	if !*astar {
		alg = live.Dijkstra
	}
	r := live.NewSolver(g, alg).Solve(from, to)
	w := bufio.NewWriter(stdout)
	writeSolve(w, g, fs.Arg(1), fs.Arg(2), &r, *jsonOut)
	return w.Flush()
}

// levelNode parses a node as users write it: "x,y" on grids (0-based, x is
// the column), the node's id on graphs. O(1) on grids, O(V) on graphs.
func levelNode(g *maps.Graph, id string) (int32, error) {
	if gr := g.Grid; gr != nil {
		xs, ys, found := strings.Cut(id, ",")
		x, errX := strconv.Atoi(strings.TrimSpace(xs))
		y, errY := strconv.Atoi(strings.TrimSpace(ys))
		if !found || errX != nil || errY != nil {
			return -1, fmt.Errorf("bad cell %q: want x,y", id)
		}
		if x < 0 || y < 0 || x >= gr.Width || y >= gr.Height {
			return -1, fmt.Errorf("cell %d,%d is outside the %dx%d grid", x, y, gr.Width, gr.Height)
		}
		u := gr.NodeAt(x, y)
		if u < 0 {
			return -1, fmt.Errorf("cell %d,%d is a wall", x, y)
		}
		return u, nil
	}
	for u, name := range g.Names {
		if name == id {
			return int32(u), nil
		}
	}
	return -1, fmt.Errorf("no node %q in this graph", id)
}

// writeSolve prints one live answer like the path command, plus the
// nodes expanded:
//
//	3,4 -> 10,12 cost 12.485281374238571 path 3,4 4,5 ... 10,12 expanded 57
//	3,4 -> 10,12 no path expanded 120
func writeSolve(w *bufio.Writer, g *maps.Graph, from, to string, r *live.Result, asJSON bool) {
	if asJSON {
		w.WriteString(`{"from":`)
		writeJSONString(w, from)
		w.WriteString(`,"to":`)
		writeJSONString(w, to)
		if r.Reachable {
			w.WriteString(`,"reachable":true,"cost":` + formatCost(r.Cost) + `,"path":[`)
			for i, u := range r.Path {
				if i > 0 {
					w.WriteByte(',')
				}
				writeJSONString(w, g.NodeName(u))
			}
			w.WriteString("]")
		} else {
			w.WriteString(`,"reachable":false,"cost":null,"path":[]`)
		}
		w.WriteString(`,"expanded":` + strconv.Itoa(r.Expanded) + "}\n")
		return
	}
	w.WriteString(from + " -> " + to)
	if !r.Reachable {
		w.WriteString(" no path expanded " + strconv.Itoa(r.Expanded) + "\n")
		return
	}
	w.WriteString(" cost " + formatCost(r.Cost) + " path")
	for _, u := range r.Path {
		w.WriteByte(' ')
		w.WriteString(g.NodeName(u))
	}
	w.WriteString(" expanded " + strconv.Itoa(r.Expanded) + "\n")
}
