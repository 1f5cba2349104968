#!/bin/sh
# examples/web/check.sh: the viewer's browser test (check.mjs), with what it
# needs installed when missing: Debian's chromium (apt-get, as root or
# through sudo) and playwright-core (npm ci into examples/web/node_modules,
# from package-lock.json). Run from anywhere: sh examples/web/check.sh
# [check.mjs arguments]. Prints where the screenshots are; exit status 0
# when the page's answers match the CLI's.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
say() { printf 'check.sh: %s\n' "$*" >&2; }

command -v node >/dev/null 2>&1 || { say "need node (20 or later)"; exit 1; }
command -v go >/dev/null 2>&1 || { say "need go, to build the CLI the answers are checked against"; exit 1; }

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
	sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || { say "need chromium: install it (apt-get install chromium), or run as root"; exit 1; }
		sudo="sudo"
	fi
	aptget() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -q --no-install-recommends "$@"; }
	say "installing chromium"
	# A fresh CI image may have no package lists yet: update, then retry.
	aptget install chromium >/dev/null 2>&1 || { aptget update >/dev/null && aptget install chromium >/dev/null; }
fi

if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
	say "installing playwright-core (npm ci in examples/web)"
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/pathtable" ./cmd/pathtable)
cd "$root"
set -- -pathtable "$tmp/pathtable" ${CHROMIUM:+-browser "$CHROMIUM"} "$@"
rc=0
node "$here/check.mjs" "$@" || rc=$?
exit $rc
