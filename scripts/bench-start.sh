#!/usr/bin/env bash
# bench-start.sh: time the command's start, as built from two revisions,
# in alternating runs, and print the median wall time and peak resident
# memory of each side with their ratio.
#
#   bash scripts/bench-start.sh OLD-REVISION [NEW-REVISION [ROUNDS]]
#
# NEW-REVISION defaults to the working tree ("" names it too), ROUNDS to
# 21. Both sides are built as the release builds them (-trimpath,
# -ldflags "-s -w", no cgo), each into a fresh file, so that the page
# cache holds each binary alike: how much of a binary the kernel maps
# around what its package initialisers touch depends on that (see
# docs/performance.md). Each round runs, for each side in an order that
# changes from round to round:
#   highest  kubeversion highest v1 v2beta1
#   lint     kubeversion lint examples/crontab-crd.yaml
# A ratio above 1 means the new side is slower or bigger. The start's own
# breakdown: GODEBUG=inittrace=1 kubeversion highest v1 v2beta1.
set -euo pipefail
cd "$(dirname "$0")/.."

old=${1:?usage: bench-start.sh OLD-REVISION [NEW-REVISION [ROUNDS]]}
new=${2:-}
rounds=${3:-21}
tmp=$(mktemp -d)
cleanup() {
	for side in old new; do
		[ -d "$tmp/src-$side" ] && git worktree remove --force "$tmp/src-$side" >/dev/null 2>&1
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

build() { # side revision
	local dir=$PWD
	if [ -n "$2" ]; then
		dir="$tmp/src-$1"
		git worktree add --quiet --detach "$dir" "$2"
	fi
	(cd "$dir" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/kubeversion-$1" ./cmd/kubeversion)
}
build old "$old"
build new "$new"

# run SIDE CASE: one run, appending "wall-seconds peak-KiB" to $tmp/SIDE.CASE.
run() {
	local bin=$tmp/kubeversion-$1
	case $2 in
	highest) set -- "$1" "$2" "$bin" highest v1 v2beta1 ;;
	lint) set -- "$1" "$2" "$bin" lint examples/crontab-crd.yaml ;;
	esac
	local start=$EPOCHREALTIME
	/usr/bin/time -f "%M" -o "$tmp/one" "${@:3}" > /dev/null 2>&1 || true
	local end=$EPOCHREALTIME
	echo "$start $end $(tail -1 "$tmp/one")" | awk '{ printf "%.4f %d\n", $2 - $1, $3 }' >> "$tmp/$1.$2"
}

# median COLUMN FILE
median() {
	awk -v c="$1" '{ print $c }' "$2" | sort -g | awk '{ x[NR] = $1 } END { print (NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2) }'
}

for case in highest lint; do
	run old "$case" # a warm-up each, not counted
	run new "$case"
	rm -f "$tmp/old.$case" "$tmp/new.$case"
	for ((r = 0; r < rounds; r++)); do
		if ((r % 2)); then run new "$case"; run old "$case"; else run old "$case"; run new "$case"; fi
	done
done

printf '%-8s %10s %10s %7s | %12s %12s %7s\n' case "old ms" "new ms" "new/old" "old MiB" "new MiB" "new/old"
for case in highest lint; do
	ot=$(median 1 "$tmp/old.$case") nt=$(median 1 "$tmp/new.$case")
	om=$(median 2 "$tmp/old.$case") nm=$(median 2 "$tmp/new.$case")
	awk -v c="$case" -v ot="$ot" -v nt="$nt" -v om="$om" -v nm="$nm" 'BEGIN {
		printf "%-8s %10.0f %10.0f %7.2f | %12.1f %12.1f %7.2f\n", c, ot * 1000, nt * 1000, (ot > 0 ? nt / ot : 0), om / 1024, nm / 1024, nm / om
	}'
done
echo "medians of $rounds runs a side: wall time (of /usr/bin/time and the command), peak resident memory."
