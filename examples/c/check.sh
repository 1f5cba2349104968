#!/bin/sh
# examples/c/check.sh: build the C reader (ptread) and check that it answers
# exactly as `pathtable path` does, on tables for every level in testdata/
# (and the grids again with other movement models) plus the worked example
# of docs/FORMAT.md. Exit status 0 when every answer matches.
#
# Needs: go, a C compiler and msgpack-c. When msgpack-c (Debian package
# libmsgpack-dev) or cc is missing, it installs them with apt-get (as root,
# or through sudo). Run from anywhere: sh examples/c/check.sh
# (DEBUG=1 also lists the queries both readers rejected as bad ids.)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

say() { printf 'check.sh: %s\n' "$*" >&2; }

# --- dependencies -----------------------------------------------------------
missing=""
dpkg -s libmsgpack-dev >/dev/null 2>&1 || [ -f /usr/include/msgpack.h ] || missing="$missing libmsgpack-dev"
command -v cc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
if [ -n "$missing" ]; then
	sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || { say "need$missing: install them, or run as root"; exit 1; }
		sudo="sudo"
	fi
	aptget() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@"; }
	say "installing$missing"
	# A fresh CI image may have no package lists yet: update, then retry.
	# shellcheck disable=SC2086
	aptget install $missing >/dev/null 2>&1 || { aptget update >/dev/null && aptget install $missing >/dev/null; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- build ------------------------------------------------------------------
cc -std=c99 -O2 -Wall -Wextra -ffp-contract=off -o "$tmp/ptread" examples/c/ptread.c -lmsgpackc
# One binary for every build and query: `go run` per query would relink.
go build -o "$tmp/pathtable" ./cmd/pathtable
pt="$tmp/pathtable"

# The worked example of docs/FORMAT.md must still be what the builder writes.
"$pt" build -quiet -o "$tmp/tiny.ptab" examples/tiny.grid >/dev/null
if ! cmp -s "$tmp/tiny.ptab" examples/tiny.ptab; then
	say "examples/tiny.ptab differs from a fresh build of examples/tiny.grid:"
	say "the format changed; rebuild it and update docs/FORMAT.md's worked example"
	exit 1
fi

# --- tables -----------------------------------------------------------------
# name|level|build flags. The grids also go through the integer 10/14 model
# (u16 distances) and 4-connected moves; examples/c/levels/ adds graphs for
# the u32, u64 and awkward float cases.
levels="tiny|examples/tiny.grid|"
for f in testdata/* examples/c/levels/*; do
	case "$f" in
	*.map | *.grid)
		b=$(basename "$f")
		levels="$levels
$b|$f|
$b.1014|$f|-diagonal 10/14
$b.4|$f|-connect 4" ;;
	*.gr | *.json) levels="$levels
$(basename "$f")|$f|" ;;
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
	case "$1" in
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

total=0 nopath=0 found=0 errors=0 failed=0
printf '%s\n' "$levels" > "$tmp/levels"
while IFS='|' read -r name level flags; do
	[ -n "$name" ] || continue
	table="$tmp/$name.ptab"
	# shellcheck disable=SC2086
	"$pt" build -quiet $flags -o "$table" "$level" >/dev/null
	{ ids "$level" | pairs 30; extra "$name"; } > "$tmp/queries"
	while read -r from to; do
		total=$((total + 1))
		want=$(answer "$pt" path "$table" "$from" "$to" | sed 's/^pathtable: //')
		got=$(answer "$tmp/ptread" "$table" "$from" "$to" | sed 's/^ptread: //')
		case "$want" in
		*"no path"*) nopath=$((nopath + 1)) ;;
		*" cost "*) found=$((found + 1)) ;;
		*) errors=$((errors + 1)); [ -z "${DEBUG:-}" ] || say "error $name: $want" ;;
		esac
		if [ "$want" != "$got" ]; then
			failed=$((failed + 1))
			say "MISMATCH $name: $from -> $to"
			printf '  pathtable: %s\n  ptread:    %s\n' "$want" "$got" >&2
		fi
	done < "$tmp/queries"
done < "$tmp/levels"

# --- damaged tables: both readers must refuse them (exit 1) --------------------
damage() { # NAME: write $tmp/bad.ptab, a damaged copy of examples/tiny.ptab
	cp examples/tiny.ptab "$tmp/bad.ptab"
	case "$1" in
	flip) printf '\377' | dd of="$tmp/bad.ptab" bs=1 seek=566 conv=notrunc 2>/dev/null ;; # a distance byte
	version) printf '\002' | dd of="$tmp/bad.ptab" bs=1 seek=10 conv=notrunc 2>/dev/null ;;
	magic) printf 'X' | dd of="$tmp/bad.ptab" bs=1 seek=1 conv=notrunc 2>/dev/null ;;
	truncate) head -c 700 examples/tiny.ptab > "$tmp/bad.ptab" ;;
	trailing) printf '\000' >> "$tmp/bad.ptab" ;;
	# The old layout: an 11-element array with the checksum after it.
	old) printf '\233' | dd of="$tmp/bad.ptab" bs=1 seek=0 conv=notrunc 2>/dev/null ;;
	huge) printf '\335\377\377\377\377\250PATHTABL\001\306\377\377\377\377' > "$tmp/bad.ptab" ;;
	esac
}
for how in flip version magic truncate trailing old huge; do
	damage "$how"
	total=$((total + 1))
	want=$(answer "$pt" path "$tmp/bad.ptab" 0,0 1,2 | tail -n 1)
	got=$(answer "$tmp/ptread" "$tmp/bad.ptab" 0,0 1,2 | tail -n 1)
	if [ "$want" != "exit 1" ] || [ "$got" != "exit 1" ]; then
		failed=$((failed + 1))
		say "MISMATCH damaged table ($how): pathtable $want, ptread $got, want exit 1 from both"
	fi
done

say "$total queries ($found paths, $nopath without a path, $errors bad ids): $failed mismatches"
[ "$failed" -eq 0 ] && [ "$found" -gt 0 ] && [ "$nopath" -gt 0 ] && [ "$errors" -gt 0 ]
