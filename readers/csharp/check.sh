#!/bin/sh
# readers/csharp/check.sh: build the C# reader (PathTable.cs) with its
# driver and its tests, and check that the driver answers every query as
# `pathtable query` does, on tables of every layout (flat, run-length,
# windowed), format version (1 and 2 with -graph-bins, 3 otherwise) and
# movement model, built from testdata/ and examples/ levels; that both
# refuse the same damaged tables; and that Tests.exe passes. Costs are
# compared as float64 values (the driver may print more digits than Go).
# Exit status 0 when everything matches.
#
# Needs: go, and mono's mcs and runtime (Debian: mono-mcs, mono-runtime),
# installed with apt-get when missing (as root, or through sudo).
# Run from anywhere: sh readers/csharp/check.sh
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

say() { printf 'csharp/check.sh: %s\n' "$*" >&2; }

# --- dependencies -----------------------------------------------------------
missing=""
command -v mcs >/dev/null 2>&1 || missing="$missing mono-mcs"
command -v mono >/dev/null 2>&1 || missing="$missing mono-runtime"
if [ -n "$missing" ]; then
	sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || { say "need$missing: install them, or run as root"; exit 1; }
		sudo="sudo"
	fi
	aptget() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@"; }
	say "installing$missing"
	# shellcheck disable=SC2086
	aptget install $missing >/dev/null 2>&1 || { aptget update >/dev/null && aptget install $missing >/dev/null; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- build ------------------------------------------------------------------
# -langversion:7.2 is the newest mcs takes: nothing newer than Unity's and
# Godot's C# 7.3 can slip in.
# .NET Standard 2.0 has no Span<T>, System.Memory, BinaryPrimitives or
# later APIs, and Debian's mono ships no netstandard reference to compile
# against: hold PathTable.cs to the four namespaces it uses and out of the
# newer types by name.
if grep -nE 'Span<|Memory<|stackalloc|BinaryPrimitives|ArrayPool|BitOperations|MathF|HashCode|Unsafe\.|MemoryMarshal|\bunsafe\b' readers/csharp/PathTable.cs ||
	grep -E '^using ' readers/csharp/PathTable.cs | grep -vqE '^using System(\.Collections\.Generic|\.IO|\.Text)?;$'; then
	say "PathTable.cs uses an API outside .NET Standard 2.0 (see above), or a namespace beyond System, System.Collections.Generic, System.IO and System.Text"
	exit 1
fi
mcs="mcs -langversion:7.2 -optimize+ -warnaserror+"
$mcs -out:"$tmp/ptread.exe" readers/csharp/PathTable.cs readers/csharp/Driver.cs
$mcs -out:"$tmp/tests.exe" readers/csharp/PathTable.cs readers/csharp/Tests.cs
go build -o "$tmp/pathtable" ./cmd/pathtable
go build -o "$tmp/check" ./readers/check
pt="$tmp/pathtable"
cs() { mono "$tmp/ptread.exe" "$@"; }

# --- tables -----------------------------------------------------------------
# name|level|build flags, as examples/c/check.sh: every grid in three
# movement models, flat, run-length and windowed, formats 3 and (.g) 1/2;
# graphs flat and run-length.
levels="tiny|examples/tiny.grid|
tiny.runs|examples/tiny.grid|-compress
tiny.win|examples/tiny.grid|-window 1
tiny.g|examples/tiny.grid|-graph-bins
tiny.g.runs|examples/tiny.grid|-compress -graph-bins
tiny.g.win|examples/tiny.grid|-window 1 -graph-bins"
for f in testdata/* examples/c/levels/* examples/tiny-box.grid; do
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
$b.4.g|$f|-connect 4 -graph-bins
$b.g.runs|$f|-compress -graph-bins
$b.1014.g.runs|$f|-compress -diagonal 10/14 -graph-bins
$b.g.win|$f|-window 2 -graph-bins
$b.4.g.win|$f|-window 3 -connect 4 -graph-bins
$b.c2|$f|-clearance 2
$b.c2.runs|$f|-compress -clearance 2" ;;
	*/zero.json) levels="$levels
zero.json|$f|" ;; # edges of cost 0: run-length tables refuse them
	*.gr | *.json) levels="$levels
$(basename "$f")|$f|
$(basename "$f").runs|$f|-compress" ;;
	esac
done
# The shared test maps, when ../shared is there: flat and run-length.
for f in ../shared/testmaps/den312d.map ../shared/testmaps/arena.map; do
	[ -f "$f" ] || continue
	b=$(basename "$f")
	levels="$levels
$b|$f|
$b.runs|$f|-compress
$b.win|$f|-window 8"
done
# A star of 200 nodes: its hub's 199 edges make run-length walks stay by
# node (a hop array by rank would take 256 entries a node).
awk 'BEGIN { print "p sp 200 398"; for (i = 2; i <= 200; i++) { print "a 1", i, i % 7 + 1; print "a", i, 1, i % 5 + 1 } }' > "$tmp/star.gr"
levels="$levels
star.gr|$tmp/star.gr|
star.gr.runs|$tmp/star.gr|-compress"
# rand.map: 32x32, one cell in eight a wall (an LCG: the same every run),
# whose cells all cost 1: run-length tables in a b encoding (open boxes),
# where the rows' moves in open boxes often differ from H_1 (Tests.exe's
# Boxes holds them to the rule).
awk 'BEGIN { print "type octile\nheight 32\nwidth 32\nmap"; s = 5
	for (y = 0; y < 32; y++) { r = ""; for (x = 0; x < 32; x++) { s = (s * 1103515245 + 12345) % 2147483648; r = r (int(s / 65536) % 8 ? "." : "@") }; print r } }' > "$tmp/rand.map"
levels="$levels
rand.map|$tmp/rand.map|
rand.map.runs|$tmp/rand.map|-compress
rand.map.4|$tmp/rand.map|-connect 4
rand.map.4.runs|$tmp/rand.map|-compress -connect 4
rand.map.c2|$tmp/rand.map|-clearance 2
rand.map.c2.runs|$tmp/rand.map|-compress -clearance 2"
# maze-128-128-2 (10,858 nodes) run-length only: its flat table is 562 MiB.
f=../shared/testmaps/maze-128-128-2.map
[ ! -f "$f" ] || levels="$levels
maze-128-128-2.map.runs|$f|-compress
maze-128-128-2.map.g.runs|$f|-compress -graph-bins"

# ids prints the node ids of a level, one per line.
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

# pairs prints N pseudo-random "FROM TO" pairs from the ids on stdin (an
# LCG: the same pairs on every run), and each of the first 5 ids to itself;
# all pairs when there are at most 30 ids. (The LCG's 65537 states
# reach every id of levels up to that many cells.)
pairs() { # N
	awk -v n="$1" '{ id[NR - 1] = $0 } END {
		if (NR <= 30) { for (a = 0; a < NR; a++) for (b = 0; b < NR; b++) print id[a], id[b]; exit }
		s = 7
		for (i = 0; i < n; i++) {
			s = (s * 75 + 74) % 65537; a = s % NR
			s = (s * 75 + 74) % 65537; b = s % NR
			print id[a], id[b]
		}
		for (i = 0; i < 5; i++) print id[i], id[i]
	}'
}

# Pairs worth asking whatever the sample: no path, walls, cells outside the
# grid, unknown ids, malformed cells, bad lines.
extra() { # NAME
	case "$1" in
	tiny*) printf '%s\n' "0,0 1,2" "0,0 2,0" "2,0 0,0" "0,0 1,0" "0,0 3,3" "0,0 x" " 1 , 2" "# a comment" "" "0,0" "0,0 1,2 2,2" "+0,0 -0,2" ;;
	maze.grid*) printf '%s\n' "0,0 11,7" "1,1 0,0" "0,0 12,0" "0,0 0,-1" ;;
	small.map*) printf '%s\n' "1,1 8,6" "0,0 1,1" "1,1 5,1" "1,1 1,1,1" ;;
	unreachable.grid*) printf '%s\n' "0,0 7,4" "7,4 0,0" "0,0 3,4" "4,0 0,0" ;;
	zero.json) printf '%s\n' "a island" "island a" "a d" "a nowhere" ;;
	lecture.gr*) printf '%s\n' "1 5" "5 1" "1 7" "0 1" ;;
	*.json*) printf '%s\n' "0,0 1,1" ;;
	esac
}

# --- compare ----------------------------------------------------------------
# same WANT GOT: the answer lines agree, field for field, the field after
# "cost" compared as a number (awk parses it with strtod: float64 bits).
same() {
	awk 'NR == FNR { w[FNR] = $0; nw = FNR; next } { g[FNR] = $0; ng = FNR }
	END {
		bad = 0
		if (nw != ng) { print "  " nw " lines from pathtable, " ng " from ptread.exe"; bad = 1 }
		for (i = 1; i <= nw && i <= ng; i++) {
			a = split(w[i], x, " "); b = split(g[i], y, " ")
			ok = a == b
			for (j = 1; ok && j <= a; j++)
				if (x[j] != y[j] && !(j > 1 && x[j - 1] == "cost" && x[j] + 0 == y[j] + 0)) ok = 0
			if (!ok) { print "  pathtable: " w[i]; print "  ptread:    " g[i]; bad = 1 }
		}
		exit bad
	}' "$1" "$2"
}

total=0 failed=0 tables=0 found=0 nopath=0 uncovered=0 badlines=0

# compare asks both every query of $tmp/queries on TABLE.
compare() { # NAME TABLE
	tables=$((tables + 1))
	wantrc=0 gotrc=0
	"$pt" query "$2" < "$tmp/queries" > "$tmp/want" 2> "$tmp/wanterr" || wantrc=$?
	cs "$2" < "$tmp/queries" > "$tmp/got" 2> "$tmp/goterr" || gotrc=$?
	total=$((total + $(wc -l < "$tmp/want")))
	found=$((found + $(grep -c ' cost ' "$tmp/want" || true)))
	nopath=$((nopath + $(grep -c ' no path$' "$tmp/want" || true)))
	uncovered=$((uncovered + $(grep -c ' not covered ' "$tmp/want" || true)))
	badlines=$((badlines + $(grep -c 'stdin:' "$tmp/wanterr" || true)))
	wl=$(grep -o 'stdin:[0-9]*:' "$tmp/wanterr" | tr '\n' ' ' || true)
	gl=$(grep -o 'stdin:[0-9]*:' "$tmp/goterr" | tr '\n' ' ' || true)
	if ! same "$tmp/want" "$tmp/got" > "$tmp/diff" || [ "$wantrc" != "$gotrc" ] || [ "$wl" != "$gl" ]; then
		failed=$((failed + 1))
		say "MISMATCH $1: exit $wantrc/$gotrc, bad lines [$wl]/[$gl]"
		head -20 "$tmp/diff" >&2
		head -3 "$tmp/goterr" >&2
	fi
}

printf '%s\n' "$levels" > "$tmp/levels"
while IFS='|' read -r name level flags; do
	[ -n "$name" ] || continue
	table="$tmp/$name.ptab"
	# shellcheck disable=SC2086
	"$pt" build -quiet $flags -o "$table" "$level" >/dev/null 2>&1 || { say "skip $name: pathtable build $flags refuses it"; continue; }
	case "$level" in ../shared/*) npairs=3000 ;; *) npairs=300 ;; esac
	{ ids "$level" | pairs $npairs; extra "$name"; } > "$tmp/queries"
	compare "$name" "$table"
done < "$tmp/levels"
for ex in tiny.ptab tiny-runs.ptab tiny-v3.ptab tiny-runs-v3.ptab; do
	{ ids examples/tiny.grid | pairs 0; extra tiny; } > "$tmp/queries"
	compare "examples/$ex" "examples/$ex"
done

# --- damaged tables ----------------------------------------------------------
refused=0
# refuse checks that both refuse TABLE: exit 1, nothing on stdout.
refuse() { # HOW TABLE
	refused=$((refused + 1))
	wantrc=0 gotrc=0
	printf '0,0 1,2\n1 5\n' | "$pt" query "$2" > "$tmp/want" 2>/dev/null || wantrc=$?
	printf '0,0 1,2\n1 5\n' | cs "$2" > "$tmp/got" 2> "$tmp/goterr" || gotrc=$?
	if [ "$wantrc" != 1 ] || [ "$gotrc" != 1 ] || [ -s "$tmp/got" ] || [ "$(wc -l < "$tmp/goterr")" != 1 ]; then
		failed=$((failed + 1))
		say "MISMATCH damaged table ($1): pathtable exit $wantrc, ptread.exe exit $gotrc, want 1 from both and one line on stderr"
		cat "$tmp/goterr" >&2
	fi
}
poke() { # FILE AT BYTES
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
for ex in tiny.ptab tiny-runs.ptab tiny-v3.ptab tiny-runs-v3.ptab; do
	size=$(wc -c < "examples/$ex")
	for how in flip version magic elements truncate trailing; do
		cp "examples/$ex" "$tmp/bad.ptab"
		case "$how" in
		flip) poke "$tmp/bad.ptab" $((size - 10)) '\377' ;;
		version) poke "$tmp/bad.ptab" 10 "$(case "$ex" in *-v3.ptab) echo '\004' ;; *) echo '\003' ;; esac)" ;;
		magic) poke "$tmp/bad.ptab" 1 'X' ;;
		elements) case "$ex" in
			tiny.ptab) poke "$tmp/bad.ptab" 0 '\233' ;;
			tiny-runs.ptab) poke "$tmp/bad.ptab" 0 '\234' ;;
			tiny-v3.ptab) poke "$tmp/bad.ptab" 0 '\231' ;;
			*) poke "$tmp/bad.ptab" 0 '\230' ;;
			esac ;;
		truncate) head -c $((size - 13)) "examples/$ex" > "$tmp/bad.ptab" ;;
		trailing) printf '\000' >> "$tmp/bad.ptab" ;;
		esac
		refuse "$ex $how" "$tmp/bad.ptab"
	done
	cp "examples/$ex" "$tmp/bad.ptab"
	poke "$tmp/bad.ptab" 10 "$(case "$ex" in tiny.ptab) echo '\002' ;; tiny-runs.ptab) echo '\003' ;; *) echo '\001' ;; esac)"
	refuse "$ex other version" "$tmp/bad.ptab"
done
printf '\335\377\377\377\377\250PATHTABL\001\306\377\377\377\377' > "$tmp/bad.ptab"
refuse huge "$tmp/bad.ptab"
: > "$tmp/bad.ptab"
refuse empty "$tmp/bad.ptab"
refuse missing "$tmp/no-such-file.ptab"

tampered() { "$tmp/check" tamper "$tmp/$1.ptab" "$tmp/bad.ptab" "$2" "$3" "$4"; }
for t in lecture.gr lecture.gr.runs; do
	tampered "$t" 2 =a132 a131 && refuse "$t duplicate names" "$tmp/bad.ptab"
	tampered "$t" 2 =a5776964746800 a5776964746803 && refuse "$t graph of width 3" "$tmp/bad.ptab"
	tampered "$t" 2 =a7636f6e6e65637400 a7636f6e6e656374ff && refuse "$t graph connect -1" "$tmp/bad.ptab"
done
tampered tiny.runs 2 =a472756e73 a472756e67 && refuse "layout rung" "$tmp/bad.ptab"
tampered tiny.runs 2 =aa72756e73313678346863 aa72756e73313678356863 && refuse "first_enc runs16x5hc" "$tmp/bad.ptab"
tampered tiny.runs 2 =aa72756e73313678346863 aa72756e73333278346863 && refuse "first_enc runs32x4hc, bins of runs16x4hc" "$tmp/bad.ptab"
tampered tiny.runs 2 =a472756e7305 a472756e7304 && refuse "runs 4 of 5" "$tmp/bad.ptab"
tampered tiny.g.runs 9 2 0100 && refuse "order repeats a node" "$tmp/bad.ptab"
tampered tiny.runs 5 2 0100 && refuse "format 3: order repeats a node" "$tmp/bad.ptab"
tampered tiny.runs 5 0 00000100 && refuse "format 3: order splits a component" "$tmp/bad.ptab"
for t in tiny tiny.runs tiny.win tiny.g tiny.g.runs tiny.g.win; do
	tampered "$t" 2 =a8646961676f6e616c a8646961676f6e616d && refuse "$t no diagonal" "$tmp/bad.ptab"
done
for t in tiny.g tiny.g.runs tiny.g.win; do
	tampered "$t" 5 0 000000000000f83f && refuse "$t octile cost 1.5" "$tmp/bad.ptab"
	tampered "$t" 3 4 ff000000 && refuse "$t degree past the next offset" "$tmp/bad.ptab"
	tampered "$t" 4 0 06000000 && refuse "$t edge to node 6 of 6" "$tmp/bad.ptab"
	tampered "$t" 6 4 00000000 && refuse "$t cells not ascending" "$tmp/bad.ptab"
	tampered "$t" 5 0 000000000000f07f && refuse "$t cost +Inf" "$tmp/bad.ptab"
done
tampered maze.grid.1014.g 5 0 0000000000002540 && refuse "integer cost 10.5" "$tmp/bad.ptab"
tampered tiny.g.runs 9 0 0600 && refuse "order names node 6 of 6" "$tmp/bad.ptab"
tampered tiny.g.runs 10 4 ff000000 && refuse "row ends before it starts" "$tmp/bad.ptab"
tampered tiny.g.runs 10 -4 0e000000 && refuse "rows end before the runs" "$tmp/bad.ptab"
tampered tiny.runs 6 4 ff && refuse "format 3: row counts past the runs" "$tmp/bad.ptab"
tampered tiny.runs 6 -1 00 && refuse "format 3: row counts short of the runs" "$tmp/bad.ptab"
tampered tiny.runs 2 =a9726f775f627974657301 a9726f775f627974657303 && refuse "format 3: row_bytes 3" "$tmp/bad.ptab"
tampered tiny.runs 2 =a9726f775f627974657301 a9726f775f627974657302 && refuse "format 3: row_bytes 2, bin of 1-byte counts" "$tmp/bad.ptab"
for t in tiny tiny.runs tiny.win; do
	tampered "$t" 3 0 dc && refuse "$t a cell closed" "$tmp/bad.ptab"
	tampered "$t" 3 0 df && refuse "$t a wall opened" "$tmp/bad.ptab"
	tampered "$t" 3 1 02 && refuse "$t an open bit past the grid" "$tmp/bad.ptab"
	tampered "$t" 4 0 10 && refuse "$t a cost of 0" "$tmp/bad.ptab"
	tampered "$t" 4 1 a1 && refuse "$t a cost of 10" "$tmp/bad.ptab"
	tampered "$t" 2 =a7636f6e6e65637408 a7636f6e6e65637406 && refuse "$t 6-connected" "$tmp/bad.ptab"
	tampered "$t" 2 =a565646765730e a565646765730d && refuse "$t an edge fewer" "$tmp/bad.ptab"
done
# Answered, and alike: damage behind a good checksum that only walks meet
# (moves naming no edge, no-path runs, starts out of order, window cells
# holding 8..14 or a move into a wall).
while read -r name level elem at bytes; do
	tampered "$name" "$elem" "$at" "$bytes"
	{ ids "$level" | pairs 300; extra "$name"; } > "$tmp/queries"
	compare "$name tampered $elem@$at" "$tmp/bad.ptab"
done <<EOT
tiny.g.runs examples/tiny.grid 11 -8 ee
tiny.g.runs examples/tiny.grid 11 -6 ff
tiny.g.runs examples/tiny.grid 11 2 ffff
tiny.runs examples/tiny.grid 7 -8 ee
tiny.runs examples/tiny.grid 7 -3 9e
tiny.runs examples/tiny.grid 7 2 ffff
tiny.g examples/tiny.grid 9 0 0707070707070707
maze.grid.g.runs testdata/maze.grid 11 -179 ee
maze.grid.g.runs testdata/maze.grid 11 200 0000
maze.grid.runs testdata/maze.grid 7 -179 ee
maze.grid.runs testdata/maze.grid 7 400 ffff
lecture.gr.runs testdata/lecture.gr 11 -5 77
maze.grid.4.g.win testdata/maze.grid 9 0 9999999999999999
maze.grid.win testdata/maze.grid 5 0 9999999999999999
maze.grid.win testdata/maze.grid 5 300 0000000000000000
EOT

# --- the unit tests, and the tables they craft --------------------------------
# Tests.exe writes hand-made tables to $tmp/crafted: odd but legal msgpack
# forms and hostile headers. Both readers must take or refuse each alike.
mono "$tmp/tests.exe" "$root" "$tmp" || { failed=$((failed + 1)); say "FAIL: Tests.exe"; }
crafted=0
printf '0,0 1,2\n0,0 2,0\n1,1 1,1\n' > "$tmp/queries"
for f in "$tmp"/crafted/*.ptab; do
	[ -f "$f" ] || continue
	crafted=$((crafted + 1))
	wantrc=0 gotrc=0
	"$pt" query "$f" < "$tmp/queries" > "$tmp/want" 2>/dev/null || wantrc=$?
	cs "$f" < "$tmp/queries" > "$tmp/got" 2>/dev/null || gotrc=$?
	if [ "$wantrc" != "$gotrc" ] || ! same "$tmp/want" "$tmp/got" > "$tmp/diff"; then
		failed=$((failed + 1))
		say "MISMATCH crafted table $(basename "$f"): pathtable exit $wantrc, ptread.exe exit $gotrc"
		head -5 "$tmp/diff" >&2
	fi
	case "$(basename "$f")" in
	ok*) [ "$wantrc" = 0 ] || { failed=$((failed + 1)); say "pathtable refuses $(basename "$f")"; } ;;
	bad*) [ "$wantrc" = 1 ] || { failed=$((failed + 1)); say "pathtable takes $(basename "$f")"; } ;;
	esac
done

say "$tables tables: $total answers ($found paths, $nopath without a path, $uncovered not covered), $badlines bad lines"
say "$refused damaged tables refused by both, $crafted crafted tables alike; $failed mismatches"
[ "$failed" -eq 0 ]
