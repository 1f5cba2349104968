/*
Pathtable precomputes shortest-path tables for game levels and answers
path queries from them: flat all-pairs tables, compressed run-length
tables (-compress) and windowed tables (-window).

Usage:

	pathtable <command> [flags] [arguments]

Commands:

	build [flags] INPUT...
		Build a table for each level file (or each level in a folder) and
		write it to INPUT with its extension replaced by .ptab, or into the
		folder -o names. An input whose table is up to date (same level
		bytes, options and format version) is skipped unless -force.
		With no layout flag, build picks the layout plan recommends, by
		the same rule and from the level's size alone: flat while the
		flat table takes at most 64 MiB, else run-length up to 65,536
		nodes, else a hierarchy table (grids of exact costs), else
		run-length, else windowed (DELTA 8); its summary line and -json
		say which, and why.
		-flat builds a flat table whatever its size (up to -max-bytes):
		a first move and a distance for every pair.
		-compress builds a run-length table: first moves per source,
		compressed, no stored distances (Dist walks the path); levels of
		tens of thousands of cells fit in megabytes.
		-window DELTA builds a windowed table of a grid level: paths to
		each cell from the cells within DELTA of it, confined to that
		(2·DELTA+1)² window; other pairs are "not covered".
		-hierarchy builds a hierarchy table of a grid level: its
		contraction hierarchy, about 70 bytes a cell, from which every
		pair is answered exactly by a small search; for levels of
		hundreds of thousands to millions of cells (no flag picks it
		past 65,536 nodes).
		-shard I/K builds only part I (0-based) of K of a flat or
		-compress table, rows split evenly, into INPUT.I-of-K.ptpart.
		-shard slurm takes I and K from a Slurm array job's task
		(sbatch --array=0-K-1), -shard slurm/K takes I from it, and
		-shard k8s/K takes I from a Kubernetes Indexed Job's pod
		(JOB_COMPLETION_INDEX; K is the Job's completions); a missing
		or inconsistent environment is refused.
		-clearance K bakes a grid level for a KxK agent (true
		clearance): it stands on x,y and covers x..x+K-1, y..y+K-1, so
		a cell is a node when that whole footprint is passable, and a
		move costs its footprint's dearest cell. A list (1,2,3) bakes
		one table per size, named INPUT.KxK.ptab; -clearance 1 is the
		table of no flag, byte for byte.
	plan [-json] [-quiet] [-window DELTA] [-workers N] [-max-bytes SIZE] [-connect 4|8] [-diagonal sqrt2|10/14] [-clearance K] [-max-memory SIZE] LEVEL...
		Estimate, without baking, each layout's file size, peak memory
		and build CPU time on this machine (flat and windowed sizes
		exact, run-length ones from a sample of rows, with a range), and
		recommend one: flat while it fits in 64 MiB, else -compress up to
		65,536 nodes, else -hierarchy, else -compress, else -window, the
		layout build picks with no layout flag. The hierarchy's figures
		are a model of the level's size, not a sample. A layout the
		level cannot have says why. A run-length build too long for one
		machine gets a -shard split, with each part's time and memory,
		and the search fallback's cost a query. Progress goes to stderr
		(-quiet: none).
	merge [-json] [-max-bytes SIZE] [-max-memory SIZE] -o OUT PART...
		Join the K parts of one table (build -shard I/K, in any order)
		into OUT, byte for byte the table a one-shot build writes. A
		missing, duplicated, foreign or damaged part is refused, naming
		the file, and nothing is written.
	path [-json] [-fallback] [-smooth] [-block NODE|@FILE]... [-max-memory SIZE] TABLE FROM TO
		Print the cost and the whole path from FROM to TO. -block closes
		a node (a door shut: x,y on grids, an id on graphs), or every node
		listed in FILE (a regular file of at most 64 MiB), one a line;
		answers stay exact, searching around the closed nodes where the
		table path crosses one. Repeatable.
		On a windowed table a pair outside the window of TO is "not
		covered"; -fallback answers it, and a covered pair whose window
		holds no path, by an exact search of the table's graph instead.
		-block needs a table of all pairs.
		-smooth (grids) also prints the path's corners: the nodes an
		agent steers through in straight lines, each in line of sight of
		the next (no segment meets a wall or passes a corner a wall or
		closed node touches, nor crosses cells dearer than the path
		crossed there), never longer than the path.
	query [-json] [-fallback] [-smooth] [-block NODE|@FILE]... [-max-memory SIZE] TABLE < queries
		Answer one "FROM TO" query per line of standard input; a line
		longer than 64 KiB stops it with an error naming the line.
	info [-json] [-max-memory SIZE] TABLE
		Describe a table: format, kind, nodes, geometry, model, sizes.
	bench [-scen FILE] [-pairs N] [-seed S] [-time D] [-json] [-max-memory SIZE] TABLE LEVEL
		Time whole-path queries through a table of all pairs and through a live A*
		search of the level, and print per-query times and the speed-up.
		A table not built from the level as it is now is refused.
	solve [-astar=true|false] [-json] [-connect 4|8] [-diagonal sqrt2|10/14] [-clearance K] LEVEL FROM TO
		Solve one query on a level file, with no table: A* with the
		model's admissible heuristic, or Dijkstra with -astar=false.
		Print the cost, the path and the number of nodes expanded.
	verify [-pairs all|N] [-seed S] [-scen FILE.scen] [-workers N] [-json] [-quiet] [-max-memory SIZE] TABLE LEVEL
		Check a table against live solves of its level: that it was built
		from this level file and options (else it names the level the
		table was built from, or says "stale table"), then that
		distances, reachability and paths agree for all pairs (default up
		to 2000 nodes) or N random pairs (default 10000). -scen also
		checks a Moving AI scenario file's optimal lengths. Prints a
		summary and the first mismatches; exit status 1 on any. A check
		that takes over a second shows its progress on stderr, as build
		does (-quiet: none).
	render [-from NODE -to NODE [-smooth]] [-heat NODE] [-block NODE|@FILE]... [-scale N] [-max-memory SIZE] -o OUT.png TABLE
		Draw a grid table as a PNG: walls dark, open cells light (darker
		where they cost more), the path from FROM to TO with its start
		green and its goal red, and with -heat every cell coloured by the
		cost of its path to NODE (blue-grey: no path). -block nodes are
		crossed out in orange and paths go around them. On a windowed
		table, -heat NODE (or else -to) draws only that node's window.
		Graph tables whose nodes have coordinates are drawn as dots and
		lines, named when there are at most 200. Cell numbers (or
		coordinates) run along all four sides; a key below names the
		start, the goal and the path's cost, the heat map's scale and
		the closed nodes. Markers and the path keep a visible size at
		any -scale. -smooth draws the path's corners over it in gold.
	version [-json]
		Print this binary's version (the module version it was built
		as, and the commit when the build recorded one) and the table
		and part file formats it reads and writes.
	help [COMMAND]
		Print this help, or a command's description and flags.

Nodes are written "x,y" on grids (0-based, x is the column) and by their id
on graphs. Level formats, by extension: .map (Moving AI), .grid (ASCII with
per-cell costs), .gr (DIMACS), .json (waypoint graph); see docs/LEVELS.md.

Run "pathtable help <command>" for a command's description and flags.

Exit status: 0 on success, 1 on failure, 2 on usage errors, 130 when
interrupted by SIGINT, 143 by SIGTERM.
*/
package main
