#!/usr/bin/env bash
# bench-sort.sh: time `kubeversion sort` against GNU `sort -V` on the same
# input, side by side, and print the ratio of wall times and the memory of
# each against the input size.
#
#   bash scripts/bench-sort.sh [LINES...]    # default: 1000000
#
# The input mixes API versions of all stabilities (three quarters), the
# group/version lines of `kubectl api-versions`, and other strings. Each
# command runs three times; the best wall time and its peak memory count.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/kubeversion" ./cmd/kubeversion

# best CMD...: prints "seconds kilobytes" of the fastest of three runs.
best() {
	local run
	for run in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" < "$tmp/input" > /dev/null
		cat "$tmp/time"
	done | sort -n | head -1
}

printf '%10s %12s %14s %14s %10s %16s %16s\n' lines "input MiB" "kubeversion s" "sort -V s" ratio "kubeversion MiB" "sort -V MiB"
for n in "${sizes[@]}"; do
	awk -v n="$n" 'BEGIN {
		srand(1)
		split("apps batch autoscaling networking.k8s.io stable.example.com", groups, " ")
		split("foo1 foo10 latest stable v1.30.2 V1 v1beta", others, " ")
		for (i = 0; i < n; i++) {
			r = int(rand() * 8); major = int(rand() * 12); minor = int(rand() * 5)
			if (r < 2) v = "v" major
			else if (r < 4) v = "v" major "beta" minor
			else if (r < 6) v = "v" major "alpha" minor
			else v = others[int(rand() * 7) + 1]
			if (rand() < 0.3) v = groups[int(rand() * 5) + 1] "/" v
			print v
		}
	}' > "$tmp/input"
	size=$(stat -c %s "$tmp/input")
	read -r ours ours_kb < <(best "$tmp/kubeversion" sort)
	read -r theirs theirs_kb < <(best sort -V)
	awk -v n="$n" -v size="$size" -v a="$ours" -v b="$theirs" -v am="$ours_kb" -v bm="$theirs_kb" 'BEGIN {
		ratio = (a > 0 ? sprintf("%9.2fx", b / a) : "  too fast")
		printf "%10d %12.1f %14.2f %14.2f %10s %16.1f %16.1f\n", n, size / 1048576, a, b, ratio, am / 1024, bm / 1024
	}'
done
echo "ratio: sort -V wall time / kubeversion sort wall time (above 1: kubeversion is faster)"
