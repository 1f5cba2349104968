#!/bin/sh
# examples/c/check.sh: build the C reader (ptread) and check that it answers
# exactly as `pathtable path` does, on tables of every layout (flat,
# run-length, windowed) for every level in testdata/ (and the grids again
# with other movement models) plus the worked examples of docs/FORMAT.md,
# and that both refuse the same damaged tables. Exit status 0 when every
# answer matches.
#
# Needs: go and a C compiler (ptread is readers/c/pathtable.h's driver, with
# no library beyond libc and libm). When cc is missing, it installs gcc
# with apt-get (as root, or through sudo). Run from anywhere: sh examples/c/check.sh
# (DEBUG=1 also lists the queries both readers rejected as bad ids.)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

say() { printf 'check.sh: %s\n' "$*" >&2; }

# --- dependencies -----------------------------------------------------------
# The reader is readers/c/pathtable.h: libc and libm only.
if ! command -v cc >/dev/null 2>&1; then
	sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || { say "need a C compiler (gcc libc6-dev): install it, or run as root"; exit 1; }
		sudo="sudo"
	fi
	aptget() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@"; }
	say "installing gcc libc6-dev"
	# A fresh CI image may have no package lists yet: update, then retry.
	aptget install gcc libc6-dev >/dev/null 2>&1 || { aptget update >/dev/null && aptget install gcc libc6-dev >/dev/null; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- build ------------------------------------------------------------------
cc -std=c99 -O2 -Wall -Wextra -Werror -o "$tmp/ptread" examples/c/ptread.c -lm
# The header compiles clean as C++ too.
if command -v g++ >/dev/null 2>&1; then
	g++ -x c++ -std=c++11 -O2 -Wall -Wextra -Werror -o "$tmp/ptread++" examples/c/ptread.c -lm
fi
# One binary for every build and query: `go run` per query would relink.
go build -o "$tmp/pathtable" ./cmd/pathtable
go build -o "$tmp/tamper" ./examples/c/tamper
pt="$tmp/pathtable"

# The worked examples of docs/FORMAT.md must still be what the builder writes:
# format 3 by default, formats 1 and 2 with -graph-bins.
for ex in "tiny-v3.ptab|" "tiny-runs-v3.ptab|-compress" "tiny.ptab|-graph-bins" "tiny-runs.ptab|-compress -graph-bins"; do
	file=${ex%%|*} flags=${ex#*|}
	# shellcheck disable=SC2086
	"$pt" build -quiet $flags -o "$tmp/$file" examples/tiny.grid >/dev/null
	if ! cmp -s "$tmp/$file" "examples/$file"; then
		say "examples/$file differs from a fresh build $flags of examples/tiny.grid:"
		say "the format changed; rebuild it and update docs/FORMAT.md's worked example"
		exit 1
	fi
done

# --- tables -----------------------------------------------------------------
# name|level|build flags. The grids also go through the integer 10/14 model
# (u16 distances) and 4-connected moves; examples/c/levels/ adds graphs for
# the u32, u64 and awkward float cases. Every table is built flat and
# run-length (-compress, names ending .runs); the grids also windowed
# (names ending .win), with windows small enough to leave pairs uncovered.
# Grid tables are format 3 (their cells, the graph rebuilt by each reader);
# the names with .g are the same grids written with -graph-bins, in the
# formats 1 and 2 that grids had before.
levels="tiny|examples/tiny.grid|
tiny.runs|examples/tiny.grid|-compress
tiny.win|examples/tiny.grid|-window 1
tiny.g|examples/tiny.grid|-graph-bins
tiny.g.runs|examples/tiny.grid|-compress -graph-bins
tiny.g.win|examples/tiny.grid|-window 1 -graph-bins"
for f in testdata/* examples/c/levels/*; do
	case "$f" in
	*.map | *.grid)
		b=$(basename "$f")
		levels="$levels
$b|$f|
$b.1014|$f|-diagonal 10/14
$b.4|$f|-connect 4
$b.runs|$f|-compress
$b.1014.runs|$f|-compress -diagonal 10/14
$b.4.runs|$f|-compress -connect 4
$b.win|$f|-window 2
$b.1014.win|$f|-window 3 -diagonal 10/14
$b.4.win|$f|-window 3 -connect 4
$b.g|$f|-graph-bins
$b.1014.g|$f|-diagonal 10/14 -graph-bins
$b.g.runs|$f|-compress -graph-bins
$b.4.g.win|$f|-window 3 -connect 4 -graph-bins" ;;
	*/zero.json) levels="$levels
zero.json|$f|" ;; # edges of cost 0: run-length tables refuse them
	*.gr | *.json) levels="$levels
$(basename "$f")|$f|
$(basename "$f").runs|$f|-compress" ;;
	esac
done

# ids prints the node ids of a level, one per line, read from the level
# file: the open cells "x,y" of a grid, the node ids of a graph.
ids() { # LEVEL
	case "$1" in
	*.map) awk 'BEGIN { y = 0 } { sub(/\r$/, "") } m { for (x = 1; x <= length($0); x++) if (index(".GS", substr($0, x, 1))) print x - 1 "," y; y++ }
		$1 == "map" { m = 1 }' "$1" ;;
	*.grid) awk 'BEGIN { y = 0 } { sub(/\r$/, "") } /^;/ || /^[ \t]*$/ { next }
		{ for (x = 1; x <= length($0); x++) if (substr($0, x, 1) != "#") print x - 1 "," y; y++ }' "$1" ;;
	*.gr) awk '$1 == "p" { for (i = 1; i <= $3; i++) print i }' "$1" ;;
	*.json) grep -o '"id": *"[^"]*"' "$1" | sed 's/.*"\([^"]*\)"$/\1/' ;;
	esac
}

# pairs prints N pseudo-random "FROM TO" pairs from the ids on stdin, the
# same ones on every run (an LCG, not awk's rand), plus each id to itself.
pairs() { # N
	awk -v n="$1" '{ id[NR - 1] = $0 } END {
		s = 7
		for (i = 0; i < n; i++) {
			s = (s * 75 + 74) % 65537; a = s % NR
			s = (s * 75 + 74) % 65537; b = s % NR
			print id[a], id[b]
		}
		print id[0], id[0]
	}'
}

# Pairs worth asking whatever the sample: no path, walls, cells outside the
# grid, unknown ids, malformed cells.
extra() { # NAME
	n=${1%.runs}
	case "${n%.g}" in
	tiny) printf '%s\n' "0,0 1,2" "0,0 2,0" "2,0 0,0" "0,0 1,0" "0,0 3,3" "0,0 x" ;;
	maze.grid*) printf '%s\n' "0,0 11,7" "1,1 0,0" "0,0 12,0" "0,0 0,-1" ;;
	small.map*) printf '%s\n' "1,1 8,6" "0,0 1,1" "1,1 5,1" "1,1 1,1,1" ;;
	unreachable.grid*) printf '%s\n' "0,0 7,4" "7,4 0,0" "0,0 3,4" "4,0 0,0" ;;
	zero.json) printf '%s\n' "a island" "island a" "a d" "a nowhere" ;;
	lecture.gr) printf '%s\n' "1 5" "5 1" "1 7" "0 1" ;;
	*.json) printf '%s\n' "0,0 1,1" ;;
	esac
}

# --- compare ----------------------------------------------------------------
# answer runs a query and prints its stdout and stderr, then its exit status.
answer() {
	if "$@" 2>&1; then echo "exit 0"; else echo "exit $?"; fi
}

# Counts per layout (flat, runs, win) and answer: a path, no path, not
# covered (windowed tables), a bad id (both must fail alike).
for k in flat runs win; do
	for o in found nopath uncovered errors; do eval "${k}_$o=0"; done
done
total=0 failed=0

# compare asks both readers every query of $tmp/queries on TABLE, counted
# as layout KIND, and reports each answer that differs.
compare() { # NAME TABLE KIND
	while read -r from to; do
		total=$((total + 1))
		want=$(answer "$pt" path "$2" "$from" "$to" | sed 's/^pathtable: //')
		got=$(answer "$tmp/ptread" "$2" "$from" "$to" | sed 's/^ptread: //')
		case "$want" in
		*"not covered"*) o=uncovered ;;
		*"no path"*) o=nopath ;;
		*" cost "*) o=found ;;
		*) o=errors; [ -z "${DEBUG:-}" ] || say "error $1: $want" ;;
		esac
		eval "${3}_$o=\$((${3}_$o + 1))"
		if [ "$want" != "$got" ]; then
			failed=$((failed + 1))
			say "MISMATCH $1: $from -> $to"
			printf '  pathtable: %s\n  ptread:    %s\n' "$want" "$got" >&2
		fi
	done < "$tmp/queries"
}

printf '%s\n' "$levels" > "$tmp/levels"
while IFS='|' read -r name level flags; do
	[ -n "$name" ] || continue
	table="$tmp/$name.ptab"
	# shellcheck disable=SC2086
	"$pt" build -quiet $flags -o "$table" "$level" >/dev/null
	{ ids "$level" | pairs 30; extra "${name%.win}"; } > "$tmp/queries"
	case "$name" in
	*.runs) compare "$name" "$table" runs ;;
	*.win) compare "$name" "$table" win ;;
	*) compare "$name" "$table" flat ;;
	esac
done < "$tmp/levels"

# --- damaged tables ----------------------------------------------------------
# refuse checks that both readers refuse TABLE (exit 1) for the query FROM TO.
refuse() { # HOW TABLE FROM TO
	total=$((total + 1)) refused=$((refused + 1))
	want=$(answer "$pt" path "$2" "$3" "$4" | tail -n 1)
	got=$(answer "$tmp/ptread" "$2" "$3" "$4" | tail -n 1)
	if [ "$want" != "exit 1" ] || [ "$got" != "exit 1" ]; then
		failed=$((failed + 1))
		say "MISMATCH damaged table ($1): pathtable $want, ptread $got, want exit 1 from both"
	fi
}
refused=0

# poke writes BYTES (octal escapes, printf) over FILE at byte AT.
poke() { # FILE AT BYTES
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# Damage the checksum catches, or the framing: a flat and a run-length
# table of tiny.grid in formats 1 and 2, and in format 3, a byte flipped in
# the last payload (distances, run starts), the version, the magic, the
# element count, cut short, a byte after the end; and a 5-byte "array of 4
# billion".
for ex in tiny.ptab tiny-runs.ptab tiny-v3.ptab tiny-runs-v3.ptab; do
	size=$(wc -c < "examples/$ex")
	for how in flip version magic elements truncate trailing; do
		cp "examples/$ex" "$tmp/bad.ptab"
		case "$how" in
		flip) poke "$tmp/bad.ptab" $((size - 10)) '\377' ;;
		version) poke "$tmp/bad.ptab" 10 "$(case "$ex" in *-v3.ptab) echo '\004' ;; *) echo '\003' ;; esac)" ;;
		magic) poke "$tmp/bad.ptab" 1 'X' ;;
		# 11 elements (the old layout, the checksum after the array), or 13
		# for a flat table and 12 for a run-length one; in format 3, 9 for
		# a flat table and 8 for a run-length one.
		elements) case "$ex" in
			tiny.ptab) poke "$tmp/bad.ptab" 0 '\233' ;;
			tiny-runs.ptab) poke "$tmp/bad.ptab" 0 '\234' ;;
			tiny-v3.ptab) poke "$tmp/bad.ptab" 0 '\231' ;;
			*) poke "$tmp/bad.ptab" 0 '\230' ;;
			esac ;;
		truncate) head -c $((size - 13)) "examples/$ex" > "$tmp/bad.ptab" ;;
		trailing) printf '\000' >> "$tmp/bad.ptab" ;;
		esac
		refuse "$ex $how" "$tmp/bad.ptab" 0,0 1,2
	done
	# Flat tables are version 1, the others version 2, grids with their
	# cells 3: each other's is corrupt.
	cp "examples/$ex" "$tmp/bad.ptab"
	poke "$tmp/bad.ptab" 10 "$(case "$ex" in tiny.ptab) echo '\002' ;; tiny-runs.ptab) echo '\003' ;; *) echo '\001' ;; esac)"
	refuse "$ex other version" "$tmp/bad.ptab" 0,0 1,2
done
printf '\335\377\377\377\377\250PATHTABL\001\306\377\377\377\377' > "$tmp/bad.ptab"
refuse huge "$tmp/bad.ptab" 0,0 1,2

# Damage behind a good checksum, which only a reader's own checks catch
# (tamper rewrites bytes of one bin and the checksum): ELEMENT is the bin's
# document element, AT a byte offset in it (=HEX: where those bytes are).
# tampered NAME ELEMENT AT HEX writes $tmp/bad.ptab from $tmp/NAME.ptab.
tampered() {
	"$tmp/tamper" "$tmp/$1.ptab" "$tmp/bad.ptab" "$2" "$3" "$4"
}
# Refused: two nodes named "1" (flat and run-length graphs); a run-length
# header with an unknown layout or first-move encoding or a run count the
# runs do not have; an order that repeats a node or names one that does
# not exist; rows that end before they start or do not span the runs
# (format 3: row run counts that sum past the runs or short of them, or
# a row_bytes that is not 1, 2 or 4, or not the bin's).
for t in lecture.gr lecture.gr.runs; do
	tampered "$t" 2 =a132 a131 && refuse "$t duplicate names" "$tmp/bad.ptab" 1 5
done
tampered tiny.runs 2 =a472756e73 a472756e67 && refuse "layout rung" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 2 =a972756e733136783468 a972756e733136783568 && refuse "first_enc runs16x5h" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 2 =a972756e733136783468 a972756e733332783468 && refuse "first_enc runs32x4h, bins of runs16x4h" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 2 =a472756e7306 a472756e7305 && refuse "runs 5 of 6" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.g.runs 9 2 0100 && refuse "order repeats a node" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 5 2 0100 && refuse "format 3: order repeats a node" "$tmp/bad.ptab" 0,0 1,2
# Refused too, by FORMAT.md's header and cost rules: a graph with a width or
# a connect of -1, a grid without a diagonal (its key renamed, so skipped),
# an octile level's cost of 1.5, and an integer level's of 10.5.
for t in lecture.gr lecture.gr.runs; do
	tampered "$t" 2 =a5776964746800 a5776964746803 && refuse "$t graph of width 3" "$tmp/bad.ptab" 1 5
	tampered "$t" 2 =a7636f6e6e65637400 a7636f6e6e656374ff && refuse "$t graph connect -1" "$tmp/bad.ptab" 1 5
done
for t in tiny tiny.runs tiny.win tiny.g tiny.g.runs tiny.g.win; do
	tampered "$t" 2 =a8646961676f6e616c a8646961676f6e616d && refuse "$t no diagonal" "$tmp/bad.ptab" 0,0 1,2
done
for t in tiny.g tiny.g.runs tiny.g.win; do
	tampered "$t" 5 0 000000000000f83f && refuse "$t octile cost 1.5" "$tmp/bad.ptab" 0,0 1,2
done
tampered maze.grid.1014.g 5 0 0000000000002540 && refuse "integer cost 10.5" "$tmp/bad.ptab" 0,0 1,1
tampered tiny.g.runs 9 0 0600 && refuse "order names node 6 of 6" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.g.runs 10 4 ff000000 && refuse "row ends before it starts" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.g.runs 10 -4 0e000000 && refuse "rows end before the runs" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 6 4 ff && refuse "format 3: row counts past the runs" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 6 -1 00 && refuse "format 3: row counts short of the runs" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 2 =a9726f775f627974657301 a9726f775f627974657303 && refuse "format 3: row_bytes 3" "$tmp/bad.ptab" 0,0 1,2
tampered tiny.runs 2 =a9726f775f627974657301 a9726f775f627974657302 && refuse "format 3: row_bytes 2, bin of 1-byte counts" "$tmp/bad.ptab" 0,0 1,2
# Refused in format 3, whose cells describe the grid (element 3 the open
# bits, 4 the costs; tiny.grid's open bits are dd 00, its costs 11 21 11):
# a node's cell closed, a bit past the grid, a cost of 0 or of 10, costs a
# byte short, a header that says 6-connected or counts an edge fewer.
for t in tiny tiny.runs tiny.win; do
	tampered "$t" 3 0 dc && refuse "$t a cell closed" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 3 0 df && refuse "$t a wall opened" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 3 1 02 && refuse "$t an open bit past the grid" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 4 0 10 && refuse "$t a cost of 0" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 4 1 a1 && refuse "$t a cost of 10" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 2 =a7636f6e6e65637408 a7636f6e6e65637406 && refuse "$t 6-connected" "$tmp/bad.ptab" 0,0 1,2
	tampered "$t" 2 =a565646765730e a565646765730d && refuse "$t an edge fewer" "$tmp/bad.ptab" 0,0 1,2
done
# Answered, and alike: runs whose move names no edge (4-bit slot 14, or
# 7 on a graph), 0xF (no path) in runs that had a move, starts out of
# order or beyond the last rank (the runs bin holds R 2-byte starts, then
# R 4-bit moves: negative offsets land in the moves); window cells holding
# 8..14 or a move into a wall. Every query of the level is asked on each.
while read -r name level elem at bytes; do
	tampered "$name" "$elem" "$at" "$bytes"
	{ ids "$level" | pairs 30; extra "${name%.win}"; } > "$tmp/queries"
	case "$name" in
	*.runs) compare "$name tampered $elem@$at" "$tmp/bad.ptab" runs ;;
	*) compare "$name tampered $elem@$at" "$tmp/bad.ptab" win ;;
	esac
done <<EOT
tiny.g.runs examples/tiny.grid 11 -8 ee
tiny.g.runs examples/tiny.grid 11 -6 ff
tiny.g.runs examples/tiny.grid 11 2 ffff
tiny.runs examples/tiny.grid 7 -8 ee
tiny.runs examples/tiny.grid 7 2 ffff
maze.grid.g.runs testdata/maze.grid 11 -179 ee
maze.grid.g.runs testdata/maze.grid 11 200 0000
maze.grid.runs testdata/maze.grid 7 -179 ee
maze.grid.runs testdata/maze.grid 7 400 ffff
lecture.gr.runs testdata/lecture.gr 11 -5 77
maze.grid.4.g.win testdata/maze.grid 9 0 9999999999999999
maze.grid.win testdata/maze.grid 5 0 9999999999999999
maze.grid.win testdata/maze.grid 5 300 0000000000000000
EOT

for k in flat runs win; do
	eval "say \"$k: \$${k}_found paths, \$${k}_nopath without a path, \$${k}_uncovered not covered, \$${k}_errors bad ids\""
done
say "$total queries ($refused on damaged tables, refused by both): $failed mismatches"
[ "$failed" -eq 0 ] || exit 1
# Every kind of answer must have been asked, or the check proves little.
for v in flat_found flat_nopath flat_errors runs_found runs_nopath runs_errors win_found win_nopath win_uncovered win_errors; do
	eval "[ \"\$$v\" -gt 0 ]" || { say "no query gave $v"; exit 1; }
done
