#!/usr/bin/env bash
# bench-pair.sh: run the library's benchmarks as built from two revisions,
# old and new alternating round by round, and print each benchmark's
# median ns/op and allocs/op on both sides with their ratio.
#
#   bash scripts/bench-pair.sh OLD-REVISION [NEW-REVISION [ROUNDS [REGEXP]]]
#
# NEW-REVISION defaults to the working tree ("" names it too), ROUNDS to
# 4, REGEXP to every benchmark. A benchmark is paired by its name alone,
# whatever package holds it on each side, so that a benchmark that moved
# to another package in a restructuring is still set beside its old self.
# Rounds alternate which side runs first, so that a busy neighbour on a
# shared machine slows both sides alike; a ratio above 1 means the new
# side is slower. The modules are the library's (the root module): the
# command and conformance have benchmarks of their own against the API
# server's code.
set -euo pipefail
cd "$(dirname "$0")/.."

old=${1:?usage: bench-pair.sh OLD-REVISION [NEW-REVISION [ROUNDS [REGEXP]]]}
new=${2:-}
rounds=${3:-4}
regexp=${4:-.}
tmp=$(mktemp -d)
cleanup() {
	for side in old new; do
		[ -d "$tmp/src-$side" ] && git worktree remove --force "$tmp/src-$side" >/dev/null 2>&1
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

build() { # side revision: every test binary of the root module's packages with benchmarks
	local dir=$PWD
	if [ -n "$2" ]; then
		dir="$tmp/src-$1"
		git worktree add --quiet --detach "$dir" "$2"
	fi
	mkdir -p "$tmp/bin-$1"
	local pkgs
	pkgs=$(cd "$dir" && GOWORK=off go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./... |
		while read -r p; do
			d=$(cd "$dir" && GOWORK=off go list -f '{{.Dir}}' "$p")
			grep -ls '^func Benchmark' "$d"/*_test.go >/dev/null 2>&1 && echo "$p"
		done)
	local p name
	for p in $pkgs; do
		name=$tmp/bin-$1/$(echo "$p" | tr / _)
		(cd "$dir" && GOWORK=off go test -c -o "$name.test" "$p" && GOWORK=off go list -f '{{.Dir}}' "$p" >"$name.dir")
	done
	echo "$1: $(echo "$pkgs" | wc -w) packages with benchmarks"
}
build old "$old"
build new "$new"

for round in $(seq "$rounds"); do
	if [ $((round % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
	for side in $order; do
		for bin in "$tmp/bin-$side"/*.test; do
			(cd "$(cat "${bin%.test}.dir")" && "$bin" -test.run '^$' -test.bench "$regexp" -test.benchmem -test.count 1) |
				awk -v side="$side" '/^Benchmark/ { for (i = 3; i < NF; i++) { if ($(i+1) == "ns/op") ns = $i; if ($(i+1) == "allocs/op") al = $i }; print side, $1, ns, al }' >>"$tmp/results"
		done
	done
	echo "round $round of $rounds done" >&2
done

# median per side and benchmark, then the ratio new/old.
printf "%-60s %14s %14s %8s %10s %10s\n" benchmark "old ns/op" "new ns/op" new/old "old allocs" "new allocs"
awk '
	{ key = $2; sub(/-[0-9]+$/, "", key); ns[$1, key, ++n[$1, key]] = $3; al[$1, key] = $4; names[key] = 1 }
	function median(side, key,   c, i, j, t, a) {
		c = n[side, key]
		for (i = 1; i <= c; i++) a[i] = ns[side, key, i] + 0
		for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
	}
	END {
		for (key in names) {
			if (!n["old", key] || !n["new", key]) { printf "%-60s only on the %s side\n", key, n["old", key] ? "old" : "new"; continue }
			o = median("old", key); w = median("new", key)
			printf "%-60s %14.0f %14.0f %8.3f %10s %10s\n", key, o, w, w / o, al["old", key], al["new", key]
		}
	}' "$tmp/results" | sort
