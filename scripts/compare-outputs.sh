#!/usr/bin/env bash
# compare-outputs.sh: run every command of kubeversion as built from two
# revisions on the same inputs, and say whether their standard output,
# standard error and exit status are byte-identical. It is the proof that
# a change meant to leave behaviour alone (a restructuring, a faster
# reader) does: compare-lint.sh, which covers lint on the real-world
# corpus, grown to the whole command.
#
#   bash scripts/compare-outputs.sh OLD-REVISION [NEW-REVISION]
#   KV_OLD_BIN=/tmp/a KV_NEW_BIN=/tmp/b bash scripts/compare-outputs.sh
#
# NEW-REVISION defaults to the working tree. Each revision is built in a
# temporary git worktree with -trimpath -buildvcs=false, so that neither
# the paths of the trees nor the revision (which --version and SARIF
# print) tell the two apart. KV_OLD_BIN and KV_NEW_BIN take prebuilt
# binaries instead (build them the same way), to rerun cheaply; either
# may be set alone.
#
# Both binaries run, as "kubeversion" found through PATH, in the root of
# the new tree (so that file names in the output are the same), with the
# same environment: env -i, LC_ALL=C, TZ=UTC, NO_COLOR=1, TERM=dumb,
# HOME an empty directory, KUBECONFIG a file that does not exist (nothing
# reaches beyond loopback), each under `timeout $KV_TIMEOUT` (20 s).
#
# The invocations, by group:
#   cli       help, --help/-h of every command, --version, completion
#             scripts, unknown commands and flags, missing and bad values
#   sort, highest, parse
#             the tests' inputs, odd bytes on standard input, and lists
#             generated from a fixed seed, as arguments and on standard
#             input, with every flag and format
#   lint      every YAML/JSON file and directory of examples,
#             cmd/kubeversion/testdata and crd/testdata (where it exists) in every format
#             and colour, --old pairs (each file against itself too),
#             every check at every level, --list-checks,
#             --kubernetes-version, baselines, kustomize directories,
#             --exclude, standard input, --old cluster: offline
#   corpus    the CRDs of conformance/testdata/corpus.txt, through the
#             module cache (go mod download): each file, each project's
#             newer release against its older one, all at once
#   validate  objects with --crd files and directories, --old, every
#             flag, standard input, usage errors, every format
#   webhook   webhook check against examples/crontab-webhook served on
#             127.0.0.1 with a certificate made here, every format and
#             TLS option; unreachable webhooks and usage errors
#   migrate   help and usage errors (no cluster)
#
# It prints a table of the groups, the invocations and the differences,
# then the first KV_SHOW (5) differing invocations with a diff, and exits
# 1 on any difference. KV_GROUPS="lint validate" runs some groups only;
# KV_CORPUS_FORMATS sets the formats of each corpus file (default all
# five; "text json" saves a third of the time, each project and the
# whole corpus still go through all five); KV_KEEP=1 keeps the outputs of differing invocations (in
# the kept directory of the temporary directory it names).
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
root=$PWD

old=${1:-}
new=${2:-}
if [ -z "$old" ] && [ -z "${KV_OLD_BIN:-}" ]; then
	echo "usage: bash scripts/compare-outputs.sh OLD-REVISION [NEW-REVISION] (or KV_OLD_BIN=FILE KV_NEW_BIN=FILE)" >&2
	exit 2
fi
: "${KV_TIMEOUT:=20}" "${KV_SHOW:=5}" "${KV_GROUPS:=cli sort highest parse lint corpus validate webhook migrate}"
: "${KV_CORPUS_FORMATS:=text json github markdown sarif}"
started=$(date +%s)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-outputs.XXXXXX")
server=
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null || true
	for w in "$tmp"/src-*; do
		[ -d "$w" ] && git -C "$root" worktree remove --force "$w" >/dev/null 2>&1 || true
	done
	if [ -n "${KV_KEEP:-}" ]; then
		echo "outputs kept in $tmp" >&2
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
mkdir -p "$tmp/old" "$tmp/new" "$tmp/out" "$tmp/home" "$tmp/in" "$tmp/fx"

# build REVISION SIDE: the command of REVISION (or of the working tree
# when it is empty) as $tmp/SIDE/kubeversion; sets dir_SIDE to its tree.
build() {
	local dir=$root
	if [ -n "$1" ]; then
		dir="$tmp/src-$2"
		git worktree add --quiet --detach "$dir" "$1"
	fi
	echo "building $2 from ${1:-the working tree}" >&2
	(cd "$dir" && go build -trimpath -buildvcs=false -o "$tmp/$2/kubeversion" ./cmd/kubeversion)
	eval "dir_$2=\$dir"
}
if [ -n "${KV_OLD_BIN:-}" ]; then
	ln -s "$(realpath "$KV_OLD_BIN")" "$tmp/old/kubeversion"
else
	build "$old" old
fi
dir_new=$root
if [ -n "${KV_NEW_BIN:-}" ]; then
	ln -s "$(realpath "$KV_NEW_BIN")" "$tmp/new/kubeversion"
else
	build "$new" new
fi
run=$dir_new # where both run: the new tree
cd "$run"
echo "old: $("$tmp/old/kubeversion" --version 2>&1 || true); new: $("$tmp/new/kubeversion" --version 2>&1 || true)" >&2

# --- the runner -------------------------------------------------------
#
# inv GROUP ARGS... runs both binaries with ARGS, at once, and compares.
# The variables IN (a file for standard input, default /dev/null), AT (a
# directory under the new tree to run in), KC (KUBECONFIG) and OUTFILE (a
# file the command writes, compared too; the two then run one after the
# other) may be set for one call: IN=x inv lint -.

declare -A count differ
order=()
total=0
ndiff=0
timeouts=0
: >"$tmp/diffs"
: >"$tmp/differing"
mkdir -p "$tmp/out/old" "$tmp/out/new" "$tmp/out/desc"

side() { # old|new ARGS...: writes $tmp/out/SIDE/$total.{out,err,rc,file}
	local s=$1 rc=0
	shift
	local o="$tmp/out/$s/$total"
	(
		cd "$run/${AT:-}"
		exec env -i PATH="$tmp/$s:/usr/local/bin:/usr/bin:/bin" HOME="$tmp/home" \
			LC_ALL=C LANG=C TZ=UTC NO_COLOR=1 TERM=dumb \
			KUBECONFIG="${KC:-/nonexistent/kubeconfig}" \
			timeout -k 5 "$KV_TIMEOUT" kubeversion "$@" <"${IN:-/dev/null}" >"$o.out" 2>"$o.err"
	) || rc=$?
	echo "$rc" >"$o.rc"
	if [ -n "${OUTFILE:-}" ]; then
		if [ -e "$OUTFILE" ]; then mv "$OUTFILE" "$o.file"; else echo "(no file)" >"$o.file"; fi
	fi
}

# inv runs the two sides and records what it ran; settle compares the
# outputs of the invocations since the last settle, all at once.
inv() { # GROUP ARGS...
	local g=$1
	shift
	total=$((total + 1))
	if [ -z "${count[$g]+x}" ]; then
		order+=("$g")
		count[$g]=0
		differ[$g]=0
	fi
	count[$g]=$((count[$g] + 1))
	if [ -n "${OUTFILE:-}" ]; then
		rm -f "$OUTFILE"
		side old "$@"
		side new "$@"
	else
		side old "$@" &
		side new "$@"
		wait $!
	fi
	describe "$@"
	printf '%s\t%s\n' "$g" "$described" >"$tmp/out/desc/$total"
}

settle() {
	local n g d s o
	for n in $(grep -lx 124 "$tmp"/out/old/*.rc "$tmp"/out/new/*.rc 2>/dev/null | sed 's|.*/\([0-9]*\)\.rc$|\1|' | sort -un); do
		timeouts=$((timeouts + 1))
		echo "timeout ($KV_TIMEOUT s): $(cut -f2 "$tmp/out/desc/$n")" >&2
	done
	for n in $(diff -rq "$tmp/out/old" "$tmp/out/new" 2>&1 | sed -n 's|^Files .*/old/\([0-9]*\)\.[a-z]* and .* differ$|\1|p; s|^Only in .*: \([0-9]*\)\.[a-z]*$|\1|p' | sort -un); do
		IFS=$'\t' read -r g d <"$tmp/out/desc/$n"
		ndiff=$((ndiff + 1))
		differ[$g]=$((differ[$g] + 1))
		echo "[$g] $d" >>"$tmp/differing"
		if [ $ndiff -le "$KV_SHOW" ]; then
			{
				echo "=== [$g] $d"
				for s in out err rc file; do
					o=$tmp/out/old/$n.$s
					[ -e "$o" ] || [ -e "$tmp/out/new/$n.$s" ] || continue
					cmp -s "$o" "$tmp/out/new/$n.$s" && continue
					echo "--- $s: old, +++ new"
					diff -a -u "$o" "$tmp/out/new/$n.$s" | sed '1,2d' | head -n 30 || true
				done
			} >>"$tmp/diffs"
		fi
		if [ -n "${KV_KEEP:-}" ]; then
			mkdir -p "$tmp/kept/old" "$tmp/kept/new"
			cp "$tmp/out/old/$n".* "$tmp/kept/old/" 2>/dev/null || true
			cp "$tmp/out/new/$n".* "$tmp/kept/new/" 2>/dev/null || true
		fi
	done
	rm -rf "$tmp/out/old" "$tmp/out/new"
	mkdir -p "$tmp/out/old" "$tmp/out/new"
}

described=
describe() { # sets described to the invocation as a shell would type it
	local d=""
	[ -n "${AT:-}" ] && d+="(in $AT) "
	[ -n "${IN:-}" ] && d+="(stdin ${IN#"$tmp/"}) "
	[ -n "${KC:-}" ] && d+="(KUBECONFIG ${KC#"$tmp/"}) "
	d+="kubeversion"
	local a q
	for a in "$@"; do
		printf -v q '%q' "${a//"$tmp/"/}"
		d+=" $q"
	done
	described=$d
}

wanted() { [[ " $KV_GROUPS " == *" $1 "* ]]; }
formats=(text json github markdown sarif)
lastgroup=$started
progress() {
	local now
	settle
	now=$(date +%s)
	echo "$1: ${count[$1]:-0} invocations, ${differ[$1]:-0} differences ($((now - lastgroup)) s)" >&2
	lastgroup=$now
}

# --- fixtures ---------------------------------------------------------

printf 'v1\n%s\nv2\n' "v$(head -c 70000 /dev/zero | tr '\0' 9)" >"$tmp/in/long-line"
printf 'v1\nv2' >"$tmp/in/no-final-newline"
printf 'v1beta1\r\nv1\r\nfoo\r\n' >"$tmp/in/crlf"
printf 'v1beta1\r\nv1' >"$tmp/in/crlf-no-final-newline"
printf 'v1\r\nv2\n' >"$tmp/in/stray-cr"
printf 'v1\000\n\377\376\nv1\n' >"$tmp/in/nul-invalid-utf8"
printf '\nv1\n\n' >"$tmp/in/empty-lines"
: >"$tmp/in/empty"
printf '\r\n' >"$tmp/in/lone-crlf"
printf '\r' >"$tmp/in/lone-cr"
printf '\000' >"$tmp/in/nul"
printf '\357\273\277v1\nv2\n' >"$tmp/in/bom"
printf 'apps/v1\nv1\nbatch/v1beta1\nbatch/v1\napps/v1beta2\nautoscaling/v2\n/v1\nautoscaling/v1\n' >"$tmp/in/groups"
printf 'apps/v1\nbatch/v1beta\n' >"$tmp/in/groups-bad"
printf 'v1\tv2\nv1 v2\n \n\t\n\033[31mv1\n\302\240v1\nv\357\274\221\n' >"$tmp/in/whitespace-controls"
printf 'v9223372036854775807\nv9223372036854775808\nv18446744073709551615\nv18446744073709551616\nv1beta18446744073709551616\nv0\nv00\nv01\n' >"$tmp/in/big-numbers"
printf 'a/b/v1\n//v1\napps/\n/\napps//v1\n' >"$tmp/in/slashes"
awk 'BEGIN { srand(7); for (i = 0; i < 4096; i++) printf "%c", int(rand() * 255) + 1 }' >"$tmp/in/random-bytes"

# Lists generated from a fixed seed: valid versions of each stability,
# invalid ones, groups, white space, CRLF and a missing final newline.
mkdir -p "$tmp/gen"
awk -v dir="$tmp/gen" 'BEGIN {
	srand(20261128)
	n = split("apps/ batch/ autoscaling/ x.example.com/ / networking.k8s.io/ a/b/", groups, " ")
	m = split("V1 v v1.2 v1beta v1alpha0 vbeta1 1 foo foo10 v1-beta1 v1BETA1 kube v1beta1a -v1", junk, " ")
	for (l = 1; l <= 160; l++) {
		len = int(rand() * 30) + 1
		if (l % 20 == 0) len = 300
		crlf = (l % 13 == 0) ? "\r\n" : "\n"
		file = sprintf("%s/%03d", dir, l)
		out = ""
		for (i = 1; i <= len; i++) {
			r = rand()
			if (r < 0.45) {
				v = "v" int(rand() * 12)
				s = rand()
				if (s < 0.3) v = v "alpha" int(rand() * 4)
				else if (s < 0.6) v = v "beta" int(rand() * 4)
			} else if (r < 0.65) v = junk[int(rand() * m) + 1] (rand() < 0.5 ? int(rand() * 20) : "")
			else if (r < 0.70) v = ""
			else if (r < 0.75) v = " v" int(rand() * 3)
			else if (r < 0.78) v = "v" int(rand() * 1e6) "beta" int(rand() * 1e6)
			else if (r < 0.80) v = "v1\t"
			else v = ""
			if (rand() < 0.35 && v !~ /^-/) v = groups[int(rand() * n) + 1] v
			if (v == "" && r >= 0.80) v = "v" int(rand() * 5)
			out = out v ((i < len || l % 7 != 0) ? crlf : "")
		}
		printf "%s", out > file
		close(file)
	}
}'

# The kubeconfigs of --old cluster: and migrate: none, malformed, a
# cluster on a closed loopback port, a context that is not there.
printf 'apiVersion: v1\nkind: Config\nclusters: [\n' >"$tmp/fx/kc-malformed"
cat >"$tmp/fx/kc-loopback" <<'EOF'
apiVersion: v1
kind: Config
clusters:
- name: nowhere
  cluster: {server: "https://127.0.0.1:1"}
users:
- name: nobody
  user: {token: not-a-token}
contexts:
- name: nowhere
  context: {cluster: nowhere, user: nobody}
- name: other
  context: {cluster: nowhere, user: nobody, namespace: elsewhere}
current-context: nowhere
EOF
printf 'apiVersion: v1\nkind: Config\ncurrent-context: missing\n' >"$tmp/fx/kc-no-context"

# Kustomize directories.
mkdir -p "$tmp/fx/kust-crds" "$tmp/fx/kust-objects" "$tmp/fx/kust-broken" "$tmp/fx/kust-patched"
cp examples/crontab-crd.yaml examples/gadgets-v1.yaml "$tmp/fx/kust-crds/"
printf 'resources:\n- crontab-crd.yaml\n- gadgets-v1.yaml\n' >"$tmp/fx/kust-crds/kustomization.yaml"
cp cmd/kubeversion/testdata/validate/crd.yaml cmd/kubeversion/testdata/validate/valid.yaml cmd/kubeversion/testdata/validate/broken.yaml "$tmp/fx/kust-objects/"
printf 'namespace: shop\nresources:\n- crd.yaml\n- valid.yaml\n- broken.yaml\n' >"$tmp/fx/kust-objects/kustomization.yaml"
printf 'resources:\n- missing.yaml\n' >"$tmp/fx/kust-broken/kustomization.yaml"
cp examples/widgets-v1-only.yaml "$tmp/fx/kust-patched/"
cat >"$tmp/fx/kust-patched/kustomization.yml" <<'EOF'
resources:
- widgets-v1-only.yaml
commonLabels:
  team: platform
patches:
- target: {kind: CustomResourceDefinition}
  patch: |-
    - op: add
      path: /metadata/annotations
      value: {note: patched}
EOF

# Baselines: one the old binary writes, and broken ones.
"$tmp/old/kubeversion" lint --write-baseline "$tmp/fx/baseline.json" --old examples/gadgets-live.yaml examples/gadgets-v1.yaml >/dev/null 2>&1 || true
printf '{"kind": "kubeversion-baseline", "version": 1, "accepted": []}\n' >"$tmp/fx/baseline-empty.json"
printf '{"kind": "something-else", "version": 1, "accepted": []}\n' >"$tmp/fx/baseline-kind.json"
printf '{"kind": "kubeversion-baseline", "version": 9, "accepted": []}\n' >"$tmp/fx/baseline-version.json"
printf '{"kind": "kubeversion-baseline", "version": 1, "accepted": [], "extra": 1}\n' >"$tmp/fx/baseline-field.json"
printf '{"kind": ' >"$tmp/fx/baseline-truncated.json"

# The inputs of lint: every YAML and JSON file, and every directory.
mapfile -t lintfiles < <(find examples cmd/kubeversion/testdata $(ls -d crd/testdata 2>/dev/null) cmd/kubeversion/internal -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' -o -path '*/testdata/fuzz/*' -o -name '*.txt' \) -not -path '*/golden/*' | LC_ALL=C sort)
mapfile -t lintdirs < <(find examples cmd/kubeversion/testdata $(ls -d crd/testdata 2>/dev/null) -type d | LC_ALL=C sort)
lintdirs+=("$tmp/fx/kust-crds" "$tmp/fx/kust-objects" "$tmp/fx/kust-broken" "$tmp/fx/kust-patched")

lastgroup=$(date +%s)
echo "built and prepared in $((lastgroup - started)) s" >&2

# --- cli --------------------------------------------------------------

if wanted cli; then
	commands=(sort highest parse lint validate webhook migrate completion)
	inv cli
	for a in help -h -help --help --version -version version frobnicate "" - -- --frobnicate "help help" "help -h" "help --help" "help frobnicate" "help sort lint" "webhook" "webhook frobnicate" "webhook -h" "webhook --help" "webhook check" "webhook check -h" "webhook check --help" "webhook check -help" "completion" "completion bash" "completion zsh" "completion fish" "completion powershell" "completion bash zsh" "completion -h" "completion --help" "completion -help" "completion BASH"; do
		read -ra words <<<"$a"
		[ -z "$a" ] && words=("")
		inv cli "${words[@]}"
	done
	for c in "${commands[@]}"; do
		inv cli help "$c"
		for h in -h --help -help "--help=true" "-h=false"; do
			inv cli "$c" "$h"
		done
		inv cli "$c" --frobnicate
		inv cli "$c" -x v1
		inv cli "$c" v1 --frobnicate=1
		inv cli "$c" -- -h
		inv cli "$c" --help v1
	done
	# Each flag of each command (from its --help) without a value, with an
	# empty one, and a flag of another command.
	for c in sort highest parse lint validate "webhook check" migrate; do
		read -ra words <<<"$c"
		mapfile -t fl < <("$tmp/old/kubeversion" "${words[@]}" --help | sed -n 's/^  \(--*[a-z-]*\).*/\1/p')
		for f in "${fl[@]}" --old; do
			inv cli "${words[@]}" "$f"
			inv cli "${words[@]}" "$f="
		done
	done
	inv cli sort -r=maybe v1
	inv cli sort -r=false v1 v2
	inv cli sort -r=true v1 v2
	inv cli parse -o yaml v1
	inv cli parse -o JSON v1
	inv cli parse -o= v1
	inv cli parse -o json -o text v1
	inv cli lint -o xml examples
	inv cli lint --color purple examples
	inv cli lint --color= examples
	for k in 1.28 1.38 2.30 1 1. 1.x v1.30 1.30.2 1.30.x 1.030 01.30 " 1.30" abc ""; do
		inv cli lint --kubernetes-version "$k" examples/crontab-crd.yaml
	done
	inv cli lint
	inv cli lint --old examples/gadgets-live.yaml
	inv cli lint - -
	inv cli lint --old - -
	inv cli lint --baseline a --write-baseline b examples
	inv cli lint --kubeconfig /nonexistent examples
	inv cli lint --old cluster: --old examples/gadgets-live.yaml examples
	inv cli validate
	inv cli validate -o markdown cmd/kubeversion/testdata/validate/valid.yaml
	inv cli validate --validate loose cmd/kubeversion/testdata/validate/valid.yaml
	inv cli validate --crd - -
	inv cli validate --old - -
	inv cli validate --crd - --old - x
	inv cli webhook check
	inv cli webhook check examples/crontab-webhook/crontabs.yaml
	inv cli webhook check --crd examples/crontab-webhook/crd.yaml
	inv cli webhook check -o markdown --crd examples/crontab-webhook/crd.yaml examples/crontab-webhook/crontabs.yaml
	for t in 0 -1s abc 1 1x 10ms0; do
		inv cli webhook check --timeout "$t" --crd examples/crontab-webhook/crd.yaml examples/crontab-webhook/crontabs.yaml
	done
	inv cli webhook frob check
	progress cli
fi

# --- sort, highest, parse ---------------------------------------------

# each_generated FUNC: calls FUNC FILE EVEN for each list of versions
# generated into $tmp/gen, its lines in the array words; EVEN is 1 for
# every other list, so that a command takes each way in turn, on
# standard input and as arguments, with its flags swapped.
each_generated() {
	local f i=0
	for f in "$tmp"/gen/*; do
		i=$((i + 1))
		mapfile -t words <"$f"
		"$1" "$f" $((i % 2 == 0))
	done
}
sort_generated() {
	if [ "$2" = 1 ]; then
		IN=$1 inv sort sort
		inv sort sort -r -- "${words[@]}"
	else
		IN=$1 inv sort sort -r
		inv sort sort -- "${words[@]}"
	fi
}
highest_generated() {
	if [ "$2" = 1 ]; then
		IN=$1 inv highest highest
	else
		inv highest highest -- "${words[@]}"
	fi
}
parse_generated() {
	if [ "$2" = 1 ]; then
		IN=$1 inv parse parse -o json
		inv parse parse -- "${words[@]}"
	else
		IN=$1 inv parse parse
		inv parse parse -o json -- "${words[@]}"
	fi
}
# The golden tests of cmd/kubeversion, as they run: in its testdata.
golden_versions() {
	local g=$1
	shift
	AT=cmd/kubeversion/testdata inv "$g" "$@"
}
if wanted sort; then
	golden_versions sort foo10 v11alpha2 v1 v3beta1 foo1 v10 v12alpha1 v2 v10beta3 v11beta2
	golden_versions sort v1beta1 -r v1 v2
	golden_versions sort -- -v1 v1
	golden_versions sort -x
	for f in "$tmp"/in/*; do
		IN=$f inv sort sort
		IN=$f inv sort sort -r
	done
	each_generated sort_generated
	inv sort sort ""
	inv sort sort "" "" v1
	inv sort sort $'v1\nv2' v3
	inv sort sort $'\xff' v1 $'v1\r'
	progress sort
fi
if wanted highest; then
	golden_versions highest v1beta1 v1 v2alpha1
	golden_versions highest
	for f in "$tmp"/in/*; do
		IN=$f inv highest highest
	done
	each_generated highest_generated
	inv highest highest ""
	inv highest highest foo bar
	inv highest highest $'v1\nv2'
	progress highest
fi
if wanted parse; then
	golden_versions parse v02beta1 v1 v1.30.2 v1beta v9223372036854775808
	golden_versions parse -o json v0 V1
	golden_versions parse v3alpha2
	golden_versions parse -o yaml v1
	golden_versions parse "" "v1 " $'v1\t' apps/v1 apps/v1beta /v2
	for f in "$tmp"/in/*; do
		for o in text json; do
			IN=$f inv parse parse -o "$o"
		done
	done
	each_generated parse_generated
	for o in text json; do
		inv parse parse -o "$o" "" " " $'\xff' $'v1\x01' $'v1\r' $'\u00e9' "v1 beta" $'a\nb' '"v1"' 'v1\' '<v1>' 'v1&'
	done
	progress parse
fi

# --- lint -------------------------------------------------------------

if wanted lint; then
	# The golden tests, as they run.
	gl() { AT=cmd/kubeversion/testdata inv lint lint "$@"; }
	gl -h
	gl
	gl -o xml manifests
	gl manifests/operator.yaml
	gl manifests/malformed.yaml manifests/wrongtype.yaml manifests/v1beta1.yaml manifests/missing.yaml manifests/operator.yaml
	gl --old manifests/nonexistent.yaml manifests/operator.yaml
	gl --old manifests/dir/configmap.yml manifests/operator.yaml
	gl --check all=warning --check field-removed=off,type-changed=off --old ../../../examples/gadgets-live.yaml ../../../examples/gadgets-v1.yaml
	gl --check format-changed=error,all=off,field-removed=warning --list-checks
	gl --check field-removal=off ../../../examples/gadgets-v1.yaml
	gl --check field-removed=info ../../../examples/gadgets-v1.yaml
	gl --check field-removed ../../../examples/gadgets-v1.yaml
	gl --allow-empty manifests/dir/configmap.yml
	for f in manifests/dir/configmap.yml manifests/crd-list.yaml manifests/invalid.yaml manifests/strict.yaml; do
		for o in "${formats[@]}"; do gl -o "$o" "$f"; done
	done

	# Every file and directory, in every format; text in colour too.
	for p in "${lintfiles[@]}" "${lintdirs[@]}"; do
		for o in "${formats[@]}"; do
			inv lint lint -o "$o" "$p"
		done
		inv lint lint --color always "$p"
		inv lint lint --quiet --allow-empty "$p"
	done
	for d in "${lintdirs[@]}"; do
		inv lint lint --no-kustomize "$d"
	done
	for f in examples/gadgets-v1.yaml cmd/kubeversion/testdata/manifests/invalid.yaml cmd/kubeversion/testdata/manifests/strict.yaml; do
		inv lint lint --color=never "$f"
		inv lint lint --color=auto "$f"
		inv lint lint -o markdown --color always "$f"
		inv lint lint --quiet "$f"
		inv lint lint --quiet -o json "$f"
		inv lint lint --allow-empty -o github "$f"
	done
	for o in "${formats[@]}"; do
		inv lint lint -o "$o" "${lintfiles[@]}"
		inv lint lint -o "$o" --allow-empty "${lintfiles[@]}"
		inv lint lint -o "$o" examples examples
		inv lint lint -o "$o" --color always --quiet "${lintfiles[@]}"
	done

	# --exclude.
	for x in '*.json' '*.yml' nested dir 'nested/*' '[' '*' notes.txt 'dir/nested/crontab.yaml'; do
		inv lint lint --exclude "$x" cmd/kubeversion/testdata/manifests
		inv lint lint -o json --exclude "$x" --exclude '*.yaml' cmd/kubeversion/testdata/manifests/dir
	done

	# Standard input.
	for f in "${lintfiles[@]}"; do
		IN=$f inv lint lint -
	done
	for o in "${formats[@]}"; do
		IN=examples/gadgets-v1.yaml inv lint lint -o "$o" -
	done
	for f in "$tmp"/in/empty "$tmp"/in/nul "$tmp"/in/random-bytes "$tmp"/in/bom; do
		IN=$f inv lint lint -
		IN=$f inv lint lint --allow-empty -o sarif -
	done
	IN=examples/gadgets-live.yaml inv lint lint --old - examples/gadgets-v1.yaml
	IN=examples/gadgets-v1.yaml inv lint lint --old examples/gadgets-live.yaml -o github -

	# --old: known pairs both ways, and each file against itself.
	pairs=(
		examples/gadgets-live.yaml examples/gadgets-v1.yaml
		examples/widgets-live.yaml examples/widgets-v1-only.yaml
		cmd/kubeversion/testdata/manifests/live.yaml cmd/kubeversion/testdata/manifests/widgets-v1-only.yaml
		cmd/kubeversion/testdata/manifests/live.yaml cmd/kubeversion/testdata/manifests/operator.yaml
		cmd/kubeversion/testdata/manifests/live.yaml cmd/kubeversion/testdata/manifests/dir
		cmd/kubeversion/testdata/manifests/v1beta1.yaml cmd/kubeversion/testdata/manifests/operator.yaml
		examples/crontab-crd.yaml examples/crontab-webhook/crd.yaml
		cmd/kubeversion/testdata/webhook/crontab-none-crd.yaml cmd/kubeversion/testdata/webhook/crontab-crd.yaml
		cmd/kubeversion/testdata/webhook/crontab-crd.yaml cmd/kubeversion/testdata/webhook/crontab-service-crd.yaml
		cmd/kubeversion/testdata/validate/crd.yaml cmd/kubeversion/testdata/validate/bundle.yaml
		examples examples
		examples cmd/kubeversion/testdata
	)
	for ((i = 0; i < ${#pairs[@]}; i += 2)); do
		for o in "${formats[@]}"; do
			inv lint lint -o "$o" --old "${pairs[i]}" "${pairs[i + 1]}"
			inv lint lint -o "$o" --old "${pairs[i + 1]}" "${pairs[i]}"
		done
		inv lint lint --color always --old "${pairs[i]}" "${pairs[i + 1]}"
		inv lint lint --quiet --old "${pairs[i]}" "${pairs[i + 1]}"
	done
	inv lint lint --old examples/gadgets-live.yaml --old examples/widgets-live.yaml examples
	inv lint lint -o json --old examples/gadgets-live.yaml --old examples/widgets-live.yaml examples/gadgets-v1.yaml
	inv lint lint --old examples/gadgets-live.yaml --old examples/gadgets-live.yaml examples/gadgets-v1.yaml
	inv lint lint --old cmd/kubeversion/testdata/manifests/missing.yaml examples/gadgets-v1.yaml
	inv lint lint --old "$tmp/fx/kust-crds" examples
	for f in "${lintfiles[@]}"; do
		inv lint lint -o json --old "$f" "$f"
	done

	# Every check at every level, and all.
	mapfile -t checks < <("$tmp/old/kubeversion" lint --list-checks | awk '{print $1}')
	for c in "${checks[@]}" all; do
		for l in error warning off; do
			inv lint lint -o json --check "$c=$l" --old examples/gadgets-live.yaml --old examples/widgets-live.yaml examples/gadgets-v1.yaml examples/widgets-v1-only.yaml
		done
		inv lint lint --check "$c=error" examples cmd/kubeversion/testdata/manifests
		inv lint lint -o sarif --check "$c=warning" --old examples examples cmd/kubeversion/testdata/webhook
	done
	for l in error warning off; do
		inv lint lint $(printf -- "--check %s=$l " "${checks[@]}") --list-checks
	done
	inv lint lint --list-checks
	inv lint lint --list-checks -o json
	inv lint lint --list-checks --check all=error,crd-removed=off
	inv lint lint --check all=error --check all=off --check field-removed=error --old examples/gadgets-live.yaml examples/gadgets-v1.yaml
	inv lint lint --check =error examples
	inv lint lint --check , examples
	inv lint lint --check "field-removed=error,,type-changed=off" examples

	# --kubernetes-version.
	for k in 1.29 1.30 1.31 1.32 1.33 1.34 1.35 1.36 1.37 v1.33 1.33.0; do
		for o in text json; do
			inv lint lint -o "$o" --kubernetes-version "$k" "${lintfiles[@]}"
		done
		inv lint lint --kubernetes-version "$k" --old examples/gadgets-live.yaml examples/gadgets-v1.yaml
	done

	# Baselines.
	for o in "${formats[@]}"; do
		for b in baseline baseline-empty baseline-kind baseline-version baseline-field baseline-truncated nonexistent; do
			inv lint lint -o "$o" --baseline "$tmp/fx/$b.json" --old examples/gadgets-live.yaml examples/gadgets-v1.yaml
		done
		inv lint lint -o "$o" --baseline "$tmp/fx/baseline.json" examples cmd/kubeversion/testdata/manifests
		OUTFILE=$tmp/written-baseline.json inv lint lint -o "$o" --write-baseline "$tmp/written-baseline.json" --old examples/gadgets-live.yaml examples/gadgets-v1.yaml
	done
	OUTFILE=$tmp/written-baseline.json inv lint lint --write-baseline "$tmp/written-baseline.json" "${lintfiles[@]}"
	OUTFILE=$tmp/written-baseline.json inv lint lint --write-baseline "$tmp/written-baseline.json" --old examples examples/gadgets-v1.yaml examples/widgets-v1-only.yaml
	inv lint lint --write-baseline "$tmp/no/such/dir/b.json" examples

	# --old cluster:, offline.
	for kc in /nonexistent/kubeconfig "$tmp/fx/kc-malformed" "$tmp/fx/kc-loopback" "$tmp/fx/kc-no-context"; do
		for old in cluster: cluster:nowhere cluster:other cluster:missing; do
			KC=$kc inv lint lint --old "$old" examples/gadgets-v1.yaml
			KC=$kc inv lint lint -o json --old "$old" examples/gadgets-v1.yaml
		done
		inv lint lint --kubeconfig "$kc" --old cluster: examples/gadgets-v1.yaml
	done
	KC=$tmp/fx/kc-loopback inv lint lint --old cluster: examples/gadgets-live.yaml examples/gadgets-v1.yaml
	KC=$tmp/fx/kc-loopback inv lint lint --old cluster: cmd/kubeversion/testdata/manifests/dir/configmap.yml
	KC=$tmp/fx/kc-loopback inv lint lint --old cluster: --allow-empty cmd/kubeversion/testdata/manifests/dir/configmap.yml
	progress lint
fi

# --- corpus -----------------------------------------------------------

if wanted corpus; then
	moduledir() { (cd "$tmp" && GOFLAGS= GOWORK=off go mod download -json "$1") | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'; }
	declare -A cfiles colder
	corpus_ok=1
	while read -r label module glob; do
		if ! dir=$(moduledir "$module") || [ -z "$dir" ]; then
			echo "corpus: cannot download $module: SKIPPED" >&2
			corpus_ok=0
			continue
		fi
		list=$(ls $dir/$glob)
		if [ -n "${cfiles[$label]:-}" ]; then
			colder[$label]=${cfiles[$label]}
		fi
		cfiles[$label]=$list
	done < <(grep -v '^#' conformance/testdata/corpus.txt | grep .)
	call=()
	for label in $(printf '%s\n' "${!cfiles[@]}" | sort); do
		for f in ${cfiles[$label]} ${colder[$label]:-}; do
			for o in $KV_CORPUS_FORMATS; do
				inv corpus lint -o "$o" "$f"
			done
		done
		for o in "${formats[@]}"; do
			inv corpus lint -o "$o" ${cfiles[$label]}
		done
		call+=(${cfiles[$label]})
	done
	for o in "${formats[@]}"; do
		inv corpus lint -o "$o" "${call[@]}"
	done
	for label in $(printf '%s\n' "${!colder[@]}" | sort); do
		live="$tmp/fx/$label.live.yaml"
		for f in ${colder[$label]}; do cat "$f"; printf '\n---\n'; done >"$live"
		for o in "${formats[@]}"; do
			inv corpus lint -o "$o" --old "$live" ${cfiles[$label]}
		done
		inv corpus lint -o json --old "$live" --kubernetes-version 1.29 ${cfiles[$label]}
		inv corpus lint --old "${cfiles[$label]%%$'\n'*}" ${colder[$label]}
	done
	[ $corpus_ok = 1 ] || echo "corpus: some modules could not be read, see above" >&2
	progress corpus
fi

# --- validate ---------------------------------------------------------

if wanted validate; then
	vd=cmd/kubeversion/testdata/validate
	objects=("$vd"/*.yaml cmd/kubeversion/testdata/webhook/crontabs.yaml examples/crontab-webhook/crontabs.yaml cmd/kubeversion/testdata/manifests/dir/configmap.yml examples/gadgets-v1.yaml)
	crdopts=("" "--crd=$vd/crd.yaml" "--crd=$vd" "--crd=examples/crontab-webhook/crd.yaml" "--crd=cmd/kubeversion/testdata/webhook/crontab-none-crd.yaml" "--crd=examples")
	for f in "${objects[@]}"; do
		for c in "${crdopts[@]}"; do
			inv validate validate ${c:+"$c"} "$f"
			inv validate validate -o json ${c:+"$c"} "$f"
		done
		for o in github sarif; do
			inv validate validate -o "$o" "$f"
			inv validate validate -o "$o" --crd "$vd/crd.yaml" "$f"
		done
		IN=$f inv validate validate --crd "$vd/crd.yaml" -
		IN=$vd/crd.yaml inv validate validate -o json --crd - "$f"
		for l in strict warn ignore true false; do
			inv validate validate -o json --validate="$l" --crd "$vd/crd.yaml" "$f"
		done
		inv validate validate --allow-unchecked -o github "$f"
		inv validate validate -o json --namespace shop --crd "$vd/crd.yaml" "$f"
		inv validate validate --namespace "Not_A_Name" --crd "$vd/crd.yaml" "$f"
		inv validate validate -o json --crd "$vd/crd.yaml" --old "$vd/live.yaml" "$f"
		inv validate validate --crd "$vd/crd.yaml" --old "$vd/ratchet-live.yaml" "$f"
		inv validate validate -o json --crd "$vd/crd.yaml" --old "$f" "$f"
	done
	for o in text json github sarif; do
		inv validate validate -o "$o" --crd "$vd/crd.yaml" --old "$vd/live.yaml" "$vd/update.yaml"
		inv validate validate -o "$o" --crd "$vd/crd.yaml" --old "$vd/ratchet-live.yaml" "$vd/ratchet.yaml"
		inv validate validate -o "$o" --validate=ignore --namespace "" --allow-unchecked "${objects[@]}"
	done
	for o in text json github sarif; do
		inv validate validate -o "$o" "$vd"
		inv validate validate -o "$o" --crd "$vd" "$vd" examples
		inv validate validate -o "$o" cmd/kubeversion/testdata
		inv validate validate -o "$o" "$tmp/fx/kust-objects"
		inv validate validate -o "$o" --no-kustomize "$tmp/fx/kust-objects"
		inv validate validate -o "$o" "$tmp/fx/kust-broken"
		inv validate validate -o "$o" --crd "$vd/crd.yaml" --old "$vd" "$vd"
		inv validate validate -o "$o" --crd "$vd/crd.yaml" "$vd/nothing.yaml"
		inv validate validate -o "$o" --allow-unchecked --crd "$vd/crd.yaml" "$vd/broken.yaml" "$vd/unchecked.yaml"
		inv validate validate -o "$o" --validate=warn "$vd/bundle.yaml" "$vd/valid.yaml"
	done
	inv validate validate "$vd/crd.yaml"
	inv validate validate --crd "$vd/valid.yaml" "$vd/valid.yaml"
	inv validate validate --crd "$vd/nothing.yaml" "$vd/valid.yaml"
	inv validate validate --old "$vd/nothing.yaml" "$vd/valid.yaml"
	for f in "$tmp"/in/empty "$tmp"/in/nul "$tmp"/in/random-bytes "$tmp"/in/bom; do
		IN=$f inv validate validate -
		IN=$f inv validate validate --crd "$vd/crd.yaml" -
		IN=$f inv validate validate --crd - "$vd/valid.yaml"
		IN=$f inv validate validate --crd "$vd/crd.yaml" --old - "$vd/valid.yaml"
	done
	printf 'apiVersion: v1\nkind: [\n' >"$tmp/in/malformed-object"
	printf 'apiVersion: example.com/v1\nmetadata: {name: w}\n' >"$tmp/in/no-kind"
	printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n' >"$tmp/in/configmap"
	cat "$vd/live.yaml" >"$tmp/in/live-twice"
	printf -- '---\n' >>"$tmp/in/live-twice"
	cat "$vd/live.yaml" >>"$tmp/in/live-twice"
	for f in malformed-object no-kind configmap live-twice; do
		IN=$tmp/in/$f inv validate validate --crd "$vd/crd.yaml" -
		IN=$tmp/in/$f inv validate validate -o json --crd "$vd/crd.yaml" --old - "$vd/update.yaml"
	done
	progress validate
fi

# --- webhook check ----------------------------------------------------

if wanted webhook; then
	wc=examples/crontab-webhook
	wt=cmd/kubeversion/testdata/webhook
	w=(webhook check)
	# Offline: nothing listens on 127.0.0.1:1.
	for crd in "$wc/crd.yaml" "$wt/crontab-crd.yaml" "$wt/crontab-service-crd.yaml" "$wt/crontab-none-crd.yaml" examples/gadgets-v1.yaml cmd/kubeversion/testdata/manifests/crd-list.yaml "$tmp/in/empty" nonexistent.yaml; do
		for o in text json github; do
			inv webhook "${w[@]}" -o "$o" --crd "$crd" --url https://127.0.0.1:1/convert "$wc/crontabs.yaml"
		done
		inv webhook "${w[@]}" --crd "$crd" "$wc/crontabs.yaml"
		inv webhook "${w[@]}" --crd "$crd" --url http://127.0.0.1:1/convert "$wt/crontabs.yaml"
		inv webhook "${w[@]}" --crd "$crd" --url "not a url" "$wt/crontabs.yaml"
		inv webhook "${w[@]}" --crd "$crd" --url https://127.0.0.1:1/convert --ca nonexistent.pem "$wt/crontabs.yaml"
		inv webhook "${w[@]}" --crd "$crd" --url https://127.0.0.1:1/convert --ca "$wc/crd.yaml" "$wt/crontabs.yaml"
		inv webhook "${w[@]}" --crd "$crd" --url https://127.0.0.1:1/convert cmd/kubeversion/testdata/validate/valid.yaml
		inv webhook "${w[@]}" --crd "$crd" --url https://127.0.0.1:1/convert nonexistent.yaml
		IN=$wc/crontabs.yaml inv webhook "${w[@]}" --crd "$crd" --url https://127.0.0.1:1/convert -
	done

	# Live: the example webhook on loopback, with a certificate made here.
	if ! command -v openssl >/dev/null; then
		echo "webhook: no openssl: the live webhook is SKIPPED" >&2
	else
		mk_cert() { # NAME SAN
			openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=localhost \
				-addext "subjectAltName=$2" -keyout "$tmp/fx/$1.key" -out "$tmp/fx/$1.crt" >/dev/null 2>&1
		}
		mk_cert tls DNS:localhost,IP:127.0.0.1
		mk_cert other DNS:localhost,IP:127.0.0.1
		(cd "$run" && go build -trimpath -buildvcs=false -o "$tmp/crontab-webhook" ./examples/crontab-webhook)
		port=
		for p in $(seq $((20000 + $$ % 20000)) $((20000 + $$ % 20000 + 50))); do
			if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
		done
		"$tmp/crontab-webhook" --addr "127.0.0.1:$port" --cert "$tmp/fx/tls.crt" --key "$tmp/fx/tls.key" 2>"$tmp/webhook.log" &
		server=$!
		for _ in $(seq 100); do
			(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
			sleep 0.1
		done
		url=https://localhost:$port/convert
		ip=https://127.0.0.1:$port/convert
		# CRDs whose clientConfig names the webhook with its caBundle.
		b64=$(base64 -w0 <"$tmp/fx/tls.crt")
		sed -e "s|url: https://localhost:8443/convert|url: $url\n        caBundle: $b64|" "$wc/crd.yaml" >"$tmp/fx/crd-bundle.yaml"
		sed -e "s|url: https://localhost:8443/convert|url: $url|" "$wc/crd.yaml" >"$tmp/fx/crd-url.yaml"
		sed -e "s|conversionReviewVersions: \[\"v1\", \"v1beta1\"\]|conversionReviewVersions: [\"v1beta1\"]|" "$tmp/fx/crd-bundle.yaml" >"$tmp/fx/crd-v1beta1-review.yaml"
		sed -e "s|conversionReviewVersions: \[\"v1\", \"v1beta1\"\]|conversionReviewVersions: [\"v2\"]|" "$tmp/fx/crd-bundle.yaml" >"$tmp/fx/crd-v2-review.yaml"
		live_crds=("$wc/crd.yaml" "$wt/crontab-crd.yaml" "$wt/crontab-service-crd.yaml" "$tmp/fx/crd-bundle.yaml" "$tmp/fx/crd-url.yaml" "$tmp/fx/crd-v1beta1-review.yaml" "$tmp/fx/crd-v2-review.yaml")
		samples=("$wc/crontabs.yaml" "$wt/crontabs.yaml")
		for crd in "${live_crds[@]}"; do
			for s in "${samples[@]}"; do
				for o in text json github; do
					inv webhook "${w[@]}" -o "$o" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" "$s"
					inv webhook "${w[@]}" -o "$o" --crd "$crd" "$s"
					inv webhook "${w[@]}" -o "$o" --crd "$crd" --url "$ip" --insecure-skip-tls-verify "$s"
				done
			done
			s=${samples[0]}
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/other.crt" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$ip" --ca "$tmp/fx/tls.crt" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$ip" --ca "$tmp/fx/tls.crt" --tls-server-name localhost "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" --tls-server-name wrong.example "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.key" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "http://localhost:$port/convert" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "https://localhost:$port/nothing-here" --ca "$tmp/fx/tls.crt" "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" --ignore spec.replicas --ignore status "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" --timeout 1h "$s"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" --timeout 1ns "$s"
			IN=$s inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" -
			IN=$s inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" - "${samples[1]}"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" "${samples[@]}"
			for ig in spec.replicas status spec spec.jobTemplate "" 'spec[' metadata.labels; do
				[ "$crd" = "$tmp/fx/crd-bundle.yaml" ] || break
				inv webhook "${w[@]}" -o json --crd "$crd" --ignore "$ig" "${samples[@]}"
			done
			inv webhook "${w[@]}" -o json --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" cmd/kubeversion/testdata/validate/valid.yaml
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" "$tmp/in/empty"
			inv webhook "${w[@]}" --crd "$crd" --url "$url" --ca "$tmp/fx/tls.crt" examples/crontab-crd.yaml
		done
		kill "$server" 2>/dev/null || true
		wait "$server" 2>/dev/null || true
		server=
		# The same port, closed now.
		inv webhook "${w[@]}" --crd "$tmp/fx/crd-bundle.yaml" "$wc/crontabs.yaml"
		inv webhook "${w[@]}" -o json --crd "$tmp/fx/crd-bundle.yaml" "$wc/crontabs.yaml"
	fi
	progress webhook
fi

# --- migrate ----------------------------------------------------------

if wanted migrate; then
	m=(migrate)
	for a in "" -h --help -help "--frobnicate" "-o yaml x" "-o json" "a b" "--concurrency 0 x" "--concurrency -1 x" "--concurrency abc x" "--qps abc x" "--qps -1 x" "--burst x x" "--page-size -5 x" "--page-size 0 x" "--settle abc x" "--settle -1s x" "--dry-run" "--force" "--state-file" "--kubeconfig" "--context" "--use-cluster-migrator=maybe x"; do
		read -ra words <<<"$a"
		inv migrate "${m[@]}" "${words[@]}"
	done
	# No cluster: a kubeconfig that does not exist or is malformed.
	for kc in /nonexistent/kubeconfig "$tmp/fx/kc-malformed" "$tmp/fx/kc-no-context"; do
		KC=$kc inv migrate "${m[@]}" --dry-run crontabs.stable.example.com
		inv migrate "${m[@]}" --kubeconfig "$kc" -o json crontabs.stable.example.com
	done
	KC=$tmp/fx/kc-loopback inv migrate "${m[@]}" --context missing crontabs.stable.example.com
	progress migrate
fi

# --- the verdict ------------------------------------------------------

elapsed=$(($(date +%s) - started))
echo
printf '%-10s %12s %12s\n' group invocations differences
for g in "${order[@]}"; do
	printf '%-10s %12d %12d\n' "$g" "${count[$g]}" "${differ[$g]}"
done
printf '%-10s %12d %12d\n' total "$total" "$ndiff"
echo "($elapsed s; $timeouts invocations timed out after $KV_TIMEOUT s)"
if [ $ndiff -gt 0 ]; then
	echo
	echo "The first $KV_SHOW differing invocations (of $ndiff):"
	cat "$tmp/diffs"
	if [ $ndiff -gt "$KV_SHOW" ]; then
		echo
		echo "All differing invocations:"
		head -n 100 "$tmp/differing"
	fi
	exit 1
fi
echo "identical: every invocation gave the same output, errors and exit status"
