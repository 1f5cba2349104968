#!/bin/sh
# readers/c/test.sh: test the C reader readers/c/pathtable.h.
#
#  1. Build its driver (examples/c/ptread.c) as C99 and as C++11 with
#     -Wall -Wextra -Werror, at -O2 and with -fsanitize=address,undefined.
#  2. Build tables of every layout and format version with the Go CLI
#     (flat, run-length, windowed; format 3 and, with -graph-bins, 1 and 2;
#     the 10/14, 4-connected and clearance models) from testdata/,
#     examples/ and examples/c/levels/, and a few maps of ../shared/testmaps
#     when it exists, and ask `pathtable query` and the driver (in query
#     mode, sanitized) the same queries: all pairs on levels of up to 120
#     nodes, 3,000 sampled pairs otherwise, and bad lines. stdout, the
#     stderr messages and the exit status must match.
#  3. Run readers/c/test.c (sanitized) on every table: the API against
#     itself; and on the worked examples of docs/FORMAT.md every truncation
#     and bit flip, and hostile documents.
#  4. Run test.c -box: the open-box rule of the b encodings, and where
#     they are refused.
#
# Run from anywhere: sh readers/c/test.sh. Exit status 0 when all passes.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
say() { printf 'test.sh: %s\n' "$*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- build ------------------------------------------------------------------
warn="-Wall -Wextra -Werror"
san="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all"
cc -std=c99 -O2 $warn -o "$tmp/ptread" examples/c/ptread.c -lm
cc -std=c99 $warn $san -o "$tmp/ptread-san" examples/c/ptread.c -lm
cc -std=c99 $warn $san -o "$tmp/test" readers/c/test.c -lm
if command -v g++ >/dev/null 2>&1; then
	g++ -x c++ -std=c++11 -O2 $warn -o "$tmp/ptread++" examples/c/ptread.c -lm
	g++ -x c++ -std=c++11 $warn $san -o "$tmp/test++" readers/c/test.c -lm
fi
go build -o "$tmp/pathtable" ./cmd/pathtable
pt="$tmp/pathtable"
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1

# --- tables -----------------------------------------------------------------
grid_flags="|-compress|-window 2|-graph-bins|-compress -graph-bins|-window 3 -graph-bins|-diagonal 10/14|-compress -diagonal 10/14|-connect 4|-compress -connect 4|-window 2 -connect 4|-clearance 2|-compress -clearance 2"
graph_flags="|-compress"
levels="examples/tiny.grid examples/tiny-box.grid"
for f in testdata/* examples/c/levels/*; do
	case "$f" in *.map | *.grid | *.gr | *.json) levels="$levels $f" ;; esac
done
for m in maze-32-32-2 random-32-32-10 room-32-32-4 den312d; do
	[ -f "../shared/testmaps/$m.map" ] && levels="$levels ../shared/testmaps/$m.map"
done

# ids prints the node ids of a level, one per line, from the level file.
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

# queries prints all pairs of ids (up to 120 of them), or 3,000
# pseudo-random pairs, then lines that are bad on every level.
queries() { # LEVEL
	ids "$1" | awk '{ id[NR - 1] = $0 } END {
		if (NR <= 120) { for (a = 0; a < NR; a++) for (b = 0; b < NR; b++) print id[a], id[b] }
		else { s = 11; for (i = 0; i < 3000; i++) { s = (s * 1103515245 + 12345) % 2147483648; a = s % NR
			s = (s * 1103515245 + 12345) % 2147483648; b = s % NR; print id[a], id[b] } }
		print id[0]; print id[0], id[0], id[0]; print "# a comment"; print ""
		print id[0] "\t" id[NR - 1]; print "  " id[NR - 1] "   " id[0] "  "
		print "0,0 9999,9999"; print "x,y 0,0"; print "nowhere " id[0]; print "-1,0 " id[0]; print "1,1,1 " id[0]
	}'
}

total=0 tables=0 failed=0
for level in $levels; do
	case "$level" in *.gr | *.json) flags=$graph_flags ;; *) flags=$grid_flags ;; esac
	case "$level" in */zero.json) flags="" ;; esac # costs of 0: run-length tables refuse them
	queries "$level" > "$tmp/queries"
	n=$(wc -l < "$tmp/queries")
	echo "$flags" | tr '|' '\n' > "$tmp/flags"
	while IFS= read -r fl; do
		table="$tmp/t.ptab"
		# shellcheck disable=SC2086
		if ! "$pt" build -quiet $fl -o "$table" "$level" >/dev/null 2>"$tmp/err"; then
			case "$level|$fl" in
			*-clearance*) continue ;; # a level too narrow for the agent
			esac
			say "build $fl $level failed: $(cat "$tmp/err")"
			failed=$((failed + 1))
			continue
		fi
		tables=$((tables + 1)) total=$((total + n))
		want=0 got=0
		"$pt" query "$table" < "$tmp/queries" > "$tmp/want" 2> "$tmp/want.err" || want=$?
		"$tmp/ptread-san" "$table" < "$tmp/queries" > "$tmp/got" 2> "$tmp/got.err" || got=$?
		sed 's/^pathtable: //' "$tmp/want.err" > "$tmp/want.err2"
		sed 's/^ptread: //' "$tmp/got.err" > "$tmp/got.err2"
		if [ "$want" != "$got" ] || ! cmp -s "$tmp/want" "$tmp/got" || ! cmp -s "$tmp/want.err2" "$tmp/got.err2"; then
			failed=$((failed + 1))
			say "MISMATCH $level $fl: exit $want vs $got"
			diff "$tmp/want" "$tmp/got" | head -5 >&2 || true
			diff "$tmp/want.err2" "$tmp/got.err2" | head -5 >&2 || true
		fi
		if [ -x "$tmp/ptread++" ] && ! "$tmp/ptread++" "$table" < "$tmp/queries" 2>/dev/null | cmp -s - "$tmp/want"; then
			failed=$((failed + 1))
			say "MISMATCH (C++ build) $level $fl"
		fi
		if ! "$tmp/test" "$table" > "$tmp/test.out" 2>&1; then
			failed=$((failed + 1))
			say "test.c failed on $level $fl:"
			tail -5 "$tmp/test.out" >&2
		fi
	done < "$tmp/flags"
done
say "$tables tables, $total queries each asked of pathtable and ptread: $failed failures"

# --- damage -----------------------------------------------------------------
# Every truncation and bit flip of the worked examples of docs/FORMAT.md
# and of a b table (examples/tiny-box.grid, run-length) is refused.
"$pt" build -quiet -compress -o "$tmp/tiny-box.ptab" examples/tiny-box.grid >/dev/null
for t in "$tmp/test" "$tmp/test++"; do
	[ -x "$t" ] || continue
	if ! "$t" -damage examples/tiny.ptab examples/tiny-runs.ptab examples/tiny-v3.ptab examples/tiny-runs-v3.ptab "$tmp/tiny-box.ptab" > "$tmp/damage.out" 2>&1; then
		failed=$((failed + 1))
		say "test.c -damage failed ($t):"
		grep FAIL "$tmp/damage.out" | head -10 >&2
	fi
done
grep 'damaged copies refused' "$tmp/damage.out" >&2 || true

# --- open boxes ---------------------------------------------------------------
# The b encodings (docs/FORMAT.md "Open-box wildcards"): test.c -box holds a b
# table (the CLI's -compress table of a level whose cells all cost 1, or
# that table with b added to its encoding) to the rule against the flat
# table's distances, in every start and move width, and refuses b where
# the format forbids it (costs, formats 1 and 2, graphs) and b without h.
# rand.map: 32x32, one cell in eight a wall (an LCG: the same every run),
# where the rows' moves in open boxes often differ from H_1.
awk 'BEGIN { print "type octile\nheight 32\nwidth 32\nmap"; s = 5
	for (y = 0; y < 32; y++) { r = ""; for (x = 0; x < 32; x++) { s = (s * 1103515245 + 12345) % 2147483648; r = r (int(s / 65536) % 8 ? "." : "@") }; print r } }' > "$tmp/rand.map"
boxes=0
box_levels="examples/tiny-box.grid testdata/small.map $tmp/rand.map"
for m in random-32-32-10 room-32-32-4; do
	[ -f "../shared/testmaps/$m.map" ] && box_levels="$box_levels ../shared/testmaps/$m.map"
done
for level in $box_levels; do
	for fl in "" "-diagonal 10/14" "-connect 4" "-clearance 2"; do
		# shellcheck disable=SC2086
		"$pt" build -quiet $fl -o "$tmp/flat.ptab" "$level" >/dev/null 2>&1 || continue # too narrow for the agent
		# shellcheck disable=SC2086
		"$pt" build -quiet -compress $fl -o "$tmp/runs.ptab" "$level" >/dev/null
		boxes=$((boxes + 1))
		for t in "$tmp/test" "$tmp/test++"; do
			[ -x "$t" ] || continue
			if ! "$t" -box "$tmp/runs.ptab" "$tmp/flat.ptab" > "$tmp/box.out" 2>&1; then
				failed=$((failed + 1))
				say "test.c -box failed on $level $fl ($t):"
				grep FAIL "$tmp/box.out" | head -5 >&2
			fi
		done
	done
done
for lf in "examples/tiny.grid|-compress" "testdata/unreachable.grid|-compress -connect 4" "testdata/small.map|-compress -graph-bins" \
	"testdata/lecture.gr|-compress" "examples/c/levels/float.json|-compress"; do
	# shellcheck disable=SC2086
	"$pt" build -quiet ${lf#*|} -o "$tmp/runs.ptab" "${lf%%|*}" >/dev/null
	boxes=$((boxes + 1))
	if ! "$tmp/test" -box "$tmp/runs.ptab" > "$tmp/box.out" 2>&1; then
		failed=$((failed + 1))
		say "test.c -box failed on $lf:"
		grep FAIL "$tmp/box.out" | head -5 >&2
	fi
done
say "$boxes run-length tables through test.c -box"
[ "$failed" -eq 0 ] || exit 1
say ok
