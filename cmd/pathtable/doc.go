/*
Pathtable precomputes all-pairs shortest-path tables for small game levels
and answers path queries from them.

Usage:

	pathtable <command> [flags] [arguments]

Commands:

	build [flags] INPUT...
		Build a table for each level file (or each level in a folder) and
		write it to INPUT with its extension replaced by .ptab, or into the
		folder -o names. An input whose table is up to date (same level
		bytes, options and format version) is skipped unless -force.
	path [-json] TABLE FROM TO
		Print the cost and the whole path from FROM to TO.
	query [-json] TABLE
		Answer one "FROM TO" query per line of standard input.
	info [-json] TABLE
		Describe a table: format, kind, nodes, geometry, model, sizes.

Nodes are written "x,y" on grids (0-based, x is the column) and by their id
on graphs. Level formats, by extension: .map (Moving AI), .grid (ASCII with
per-cell costs), .gr (DIMACS), .json (waypoint graph); see README.md.

Run "pathtable <command> -h" for a command's flags.

Exit status: 0 on success, 1 on failure, 2 on usage errors, 130 when
interrupted.
*/
package main
