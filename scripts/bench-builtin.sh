#!/usr/bin/env bash
# bench-builtin.sh: kubeversion validate beside kubectl-validate on the
# same built-in objects, each as a whole process, in paired rounds, and
# print each side's median objects per second, CPU seconds and peak
# resident memory, with their ratios.
#
#   bash scripts/bench-builtin.sh [ROUNDS [KUBECTL_VALIDATE_VERSION [INPUTS]]]
#
# ROUNDS defaults to 5, the peer's version to v0.0.4, which
# `go install` builds from the module proxy, INPUTS to all four below
# ("real gen-1k" names two). kubeversion is built from
# the working tree as the release builds it. The inputs, each one file:
#   real     the documents of served built-in kinds in the real manifests
#            of conformance/apiserver/testdata/real-manifests.tsv (14
#            projects; scripts/builtin-objects.go picks them), CRDs among
#            them; objects per second counts the objects kubeversion's
#            summary counts, which leaves the CRDs out, for both sides
#   gen-1k, gen-10k, gen-100k
#            generated Deployments, Services and ConfigMaps, a third each:
#            memory should stay flat as the count grows
# Each round runs both sides on each input, in an order that changes from
# round to round. Both tools run with their defaults: kubeversion judges
# as Kubernetes 1.37.2's API server, kubectl-validate with the OpenAPI
# schemas it ships. Their answers differ (see docs/validate.md); what is
# compared here is only the time to give them. A ratio above 1 means
# kubeversion is faster (objects per second) or lighter (memory).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v /usr/bin/time >/dev/null || { echo "bench-builtin: needs /usr/bin/time (GNU time)" >&2; exit 1; }
rounds=${1:-5}
peer_version=${2:-v0.0.4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/kubeversion" ./cmd/kubeversion
GOBIN=$tmp GOFLAGS=-mod=mod GOWORK=off go install "sigs.k8s.io/kubectl-validate@$peer_version"

"$tmp/kubeversion" api-versions -o json >"$tmp/table.json"
go run scripts/builtin-objects.go -table "$tmp/table.json" conformance/apiserver/testdata/real-manifests.tsv >"$tmp/real.yaml"
generate() { # count
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			if (i) print "---"
			if (i % 3 == 0) {
				printf "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-%d\n  labels: {app: web-%d}\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: web-%d}\n  template:\n    metadata:\n      labels: {app: web-%d}\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n        ports:\n        - containerPort: 8080\n        resources:\n          limits: {cpu: 500m, memory: 256Mi}\n", i, i, i, i
			} else if (i % 3 == 1) {
				printf "apiVersion: v1\nkind: Service\nmetadata:\n  name: web-%d\nspec:\n  selector: {app: web-%d}\n  ports:\n  - port: 80\n    targetPort: 8080\n", i, i
			} else {
				printf "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-%d\ndata:\n  colour: blue\n  size: \"%d\"\n", i, i
			}
		}
	}'
}
generate 1000 >"$tmp/gen-1k.yaml"
generate 10000 >"$tmp/gen-10k.yaml"
generate 100000 >"$tmp/gen-100k.yaml"
inputs=${3:-real gen-1k gen-10k gen-100k}

# The number of objects of each input, as kubeversion counts them (a
# List's items each count).
for in in $inputs; do
	{ "$tmp/kubeversion" validate "$tmp/$in.yaml" || true; } | tail -1 | awk '{ print $1 }' >"$tmp/$in.count"
	if ! grep -qx '[0-9][0-9]*' "$tmp/$in.count"; then
		echo "bench-builtin: kubeversion's summary of $in gives no object count" >&2
		exit 1
	fi
done

run() { # side input
	local cmd
	if [ "$1" = kubeversion ]; then cmd=("$tmp/kubeversion" validate "$tmp/$2.yaml"); else cmd=("$tmp/kubectl-validate" "$tmp/$2.yaml"); fi
	local status=0
	/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "${cmd[@]}" >"$tmp/out" 2>&1 || status=$?
	# Both exit 1 when they find an invalid object; anything else (a
	# crash, a signal) is not a run to time.
	if [ "$status" -gt 1 ] || ! grep -q . "$tmp/out"; then
		echo "bench-builtin: $1 on $2 ended with status $status:" >&2
		tail -5 "$tmp/out" >&2
		exit 1
	fi
	# (time writes "Command exited with non-zero status N" first when the
	# status is not 0.)
	echo "$1 $2 $(tail -1 "$tmp/time")" >>"$tmp/results"
}
for round in $(seq "$rounds"); do
	if [ $((round % 2)) -eq 1 ]; then order="kubeversion kubectl-validate"; else order="kubectl-validate kubeversion"; fi
	for in in $inputs; do
		for side in $order; do run "$side" "$in"; done
	done
	echo "round $round of $rounds done" >&2
done

printf "%-9s %8s %-16s %12s %10s %10s\n" input objects side objects/s "CPU s" "peak MiB"
for in in $inputs; do
	n=$(cat "$tmp/$in.count")
	awk -v input="$in" -v n="$n" '
		function median(a, c,   i, j, t) {
			for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
		}
		$2 == input { c[$1]++; wall[$1, c[$1]] = $3; cpu[$1, c[$1]] = $4 + $5; rss[$1, c[$1]] = $6 / 1024 }
		END {
			for (s = 0; s < 2; s++) {
				side = s ? "kubectl-validate" : "kubeversion"
				for (i = 1; i <= c[side]; i++) { w[i] = wall[side, i]; u[i] = cpu[side, i]; m[i] = rss[side, i] }
				W[side] = median(w, c[side]); U[side] = median(u, c[side]); M[side] = median(m, c[side])
				printf "%-9s %8d %-16s %12.0f %10.2f %10.1f\n", input, n, side, n / W[side], U[side], M[side]
			}
			printf "%-9s %8s %-16s %11.2fx %9.2fx %9.2fx\n", input, "", "ratio", W["kubectl-validate"] / W["kubeversion"], U["kubectl-validate"] / U["kubeversion"], M["kubectl-validate"] / M["kubeversion"]
		}' "$tmp/results"
done
