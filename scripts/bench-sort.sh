#!/usr/bin/env bash
# bench-sort.sh: time `kubeversion sort` against GNU `sort -V` and plain
# `LC_ALL=C sort` on inputs of every shape, and print the median ratios of
# wall times, with their spread, and the peak memory of kubeversion above
# its start against its budget (the input plus 32 bytes a line).
#
# The start is the peak of `kubeversion sort </dev/null`, measured in each
# round just before the sort: the command links the Kubernetes code of its
# other subcommands, whose package initialisation and pages of the binary
# (about 40 to 65 MiB, by how much of the binary the page cache holds)
# every run pays, whatever its input. The budget is for what sorting adds.
#
#   bash scripts/bench-sort.sh [LINES [ROUNDS]]    # default: 1000000 5
#
# The shapes:
#   versions     only versions, of all three stabilities
#   groups-few   only group/version lines, of 5 groups
#   groups-many  only group/version lines, of 50,000 groups
#   strings      nine lines in ten not versions, of 4 to 15 bytes
#   long         nine lines in ten not versions, of 40 to 160 bytes
#   mixed        versions, group/version lines and other strings, as
#                `kubectl api-versions` and hand-written lists mix them
#
# Each round runs the three commands once each, one after the other, in an
# order that changes from round to round; the ratio of a round is taken
# between runs a second or so apart, so that a busy neighbour on a shared
# machine slows both sides of it alike. A ratio above 1 means kubeversion
# is faster.
set -euo pipefail
cd "$(dirname "$0")/.."

lines=${1:-1000000}
rounds=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/kubeversion" ./cmd/kubeversion

# generate SHAPE: writes $lines lines of the shape to $tmp/input.
generate() {
	awk -v shape="$1" -v n="$lines" '
	function version(   r, major, minor) {
		r = int(rand() * 3); major = int(rand() * 12); minor = int(rand() * 5)
		if (r == 0) return "v" major
		if (r == 1) return "v" major "beta" minor
		return "v" major "alpha" minor
	}
	# word returns len random characters, cut from a long random string.
	function word(len) {
		return substr(pool, 1 + int(rand() * (length(pool) - len)), len)
	}
	BEGIN {
		srand(1)
		chars = "abcdefghijklmnopqrstuvwxyz0123456789.-_"
		for (i = 0; i < 100000; i++) pool = pool substr(chars, 1 + int(rand() * length(chars)), 1)
		split("apps batch autoscaling networking.k8s.io stable.example.com", few, " ")
		split("foo1 foo10 latest stable v1.30.2 V1 v1beta", others, " ")
		for (i = 0; i < n; i++) {
			if (shape == "versions") v = version()
			else if (shape == "groups-few") v = few[int(rand() * 5) + 1] "/" version()
			else if (shape == "groups-many") v = "g" int(rand() * 50000) ".example.com/" version()
			else if (shape == "strings") v = (rand() < 0.1 ? version() : word(4 + int(rand() * 12)))
			else if (shape == "long") v = (rand() < 0.1 ? version() : word(40 + int(rand() * 121)))
			else {
				v = (rand() < 0.75 ? version() : others[int(rand() * 7) + 1])
				if (rand() < 0.3) v = few[int(rand() * 5) + 1] "/" v
			}
			print v
		}
	}' > "$tmp/input"
}

# run NAME CMD...: runs CMD on the input ($input, default $tmp/input),
# appends its wall time in seconds to $tmp/NAME.time and its peak memory
# in KiB to $tmp/NAME.rss.
run() {
	local name=$1 start end
	shift
	start=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$tmp/rss" "$@" < "${input:-$tmp/input}" > /dev/null
	end=$EPOCHREALTIME
	echo "$start $end" | awk '{ printf "%.4f\n", $2 - $1 }' >> "$tmp/$name.time"
	cat "$tmp/rss" >> "$tmp/$name.rss"
}

# stats FILE: the median, minimum and maximum of the numbers in FILE.
stats() {
	sort -g "$1" | awk '{ x[NR] = $1 } END { m = (NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2); print m, x[1], x[NR] }'
}

printf '%-12s %9s %9s | %8s %8s %8s | %-22s %-22s | %9s %9s %9s %9s\n' \
	shape "input MiB" "B/line" "ours s" "sort -V" "C sort" "sort -V/ours (min-max)" "C sort/ours (min-max)" "ours MiB" "start MiB" "above" "budget"
for shape in versions groups-few groups-many strings long mixed; do
	generate "$shape"
	rm -f "$tmp"/*.time "$tmp"/*.rss
	for ((r = 0; r < rounds; r++)); do
		case $((r % 3)) in
		0) order="ours v c" ;;
		1) order="v c ours" ;;
		2) order="c ours v" ;;
		esac
		for cmd in $order; do
			case $cmd in
			ours)
				input=/dev/null run start "$tmp/kubeversion" sort
				run ours "$tmp/kubeversion" sort
				;;
			v) run v sort -V ;;
			c) run c env LC_ALL=C sort ;;
			esac
		done
	done
	paste "$tmp/v.time" "$tmp/ours.time" | awk '{ print $1 / $2 }' > "$tmp/rv"
	paste "$tmp/c.time" "$tmp/ours.time" | awk '{ print $1 / $2 }' > "$tmp/rc"
	size=$(stat -c %s "$tmp/input")
	read -r ours _ < <(stats "$tmp/ours.time")
	read -r v _ < <(stats "$tmp/v.time")
	read -r c _ < <(stats "$tmp/c.time")
	read -r rv rvmin rvmax < <(stats "$tmp/rv")
	read -r rc rcmin rcmax < <(stats "$tmp/rc")
	rss=$(sort -n "$tmp/ours.rss" | tail -1)
	startrss=$(sort -n "$tmp/start.rss" | tail -1)
	# above: the largest difference of a round, the sort's peak less the
	# start's just before it.
	above=$(paste "$tmp/ours.rss" "$tmp/start.rss" | awk '{ d = $1 - $2; if (NR == 1 || d > m) m = d } END { print m }')
	awk -v s="$shape" -v size="$size" -v n="$lines" -v ours="$ours" -v v="$v" -v c="$c" \
		-v rv="$rv" -v rvmin="$rvmin" -v rvmax="$rvmax" -v rc="$rc" -v rcmin="$rcmin" -v rcmax="$rcmax" -v rss="$rss" \
		-v startrss="$startrss" -v above="$above" 'BEGIN {
		printf "%-12s %9.1f %9d | %8.3f %8.3f %8.3f | %5.2fx (%5.2f-%5.2f)    %5.2fx (%5.2f-%5.2f)    | %9.1f %9.1f %9.1f %9.1f\n",
			s, size / 1048576, size / n, ours, v, c, rv, rvmin, rvmax, rc, rcmin, rcmax, rss / 1024, startrss / 1024, above / 1024, (size + 32 * n) / 1048576
	}'
done
echo "times: medians over $rounds rounds of $lines lines; ratios: medians (and spread) of the ratio within each round."
echo "start MiB: the largest peak of sort </dev/null; above: the largest of a round's sort peak less its start."
echo "The goals: sort -V/ours at least 2, C sort/ours at least 1, above (the start) at most the budget."
